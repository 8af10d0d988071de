/**
 * rh_ft_search: clause keyword search with regulation filters, in a lawyer's order
 * (lawyer-rank.ts: bm25 + 效力级别 + currency + authority + subject, word boundaries).
 *
 * Two tiers:
 *   1. clauses where every part matches its concept (the part verbatim or a concept wording,
 *      the `exact` expression);
 *   2. only when tier 1 has fewer than k hits and some part splits into words:
 *      `full NOT exact` (the words in any order), ranked after tier 1.
 * Each tier takes the POOL best clauses by bm25 that pass the filters (from the ranking cache
 * when it can prove them, ranking-cache.ts, else the index with the filters applied there) and re-ranks
 * them. The final ranking of an expression and filters is kept (RESULT_CACHE entries, least
 * recently used dropped), so a repeated search costs what it cost before: a map lookup.
 */
import { withoutDeadParts } from "./dead-parts";
import { bigramTokens } from "../../text/bigrams";
import { provenanceOf, type ClauseItem, type KeywordRequest } from "./types";
import type { ClauseHitRow, ClauseRow, KeywordIndex, MatchExpression } from "@/lib/store/keyword-index";
import { statuteDetailUrl } from "@/lib/links/detail-url";
import { compileFtsQuery, type CompiledQuery } from "./compile-fts-query";
import { useIndexConcepts } from "./index-concepts";
import { regulationPredicate } from "./filter-predicates";
import { ByteLru, stringBytes } from "@/lib/text/byte-lru";
import { LruMap } from "@/lib/text/lru-map";
import { cachedMatchCount, topList } from "./ranking-cache";
import { namesLaw } from "./law-parts";
import { loadRegulationMeta } from "./load-regulation-meta";
import type { RegulationFilters } from "@/lib/store/types";
import { nonIncreasing, scoreOf } from "./rank-tiers";
import { ANCHOR_CANDIDATES, POOL, RELAXED_CANDIDATES, W, SCAN_LIMIT, SUBJECT_DEPTH, bestNationalLevel, definedCandidates, firstMatchOfSection, hasNational, opensRun, levelOf, TOP_LEVEL, headingCandidates, isNational, lastHeading, opensSection, staticRank, subjectScore, type Pool } from "./lawyer-rank";
import type { CompiledPart } from "./compile-fts-query";
import { learnedAnchors, learnedAnchorsOn, learnedMatches } from "./learned-anchors";

export function toClauseItem(row: Omit<ClauseHitRow, "chapter" | "rid">, score: number): ClauseItem {
  const ftmc = `${row.fgmc}${row.ft_num}`;
  return {
    id: row.id,
    _score: score,
    ftmc,
    title: ftmc,
    fgid: row.fgid,
    tid: row.tid,
    url: statuteDetailUrl(row.fgid, row.tid),
    content: row.content,
    fgmc: row.fgmc,
    ft_num: row.ft_num,
    llm_content: ` - 《${row.fgmc}》${row.ft_num}##${row.content}`,
    sxx: row.sxx,
    dy: row.dy,
    xljb_1: row.xljb_1,
    xljb_2: row.xljb_2,
    ssrq: row.ssrq,
    fbrq: row.fbrq,
    fbbm: row.fbbm,
    fwzh: row.fwzh,
    ...provenanceOf(row),
  };
}

type StoredRow = ClauseHitRow;

/** The stored row of a hit: the clause's columns and its regulation's fields. */
function withRegulation(db: KeywordIndex, c: ClauseRow): StoredRow | undefined {
  const r = loadRegulationMeta(db).byRid.get(c.rid);
  if (!r) return undefined;
  return {
    id: c.id,
    fgid: c.fgid,
    tid: c.tid,
    ft_num: c.ft_num,
    content: c.content,
    chapter: c.chapter,
    rid: c.rid,
    fgmc: r.fgmc,
    sxx: r.sxx,
    dy: r.dy,
    xljb_1: r.xljb_1,
    xljb_2: r.xljb_2,
    ssrq: r.ssrq,
    fbrq: r.fbrq,
    fbbm: r.fbbm,
    fwzh: r.fwzh,
    data_as_of: r.data_as_of,
    sxx_source: r.sxx_source,
    ssrq_source: r.ssrq_source,
  };
}

const rowCaches = new WeakMap<KeywordIndex, ByteLru<number, StoredRow>>();
/** Byte budget of the clause-row cache, per index handle (the rows hold whole clause texts). */
export const ROW_CACHE_BYTES = 24 * 1024 * 1024;

function rowCacheFor(db: KeywordIndex, max: number): ByteLru<number, StoredRow> {
  let cache = rowCaches.get(db);
  if (!cache || cache.maxEntries !== max) rowCaches.set(db, (cache = new ByteLru("keyword.clause-rows", ROW_CACHE_BYTES, (_k, v) => 8 + rowBytes(v), max)));
  return cache;
}

/**
 * Rows of several clauses at once (one statement instead of one per clause): those in the
 * row cache from it, the others read together and added to it.
 */
function clauseRowsAhead(db: KeywordIndex, cids: ArrayLike<number>, max: number): Map<number, StoredRow> {
  const out = new Map<number, StoredRow>();
  const cache = max > 0 ? rowCacheFor(db, max) : undefined;
  const missing: number[] = [];
  for (let i = 0; i < cids.length; i++) {
    const cid = cids[i]!;
    const hit = cache?.get(cid);
    if (hit) out.set(cid, hit);
    else missing.push(cid);
  }
  if (missing.length === 0) return out;
  const rows =
    missing.length === 1
      ? [db.clauseRow(missing[0]!)]
      : db.clauseRows(missing);
  for (const c of rows) {
    if (!c) continue;
    const row = withRegulation(db, c);
    if (!row) continue;
    out.set(c.cid, row);
    cache?.set(c.cid, row);
  }
  return out;
}

/**
 * A stored row's bytes: 64, plus stringBytes of each of its 18 strings and 8 for its number (rid),
 * summed field by field (Object.values allocated an array per row added to the cache).
 */
function rowBytes(r: StoredRow): number {
  const chars =
    r.id.length + r.fgid.length + r.tid.length + r.ft_num.length + r.content.length + r.chapter.length +
    r.fgmc.length + r.sxx.length + r.dy.length + r.xljb_1.length + r.xljb_2.length + r.ssrq.length + r.fbrq.length +
    r.fbbm.length + r.fwzh.length + r.data_as_of.length + r.sxx_source.length + r.ssrq_source.length;
  return 64 + 8 + ROW_STRINGS * stringBytes("") + 2 * chars;
}
/** The string fields of a StoredRow (withRegulation). */
const ROW_STRINGS = 18;

/** Clause rows kept per index handle: at most KEYWORD_ROW_CACHE (default 20,000; 0 = off) and ROW_CACHE_BYTES. */
function rowCacheSize(): number {
  const n = Math.floor(Number(process.env.KEYWORD_ROW_CACHE ?? 20_000));
  return Number.isFinite(n) && n >= 0 ? n : 20_000;
}

/**
 * The filters as a regulation-rowid predicate for the ranking cache (null: no filters),
 * memoised per rowid for the request.
 */
function passOf(db: KeywordIndex, filters: RegulationFilters): ((rid: number) => boolean) | null {
  const pred = regulationPredicate(filters);
  if (!pred) return null;
  const meta = loadRegulationMeta(db).byRid;
  const seen = new Map<number, boolean>();
  return (rid) => {
    let ok = seen.get(rid);
    if (ok === undefined) {
      const row = meta.get(rid);
      ok = row !== undefined && pred(row);
      seen.set(rid, ok);
    }
    return ok;
  };
}

/**
 * The candidates of a tier expression: the clauses of its bm25 list (ranking-cache.ts topList:
 * its best KEYWORD_RANKING_LIST_SIZE matches, no filters) that pass the filters; when the list
 * was cut and fewer than MAX_TOP_K of them pass, the POOL best matches that pass, ranked by
 * the index with the filters applied there. The same with the caches on or off.
 */
function poolOf(db: KeywordIndex, expr: MatchExpression, filters: RegulationFilters, pass: ((rid: number) => boolean) | null): Pool {
  const list = topList(db, expr);
  if (!pass) return { cid: list.cid, bm: list.bm, length: list.cid.length };
  const ridOf = db.clauseRegulations();
  const cid: number[] = [];
  const bm: number[] = [];
  for (let i = 0; i < list.cid.length; i++) {
    if (pass(ridOf[list.cid[i]!]!)) {
      cid.push(list.cid[i]!);
      bm.push(list.bm[i]!);
    }
  }
  if (!list.truncated || cid.length >= MAX_TOP_K) return { cid, bm, length: cid.length };
  const rows = db.rankClauses(expr, POOL, filters);
  return { cid: rows.map((r) => r[0]), bm: rows.map((r) => r[1]), length: rows.length };
}

interface Ranked {
  row: StoredRow;
  score: number;
}

/** Rows read together when the scan goes past the subject depth (word boundaries drop hits). */
const SCAN_BATCH = 10;

/**
 * The pool with the articles a part names as their subject added (lawyer-rank.ts: the openers of a
 * chapter/section whose heading begins with a part, headingCandidates; the articles a part's
 * concept names, definedCandidates), as relevant as the pool's best match, when they pass the
 * filters. subjectScore then keeps those that match every part (under AND) some way. `named`:
 * both kinds, also when the pool held them already (their subject terms are weighed though their
 * bm25 puts them below SUBJECT_DEPTH).
 */
function withSubjectCandidates(db: KeywordIndex, pool: Pool, parts: CompiledPart[], filters: RegulationFilters, pass: ((rid: number) => boolean) | null): Pool & { named?: Set<number> } {
  // (the openers of a section headed by a part are weighed wherever their bm25 puts them too: 抵押权 → 民法典 第三百九十四条,
  // which opens 第十七章 抵押权 but says 抵押权人, ranks 33rd by bm25)
  const named = [...definedCandidates(parts), ...headingCandidates(db, parts, filters)];
  if (named.length === 0) return pool;
  const ridOf = db.clauseRegulations();
  const cid = Array.from(pool.cid);
  const bm = Array.from(pool.bm);
  let best = -1;
  for (const b of bm) if (b < best) best = b;
  const inPool = new Set(cid);
  for (const c of named) {
    if (inPool.has(c) || (pass && !pass(ridOf[c]!))) continue;
    cid.push(c);
    bm.push(best);
  }
  return { cid, bm, length: cid.length, named: new Set(named) };
}

/**
 * The pool with the relaxed expression's national articles added (compile-fts-query.ts `relaxed`)
 * when no current national article matches `exact`: 小区车位 归属 finds no clause with 小区车位, but
 * 民法典 第二百七十五条 holds 车位 and 归属; 七天无理由退货 → 消费者权益保护法 第二十五条 (七日, 理由, 退货).
 * Likewise above the best level the exact matches reach when no current 法律 (TOP_LEVEL) does: only
 * relaxed articles of a higher level join (不服一审判决 上诉: a 行政法规 and a 司法解释 quote the
 * phrase; 民事诉讼法 第一百七十一条 says 不服…第一审判决 … 上诉).
 * At most RELAXED_CANDIDATES, the relaxed expression's best by bm25, that pass the filters (a
 * filter to a region or a local level keeps none); their bm25 is scaled so that the relaxed best is
 * as relevant as the pool's best (or kept when the pool is empty). subjectScore weighs what they
 * lack (W.WORDS, W.PARTIAL). `relaxed`: their cids.
 */
function withRelaxedCandidates(db: KeywordIndex, pool: Pool, q: CompiledQuery, filters: RegulationFilters, pass: ((rid: number) => boolean) | null): Pool & { relaxed?: Set<number> } {
  const relaxedExpr = q.relaxed;
  // nothing matches exactly and nothing is relaxed beyond the words in any order: tier 2 ranks those already
  if (!relaxedExpr || (pool.length === 0 && relaxedExpr === q.full)) return pool;
  // the best level the exact matches reach among the national ones: a 法律 article matching the
  // words is taken in beside 司法解释 / 行政法规 articles that quote the lawyer's phrase
  const floor = bestNationalLevel(db, pool);
  if (floor >= TOP_LEVEL) return pool;
  const wide = poolOf(db, relaxedExpr, filters, pass);
  const inPool = new Set(Array.from(pool.cid));
  const add: number[] = [];
  for (let i = 0; i < wide.length && add.length < RELAXED_CANDIDATES; i++) {
    const c = wide.cid[i]!;
    if (isNational(db, c) && levelOf(db, c) > floor && !inPool.has(c)) add.push(i);
  }
  if (add.length === 0) return pool;
  let best = 0;
  for (let i = 0; i < pool.length; i++) if (pool.bm[i]! < best) best = pool.bm[i]!;
  const wideBest = wide.bm[add[0]!]!;
  const scale = best < 0 && wideBest < 0 ? best / wideBest : 1;
  const cid = Array.from(pool.cid);
  const bm = Array.from(pool.bm);
  for (const i of add) {
    cid.push(wide.cid[i]!);
    bm.push(wide.bm[i]! * scale);
  }
  return { cid, bm, length: cid.length, relaxed: new Set(add.map((i) => wide.cid[i]!)) };
}

/** Most articles taken in per part that names a law (law-parts.ts), the best by the other parts' bm25. */
const LAW_PART_CANDIDATES = 100;

/**
 * The pool with, for each part that names a law (law-parts.ts; under AND, beside other parts), the
 * articles of the regulations whose title holds it that match the other parts' concepts (劳动合同法
 * 试用期 → 劳动合同法 第十九条, whose text does not say 劳动合同法), as relevant as the other parts'
 * bm25 scaled to the pool's best. `lawParts`: the indices of the parts that name a law.
 */
function withLawPartCandidates(db: KeywordIndex, pool: Pool & { relaxed?: Set<number> }, q: CompiledQuery, req: KeywordRequest): Pool & { relaxed?: Set<number>; lawParts?: number[] } {
  if (req.mode !== "AND" || q.parts.length < 2) return pool;
  const lawParts = q.parts.flatMap((p, i) => (namesLaw(db, p.text) ? [i] : []));
  if (lawParts.length === 0) return pool;
  const cid = Array.from(pool.cid);
  const bm = Array.from(pool.bm);
  const inPool = new Set(cid);
  let best = 0;
  for (const b of bm) if (b < best) best = b;
  for (const i of lawParts) {
    const other = q.parts.filter((_p, j) => j !== i).map((p) => p.concept).join(" AND ");
    const filters: RegulationFilters = { ...req.filters, fgmc: [...(req.filters.fgmc ?? []), q.parts[i]!.text] };
    const titled = poolOf(db, other, filters, passOf(db, filters));
    const n = Math.min(titled.length, LAW_PART_CANDIDATES);
    const top = n > 0 ? titled.bm[0]! : 0;
    const scale = best < 0 && top < 0 ? best / top : 1;
    for (let k = 0; k < n; k++) {
      const c = titled.cid[k]!;
      if (inPool.has(c)) continue;
      inPool.add(c);
      cid.push(c);
      bm.push(titled.bm[k]! * scale);
    }
  }
  return { cid, bm, length: cid.length, relaxed: pool.relaxed, lawParts };
}

/** Anchor text on (anchors.ts); KEYWORD_ANCHORS=0 turns it off (for comparisons). */
function anchorsOn(): boolean {
  return process.env.KEYWORD_ANCHORS !== "0";
}

/**
 * The pool with the articles whose anchor text matches the exact expression (anchors.ts: a sentence
 * citing the article holds every part's concept) added: `anchored`, cid → the number of such
 * sentences, for the term W.ANCHOR (also for those the pool held already). At most
 * ANCHOR_CANDIDATES, most cited first, that pass the filters, weighed with the subject terms beside the
 * SUBJECT_DEPTH best (rankTier `further`). When no current national article matches the exact
 * expression (`join`, as for the relaxed match), one the pool lacked enters as relevant as
 * W.ANCHOR_REL × the pool's best bm25 (its own text may hold no part: subjectScore weighs each part
 * it lacks, W.ANCHOR_PART); else only the pool's own anchored articles are weighed.
 */
function withAnchorCandidates<P extends Pool>(db: KeywordIndex, pool: P, q: CompiledQuery, mode: KeywordRequest["mode"], pass: ((rid: number) => boolean) | null, join: boolean): P & { anchored?: Map<number, number>; anchorOnly?: Set<number> } {
  if (!anchorsOn()) return pool;
  const hits = anchorsMayMatch(db.anchorTokens(), q, mode) ? db.anchorMatches(q.exact, ANCHOR_CANDIDATES * 2) : [];
  // no national article matches: the answered questions holding every part's concept are anchors too (learned-anchors.ts)
  if (join && mode === "AND" && learnedAnchorsOn()) mergeAnchorHits(hits, learnedMatches(learnedAnchors(db), q.parts, ANCHOR_CANDIDATES * 2));
  if (hits.length === 0) return pool;
  const ridOf = db.clauseRegulations();
  const anchored = new Map<number, number>();
  for (const [c, n] of hits) {
    if (anchored.size >= ANCHOR_CANDIDATES) break;
    if (c < ridOf.length && (!pass || pass(ridOf[c]!))) anchored.set(c, n);
  }
  if (anchored.size === 0) return pool;
  const cid = Array.from(pool.cid);
  const bm = Array.from(pool.bm);
  let best = 0;
  for (const b of bm) if (b < best) best = b;
  const inPool = new Set(cid);
  for (const c of anchored.keys()) {
    if (inPool.has(c) || !join) continue;
    cid.push(c);
    bm.push(best < 0 ? best * W.ANCHOR_REL : -1);
  }
  return { ...pool, cid, bm, length: cid.length, anchored, anchorOnly: new Set(cid.slice(pool.length)) };
}

/** Adds `more` ([cid, sentences]) to `hits`: a cid in both counts both; most sentences first (ties: the order they came in). */
export function mergeAnchorHits(hits: Array<[number, number]>, more: Array<[number, number]>): void {
  if (more.length === 0) return;
  const at = new Map(hits.map(([c], i) => [c, i]));
  for (const [c, n] of more) {
    const i = at.get(c);
    if (i === undefined) {
      at.set(c, hits.length);
      hits.push([c, n]);
    } else hits[i] = [c, hits[i]![1] + n];
  }
  const order = hits.map((h, i) => [h, i] as const).sort((a, b) => b[0][1] - a[0][1] || a[1] - b[1]);
  order.forEach(([h], i) => (hits[i] = h));
}

/**
 * Can `q.exact` match any anchor sentence at all? Each part's concept is its phrase or one of its wordings; a wording
 * with a token (bigram) no anchor text holds matches none. Under AND every part needs a wording whose tokens are all
 * held, under OR one part does. Exact: never false when the query could match (a wording without tokens counts as
 * possible); it spares the anchor query (≈60 µs) on most distinct keywords.
 */
export function anchorsMayMatch(tokens: ReadonlySet<string>, q: CompiledQuery, mode: KeywordRequest["mode"]): boolean {
  if (tokens.size === 0) return false;
  const possible = (p: CompiledQuery["parts"][number]) =>
    [p.text, ...p.synonyms].some((w) => {
      const t = bigramTokens(w, true);
      // no token, or one character (a prefix query on its bigrams): possible
      return t.length === 0 || (t.length === 1 && t[0]!.length === 1) || t.every((x) => tokens.has(x));
    });
  return mode === "OR" ? q.parts.some(possible) : q.parts.every(possible);
}

/**
 * The static ranking with the anchor candidates the pool lacked moved to its end: they are weighed
 * beside the SUBJECT_DEPTH best (rankTier `further`), and take no place among them (else each
 * would push a literal match out of the depth where its subject terms are computed).
 */
function anchorsLast<T extends { cid: number }>(ranked: T[], anchorOnly: Set<number> | undefined): T[] {
  if (!anchorOnly?.size) return ranked;
  const moved = ranked.filter((c) => anchorOnly.has(c.cid));
  return moved.length ? [...ranked.filter((c) => !anchorOnly.has(c.cid)), ...moved] : ranked;
}

type TierPool = Pool & { named?: Set<number>; relaxed?: Set<number>; lawParts?: number[]; anchored?: Map<number, number>; anchorOnly?: Set<number> };

/**
 * Tier 1's candidates: the exact expression's pool (`own`), then, appended after its entries,
 * the relaxed, named-law, subject and anchor candidates (`pool`; pool.cid.slice(own.length) are those).
 */
function tierOnePool(db: KeywordIndex, q: CompiledQuery, req: KeywordRequest, pass: ((rid: number) => boolean) | null): { own: Pool; pool: TierPool } {
  const own = poolOf(db, q.exact, req.filters, pass);
  const wide = withLawPartCandidates(db, withRelaxedCandidates(db, own, q, req.filters, pass), q, req);
  const subject = withSubjectCandidates(db, wide, q.parts, req.filters, pass);
  return { own, pool: { ...withAnchorCandidates(db, subject, q, req.mode, pass, !hasNational(db, own)), relaxed: wide.relaxed, lawParts: wide.lawParts } };
}

/** The parts that name a law (law-parts.ts, `lawParts`) which the clause's regulation title holds; undefined when none. */
function titleParts(db: KeywordIndex, lawParts: number[] | undefined, parts: CompiledPart[], cid: number): number[] | undefined {
  if (!lawParts) return undefined;
  const title = loadRegulationMeta(db).byRid.get(db.clauseRegulations()[cid]!)?.title_norm ?? "";
  const out = lawParts.filter((i) => title.includes(parts[i]!.text));
  return out.length ? out : undefined;
}

/** The parts of a query that name a law (withLawPartCandidates: under AND, beside other parts); undefined when none. */
function lawPartsOf(db: KeywordIndex, q: CompiledQuery, mode: KeywordRequest["mode"]): number[] | undefined {
  if (mode !== "AND" || q.parts.length < 2) return undefined;
  const out = q.parts.flatMap((p, i) => (namesLaw(db, p.text) ? [i] : []));
  return out.length ? out : undefined;
}

/**
 * The clauses the ranking keeps among `cids` (subjectScore not null: a part left with no valid
 * occurrence drops the clause under AND, word-boundary.ts), each judged as its tier judges it:
 * `tier` 1 (every part's concept: the parts that name a law may match by the title) or 2 (the
 * words in any order). What the counts (count-facets.ts) take from the exact and words tiers'
 * matches. Rows are read without entering the row cache (a count reads up to two lists of matches).
 */
export function keptMatches(db: KeywordIndex, q: CompiledQuery, mode: KeywordRequest["mode"], cids: ArrayLike<number>, tier: 1 | 2): number[] {
  const lawParts = tier === 1 ? lawPartsOf(db, q, mode) : undefined;
  const out: number[] = [];
  const all = Array.from(cids);
  for (let i = 0; i < all.length; i += 500) {
    for (const c of db.clauseRows(all.slice(i, i + 500))) {
      const text = { content: c.content, chapter: c.chapter, cid: c.cid, opens: opensSection(db, c.cid), inTitle: titleParts(db, lawParts, q.parts, c.cid) };
      if (subjectScore(q.parts, text, mode) !== null) out.push(c.cid);
    }
  }
  return out;
}

/**
 * The clauses tier 1 takes in beyond the exact expression's matches (the relaxed, named-law and
 * subject candidates, with the request's filters) that the ranking keeps (subjectScore not null,
 * judged with the same flags as in rankTier). With the exact and words tiers' kept matches they
 * are the hits a search can page through (count-facets.ts).
 */
export function extraHits(db: KeywordIndex, q: CompiledQuery, req: KeywordRequest): number[] {
  const { own, pool } = tierOnePool(db, q, req, passOf(db, req.filters));
  if (pool.length === own.length) return [];
  const cids = Array.from(pool.cid).slice(own.length);
  const rows = clauseRowsAhead(db, cids, rowCacheSize());
  return cids.filter((cid) => {
    const row = rows.get(cid);
    if (!row) return false;
    const text = { content: row.content, chapter: row.chapter, cid, opens: opensSection(db, cid), relaxed: pool.relaxed?.has(cid), inTitle: titleParts(db, pool.lawParts, q.parts, cid), anchored: pool.anchored?.has(cid) };
    return subjectScore(q.parts, text, req.mode) !== null;
  });
}

/** One tier: pool, static terms, then subject terms and word boundaries for the best; `limit` best. */
function rankTier(
  db: KeywordIndex,
  parts: CompiledPart[],
  req: KeywordRequest,
  expr: MatchExpression,
  pass: ((rid: number) => boolean) | null,
  limit: number,
  headings = false,
  q: CompiledQuery | null = null,
): Ranked[] {
  const pool: TierPool = headings && q ? tierOnePool(db, q, req, pass).pool : poolOf(db, expr, req.filters, pass);
  const inTitle = (cid: number) => titleParts(db, pool.lawParts, parts, cid);
  const ranked = anchorsLast(staticRank(db, pool, req.filters, SCAN_LIMIT), pool.anchorOnly);
  const max = rowCacheSize();
  const end = ranked.length;
  const depth = Math.min(end, SUBJECT_DEPTH);
  const cids = ranked.map((c) => c.cid);
  // beside the SUBJECT_DEPTH best, the articles a part's concept names and the anchored ones further down (among the SCAN_LIMIT best)
  const further: number[] = [];
  if (pool.named?.size || pool.anchored?.size) for (let i = depth; i < end; i++) if (pool.named?.has(cids[i]!) || pool.anchored?.has(cids[i]!)) further.push(i);
  const ahead = clauseRowsAhead(db, further.length ? [...cids.slice(0, depth), ...further.map((i) => cids[i]!)] : cids.slice(0, depth), max);
  let matches: Set<number> | undefined; // the pool's clauses, for the first match of a section headed by a part
  const firstMatch = (cid: number, chapter: string): boolean => {
    if (!chapter || !parts.some((p) => lastHeading(chapter).replace(/\s+/gu, "").includes(p.text))) return false;
    matches ??= new Set(Array.from(pool.cid));
    return firstMatchOfSection(db, cid, (k) => matches!.has(k));
  };
  const score = (i: number): Ranked | null => {
    const c = ranked[i]!;
    const row = ahead.get(c.cid);
    if (!row) return null;
    matches ??= new Set(Array.from(pool.cid));
    const subject = subjectScore(parts, { content: row.content, chapter: row.chapter, cid: c.cid, opens: opensSection(db, c.cid), firstMatch: firstMatch(c.cid, row.chapter), opensRun: opensRun(db, c.cid, (k) => matches!.has(k)), relaxed: pool.relaxed?.has(c.cid), inTitle: inTitle(c.cid), anchored: pool.anchored?.has(c.cid) }, req.mode);
    if (subject === null) return null; // every occurrence of a part crosses a word boundary
    const anchors = pool.anchored?.get(c.cid);
    return { row, score: c.score + subject + (anchors ? W.ANCHOR * Math.log1p(anchors) : 0) };
  };
  // The SUBJECT_DEPTH best by the static terms, re-sorted with the subject terms; then, only
  // while fewer than `limit`, the next ones in static order. So the first k of a ranking do
  // not depend on `limit` (k ≤ limit): a longer page extends a shorter one.
  const out: Ranked[] = [];
  for (const i of [...Array(depth).keys(), ...further]) {
    const r = score(i);
    if (r) out.push(r);
  }
  out.sort((a, b) => b.score - a.score);
  if (out.length > limit) out.length = limit;
  const done = new Set(further);
  for (let i = depth; i < end && out.length < limit; i++) {
    if (done.has(i)) continue;
    if (!ahead.has(cids[i]!)) {
      const batch = cids.slice(i, Math.min(end, i + Math.max(SCAN_BATCH, limit - out.length)));
      for (const [cid, row] of clauseRowsAhead(db, batch, max)) ahead.set(cid, row);
    }
    const r = score(i);
    if (r) out.push(r);
  }
  return out;
}

/**
 * Final rankings per expression + filters, bounded LRU: tier 1's best (as many as the request
 * that ranked it needed: its top_k, at least MIN_RANKED for the regulation search; a longer
 * need ranks again, longer), and tier 2 (the words in any order) once a request
 * needed it (tier 1 shorter than its top_k), as before: the costlier `full NOT exact`
 * expression runs only when tier 1 cannot fill the page.
 */
const MAX_TOP_K = 50;
const MIN_RANKED = 20;
interface CachedRanking {
  first: RankedClause[];
  /** The `limit` tier 1 was ranked with (it holds fewer only when there are no more). */
  limit: number;
  /** Tier 2, ranked after tier 1; null until a request needed it. */
  rest: RankedClause[] | null;
}
const resultCaches = new WeakMap<KeywordIndex, LruMap<string, CachedRanking>>();
function resultCacheSize(): number {
  const n = Math.floor(Number(process.env.KEYWORD_RESULT_CACHE ?? 5000));
  return Number.isFinite(n) && n >= 0 ? n : 5000;
}

export function searchClauses(db: KeywordIndex, req: KeywordRequest): ClauseItem[] {
  return withoutDeadParts(db, req, (r) => clauseSearch(db, r), (items) => items.length === 0);
}

function clauseSearch(db: KeywordIndex, req: KeywordRequest): ClauseItem[] {
  useIndexConcepts(db);
  const q = compileFtsQuery(req.parts, req.mode);
  if (!q) return [];
  const best = rankedClauses(db, q, req, 1);
  return nonIncreasing(best.slice(0, req.topK).map((b) => toClauseItem(b.row, scoreOf(-b.score, b.exact))));
}

export interface RankedClause {
  row: StoredRow;
  /** The lawyer's score (lawyer-rank.ts). */
  score: number;
  /** Tier 1 (every part matches its concept) rather than the words in any order. */
  exact: boolean;
}

/**
 * At least the req.topK best clauses of a compiled query with the request's filters
 * (securitiesOnly included) when there are that many, best first, from the result cache when
 * seen before. Also what the regulation search ranks its text tier by (a regulation ranks by
 * its best article: it needs `minRanked` = MIN_RANKED clauses, several of one regulation).
 * The clause search asks for its page only (minRanked 1): a ranking's first k do not depend
 * on its limit (rankTier), and a shorter one stops the scan past SUBJECT_DEPTH earlier, where
 * word boundaries drop candidates (a third of the articles a cold search read).
 */
export function rankedClauses(
  db: KeywordIndex,
  q: NonNullable<ReturnType<typeof compileFtsQuery>>,
  req: KeywordRequest,
  minRanked = MIN_RANKED,
): RankedClause[] {
  const size = resultCacheSize();
  const key = `${q.exact}\u0000${req.mode}\u0000${JSON.stringify(req.filters)}${anchorsOn() ? "" : "\u0000no-anchors"}${learnedAnchorsOn() ? "" : "\u0000no-learned"}`;
  let cache = resultCaches.get(db);
  if (!cache) resultCaches.set(db, (cache = new LruMap()));
  const limit = Math.min(MAX_TOP_K, Math.max(minRanked, req.topK));
  let entry = size > 0 ? cache.get(key) : undefined;
  if (entry && entry.limit < limit && entry.first.length === entry.limit) entry = undefined; // ranked too short
  if (!entry) {
    entry = { first: rankFirst(db, q, req, limit), limit, rest: null };
    if (size > 0) {
      cache.delete(key);
      while (cache.size >= size) cache.shift();
      cache.set(key, entry);
    }
  }
  if (entry.first.length >= req.topK || !q.expanded) return entry.first;
  if (!entry.rest) {
    // tier 1 may hold relaxed candidates that tier 2 matches too
    const seen = new Set(entry.first.map((r) => r.row.id));
    entry.rest = rankRest(db, q, req, MAX_TOP_K - entry.first.length).filter((r) => !seen.has(r.row.id));
  }
  return entry.first.concat(entry.rest);
}

/**
 * The words tier's expression: `q.rest`, or, when it is `(words) NOT (exact)` (one part, or mode OR)
 * and `exact` matches no clause of the index (its cached bm25 list is empty and whole), `(words)`
 * alone: the same clauses, and the same bm25 to the last bit, since a phrase no clause holds adds
 * 0.0 to every row's sum (tf 0); FTS5 is spared evaluating `exact` again and its phrases' row counts.
 */
function restExpression(db: KeywordIndex, q: NonNullable<ReturnType<typeof compileFtsQuery>>): MatchExpression {
  const tail = ` NOT (${q.exact})`;
  if (!q.rest.endsWith(tail) || !q.rest.startsWith("(") || q.rest === `(${q.full})${tail}`) return q.rest;
  return cachedMatchCount(db, q.exact) === 0 ? q.rest.slice(0, -tail.length) : q.rest;
}

function rankFirst(db: KeywordIndex, q: NonNullable<ReturnType<typeof compileFtsQuery>>, req: KeywordRequest, limit: number): RankedClause[] {
  return rankTier(db, q.parts, req, q.exact, passOf(db, req.filters), limit, true, q).map((r) => ({ ...r, exact: true }));
}

function rankRest(db: KeywordIndex, q: NonNullable<ReturnType<typeof compileFtsQuery>>, req: KeywordRequest, limit: number): RankedClause[] {
  const rest = rankTier(db, q.parts, req, restExpression(db, q), passOf(db, req.filters), limit);
  return rest.map((r) => ({ ...r, exact: false }));
}
