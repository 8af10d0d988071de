/**
 * SQL conditions on the `regulations` table (alias r) for the keyword family's filters.
 * Values are always bound parameters. Semantics (spec operation 2):
 *   fgmc    every part occurs in the title (as written, or in its normalised key, so
 *           民法典 / 中华人民共和国民法典 / traditional or full-width input all match)
 *   xljb_1, sxx, dy   any part equals the field
 *   fbbm    any part occurs in the issuing body
 *   dates   inclusive yyyy-MM-dd bounds; a regulation without that date never matches a bound
 *   securitiesOnly    r.is_securities = 1 (rule: lib/corpus/securities-rule.ts)
 * `failedFilters` (facet counts) and `regulationPredicate` (the clause ranking cache) are the
 * same predicate in memory; all three must agree (tested against each other).
 */
import type { RegulationFilters } from "@/lib/store/types";
import { lawNameKey, normalizeText } from "@/lib/text/normalize";

export interface FilterSql {
  /** Conditions joined with AND, or "" when there are none. */
  sql: string;
  params: (string | number)[];
}

/** Title needles for one fgmc part: the part as written and its law-name key (if non-empty). */
export function titleNeedles(part: string): string[] {
  const out = [part];
  const key = lawNameKey(part);
  if (key && key !== part) out.push(key);
  return out;
}

/** Issuing-body needles: as written and normalised. */
export function bodyNeedles(part: string): string[] {
  const n = normalizeText(part);
  return n !== part ? [part, n] : [part];
}

export type FilterField = "fgmc" | "xljb_1" | "sxx" | "dy" | "fbbm" | "fbrq" | "ssrq" | "securities";

/** One SQL condition per filter field present, keyed so callers can leave one out. */
export function buildFilterConditions(f: RegulationFilters, alias = "r"): Map<FilterField, FilterSql> {
  const out = new Map<FilterField, FilterSql>();
  const a = alias;
  if (f.fgmc?.length) {
    const conds: string[] = [];
    const params: string[] = [];
    for (const part of f.fgmc) {
      const [raw, key] = titleNeedles(part);
      if (key) {
        conds.push(`(instr(${a}.fgmc, ?) > 0 OR instr(${a}.fgmc_key, ?) > 0)`);
        params.push(raw!, key);
      } else {
        conds.push(`instr(${a}.fgmc, ?) > 0`);
        params.push(raw!);
      }
    }
    out.set("fgmc", { sql: conds.join(" AND "), params });
  }
  for (const field of ["xljb_1", "sxx", "dy"] as const) {
    const vals = f[field];
    if (vals?.length) out.set(field, { sql: `${a}.${field} IN (${vals.map(() => "?").join(", ")})`, params: [...vals] });
  }
  if (f.fbbm?.length) {
    const needles = f.fbbm.flatMap(bodyNeedles);
    out.set("fbbm", { sql: `(${needles.map(() => `instr(${a}.fbbm, ?) > 0`).join(" OR ")})`, params: needles });
  }
  for (const d of ["fbrq", "ssrq"] as const) {
    const start = f[`${d}_start`];
    const end = f[`${d}_end`];
    const conds: string[] = [];
    const params: string[] = [];
    if (start) {
      conds.push(`${a}.${d} >= ?`);
      params.push(start);
    }
    if (end) {
      conds.push(`${a}.${d} <= ?`, `${a}.${d} <> ''`);
      params.push(end);
    }
    if (conds.length) out.set(d, { sql: conds.join(" AND "), params });
  }
  if (f.securitiesOnly) out.set("securities", { sql: `${a}.is_securities = 1`, params: [] });
  return out;
}

/** All filter conditions joined with AND. */
export function buildFilterSql(f: RegulationFilters, alias = "r"): FilterSql {
  const parts = [...buildFilterConditions(f, alias).values()];
  return { sql: parts.map((p) => p.sql).join(" AND "), params: parts.flatMap((p) => p.params) };
}

/** The regulation metadata the in-memory predicate needs. */
export interface RegulationFacetRow {
  rid: number;
  fgmc: string;
  fgmc_key: string;
  fbbm: string;
  xljb_1: string;
  sxx: string;
  dy: string;
  fbrq: string;
  ssrq: string;
  is_securities: number;
}

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
