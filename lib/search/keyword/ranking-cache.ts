/**
 * Ranking cache of rh_ft_search: per FTS5 expression, its best clauses by bm25, kept in memory.
 *
 * What a clause search costs is FTS5 evaluating the expression: reading and intersecting the
 * doclists of its bigrams (a phrase of common bigrams such as 个人信息 is expensive even when
 * few clauses hold it) and computing bm25 for every match (合同: 5k clauses, 应当: 81k). The
 * ranking of an expression depends only on the expression and the index, not on the filters
 * or top_k, so the first request for an expression ranks it once, keeping the best
 * KEYWORD_RANKING_LIST_SIZE (default 1000) clause rowids with their bm25, and later requests
 * for the same expression, with any filters and any top_k, take their hits from that list:
 *   - without filters: the first k entries;
 *   - with filters: the entries whose regulation passes them, in order (the filters are
 *     checked in memory on the regulation metadata, filter-predicates.ts regulationPredicate).
 * The result is EXACTLY what the full ranking returns. When the list holds every match it is
 * the whole answer; when it was cut at its size, it answers only if it can prove that:
 * fewer than k passing entries, or the k-th one tying the list's last score (an equal score
 * may lie beyond the cut), send the request to the full FTS5 ranking with SQL filters.
 *
 * Bounded memory: at most KEYWORD_RANKING_CACHE_ENTRIES list entries (default 1,000,000,
 * 12 bytes each: ≤ 12 MB; each list also counts LIST_OVERHEAD entries for itself) per index handle, least recently used lists dropped first;
 * KEYWORD_RANKING_CACHE_ENTRIES=0 turns the cache off (every request ranks in FTS5).
 * Keyed by the index handle, so a re-ingested index starts with an empty cache, and the
 * cache is per process (each server worker warms its own).
 */
import type { KeywordIndex, MatchExpression } from "@/lib/store/keyword-index";
import { LruMap } from "@/lib/text/lru-map";

export interface RankedClause {
  cid: number;
  bm: number;
}

interface RankedList {
  cid: Int32Array;
  bm: Float64Array;
  /** True when the expression matches more clauses than the list holds. */
  truncated: boolean;
}

interface PerDb {
  /** In recency order (lru-map.ts): the oldest is dropped first. */
  lists: LruMap<string, RankedList>;
  entries: number;
  /** clause rowid → regulation rowid, for filtering list entries without SQL. */
  ridOf: Int32Array;
}

const state = new WeakMap<KeywordIndex, PerDb>();

function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const n = Math.floor(Number(raw));
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}

/** Largest number of list entries cached per index handle (0 = cache off). */
export function rankingCacheEntries(): number {
  return envInt("KEYWORD_RANKING_CACHE_ENTRIES", 1_000_000);
}

/** Entries kept per expression (≥ 50, the largest top_k, in practice; at least 1). */
export function rankingListSize(): number {
  return Math.max(1, envInt("KEYWORD_RANKING_LIST_SIZE", 1000));
}

/**
 * The `limit` best clauses for the FTS5 expression whose regulation passes `pass` (null: no
 * filters), best first, from the expression's cached ranking; null when the cache is off or
 * the list cannot prove the answer (the caller then runs the full ranking).
 */
export function cachedHits(
  db: KeywordIndex,
  expr: MatchExpression,
  pass: ((rid: number) => boolean) | null,
  limit: number,
): RankedClause[] | null {
  if (limit <= 0) return [];
  const s = perDb(db);
  if (!s) return null;
  const list = rankedList(db, s, expr);
  if (!list) return null;
  const n = list.cid.length;
  const out: RankedClause[] = [];
  for (let i = 0; i < n && out.length < limit; i++) {
    const cid = list.cid[i]!;
    if (pass && !pass(s.ridOf[cid]!)) continue;
    out.push({ cid, bm: list.bm[i]! });
  }
  if (list.truncated) {
    if (out.length < limit) return null; // more hits may lie beyond the cut
    if (out[out.length - 1]!.bm === list.bm[n - 1]) return null; // a tie at the cut
  }
  return out;
}

/**
 * The best rankingListSize() clauses of an expression by bm25 (no filters), best first, with
 * whether more match: from the cache (kept there), or, with the cache off, ranked now.
 * Both run the same statement, so the list is the same either way (ties at the cut included).
 */
export function topList(db: KeywordIndex, expr: MatchExpression): { cid: Int32Array; bm: Float64Array; truncated: boolean } {
  const s = perDb(db);
  if (s) return rankedList(db, s, expr);
  return rankNow(db, expr, rankingListSize());
}

function rankNow(db: KeywordIndex, expr: MatchExpression, size: number): RankedList {
  const rows = db.rankClauses(expr, size + 1);
  const truncated = rows.length > size;
  if (truncated) rows.length = size;
  return {
    cid: Int32Array.from(rows, (r) => r[0]),
    bm: Float64Array.from(rows, (r) => r[1]),
    truncated,
  };
}

function perDb(db: KeywordIndex): PerDb | null {
  if (rankingCacheEntries() === 0) return null;
  let s = state.get(db);
  if (!s) {
    s = { lists: new LruMap(), entries: 0, ridOf: db.clauseRegulations() };
    state.set(db, s);
  }
  return s;
}

function rankedList(db: KeywordIndex, s: PerDb, expr: MatchExpression): RankedList {
  const hit = s.lists.get(expr); // now the most recently used
  if (hit) return hit;
  const list = rankNow(db, expr, rankingListSize());
  const budget = rankingCacheEntries();
  const weight = weightOf(list);
  if (weight > budget) return list; // larger than the whole cache: used once, not kept
  while (s.entries + weight > budget && s.lists.size > 0) s.entries -= weightOf(s.lists.shift()![1]);
  s.lists.set(expr, list);
  s.entries += weight;
  return list;
}

/**
 * A list's share of the budget: its entries plus LIST_OVERHEAD for the list itself (key, Map
 * entry, typed arrays ≈ 0.8 KB), so a flood of distinct expressions matching nothing cannot
 * fill memory with empty lists: at most budget / LIST_OVERHEAD lists are kept.
 */
export const LIST_OVERHEAD = 64;
function weightOf(list: RankedList): number {
  return list.cid.length + LIST_OVERHEAD;
}

/** How many clauses match `expr` when its cached list holds them all (not cut); undefined when no list is cached or it was cut. */
export function cachedMatchCount(db: KeywordIndex, expr: MatchExpression): number | undefined {
  const list = state.get(db)?.lists.peek(expr);
  return list && !list.truncated ? list.cid.length : undefined;
}

/** What the cache holds for a handle (tests, diagnostics). */
export function rankingCacheStats(db: KeywordIndex): { lists: number; entries: number } {
  const s = state.get(db);
  return { lists: s?.lists.size ?? 0, entries: s?.entries ?? 0 };
}

/** Forget every cached ranking of a handle (tests). */
export function resetRankingCache(db: KeywordIndex): void {
  state.delete(db);
}
