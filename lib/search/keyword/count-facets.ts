/**
 * Disjunctive facet counts for the search UI (POST /open/facet_counts, our design).
 *
 * Each facet's counts apply every filter except that facet's own, so after choosing
 * dy=北京 the other regions still show how many hits they would add; `total` applies all
 * filters. Target "ft" counts matching clauses, "fg" / "fg_zq" matching regulations
 * ("fg_zq": securities regulations only).
 *
 * The counts are the hits the searches return and a page reaches (README "Facet counts"): the
 * keyword's matches the ranking keeps (ft: word boundaries judged up to EXACT_COUNT_LIMIT matches
 * per tier), plus the relaxed, named-law and subject candidates the first tier takes in
 * (search-clauses.ts extraHits), which depend on the filters and are computed per filter set.
 *
 * How: the keyword match is computed once as (regulation → number of kept clauses, or 1 for a
 * regulation hit); the filters then run in memory over a cached copy of
 * every regulation's metadata (a few thousand rows), recording for each regulation which
 * filters it fails. One pass yields the total and all facets. The in-memory predicate is
 * the twin of the store's SQL one (filter-predicates.ts).
 */
import { withoutDeadParts } from "./dead-parts";
import type { RegulationFilters } from "@/lib/store/types";
import type { KeywordIndex } from "@/lib/store/keyword-index";
import type { KeywordRequest } from "./types";
import { compileFtsQuery, highlightTerms, type CompiledQuery } from "./compile-fts-query";
import { extraHits, keptMatches } from "./search-clauses";
import { topList } from "./ranking-cache";
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

/**
 * Most matches of the exact and the words tiers (each) whose word boundaries a count checks:
 * up to this many, each is judged as the ranking judges it (search-clauses.ts keptMatches), so
 * the count is the number of clauses a search can page through; above it the count is the
 * index's number of matching clauses (a clause whose every occurrence of a part runs into a
 * longer word is counted though the search drops it).
 */
export const EXACT_COUNT_LIMIT = 1000;

/** The keyword's hits with no filter, per regulation; the filters then run in memory. */
interface KeywordMatch {
  /** rid → weight: kept clauses ("ft"; the index's matches above EXACT_COUNT_LIMIT), 1 for a matching regulation. */
  weights: Map<number, number>;
  /** "ft" counted exactly: the kept clauses (cids), so an extra hit (search-clauses.ts extraHits) is not counted twice. */
  kept: Set<number> | null;
}

/** Up to EXACT_COUNT_LIMIT matches of `expr`, null when there are more (the exact tier's from its bm25 list when that holds them all). */
function matchIds(db: KeywordIndex, expr: string, ranked: boolean): ArrayLike<number> | null {
  if (ranked) {
    const list = topList(db, expr);
    if (!list.truncated) return list.cid;
    if (list.cid.length >= EXACT_COUNT_LIMIT) return null;
  }
  const ids = db.clauseMatchIds(expr, EXACT_COUNT_LIMIT + 1);
  return ids.length > EXACT_COUNT_LIMIT ? null : ids;
}

function keywordMatch(db: KeywordIndex, req: KeywordRequest, q: CompiledQuery | null, target: FacetTarget): KeywordMatch | null {
  if (req.parts.length === 0) return null;
  if (!q) return { weights: new Map(), kept: null };
  const kind = target === "ft" ? "ft" : "fg";
  return matchCache(db, `${kind}\0${req.mode}\0${q.full}`, () => {
    const weights = new Map<number, number>();
    if (kind === "fg") {
      for (const rid of db.regulationMatches(q.full)) weights.set(rid, 1);
      return { weights, kept: null };
    }
    const exact = matchIds(db, q.exact, true);
    const rest = exact && q.expanded ? matchIds(db, q.rest, false) : [];
    if (!exact || !rest) {
      for (const r of db.clauseMatchCounts(q.full)) weights.set(r.rid, r.n);
      return { weights, kept: null };
    }
    const kept = new Set([...keptMatches(db, q, req.mode, exact, 1), ...keptMatches(db, q, req.mode, rest, 2)]);
    const ridOf = db.clauseRegulations();
    for (const cid of kept) weights.set(ridOf[cid]!, (weights.get(ridOf[cid]!) ?? 0) + 1);
    return { weights, kept };
  });
}

/**
 * The hits a search takes in beyond the keyword's matches, with these filters (search-clauses.ts
 * extraHits: relaxed, named-law and subject candidates the ranking keeps): "ft" their clauses
 * not already counted, "fg" / "fg_zq" their regulations that do not match the keyword as a
 * whole. As rids, one entry per hit.
 */
function extraRids(db: KeywordIndex, q: CompiledQuery, req: KeywordRequest, filters: RegulationFilters, target: FacetTarget, match: KeywordMatch): number[] {
  const ridOf = db.clauseRegulations();
  const cids = extraHits(db, q, { ...req, filters: target === "fg_zq" ? { ...filters, securitiesOnly: true } : filters });
  if (target === "ft") return cids.filter((c) => !match.kept?.has(c)).map((c) => ridOf[c]!);
  return [...new Set(cids.map((c) => ridOf[c]!))].filter((rid) => !match.weights.has(rid));
}

/**
 * The keyword match per regulation depends only on the expression (the filters are applied
 * afterwards, in memory), so it is kept per index handle for the expressions asked recently:
 * a facet click or a repeated search does not count 应当's 81k clauses again (64 ms → < 1 ms).
 * Bounded by FACET_CACHE_ENTRIES entries in all (a regulation's weight or a kept clause each;
 * default 500,000; 0 = off), least recently used first out; a re-ingested index starts afresh.
 */
/** Each cached match also counts this many entries for itself (key, Map): distinct keywords matching nothing cannot pile up. */
const ENTRY_OVERHEAD = 64;
const matchCaches = new WeakMap<KeywordIndex, { lists: Map<string, KeywordMatch>; entries: number }>();
const sizeOf = (m: KeywordMatch) => m.weights.size + (m.kept?.size ?? 0) + ENTRY_OVERHEAD;

function matchCache(db: KeywordIndex, key: string, compute: () => KeywordMatch): KeywordMatch {
  const raw = Number(process.env.FACET_CACHE_ENTRIES ?? 500_000);
  const budget = Number.isFinite(raw) && raw >= 0 ? raw : 500_000;
  if (budget === 0) return compute();
  let c = matchCaches.get(db);
  if (!c) matchCaches.set(db, (c = { lists: new Map(), entries: 0 }));
  const hit = c.lists.get(key);
  if (hit) {
    c.lists.delete(key);
    c.lists.set(key, hit);
    return hit;
  }
  const value = compute();
  const weight = sizeOf(value);
  if (weight > budget) return value;
  while (c.entries + weight > budget && c.lists.size > 0) {
    const [oldest, dropped] = c.lists.entries().next().value!;
    c.lists.delete(oldest);
    c.entries -= sizeOf(dropped);
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
  // the same request the searches run: without its dead parts when it finds nothing (dead-parts.ts)
  return withoutDeadParts(db, req, (r) => facetCounts(db, r, target, facets), (c) => c.total === 0);
}

function facetCounts(
  db: KeywordIndex,
  req: KeywordRequest,
  target: FacetTarget,
  facets: readonly FacetField[],
): FacetCounts {
  const meta = loadRegulationMeta(db);
  if (req.parts.length) useIndexConcepts(db);
  const q = req.parts.length ? compileFtsQuery(req.parts, req.mode) : null;
  const match = keywordMatch(db, req, q, target);
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

  if (match) {
    for (const [rid, w] of match.weights) {
      const row = meta.byRid.get(rid);
      if (row) consider(row, w);
    }
  } else {
    for (const row of meta.rows) {
      const w = target === "ft" ? (meta.clauseCounts.get(row.rid) ?? 0) : 1;
      if (w > 0) consider(row, w);
    }
  }

  // The hits beyond the keyword's matches (relaxed, named-law and subject candidates) depend on
  // the filters: for the total those of the request, for each facet those of every filter but its own.
  if (match && q) {
    const extras = new Map<string, number[]>();
    const extrasOf = (f: RegulationFilters) => {
      const key = JSON.stringify(f);
      let rids = extras.get(key);
      if (!rids) extras.set(key, (rids = extraRids(db, q, req, f, target, match)));
      return rids;
    };
    total += extrasOf(req.filters).length;
    for (const f of facets) {
      const { [f]: _own, ...others } = req.filters;
      void _own;
      const m = counters.get(f)!;
      for (const rid of extrasOf(others)) {
        const v = meta.byRid.get(rid)?.[f];
        if (v) m.set(v, (m.get(v) ?? 0) + 1);
      }
    }
  }

  const out: FacetCounts = { total, facets: {}, terms: q ? highlightTerms(q) : [] };
  for (const f of facets) {
    let list = [...counters.get(f)!].map(([value, count]) => ({ value, count }));
    list.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
    if (f === "fbbm") list = list.slice(0, FBBM_FACET_LIMIT);
    out.facets[f] = list;
  }
  return out;
}
