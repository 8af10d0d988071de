/**
 * FTS5's bm25() over clause_fts, computed without bm25() where that gives the very same doubles
 * for less work (shared by keyword-index.ts and semantic-index.ts; one set of parts per
 * connection).
 *
 * For an expression of one phrase, fts5_aux.c's bm25 is
 *   score = idf · (tf · (k1 + 1)) / (tf + k1 · (1 − b + b · D / avgdl)),  k1 = 1.2, b = 0.75,
 *   idf = log((N − n + 0.5) / (n + 0.5)) (1e-6 when ≤ 0), bm25() = −1 · score,
 * with tf the phrase's instances in the row, D the row's size in tokens (the docsize table),
 * avgdl = total tokens / N (the averages record), n the rows holding the phrase. The same
 * operations in the same order on the same doubles, and the logarithm taken by SQLite's ln()
 * (the C library's log, as FTS5's; JavaScript's Math.log differs in the last bit for ≈1 % of
 * arguments): the very doubles bm25() returns (tested).
 *
 * What bm25() costs beyond matching: for every query a second pass over each phrase (its row
 * count n, FTS5's xQueryPhrase), then per matching row a docsize lookup, and the sort. Here:
 *   - one token (a two-character bigram, a Latin word): its instances from an fts5vocab
 *     'instance' table (temp.clause_fts_instances, per connection; the index is not changed):
 *     its rows, tf per row and n in one pass, ≈0.05 µs an instance;
 *   - an OR of one-token phrases (a concept and its one-token wordings, parts joined by OR): each
 *     phrase's rows and contributions as above, added per row in the expression's order (an AND
 *     of several is left to bm25(): FTS5 skips through the longer lists there);
 *   - a longer phrase is left to bm25(): matching it (its tokens' positions) is most of the cost
 *     there, and the rows' texts re-tokenised cost more than the rest (tried: a phrase of several
 *     bigrams matching ≤ 24 rows, tf counted on the rows' tokens: 1.4 ms against bm25()'s 0.6 ms).
 * Undefined / null when the parts are unavailable (no fts5vocab, no ln(), sizes that do not add
 * up): the caller then asks bm25().
 */
import type Database from "better-sqlite3";
import { kthLargest } from "../text/kth-largest";

/** SQLite's varints (FTS5's averages and docsize records), in order. */
export function varints(b: Uint8Array): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < b.length) {
    let v = 0;
    for (let k = 0; k < 9 && i < b.length; k++) {
      const x = b[i++]!;
      if (k === 8) {
        v = v * 256 + x;
        break;
      }
      v = v * 128 + (x & 0x7f);
      if (!(x & 0x80)) break;
    }
    out.push(v);
  }
  return out;
}

export interface Fts5Bm25 {
  /** A one-token phrase's rows (ascending) and −bm25() of each (> 0). */
  single(token: string): { cid: Int32Array; w: Float64Array };
  /**
   * The `limit` best rows of a one-token phrase expression by bm25() as [rowid, bm25], best first,
   * ties by rowid (what `ORDER BY bm25(clause_fts) LIMIT ?` returns); null for any other
   * expression (the caller asks bm25()).
   */
  rankPhrase(expr: string, limit: number): Array<[number, number]> | null;
}

/** A phrase computed here: one token, a two-character CJK bigram or a Latin word (no prefix, no other characters). */
const ONE_TOKEN = /^"([\u4e00-\u9fa5]{2}|[a-z0-9]+)"$/;

const perDb = new WeakMap<Database.Database, Fts5Bm25 | null>();

/** The parts for a connection (built once: the docsize table, ≈0.6 MB; null when unavailable). */
export function fts5Bm25(db: Database.Database): Fts5Bm25 | null {
  let parts = perDb.get(db);
  if (parts === undefined) {
    try {
      parts = build(db);
    } catch {
      parts = null;
    }
    perDb.set(db, parts);
  }
  return parts;
}

function build(db: Database.Database): Fts5Bm25 | null {
  const avg = db.prepare("SELECT block FROM clause_fts_data WHERE id = 1").pluck().get() as Uint8Array | undefined;
  if (!avg) return null;
  const [nRow, nTok] = varints(avg);
  if (!nRow || nTok === undefined) return null;
  const max = (db.prepare("SELECT max(id) FROM clause_fts_docsize").pluck().get() as number | null) ?? 0;
  const size = new Int32Array(max + 1);
  let rows = 0;
  let total = 0;
  for (const [id, sz] of db.prepare("SELECT id, sz FROM clause_fts_docsize").raw().iterate() as Iterable<[number, Uint8Array]>) {
    const d = varints(sz)[0] ?? 0;
    size[id] = d;
    rows++;
    total += d;
  }
  if (rows !== nRow || total !== nTok) return null;
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.clause_fts_instances USING fts5vocab(main, 'clause_fts', 'instance')");
  const instances = db.prepare("SELECT group_concat(doc) FROM temp.clause_fts_instances WHERE term = ?").pluck();
  const ln = db.prepare("SELECT ln(?)").pluck();
  const avgdl = nTok / nRow;
  const k1 = 1.2;
  const b = 0.75;
  const idfOf = (nHit: number) => {
    const idf = ln.get((nRow - nHit + 0.5) / (nHit + 0.5)) as number;
    return idf <= 0.0 ? 1e-6 : idf;
  };
  // one phrase: the sum over phrases of bm25 has one term (0.0 + x, as fts5_aux.c adds it)
  const score = (idf: number, tf: number, D: number) => 0.0 + idf * ((tf * (k1 + 1.0)) / (tf + k1 * (1 - b + (b * D) / avgdl)));

  function single(token: string): { cid: Int32Array; w: Float64Array } {
    const list = instances.get(token) as string | null;
    if (!list) return { cid: new Int32Array(0), w: new Float64Array(0) };
    // "doc,doc,…" in ascending doc order, one entry per instance: docs and their tf
    const docs: number[] = [];
    const tfs: number[] = [];
    let v = 0;
    for (let i = 0; i <= list.length; i++) {
      const c = i < list.length ? list.charCodeAt(i) : 44;
      if (c !== 44) {
        v = v * 10 + (c - 48);
        continue;
      }
      if (docs.length && docs[docs.length - 1] === v) tfs[tfs.length - 1]!++;
      else {
        docs.push(v);
        tfs.push(1);
      }
      v = 0;
    }
    const nHit = docs.length;
    const idf = idfOf(nHit);
    const cid = Int32Array.from(docs);
    const w = new Float64Array(nHit);
    for (let i = 0; i < nHit; i++) w[i] = -(-1.0 * score(idf, tfs[i]!, size[docs[i]!] ?? 0));
    return { cid, w };
  }

  // per connection, reused by every boolean expression (only the rows a query touched are reset)
  const acc = new Float64Array(size.length);
  const groupOf = new Int32Array(size.length);
  const groupsHit = new Uint16Array(size.length);

  /**
   * A boolean expression of one-token phrases (oneTokenExpression): its rows and bm25() of each.
   * bm25() sums, phrase by phrase in the expression's order, idf · (tf · (k1 + 1)) / (…) over the
   * phrases the row holds (a phrase the row lacks adds 0.0, which changes no double): here each
   * phrase's contribution (`single`) is added to its rows in that order. Under AND a row must hold a
   * phrase of every group; under OR one phrase.
   */
  function rankBoolean(e: { op: "AND" | "OR"; groups: string[][] }): { cid: Int32Array; bm: Float64Array } {
    const touched: number[] = [];
    try {
      e.groups.forEach((group, g) => {
        for (const token of group) {
          const { cid, w } = single(token);
          for (let i = 0; i < cid.length; i++) {
            const c = cid[i]!;
            if (groupOf[c] === 0) touched.push(c);
            acc[c] = acc[c]! + w[i]!;
            if (groupOf[c] !== g + 1) {
              groupOf[c] = g + 1;
              groupsHit[c]!++;
            }
          }
        }
      });
      const need = e.op === "AND" ? e.groups.length : 1;
      const rows = Int32Array.from(touched.filter((c) => groupsHit[c]! >= need)).sort();
      const bm = new Float64Array(rows.length);
      for (let i = 0; i < rows.length; i++) bm[i] = -1.0 * acc[rows[i]!]!;
      return { cid: rows, bm };
    } finally {
      // also when a read failed: the next expression starts from zeros
      for (const c of touched) {
        acc[c] = 0;
        groupOf[c] = 0;
        groupsHit[c] = 0;
      }
    }
  }

  return {
    single,
    rankPhrase(expr, limit) {
      const one = ONE_TOKEN.exec(expr);
      if (one) {
        const { cid, w } = single(one[1]!);
        for (let i = 0; i < w.length; i++) w[i] = -1.0 * w[i]!; // bm25() = −1 · score
        return bestAscending(cid, w, limit);
      }
      const parsed = oneTokenExpression(expr);
      // under AND, FTS5 skips through the longer lists (and counts each phrase's rows faster than its
      // instances are read here): 3–9× faster than this on AND of common bigrams; under OR it reads them all too
      if (!parsed || (parsed.op === "AND" && parsed.groups.length > 1)) return null;
      const { cid, bm } = rankBoolean(parsed);
      return bestAscending(cid, bm, limit);
    },
  };
}

/** Most groups of a boolean expression computed here (Uint16 counts; compiled queries have ≤ 16 parts). */
const MAX_GROUPS = 64;

/**
 * A boolean expression over one-token phrases in the shape the keyword search compiles
 * (compile-fts-query.ts `exact`): groups joined by one operator (all AND or all OR), each group a
 * phrase or a parenthesised OR of phrases (`"违约" AND ("过高" OR "高于")`), every phrase one token
 * (ONE_TOKEN). Null for anything else: a longer phrase, a prefix, NOT, an AND inside a group,
 * mixed operators (left to bm25()).
 */
export function oneTokenExpression(expr: string): { op: "AND" | "OR"; groups: string[][] } | null {
  const parts = expr.match(/"[^"]*"\*?|\(|\)|[A-Z]+|\S/g);
  if (!parts) return null;
  const groups: string[][] = [];
  let op: "AND" | "OR" | null = null;
  let i = 0;
  const phrase = (t: string | undefined) => {
    const m = t === undefined ? null : ONE_TOKEN.exec(t);
    return m ? m[1]! : null;
  };
  while (i < parts.length) {
    if (groups.length > 0) {
      const o = parts[i++];
      if (o !== "AND" && o !== "OR") return null;
      if (op && o !== op) return null;
      op = o;
    }
    const t = parts[i++];
    if (t === "(") {
      const group: string[] = [];
      for (;;) {
        const p = phrase(parts[i++]);
        if (p === null) return null;
        group.push(p);
        const next = parts[i++];
        if (next === ")") break;
        if (next !== "OR") return null;
      }
      groups.push(group);
    } else {
      const p = phrase(t);
      if (p === null) return null;
      groups.push([p]);
    }
    if (groups.length > MAX_GROUPS) return null;
  }
  if (groups.length === 0) return null;
  return { op: op ?? "AND", groups };
}

/**
 * The `limit` entries with the smallest `bm`, ordered by bm then by cid (the rows arrive in
 * ascending cid order), as [cid, bm]: what SQLite's `ORDER BY bm LIMIT ?` returns over rows in
 * rowid order (its sort keeps equal keys in input order). A threshold first (the limit-th
 * smallest value, by selection), so only the kept rows are sorted.
 */
export function bestAscending(cid: ArrayLike<number>, bm: Float64Array, limit: number): Array<[number, number]> {
  const n = bm.length;
  if (limit <= 0 || n === 0) return [];
  let keep: number[];
  if (n <= limit) keep = Array.from({ length: n }, (_v, i) => i);
  else {
    // the limit-th smallest: the (n − limit + 1)-th largest
    const thr = kthLargest(Float64Array.from(bm), n, n - limit + 1);
    keep = [];
    for (let i = 0; i < n; i++) if (bm[i]! < thr) keep.push(i);
    for (let i = 0; i < n && keep.length < limit; i++) if (bm[i] === thr) keep.push(i);
  }
  keep.sort((i, j) => bm[i]! - bm[j]! || i - j);
  return keep.map((i) => [cid[i]!, bm[i]!]);
}

