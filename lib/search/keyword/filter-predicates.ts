/**
 * The keyword filters in memory: `failedFilters` / `compileFailureMask` (facet counts) and
 * `regulationPredicate` (the clause ranking cache), the twins of the store's SQL conditions
 * (lib/store/filter-sql.ts) over the same needles (lib/store/filter-needles.ts); all must
 * agree (tested against each other). Semantics (spec operation 2):
 *   fgmc    every part occurs in the title (as written, or in its normalised key)
 *   xljb_1, sxx, dy   any part equals the field
 *   fbbm    any part occurs in the issuing body
 *   dates   inclusive yyyy-MM-dd bounds; a regulation without that date never matches a bound
 *   securitiesOnly    is_securities = 1
 */
import type { RegulationFilters } from "@/lib/store/types";
import type { RegulationFacetRow } from "@/lib/store/keyword-index";
import { bodyNeedles, titleNeedles, type FilterField } from "@/lib/store/filter-needles";

export type { FilterField } from "@/lib/store/filter-needles";
export type { RegulationFacetRow } from "@/lib/store/keyword-index";

/**
 * In-memory twin of buildFilterConditions: returns the set of filter fields the row fails.
 * (facets need "passes every filter except X", so one pass records every failure.)
 */
export function failedFilters(row: RegulationFacetRow, f: RegulationFilters): Set<FilterField> {
  const failed = new Set<FilterField>();
  if (f.fgmc?.length) {
    const ok = f.fgmc.every((part) => {
      const [raw, key] = titleNeedles(part);
      return row.fgmc.includes(raw!) || (key !== undefined && row.fgmc_key.includes(key));
    });
    if (!ok) failed.add("fgmc");
  }
  for (const field of ["xljb_1", "sxx", "dy"] as const) {
    const vals = f[field];
    if (vals?.length && !vals.includes(row[field])) failed.add(field);
  }
  if (f.fbbm?.length && !f.fbbm.flatMap(bodyNeedles).some((n) => row.fbbm.includes(n))) failed.add("fbbm");
  for (const d of ["fbrq", "ssrq"] as const) {
    const start = f[`${d}_start`];
    const end = f[`${d}_end`];
    const v = row[d];
    if ((start && !(v >= start)) || (end && !(v <= end && v !== ""))) failed.add(d);
  }
  if (f.securitiesOnly && row.is_securities !== 1) failed.add("securities");
  return failed;
}

/**
 * In-memory twin of buildFilterSql as one compiled predicate (needles computed once): true
 * when the row passes every filter; null when there are no filters.
 */
export function regulationPredicate(f: RegulationFilters): ((row: RegulationFacetRow) => boolean) | null {
  const checks: ((row: RegulationFacetRow) => boolean)[] = [];
  if (f.fgmc?.length) {
    const needles = f.fgmc.map(titleNeedles);
    checks.push((row) => needles.every(([raw, key]) => row.fgmc.includes(raw!) || (key !== undefined && row.fgmc_key.includes(key))));
  }
  for (const field of ["xljb_1", "sxx", "dy"] as const) {
    const vals = f[field];
    if (vals?.length) {
      const set = new Set(vals);
      checks.push((row) => set.has(row[field]));
    }
  }
  if (f.fbbm?.length) {
    const needles = f.fbbm.flatMap(bodyNeedles);
    checks.push((row) => needles.some((n) => row.fbbm.includes(n)));
  }
  for (const d of ["fbrq", "ssrq"] as const) {
    const start = f[`${d}_start`];
    const end = f[`${d}_end`];
    if (start) checks.push((row) => row[d] >= start);
    if (end) checks.push((row) => row[d] <= end && row[d] !== "");
  }
  if (f.securitiesOnly) checks.push((row) => row.is_securities === 1);
  if (checks.length === 0) return null;
  return (row) => checks.every((c) => c(row));
}

/** Bit of each filter field in a failure mask (compileFailureMask). */
export const FILTER_BITS: Record<FilterField, number> = {
  fgmc: 1,
  xljb_1: 2,
  sxx: 4,
  dy: 8,
  fbbm: 16,
  fbrq: 32,
  ssrq: 64,
  securities: 128,
};

/**
 * failedFilters compiled once for a request: the fields a row fails as a bit mask
 * (FILTER_BITS; 0 = passes every filter), with the needles computed once, not per row.
 */
export function compileFailureMask(f: RegulationFilters): (row: RegulationFacetRow) => number {
  const checks: [number, (row: RegulationFacetRow) => boolean][] = [];
  if (f.fgmc?.length) {
    const needles = f.fgmc.map(titleNeedles);
    checks.push([FILTER_BITS.fgmc, (row) => needles.every(([raw, key]) => row.fgmc.includes(raw!) || (key !== undefined && row.fgmc_key.includes(key)))]);
  }
  for (const field of ["xljb_1", "sxx", "dy"] as const) {
    const vals = f[field];
    if (vals?.length) {
      const set = new Set(vals);
      checks.push([FILTER_BITS[field], (row) => set.has(row[field])]);
    }
  }
  if (f.fbbm?.length) {
    const needles = f.fbbm.flatMap(bodyNeedles);
    checks.push([FILTER_BITS.fbbm, (row) => needles.some((n) => row.fbbm.includes(n))]);
  }
  for (const d of ["fbrq", "ssrq"] as const) {
    const start = f[`${d}_start`];
    const end = f[`${d}_end`];
    if (start || end) checks.push([FILTER_BITS[d], (row) => !((start && !(row[d] >= start)) || (end && !(row[d] <= end && row[d] !== "")))]);
  }
  if (f.securitiesOnly) checks.push([FILTER_BITS.securities, (row) => row.is_securities === 1]);
  return (row) => {
    let mask = 0;
    for (const [bit, ok] of checks) if (!ok(row)) mask |= bit;
    return mask;
  };
}
