/**
 * The semantic search's reads (law_vector_search): the `SemanticIndex` part of the read
 * interface (lib/store/index-store.ts) and its SQLite implementation. The search
 * (lib/search/semantic) embeds, scans, fuses and caches; every question it asks the index is
 * one of these typed methods. BM25 expressions are `MatchExpression`s (keyword-index.ts): bigram
 * phrases joined with OR; scores as FTS5's bm25() reports them (smaller = better).
 */
import type Database from "better-sqlite3";
import type { MatchExpression } from "./keyword-index";
import { clauseLayout, type ClauseLayout } from "./clause-layout";
import { fts5Bm25 } from "./fts5-bm25";

/** The semantic operation's regulation filter (fatiao_filter), in the index's field names. */
export interface SemanticRegulationFilter {
  sxx?: string[];
  xljb_1?: string[];
  dy?: string[];
  /** In force on or after: expiry empty or ≥ this date. */
  law_start?: string;
  /** In force by: 施行日期 (else 公布日期) ≤ this date. */
  law_end?: string;
}

/** One clause with its regulation's fields: what a law_vector_search item is built from. */
export interface SemanticItemRow {
  cid: number;
  id: string;
  fgid: string;
  ft_num: string;
  content: string;
  fgmc: string;
  sxx: string;
  xljb_1: string;
  xljb_2: string;
  dy: string;
  location: string;
  fbrq: string;
  ssrq: string;
  expiry: string;
  data_as_of: string;
  sxx_source: string;
  ssrq_source: string;
}

/** The stored LSA model: vocabulary (term, idf) in index order, projection bytes (Float32), training options (JSON). */
export interface StoredLsa {
  vocab: Array<[string, number]>;
  projection: Uint8Array;
  options: string | null;
}

export interface SemanticIndex {
  /** clause row number → regulation row number, for every clause (index = cid). */
  clauseRegulations(): Int32Array;
  /** The `limit` best clauses for `expr` by bm25 (only those of regulations `rids` when given), best first. */
  bm25Clauses(expr: MatchExpression, limit: number, rids: number[] | null): Array<{ cid: number; s: number }>;
  /** Every clause matching one phrase with its bm25 contribution, as [cid, bm25] (any order). */
  phraseBm25(phrase: MatchExpression): Array<[number, number]>;
  /**
   * The same as phraseBm25, as typed arrays: the clauses (ascending) and −bm25 of each (> 0), the
   * very doubles FTS5's bm25() gives. A phrase of one token is computed without bm25(): see
   * singleTokenBm25 below.
   */
  phraseContributions(phrase: MatchExpression): { cid: Int32Array; w: Float64Array };
  /** The full-text regulations passing the filter. */
  fullTextRegulations(filter: SemanticRegulationFilter): number[];
  /** [cid, tid, law-name key, text] of every clause of the laws whose name key is in `lawKeys`. */
  clauseArticlesOfLaws(lawKeys: string[]): Array<[number, string, string, string]>;
  /** [cid, tid, law-name key] of every clause. */
  clauseArticles(): Array<[number, string, string]>;
  /** [rid, law-name key] of every regulation. */
  regulationNameKeys(): Array<[number, string]>;
  /** [rid, 效力级别, 时效性] of every regulation. */
  regulationLevels(): Array<[number, string, string]>;
  /** [cid, rid] of the given clauses. */
  clauseRegulationsOf(cids: number[]): Array<[number, number]>;
  /** The item rows of the given clauses (any order). */
  semanticItems(cids: number[]): SemanticItemRow[];
  /** The semantic build step's metadata (kind, dims, model, options, version, …); null when it never ran. */
  semanticMeta(): Record<string, string> | null;
  /** Every stored clause vector as [cid, rid, Float32 bytes], in cid order. */
  clauseVectors(): Array<[number, number, Uint8Array]>;
  /** The stored LSA model (kind = lsa). */
  lsaModel(): StoredLsa;
  /** Where each clause sits in its document (regulation, position, chapter), built once per index. */
  clauseLayout(): ClauseLayout;
  /** Every keyword anchor (keyword_anchors: [cid of the cited article, the citing sentence's words]) in aid order; [] when the anchors were not built. */
  anchorTexts(): Array<[number, string]>;
}

export function sqliteSemanticIndex(db: Database.Database, clauseRegulations: () => Int32Array): SemanticIndex {
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let s = statements.get(sql);
    if (!s) statements.set(sql, (s = db.prepare(sql)));
    return s;
  };
  // FTS5's bm25() of a one-token phrase without bm25() (fts5-bm25.ts): most semantic phrases are one
  // character bigram, and bm25() costs ≈0.4 µs a row against ≈0.05 µs an instance read from fts5vocab
  const fts = () => fts5Bm25(db) ?? undefined;
  const phraseBm25 = (phrase: MatchExpression) =>
    prepare("SELECT rowid, bm25(clause_fts) FROM clause_fts WHERE clause_fts MATCH ?").raw().all(phrase) as Array<[number, number]>;
  return {
    clauseRegulations,
    phraseContributions(phrase) {
      const single = /^"([^" *]+)"$/.exec(phrase);
      const fast = single ? fts()?.single(single[1]!) : undefined;
      if (fast) return fast;
      const rows = phraseBm25(phrase);
      const cid = new Int32Array(rows.length);
      const w = new Float64Array(rows.length);
      for (let i = 0; i < rows.length; i++) {
        cid[i] = rows[i]![0];
        w[i] = -rows[i]![1];
      }
      return { cid, w };
    },
    bm25Clauses(expr, limit, rids) {
      return (
        rids
          ? prepare(
              `SELECT f.rowid AS cid, bm25(clause_fts) AS s FROM clause_fts f JOIN clauses c ON c.cid = f.rowid
         WHERE clause_fts MATCH ? AND c.rid IN (SELECT value FROM json_each(?)) ORDER BY s LIMIT ?`,
            ).all(expr, JSON.stringify(rids), limit)
          : prepare("SELECT rowid AS cid, bm25(clause_fts) AS s FROM clause_fts WHERE clause_fts MATCH ? ORDER BY s LIMIT ?").all(expr, limit)
      ) as Array<{ cid: number; s: number }>;
    },
    phraseBm25,
    anchorTexts() {
      if (!db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'keyword_anchors'").get()) return [];
      return prepare("SELECT cid, text FROM keyword_anchors ORDER BY aid").raw().all() as Array<[number, string]>;
    },
    fullTextRegulations(f) {
      const where: string[] = ["has_fulltext = 1"];
      const args: string[] = [];
      const inList = (col: string, values: string[] | undefined) => {
        if (!values?.length) return;
        where.push(`${col} IN (${values.map(() => "?").join(",")})`);
        args.push(...values);
      };
      inList("sxx", f.sxx);
      inList("xljb_1", f.xljb_1);
      inList("dy", f.dy);
      if (f.law_start || f.law_end) where.push("(ssrq != '' OR fbrq != '')");
      if (f.law_end) {
        where.push("(CASE WHEN ssrq != '' THEN ssrq ELSE fbrq END) <= ?");
        args.push(f.law_end);
      }
      if (f.law_start) {
        where.push("(expiry = '' OR expiry >= ?)");
        args.push(f.law_start);
      }
      return db.prepare(`SELECT rid FROM regulations WHERE ${where.join(" AND ")}`).pluck().all(...args) as number[];
    },
    clauseArticlesOfLaws(lawKeys) {
      return db
        .prepare(
          `SELECT c.cid, c.tid, r.fgmc_key, c.content FROM clauses c JOIN regulations r ON r.rid = c.rid
       WHERE r.fgmc_key IN (SELECT value FROM json_each(?))`,
        )
        .raw()
        .all(JSON.stringify(lawKeys)) as Array<[number, string, string, string]>;
    },
    clauseArticles() {
      return db.prepare("SELECT c.cid, c.tid, r.fgmc_key AS k FROM clauses c JOIN regulations r ON r.rid = c.rid").raw().all() as Array<[number, string, string]>;
    },
    regulationNameKeys() {
      return db.prepare("SELECT rid, fgmc_key FROM regulations").raw().all() as Array<[number, string]>;
    },
    regulationLevels() {
      return db.prepare("SELECT rid, xljb_1, sxx FROM regulations").raw().all() as Array<[number, string, string]>;
    },
    clauseRegulationsOf(cids) {
      return db.prepare("SELECT cid, rid FROM clauses WHERE cid IN (SELECT value FROM json_each(?))").raw().all(JSON.stringify(cids)) as Array<[number, number]>;
    },
    semanticItems(cids) {
      // the statement prepared once per handle: preparing the join cost about as much as running it for 45 clauses
      return prepare(
        `SELECT c.cid, c.id, c.fgid, c.ft_num, c.content, r.fgmc, r.sxx, r.xljb_1, r.xljb_2, r.dy, r.location, r.fbrq, r.ssrq, r.expiry,
         r.data_as_of, r.sxx_source, r.ssrq_source
       FROM clauses c JOIN regulations r ON r.rid = c.rid WHERE c.cid IN (SELECT value FROM json_each(?))`,
      ).all(JSON.stringify(cids)) as SemanticItemRow[];
    },
    semanticMeta() {
      if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get("sem_meta")) return null;
      return Object.fromEntries((db.prepare("SELECT key, value FROM sem_meta").all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
    },
    clauseVectors() {
      return db.prepare("SELECT v.cid AS cid, c.rid AS rid, v.vec AS vec FROM clause_vectors v JOIN clauses c ON c.cid = v.cid ORDER BY v.cid").raw().all() as Array<[number, number, Uint8Array]>;
    },
    clauseLayout: () => clauseLayout(db),
    lsaModel() {
      return {
        vocab: db.prepare("SELECT term, idf FROM sem_vocab ORDER BY idx").raw().all() as Array<[string, number]>,
        projection: db.prepare("SELECT data FROM sem_blob WHERE name = 'projection'").pluck().get() as Uint8Array,
        options: (db.prepare("SELECT value FROM sem_meta WHERE key = 'options'").pluck().get() as string | undefined) ?? null,
      };
    },
  };
}
