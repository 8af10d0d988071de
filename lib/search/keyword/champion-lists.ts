/**
 * Champion lists for very common search expressions (IR textbook technique: keep, per
 * frequent term, its best-scoring documents).
 *
 * FTS5 ranks a MATCH by computing bm25 for every matching clause: ~1 µs each, so 合同
 * (5k clauses) costs ~6 ms and 应当 (81k of 147k clauses) ~50–100 ms on every request. For
 * an expression matching at least KEYWORD_CHAMPION_MIN_DF clauses (default 2000; 0 turns
 * champion lists off), the first request computes its top KEYWORD_CHAMPION_SIZE (1000) clauses by bm25 once (the cost the request paid
 * anyway) and keeps them in memory (clause rowid, regulation rowid, bm25); later requests
 * take their k hits from that list:
 *   - without filters: the first k champions;
 *   - with filters: the champions whose regulation passes the filters (one SQL query over
 *     their distinct regulations), in order.
 * The result is EXACTLY what the full ranking returns (bm25 of a clause depends only on the
 * clause and global statistics, not on the filters): when fewer than k champions pass the
 * filters, or the k-th one ties the list's last score (an equal score may exist beyond the
 * list), the caller falls back to the full FTS5 ranking. So this is a speed-up, never a
 * change of results.
 *
 * Memory: ≤ 1000 × 16 bytes per common expression, at most MAX_LISTS lists per index handle
 * (oldest dropped); match counts of other expressions are memoised (≤ MAX_COUNTS). Both are
 * keyed by the database handle, so a re-ingested index starts afresh.
 */
import type Database from "better-sqlite3";
import type { FilterSql } from "./build-filter-sql";
import { prepareCached } from "./prepare-cached";

const MAX_LISTS = 256;
const MAX_COUNTS = 20_000;

interface ChampionList {
  cid: Int32Array;
  rid: Int32Array;
  bm: Float64Array;
  /** True when the expression matches more clauses than the list holds. */
  truncated: boolean;
  /** Distinct regulation rowids of the list, as a JSON array (bound once per filtered query). */
  ridsJson: string;
}

interface PerDb {
  counts: Map<string, number>;
  lists: Map<string, ChampionList>;
}

const state = new WeakMap<Database.Database, PerDb>();

/** Match count from which an expression gets a champion list (KEYWORD_CHAMPION_MIN_DF, 0 = never). */
export function championMinDf(): number {
  const raw = process.env.KEYWORD_CHAMPION_MIN_DF;
  const n = Number(raw);
  if (raw === "0") return Infinity;
  return raw && Number.isFinite(n) && n > 0 ? n : 2000;
}

/** Champions kept per expression (KEYWORD_CHAMPION_SIZE, default 1000; ≥ 50, the largest top_k, in practice). */
export function championSize(): number {
  const n = Math.floor(Number(process.env.KEYWORD_CHAMPION_SIZE));
  return Number.isFinite(n) && n > 0 ? n : 1000;
}

export interface RankedClause {
  cid: number;
  bm: number;
}

/**
 * The `limit` best clauses for the FTS5 expression under the filters, best first, from the
 * expression's champion list; null when the expression is not common enough to have one or
 * the list cannot answer exactly (the caller then runs the full ranking).
 */
export function championHits(db: Database.Database, expr: string, filter: FilterSql, limit: number): RankedClause[] | null {
  const list = championList(db, expr);
  if (!list || limit <= 0) return null;
  const n = list.cid.length;
  let pass: Set<number> | null = null;
  if (filter.sql) {
    const rows = prepareCached(
      db,
      `SELECT r.rid FROM regulations r WHERE r.rid IN (SELECT value FROM json_each(?)) AND ${filter.sql}`,
    )
      .pluck()
      .all(list.ridsJson, ...filter.params) as number[];
    pass = new Set(rows);
  }
  const out: RankedClause[] = [];
  for (let i = 0; i < n && out.length < limit; i++) {
    if (pass && !pass.has(list.rid[i]!)) continue;
    out.push({ cid: list.cid[i]!, bm: list.bm[i]! });
  }
  if (list.truncated) {
    if (out.length < limit) return null; // more hits may lie beyond the list
    if (out[out.length - 1]!.bm === list.bm[n - 1]) return null; // a tie at the list's edge
  }
  return out;
}

function perDb(db: Database.Database): PerDb {
  let s = state.get(db);
  if (!s) {
    s = { counts: new Map(), lists: new Map() };
    state.set(db, s);
  }
  return s;
}

function championList(db: Database.Database, expr: string): ChampionList | null {
  const s = perDb(db);
  const hit = s.lists.get(expr);
  if (hit) return hit;
  let df = s.counts.get(expr);
  if (df === undefined) {
    df = prepareCached(db, `SELECT count(*) FROM clause_fts WHERE clause_fts MATCH ?`).pluck().get(expr) as number;
    if (s.counts.size >= MAX_COUNTS) s.counts.delete(s.counts.keys().next().value!);
    s.counts.set(expr, df);
  }
  if (df < championMinDf()) return null;
  const rows = prepareCached(
    db,
    `SELECT clause_fts.rowid AS cid, c.rid AS rid, clause_fts.rank AS bm
       FROM clause_fts JOIN clauses c ON c.cid = clause_fts.rowid
      WHERE clause_fts MATCH ? ORDER BY clause_fts.rank LIMIT ?`,
  )
    .raw()
    .all(expr, championSize()) as Array<[number, number, number]>;
  const list: ChampionList = {
    cid: Int32Array.from(rows, (r) => r[0]),
    rid: Int32Array.from(rows, (r) => r[1]),
    bm: Float64Array.from(rows, (r) => r[2]),
    truncated: df > rows.length,
    ridsJson: JSON.stringify([...new Set(rows.map((r) => r[1]))]),
  };
  if (s.lists.size >= MAX_LISTS) s.lists.delete(s.lists.keys().next().value!);
  s.lists.set(expr, list);
  return list;
}

/** For tests: forget every list and count of a handle. */
export function resetChampionLists(db: Database.Database): void {
  state.delete(db);
}
