/**
 * Disjunctive facet counts for the search UI (POST /open/facet_counts, our design).
 *
 * Each facet's counts apply every filter except that facet's own, so after choosing
 * dy=北京 the other regions still show how many hits they would add; `total` applies all
 * filters. Target "ft" counts matching clauses, "fg" / "fg_zq" matching regulations
 * ("fg_zq": securities regulations only).
 *
 * How: the keyword match is computed once in SQL as (regulation → number of matching
 * clauses, or 1 for a regulation hit); the filters then run in memory over a cached copy of
 * every regulation's metadata (a few thousand rows), recording for each regulation which
 * filters it fails. One pass yields the total and all facets. The in-memory predicate is
 * the twin of the SQL one (build-filter-sql.ts).
 */
import type Database from "better-sqlite3";
import type { RegulationFilters } from "@/lib/store/types";
import type { KeywordRequest } from "./types";
import { compileFtsQuery } from "./compile-fts-query";
import { failedFilters, type FilterField, type RegulationFacetRow } from "./build-filter-sql";
import { prepareCached } from "./prepare-cached";
import { loadRegulationMeta } from "./load-regulation-meta";

export const FACET_FIELDS = ["xljb_1", "sxx", "dy", "fbbm"] as const;
export type FacetField = (typeof FACET_FIELDS)[number];
export const FACET_TARGETS = ["ft", "fg", "fg_zq"] as const;
export type FacetTarget = (typeof FACET_TARGETS)[number];
/** fbbm has hundreds of distinct values: only the most frequent are returned. */
export const FBBM_FACET_LIMIT = 30;

export interface FacetValue {
  value: string;
  count: number;
}
export interface FacetCounts {
  total: number;
  facets: Partial<Record<FacetField, FacetValue[]>>;
}

/** rid → weight (matching clauses for "ft", 1 for a regulation) of the keyword match; null = no keyword. */
function keywordWeights(db: Database.Database, req: KeywordRequest, target: FacetTarget): Map<number, number> | null {
  if (req.parts.length === 0) return null;
  const q = compileFtsQuery(req.parts, req.mode);
  const out = new Map<number, number>();
  if (!q) return out;
  if (target === "ft") {
    const st = prepareCached(
      db,
      "SELECT c.rid AS rid, count(*) AS n FROM clause_fts JOIN clauses c ON c.cid = clause_fts.rowid WHERE clause_fts MATCH ? GROUP BY c.rid",
    );
    for (const r of st.all(q.full) as { rid: number; n: number }[]) out.set(r.rid, r.n);
  } else {
    const st = prepareCached(db, "SELECT rowid AS rid FROM reg_fts WHERE reg_fts MATCH ?");
    for (const r of st.all(q.full) as { rid: number }[]) out.set(r.rid, 1);
  }
  return out;
}

export function countFacets(
  db: Database.Database,
  req: KeywordRequest,
  target: FacetTarget,
  facets: readonly FacetField[] = FACET_FIELDS,
): FacetCounts {
  const meta = loadRegulationMeta(db);
  const weights = keywordWeights(db, req, target);
  const filters: RegulationFilters = { ...req.filters, securitiesOnly: target === "fg_zq" };
  const counters = new Map<FacetField, Map<string, number>>(facets.map((f) => [f, new Map()]));
  let total = 0;

  const consider = (row: RegulationFacetRow, w: number) => {
    const failed = failedFilters(row, filters);
    if (failed.size === 0) total += w;
    if (failed.size > 1) return;
    for (const f of facets) {
      // passes every filter except (possibly) its own
      if (failed.size === 1 && !failed.has(f as FilterField)) continue;
      const v = row[f];
      if (!v) continue;
      const m = counters.get(f)!;
      m.set(v, (m.get(v) ?? 0) + w);
    }
  };

  if (weights) {
    for (const [rid, w] of weights) {
      const row = meta.byRid.get(rid);
      if (row) consider(row, w);
    }
  } else {
    for (const row of meta.rows) {
      const w = target === "ft" ? (meta.clauseCounts.get(row.rid) ?? 0) : 1;
      if (w > 0) consider(row, w);
    }
  }

  const out: FacetCounts = { total, facets: {} };
  for (const f of facets) {
    let list = [...counters.get(f)!].map(([value, count]) => ({ value, count }));
    list.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
    if (f === "fbbm") list = list.slice(0, FBBM_FACET_LIMIT);
    out.facets[f] = list;
  }
  return out;
}
