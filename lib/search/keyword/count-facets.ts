/**
 * Disjunctive facet counts for the search UI (POST /open/facet_counts, our design).
 *
 * Each facet's counts apply every filter except that facet's own, so after choosing
 * dy=北京 the other regions still show how many hits they would add; `total` applies all
 * filters. Target "ft" counts matching clauses, "fg" / "fg_zq" matching regulations
 * ("fg_zq": securities regulations only).
 *
 * How: the keyword match is computed once by the index as (regulation → number of matching
 * clauses, or 1 for a regulation hit); the filters then run in memory over a cached copy of
 * every regulation's metadata (a few thousand rows), recording for each regulation which
 * filters it fails. One pass yields the total and all facets. The in-memory predicate is
 * the twin of the store's SQL one (filter-predicates.ts).
 */
import type { RegulationFilters } from "@/lib/store/types";
import type { KeywordIndex } from "@/lib/store/keyword-index";
import type { KeywordRequest } from "./types";
import { compileFtsQuery, highlightTerms } from "./compile-fts-query";
import { useIndexConcepts } from "./index-concepts";
import { compileFailureMask, FILTER_BITS, type FilterField, type RegulationFacetRow } from "./filter-predicates";
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
  /**
   * What the keyword matches as, for highlighting: each part, its concept's statutory wordings
   * (缔约过失 → 假借订立合同,恶意进行磋商; a crime's 罪状) and its words, longest first, normalised
   * (half-width punctuation); [] without a keyword. The searches' items carry only the clause
   * text, so the page marks these in it.
   */
  terms: string[];
}

/** rid → weight (matching clauses for "ft", 1 for a regulation) of the keyword match; null = no keyword. */
function keywordWeights(db: KeywordIndex, req: KeywordRequest, target: FacetTarget): Map<number, number> | null {
  if (req.parts.length === 0) return null;
  useIndexConcepts(db);
  const q = compileFtsQuery(req.parts, req.mode);
  if (!q) return new Map();
  const kind = target === "ft" ? "ft" : "fg";
  const cached = weightsCache(db, `${kind}\0${q.full}`, () => {
    const out = new Map<number, number>();
    if (kind === "ft") {
      for (const r of db.clauseMatchCounts(q.full)) out.set(r.rid, r.n);
    } else {
      for (const rid of db.regulationMatches(q.full)) out.set(rid, 1);
    }
    return out;
  });
  return cached;
}

/**
 * The keyword match per regulation depends only on the expression (the filters are applied
 * afterwards, in memory), so it is kept per index handle for the expressions asked recently:
 * a facet click or a repeated search does not count 应当's 81k clauses again (64 ms → < 1 ms).
 * Bounded by FACET_CACHE_ENTRIES regulation entries in all (default 500,000; 0 = off), least
 * recently used first out; a re-ingested index starts afresh.
 */
/** Each cached match also counts this many entries for itself (key, Map): distinct keywords matching nothing cannot pile up. */
const ENTRY_OVERHEAD = 64;
const weightCaches = new WeakMap<KeywordIndex, { lists: Map<string, Map<number, number>>; entries: number }>();

function weightsCache(db: KeywordIndex, key: string, compute: () => Map<number, number>): Map<number, number> {
  const raw = Number(process.env.FACET_CACHE_ENTRIES ?? 500_000);
  const budget = Number.isFinite(raw) && raw >= 0 ? raw : 500_000;
  if (budget === 0) return compute();
  let c = weightCaches.get(db);
  if (!c) weightCaches.set(db, (c = { lists: new Map(), entries: 0 }));
  const hit = c.lists.get(key);
  if (hit) {
    c.lists.delete(key);
    c.lists.set(key, hit);
    return hit;
  }
  const value = compute();
  const weight = value.size + ENTRY_OVERHEAD;
  if (weight > budget) return value;
  while (c.entries + weight > budget && c.lists.size > 0) {
    const [oldest, dropped] = c.lists.entries().next().value!;
    c.lists.delete(oldest);
    c.entries -= dropped.size + ENTRY_OVERHEAD;
  }
  c.lists.set(key, value);
  c.entries += weight;
  return value;
}

export function countFacets(
  db: KeywordIndex,
  req: KeywordRequest,
  target: FacetTarget,
  facets: readonly FacetField[] = FACET_FIELDS,
): FacetCounts {
  const meta = loadRegulationMeta(db);
  const weights = keywordWeights(db, req, target);
  const filters: RegulationFilters = { ...req.filters, securitiesOnly: target === "fg_zq" };
  const counters = new Map<FacetField, Map<string, number>>(facets.map((f) => [f, new Map()]));
  let total = 0;

  const failures = compileFailureMask(filters);
  const consider = (row: RegulationFacetRow, w: number) => {
    const mask = failures(row);
    if (mask === 0) total += w;
    else if ((mask & (mask - 1)) !== 0) return; // fails two filters or more: counts nowhere
    for (const f of facets) {
      // passes every filter except (possibly) its own
      if (mask !== 0 && mask !== FILTER_BITS[f as FilterField]) continue;
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

  useIndexConcepts(db);
  const q = req.parts.length ? compileFtsQuery(req.parts, req.mode) : null;
  const out: FacetCounts = { total, facets: {}, terms: q ? highlightTerms(q) : [] };
  for (const f of facets) {
    let list = [...counters.get(f)!].map(([value, count]) => ({ value, count }));
    list.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
    if (f === "fbbm") list = list.slice(0, FBBM_FACET_LIMIT);
    out.facets[f] = list;
  }
  return out;
}
