/**
 * What a post-build step (lib/ingest/build-steps.ts) may read from and write to the freshly
 * written index: typed methods, no SQL, so the steps (the keyword authority, the semantic
 * vectors) stay in their features and a second engine implements this interface beside
 * KeywordIndex. `sqliteBuildTarget` is the SQLite implementation (write-index.ts runs the
 * steps on it; tests build one on a hand-made index).
 */
import type Database from "better-sqlite3";
import { ANCHOR_SCHEMA, AUTHORITY_SCHEMA, SEMANTIC_SCHEMA } from "./schema";
import { bigramDocument } from "../text/bigrams";

/** A clause as the embedding sees it: body, heading path, article label and its regulation's title. */
export interface ClauseForEmbedding {
  cid: number;
  content: string;
  chapter: string;
  ft_num: string;
  fgmc: string;
}

/** The stored parts of an LSA model (lib/search/semantic/lsa.ts). */
export interface StoredLsaModel {
  terms: string[];
  idf: Float32Array;
  projection: Float32Array;
}

export interface BuildTarget {
  /** Every (alias key, family) pair of the name index. */
  aliasFamilies(): Iterable<[string, string]>;
  /** Every regulation as [rid, family, sxx, ssrq]. */
  regulationVersions(): Iterable<[number, string, string, string]>;
  /** Every clause as [cid, rid, ft_num]. */
  clauseArticles(): Iterable<[number, number, string]>;
  /** Every clause's text with its regulation's family. */
  clauseTextsWithFamily(): Iterable<[string, string]>;
  /** Every case's stored record as text (JSON). */
  caseTexts(): Iterable<string>;
  /** The clauses of the current regulations of the given 效力级别 (xljb_1), with their regulation's family: [content, family]. */
  currentClauseTexts(levels: readonly string[]): Iterable<[string, string]>;
  /** Replaces the keyword anchors: [cid of the cited article, source ('text' | 'case'), the citing sentence's words]. */
  writeAnchors(rows: Iterable<[number, string, string]>): void;
  /** Replaces the keyword authority counts: [cid, cited by other texts, cited by cases]. */
  writeClauseAuthority(rows: Iterable<[number, number, number]>): void;
  /** Every clause to embed, in cid order. */
  clausesForEmbedding(): ClauseForEmbedding[];
  /** Empties the semantic tables (a rebuild starts afresh). */
  resetSemantic(): void;
  /** One vector per clause: `vectors` holds cids.length × dims floats. */
  writeClauseVectors(cids: ArrayLike<number>, vectors: Float32Array, dims: number): void;
  writeLsaModel(model: StoredLsaModel): void;
  /** Semantic metadata entries (kind, dims, model, options, version, …), replacing those of the same key. */
  writeSemanticMeta(meta: Record<string, string | number>): void;
}

/** A Float32Array's bytes as stored (no copy). */
export function toBlob(v: Float32Array): Buffer {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
}

export function sqliteBuildTarget(db: Database.Database): BuildTarget {
  return {
    aliasFamilies: () => db.prepare("SELECT alias_key, family FROM reg_aliases").raw().iterate() as Iterable<[string, string]>,
    regulationVersions: () => db.prepare("SELECT rid, family, sxx, ssrq FROM regulations").raw().iterate() as Iterable<[number, string, string, string]>,
    clauseArticles: () => db.prepare("SELECT cid, rid, ft_num FROM clauses").raw().iterate() as Iterable<[number, number, string]>,
    clauseTextsWithFamily: () => db.prepare("SELECT c.content, r.family FROM clauses c JOIN regulations r ON r.rid = c.rid").raw().iterate() as Iterable<[string, string]>,
    caseTexts: () => db.prepare("SELECT data FROM cases").pluck().iterate() as Iterable<string>,
    currentClauseTexts: (levels) =>
      db
        .prepare(`SELECT c.content, r.family FROM clauses c JOIN regulations r ON r.rid = c.rid WHERE r.sxx = '现行有效' AND r.xljb_1 IN (SELECT value FROM json_each(?))`)
        .raw()
        .iterate(JSON.stringify(levels)) as Iterable<[string, string]>,
    writeAnchors(rows) {
      db.exec(ANCHOR_SCHEMA);
      const ins = db.prepare("INSERT INTO keyword_anchors (aid, cid, source, text) VALUES (?, ?, ?, ?)");
      const fts = db.prepare("INSERT INTO anchor_fts (rowid, tokens) VALUES (?, ?)");
      db.transaction(() => {
        let aid = 0;
        for (const [cid, source, text] of rows) {
          ins.run(++aid, cid, source, text);
          fts.run(aid, bigramDocument(text));
        }
      })();
    },
    writeClauseAuthority(rows) {
      db.exec(AUTHORITY_SCHEMA);
      const ins = db.prepare("INSERT INTO keyword_authority (cid, by_texts, by_cases) VALUES (?, ?, ?)");
      db.transaction(() => {
        for (const [cid, texts, cases] of rows) ins.run(cid, texts, cases);
      })();
    },
    clausesForEmbedding: () =>
      db.prepare("SELECT c.cid, c.content, c.chapter, c.ft_num, r.fgmc FROM clauses c JOIN regulations r ON r.rid = c.rid ORDER BY c.cid").all() as ClauseForEmbedding[],
    resetSemantic: () => db.exec(SEMANTIC_SCHEMA),
    writeClauseVectors(cids, vectors, dims) {
      const ins = db.prepare("INSERT INTO clause_vectors (cid, vec) VALUES (?, ?)");
      db.transaction(() => {
        for (let i = 0; i < cids.length; i++) ins.run(cids[i], toBlob(vectors.subarray(i * dims, (i + 1) * dims)));
      })();
    },
    writeLsaModel(model) {
      const ins = db.prepare("INSERT INTO sem_vocab (idx, term, idf) VALUES (?, ?, ?)");
      db.transaction(() => model.terms.forEach((t, i) => ins.run(i, t, model.idf[i])))();
      db.prepare("INSERT INTO sem_blob (name, data) VALUES ('projection', ?)").run(toBlob(model.projection));
    },
    writeSemanticMeta(meta) {
      const ins = db.prepare("INSERT OR REPLACE INTO sem_meta (key, value) VALUES (?, ?)");
      for (const [k, v] of Object.entries(meta)) ins.run(k, String(v));
    },
  };
}
