/**
 * The keyword searches' reads (rh_ft_search, rh_fg_search, rh_fg_zq_search, facet_counts):
 * the `KeywordIndex` part of the read interface (lib/store/index-store.ts) and its SQLite
 * implementation. The searches (lib/search/keyword) rank, filter in memory and cache; every
 * question they ask the index is one of these typed methods.
 *
 * A `MatchExpression` is what lib/search/keyword/compile-fts-query.ts compiles a keyword to:
 * a boolean expression over character-bigram phrases ("违约" AND ("合同" OR "解除") NOT …,
 * a trailing * for a one-character prefix), written in FTS5's query syntax, matched against
 * the bigram documents of lib/text/bigrams.ts. A second engine implements the same grammar
 * over its own inverted index; scores are bm25 (smaller = better, as FTS5 reports them).
 */
import type Database from "better-sqlite3";
import type { RegulationFilters } from "./types";
import { buildFilterSql } from "./filter-sql";
import { bigramTokens } from "../text/bigrams";
import { fts5Bm25 } from "./fts5-bm25";
import { clauseBm25 } from "./clause-bm25";

/** A keyword expression over bigram phrases (see above). */
export type MatchExpression = string;

/** Every regulation's filterable metadata (rid = the regulation's row number in the index). */
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

/** The provenance columns every search result carries (README "Dates and validity"). */
export interface ProvenanceRow {
  data_as_of: string;
  sxx_source: string;
  ssrq_source: string;
}

/** The owning regulation's fields a hit carries. */
interface HitRegulationFields extends ProvenanceRow {
  fgmc: string;
  fbbm: string;
  fwzh: string;
  xljb_1: string;
  xljb_2: string;
  sxx: string;
  dy: string;
  fbrq: string;
  ssrq: string;
}

/**
 * Every regulation's metadata kept in memory by the searches: the filter fields and the rest of
 * what a clause hit shows of its regulation, so a hit reads only its clause row.
 */
export interface RegulationSummaryRow extends RegulationFacetRow {
  xljb_2: string;
  fwzh: string;
  data_as_of: string;
  sxx_source: string;
  ssrq_source: string;
}

/** A clause's own columns (no regulation fields). */
export interface ClauseRow {
  cid: number;
  id: string;
  fgid: string;
  tid: string;
  ft_num: string;
  content: string;
  chapter: string;
  rid: number;
}

/** One clause with its regulation's fields: what a clause hit is built from. */
export interface ClauseHitRow extends HitRegulationFields {
  id: string;
  fgid: string;
  tid: string;
  ft_num: string;
  content: string;
  chapter: string;
  rid: number;
}

/** One regulation's summary fields: what a regulation hit is built from. */
export interface RegulationHitRow extends HitRegulationFields {
  rid: number;
  fgid: string;
  preamble: string;
  /** bm25 of the match (rankRegulations only). */
  bm?: number;
}

export interface KeywordIndex {
  /** clause row number → regulation row number, for every clause (index = cid). */
  clauseRegulations(): Int32Array;
  /**
   * The `limit` best clauses matching `expr` by bm25, best first, as [cid, bm] pairs; with
   * `filters`, only clauses whose regulation passes them. Ties keep the index's order.
   */
  rankClauses(expr: MatchExpression, limit: number, filters?: RegulationFilters): Array<[number, number]>;
  /** One clause's own columns by cid. */
  clauseRow(cid: number): ClauseRow | undefined;
  /** Several clauses' own columns at once (any order). */
  clauseRows(cids: number[]): ClauseRow[];
  /** Every regulation's metadata (filter fields and what a hit shows). */
  regulationSummaries(): RegulationSummaryRow[];
  /** Number of clauses per regulation (regulations without clauses absent). */
  clauseCounts(): Array<{ rid: number; n: number }>;
  /** Per regulation, how many of its clauses match `expr`. */
  clauseMatchCounts(expr: MatchExpression): Array<{ rid: number; n: number }>;
  /** Up to `limit` clauses matching `expr` (cids, any order, no ranking). */
  clauseMatchIds(expr: MatchExpression, limit: number): number[];
  /** The regulations whose title or text (reg_fts) matches `expr`. */
  regulationMatches(expr: MatchExpression): number[];
  /** The citation counts of the keyword-authority build step: [cid, by other texts, by cases]; [] when not built. */
  clauseAuthority(): Array<[number, number, number]>;
  /**
   * The articles whose anchor text (keyword_anchors, the words of the sentences citing them) matches
   * `expr` within one citing sentence: [cid, number of such sentences], most first, at most `limit`;
   * [] when the anchors were not built.
   */
  anchorMatches(expr: MatchExpression, limit: number): Array<[number, number]>;
  /** Every token (character bigram, as anchor_fts holds them) of the anchor texts: a phrase with a token outside it matches no anchor. Built once per handle; empty when the anchors were not built. */
  anchorTokens(): ReadonlySet<string>;
  /** One regulation's clauses in reading order. */
  clausesOfRegulation(rid: number): ClauseRow[];
  /** The articles that open a chapter or section (the first clause of each distinct chapter path of a regulation): [cid, chapter path]. */
  sectionOpeners(): Array<[number, string]>;
  /** One regulation hit by rid. */
  regulationHit(rid: number): RegulationHitRow | undefined;
  /** The regulations passing `filters`, newest publication first (then rid, descending). */
  regulationsByFilters(filters: RegulationFilters, limit: number): RegulationHitRow[];
  /**
   * The `limit` best regulations whose title or text matches `expr`, passing `filters`, by
   * bm25 with the title weighted `titleWeight` against the text's `bodyWeight`, with `bm` set.
   */
  rankRegulations(expr: MatchExpression, filters: RegulationFilters, limit: number, titleWeight: number, bodyWeight: number): RegulationHitRow[];
  /** The text of the first clause (reading order) of a regulation containing `needle`. */
  firstClauseContaining(rid: number, needle: string): string | undefined;
  /** The text of the first clause (reading order) of a regulation matching `expr`. */
  firstClauseMatching(rid: number, expr: MatchExpression): string | undefined;
}

/* ---------- SQLite ---------- */

/** clause_top's blob (n doubles: the bm25 values, ascending; then n doubles: the rowids) as [rowid, bm] pairs. */
function topPairs(blob: Uint8Array): Array<[number, number]> {
  const n = blob.byteLength / 16;
  const v = new Float64Array(blob.byteOffset % 8 === 0 ? blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength) : Uint8Array.from(blob).buffer);
  const out = new Array<[number, number]>(n);
  for (let i = 0; i < n; i++) out[i] = [v[n + i]!, v[i]!];
  return out;
}

const PROVENANCE_COLS = "r.data_as_of, r.sxx_source, r.ssrq_source";
const HIT_REG_COLS = `r.fgmc, r.sxx, r.dy, r.xljb_1, r.xljb_2, r.ssrq, r.fbrq, r.fbbm, r.fwzh, ${PROVENANCE_COLS}`;
const REG_COLS = `r.rid, r.fgid, r.fgmc, r.fbbm, r.fwzh, r.xljb_1, r.xljb_2, r.sxx, r.dy, r.fbrq, r.ssrq, r.preamble, ${PROVENANCE_COLS}`;

/** The full clause search as one statement (the bench measures it bare). */
export function clauseSearchSql(filterSql: string): string {
  return `SELECT c.id, c.fgid, c.tid, c.ft_num, c.content, ${HIT_REG_COLS}, clause_fts.rank AS bm
    FROM clause_fts
    JOIN clauses c ON c.cid = clause_fts.rowid
    JOIN regulations r ON r.rid = c.rid
    WHERE clause_fts MATCH ?${filterSql ? ` AND ${filterSql}` : ""}
    ORDER BY clause_fts.rank
    LIMIT ?`;
}

/**
 * A hit's clause row: only the clause table (a rowid lookup); its regulation's fields come from
 * the searches' in-memory metadata (regulationSummaries), not from a join, which read the
 * regulation row up to its provenance columns, past the long `blocks` JSON, for every hit.
 */
const CLAUSES_BY_CIDS = `SELECT cid, id, fgid, tid, ft_num, content, chapter, rid FROM clauses WHERE cid IN (SELECT value FROM json_each(?))`;
const CLAUSE_BY_CID = `SELECT cid, id, fgid, tid, ft_num, content, chapter, rid FROM clauses WHERE cid = ?`;

/**
 * Prepared statements per SQL text. The SQL of a search depends only on which filters are
 * present (values are bound), so a handful of shapes cover all traffic and preparing once per
 * shape removes the parse cost from every request.
 */
function statementCache(db: Database.Database): (sql: string) => Database.Statement {
  const m = new Map<string, Database.Statement>();
  return (sql) => {
    let st = m.get(sql);
    if (!st) {
      st = db.prepare(sql);
      if (m.size > 500) m.clear();
      m.set(sql, st);
    }
    return st;
  };
}

export function sqliteKeywordIndex(db: Database.Database): KeywordIndex {
  const prepare = statementCache(db);
  let ridOf: Int32Array | null = null;
  let hasAnchors: boolean | undefined;
  let anchorTokenSet: Set<string> | undefined;
  return {
    clauseRegulations() {
      if (!ridOf) {
        const max = (db.prepare("SELECT max(cid) FROM clauses").pluck().get() as number | null) ?? 0;
        ridOf = new Int32Array(max + 1);
        for (const [cid, rid] of db.prepare("SELECT cid, rid FROM clauses").raw().iterate() as Iterable<[number, number]>) ridOf[cid] = rid;
      }
      return ridOf;
    },
    rankClauses(expr, limit, filters) {
      // bm25() ordered by SQLite, not `ORDER BY rank`: FTS5 serves `ORDER BY rank` by preparing
      // a statement of its own for every query and sorting every match; with bm25() SQLite
      // keeps only the `limit` best while scanning. The same values (rank is bm25 without
      // weights) in the same order, ties in rowid order (both sorts are stable): 0.49 → 0.35 ms
      // per distinct keyword's list of 1,000, 1.7 → 0.9 s over 2,500 filtered rankings.
      // Three ways to the very same list (rows, doubles, order, ties), fastest first:
      //  1. clause_bm25 and clause_top (clause-bm25.ts, native; KEYWORD_NATIVE_BM25=0 turns it off):
      //     bm25's code with the row sizes and phrase counts from memory, the rows that cannot enter
      //     the best `limit` dropped as they come (the gate) and the best kept in C, one blob back;
      //     without filters (KEYWORD_BM25_GATE=0: the SQL sort of every match instead). With filters,
      //     clause_bm25 in the SQL below (the gate would count rows the filters drop).
      //  2. without it, one phrase (a single token, or an OR of them): the same list computed
      //     without bm25() (fts5-bm25.ts), which pays a second pass over the phrase and a docsize
      //     read per row (KEYWORD_FAST_BM25=0: off, for comparisons);
      //  3. bm25() itself.
      // Measured (README "Keyword and facet search"): 级以上 (11,026 rows) bm25() 9.4 ms, clause_bm25
      // 4.3, with the gate and clause_top 2.7; 有关 (38,021) fts5-bm25.ts 15.3, native 8.6 ms.
      const native = clauseBm25(db);
      if (!filters) {
        if (native && process.env.KEYWORD_BM25_GATE !== "0" && limit > 0 && limit <= 1_000_000) {
          // the subquery's LIMIT keeps SQLite from flattening it into the aggregate
          const gated = native.gated(expr);
          const blob = prepare(
            `SELECT clause_top(r, bm, @limit) FROM (SELECT rowid AS r, ${gated} AS bm FROM clause_fts WHERE clause_fts MATCH @expr AND ${gated} IS NOT NULL LIMIT 2147483647)`,
          ).pluck().get({ expr, limit }) as Uint8Array | null;
          return blob ? topPairs(blob) : [];
        }
        if (!native && process.env.KEYWORD_FAST_BM25 !== "0") {
          const fast = fts5Bm25(db)?.rankPhrase(expr, limit);
          if (fast) return fast;
        }
      }
      const bm25 = native ? native.score(expr) : "bm25(clause_fts)";
      if (!filters) return prepare(`SELECT rowid, ${bm25} AS bm FROM clause_fts WHERE clause_fts MATCH ? ORDER BY bm LIMIT ?`).raw().all(expr, limit) as Array<[number, number]>;
      const filter = buildFilterSql(filters);
      const sql = `SELECT c.cid, ${bm25} AS bm FROM clause_fts JOIN clauses c ON c.cid = clause_fts.rowid JOIN regulations r ON r.rid = c.rid
        WHERE clause_fts MATCH ?${filter.sql ? ` AND ${filter.sql}` : ""} ORDER BY bm LIMIT ?`;
      return prepare(sql).raw().all(expr, ...filter.params, limit) as Array<[number, number]>;
    },
    clauseRow(cid) {
      return prepare(CLAUSE_BY_CID).get(cid) as ClauseRow | undefined;
    },
    clauseRows(cids) {
      return prepare(CLAUSES_BY_CIDS).all(JSON.stringify(cids)) as ClauseRow[];
    },
    regulationSummaries() {
      return db
        .prepare("SELECT rid, fgmc, fgmc_key, fbbm, xljb_1, sxx, dy, fbrq, ssrq, is_securities, xljb_2, fwzh, data_as_of, sxx_source, ssrq_source FROM regulations")
        .all() as RegulationSummaryRow[];
    },
    clauseCounts() {
      return db.prepare("SELECT rid, count(*) AS n FROM clauses GROUP BY rid").all() as Array<{ rid: number; n: number }>;
    },
    clauseMatchCounts(expr) {
      return prepare(
        "SELECT c.rid AS rid, count(*) AS n FROM clause_fts JOIN clauses c ON c.cid = clause_fts.rowid WHERE clause_fts MATCH ? GROUP BY c.rid",
      ).all(expr) as Array<{ rid: number; n: number }>;
    },
    clauseMatchIds(expr, limit) {
      return prepare("SELECT rowid FROM clause_fts WHERE clause_fts MATCH ? LIMIT ?").pluck().all(expr, limit) as number[];
    },
    regulationMatches(expr) {
      return prepare("SELECT rowid AS rid FROM reg_fts WHERE reg_fts MATCH ?").pluck().all(expr) as number[];
    },
    anchorMatches(expr, limit) {
      hasAnchors ??= Boolean(db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'anchor_fts'").get());
      if (!hasAnchors) return [];
      return prepare(
        "SELECT a.cid, count(*) AS n FROM anchor_fts JOIN keyword_anchors a ON a.aid = anchor_fts.rowid WHERE anchor_fts MATCH ? GROUP BY a.cid ORDER BY n DESC, a.cid LIMIT ?",
      ).raw().all(expr, limit) as Array<[number, number]>;
    },
    anchorTokens() {
      if (!anchorTokenSet) {
        anchorTokenSet = new Set<string>();
        if (db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'keyword_anchors'").get())
          for (const text of prepare("SELECT text FROM keyword_anchors").pluck().iterate() as Iterable<string>) for (const t of bigramTokens(text)) anchorTokenSet.add(t);
      }
      return anchorTokenSet;
    },
    clauseAuthority() {
      if (!db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'keyword_authority'").get()) return [];
      return db.prepare("SELECT cid, by_texts, by_cases FROM keyword_authority").raw().all() as Array<[number, number, number]>;
    },
    clausesOfRegulation(rid) {
      return prepare("SELECT cid, id, fgid, tid, ft_num, content, chapter, rid FROM clauses WHERE rid = ? ORDER BY ord").all(rid) as ClauseRow[];
    },
    sectionOpeners() {
      // clauses of a regulation are written in reading order, so the smallest cid of a chapter path opens it
      return db.prepare("SELECT min(cid), chapter FROM clauses WHERE chapter <> '' GROUP BY rid, chapter").raw().all() as Array<[number, string]>;
    },
    regulationHit(rid) {
      return prepare(`SELECT ${REG_COLS} FROM regulations r WHERE r.rid = ?`).get(rid) as RegulationHitRow | undefined;
    },
    regulationsByFilters(filters, limit) {
      const filter = buildFilterSql(filters);
      return prepare(
        `SELECT ${REG_COLS} FROM regulations r${filter.sql ? ` WHERE ${filter.sql}` : ""}
    ORDER BY r.fbrq DESC, r.rid DESC LIMIT ?`,
      ).all(...filter.params, limit) as RegulationHitRow[];
    },
    rankRegulations(expr, filters, limit, titleWeight, bodyWeight) {
      const filter = buildFilterSql(filters);
      return prepare(
        // bm25() ordered by SQLite, as in rankClauses: the same values and order as
        // `rank MATCH 'bm25(w…)' … ORDER BY rank` (12,000 rankings compared), ≈12 % less CPU
        `SELECT ${REG_COLS}, bm25(reg_fts, ${Number(titleWeight).toFixed(1)}, ${Number(bodyWeight).toFixed(1)}) AS bm
    FROM reg_fts JOIN regulations r ON r.rid = reg_fts.rowid
    WHERE reg_fts MATCH ?${filter.sql ? ` AND ${filter.sql}` : ""}
    ORDER BY bm
    LIMIT ?`,
      ).all(expr, ...filter.params, limit) as RegulationHitRow[];
    },
    firstClauseContaining(rid, needle) {
      const hit = prepare("SELECT content FROM clauses WHERE rid = ? AND instr(content, ?) > 0 ORDER BY ord LIMIT 1").get(rid, needle) as { content: string } | undefined;
      return hit?.content;
    },
    firstClauseMatching(rid, expr) {
      // the bigram index restricted to the regulation's rowid range (clauses of a regulation are contiguous)
      const range = prepare("SELECT min(cid) AS lo, max(cid) AS hi FROM clauses WHERE rid = ?").get(rid) as { lo: number | null; hi: number | null } | undefined;
      if (!range || range.lo === null || range.hi === null) return undefined;
      const hit = prepare(
        `SELECT c.content FROM clause_fts JOIN clauses c ON c.cid = clause_fts.rowid
     WHERE clause_fts MATCH ? AND clause_fts.rowid BETWEEN ? AND ? AND c.rid = ?
     ORDER BY c.ord LIMIT 1`,
      ).get(expr, range.lo, range.hi, rid) as { content: string } | undefined;
      return hit?.content;
    },
  };
}
