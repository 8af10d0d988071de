/**
 * rh_ft_search: clause keyword search with regulation filters.
 *
 * Two tiers, each `ORDER BY rank LIMIT k` inside FTS5 (bm25, best first):
 *   1. clauses matching every part exactly (the `exact` expression);
 *   2. only when tier 1 has fewer than k hits and some part splits into words:
 *      `full NOT exact` (the words in any order), ranked after tier 1.
 * Filters join the regulations row of each clause; FTS5 stays the outer loop, so the cost
 * is one bm25 per matching clause (a common term such as 合同: ~5k) plus the join. An
 * expression ranked before is answered from the ranking cache instead (ranking-cache.ts:
 * exactly the same results, without FTS5 evaluating it again).
 */
import type Database from "better-sqlite3";
import { PROVENANCE_COLS, provenanceOf, type ClauseItem, type KeywordRequest, type ProvenanceRow, type RegulationMetaFields } from "./types";
import { compileFtsQuery } from "./compile-fts-query";
import { buildFilterSql, regulationPredicate, type FilterSql } from "./build-filter-sql";
import { prepareCached } from "./prepare-cached";
import { ByteLru, stringBytes } from "@/lib/text/byte-lru";
import { cachedHits } from "./ranking-cache";
import { loadRegulationMeta } from "./load-regulation-meta";
import type { RegulationFilters } from "@/lib/store/types";
import { nonIncreasing, scoreOf } from "./rank-tiers";

interface ClauseRow extends RegulationMetaFields, ProvenanceRow {
  id: string;
  fgid: string;
  tid: string;
  ft_num: string;
  content: string;
  bm: number;
}

export function clauseSearchSql(filterSql: string): string {
  return `SELECT c.id, c.fgid, c.tid, c.ft_num, c.content,
      r.fgmc, r.sxx, r.dy, r.xljb_1, r.xljb_2, r.ssrq, r.fbrq, r.fbbm, r.fwzh, ${PROVENANCE_COLS}, clause_fts.rank AS bm
    FROM clause_fts
    JOIN clauses c ON c.cid = clause_fts.rowid
    JOIN regulations r ON r.rid = c.rid
    WHERE clause_fts MATCH ?${filterSql ? ` AND ${filterSql}` : ""}
    ORDER BY clause_fts.rank
    LIMIT ?`;
}

export function toClauseItem(row: ClauseRow, score: number): ClauseItem {
  const ftmc = `${row.fgmc}${row.ft_num}`;
  return {
    id: row.id,
    _score: score,
    ftmc,
    title: ftmc,
    fgid: row.fgid,
    tid: row.tid,
    url: `/zxt/statuteDetail/detailPage/${row.fgid}?text=${row.tid}`,
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

const CLAUSE_BY_CID = `SELECT c.id, c.fgid, c.tid, c.ft_num, c.content,
      r.fgmc, r.sxx, r.dy, r.xljb_1, r.xljb_2, r.ssrq, r.fbrq, r.fbbm, r.fwzh, ${PROVENANCE_COLS}
    FROM clauses c JOIN regulations r ON r.rid = c.rid
    WHERE c.cid = ?`;

type StoredRow = Omit<ClauseRow, "bm">;
const rowCaches = new WeakMap<Database.Database, ByteLru<number, StoredRow>>();
/** Byte budget of the clause-row cache, per index handle (the rows hold whole clause texts). */
export const ROW_CACHE_BYTES = 24 * 1024 * 1024;

function rowBytes(r: StoredRow): number {
  let n = 64;
  for (const v of Object.values(r)) n += typeof v === "string" ? stringBytes(v) : 8;
  return n;
}

/** Clause rows kept per index handle: at most KEYWORD_ROW_CACHE (default 20,000; 0 = off) and ROW_CACHE_BYTES. */
function rowCacheSize(): number {
  const n = Math.floor(Number(process.env.KEYWORD_ROW_CACHE ?? 20_000));
  return Number.isFinite(n) && n >= 0 ? n : 20_000;
}

/**
 * One clause with its regulation's fields, by rowid: from a bounded per-handle cache of the
 * rows hits were recently read for (least recently used dropped), else from SQLite.
 */
function clauseRow(db: Database.Database, cid: number, max: number): StoredRow | undefined {
  if (max === 0) return prepareCached(db, CLAUSE_BY_CID).get(cid) as StoredRow | undefined;
  let cache = rowCaches.get(db);
  if (!cache || cache.maxEntries !== max) rowCaches.set(db, (cache = new ByteLru("keyword.clause-rows", ROW_CACHE_BYTES, (_k, v) => 8 + rowBytes(v), max)));
  const hit = cache.get(cid);
  if (hit) return hit;
  const row = prepareCached(db, CLAUSE_BY_CID).get(cid) as StoredRow | undefined;
  if (row) cache.set(cid, row);
  return row;
}

/**
 * The filters as a regulation-rowid predicate for the ranking cache (null: no filters),
 * memoised per rowid for the request.
 */
function passOf(db: Database.Database, filters: RegulationFilters): ((rid: number) => boolean) | null {
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

/** The `limit` best clauses for one tier expression: from the ranking cache when it can, else FTS5. */
function rankTier(
  db: Database.Database,
  expr: string,
  filter: FilterSql,
  pass: ((rid: number) => boolean) | null,
  limit: number,
): ClauseRow[] {
  const cached = cachedHits(db, expr, pass, limit);
  if (cached) {
    const rows: ClauseRow[] = [];
    const max = rowCacheSize();
    for (const h of cached) {
      const row = clauseRow(db, h.cid, max);
      if (row) rows.push({ ...row, bm: h.bm });
    }
    return rows;
  }
  return prepareCached(db, clauseSearchSql(filter.sql)).all(expr, ...filter.params, limit) as ClauseRow[];
}

export function searchClauses(db: Database.Database, req: KeywordRequest): ClauseItem[] {
  const q = compileFtsQuery(req.parts, req.mode);
  if (!q) return [];
  const filter = buildFilterSql(req.filters);
  const pass = passOf(db, req.filters);
  const exactRows = rankTier(db, q.exact, filter, pass, req.topK);
  const items = exactRows.map((r) => toClauseItem(r, scoreOf(r.bm, true)));
  if (q.expanded && items.length < req.topK) {
    const rest = rankTier(db, `(${q.full}) NOT (${q.exact})`, filter, pass, req.topK - items.length);
    for (const r of rest) items.push(toClauseItem(r, scoreOf(r.bm, false)));
  }
  return nonIncreasing(items);
}
