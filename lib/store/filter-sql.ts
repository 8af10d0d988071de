/**
 * SQL conditions on the `regulations` table (alias r) for the keyword family's filters.
 * Values are always bound parameters. Semantics (spec operation 2):
 *   fgmc    every part occurs in the title (as written, or in its normalised key, so
 *           民法典 / 中华人民共和国民法典 / traditional or full-width input all match)
 *   xljb_1, sxx, dy   any part equals the field
 *   fbbm    any part occurs in the issuing body
 *   dates   inclusive yyyy-MM-dd bounds; a regulation without that date never matches a bound
 *   securitiesOnly    r.is_securities = 1 (rule: lib/corpus/securities-rule.ts)
 * The in-memory twins (lib/search/keyword/filter-predicates.ts: failedFilters for the facet
 * counts, regulationPredicate for the ranking cache) use the same needles (filter-needles.ts);
 * all must agree (tested against each other).
 */
import type { RegulationFilters } from "./types";
import { bodyNeedles, titleNeedles, type FilterField } from "./filter-needles";

export interface FilterSql {
  /** Conditions joined with AND, or "" when there are none. */
  sql: string;
  params: (string | number)[];
}

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
