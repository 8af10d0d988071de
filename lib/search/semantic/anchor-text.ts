/**
 * Anchor text as a semantic signal (issue 16): the words real legal writing puts around a citation
 * of an article (the keyword search's anchors, lib/search/keyword/anchors.ts: the citing sentences of
 * current 法律 / 行政法规 / 司法解释 articles and of the cases — LeCaRD judgments, guiding cases, 案例
 * write-ups; no STARD question is among them). Each cited article (current version) is one
 * "anchor document": the jieba terms (terms.ts, as the clauses' and the questions') of all its
 * citing sentences. A question is scored against them by Okapi BM25 (k1 1.2, b 0.75) over the
 * question's terms; the best `limit` articles form a candidate list of their own (search.ts), and
 * √(score / best) is the learned ranking's signal `an` (rerank.ts).
 *
 * Built in memory per index handle on first use (≈4.4k sentences, ≈1.8k articles: one jieba pass
 * over ≈0.22M characters), no build step and nothing stored beyond the anchors themselves.
 */
import type { SemanticIndex } from "@/lib/store/semantic-index";
import type { Hit } from "./bm25";
import { semanticTerms } from "./terms";

export const ANCHOR_BM25 = { k1: 1.2, b: 0.75 };

export interface AnchorIndex {
  /** Anchor documents (articles): their cids and lengths in terms. */
  cids: Int32Array;
  len: Float64Array;
  avgLen: number;
  /** term → postings: document positions and term frequencies. */
  postings: Map<string, { doc: Int32Array; tf: Float64Array }>;
}

/** The anchor documents of [cid, text] rows (rows of one cid are one document, in order of first appearance). */
export function buildAnchorIndex(rows: Iterable<[number, string]>): AnchorIndex {
  const docOf = new Map<number, number>();
  const cids: number[] = [];
  const lens: number[] = [];
  const tmp = new Map<string, Map<number, number>>();
  for (const [cid, text] of rows) {
    let d = docOf.get(cid);
    if (d === undefined) {
      docOf.set(cid, (d = cids.length));
      cids.push(cid);
      lens.push(0);
    }
    const terms = semanticTerms(text);
    lens[d] = lens[d]! + terms.length;
    for (const t of terms) {
      let m = tmp.get(t);
      if (!m) tmp.set(t, (m = new Map()));
      m.set(d, (m.get(d) ?? 0) + 1);
    }
  }
  const postings = new Map<string, { doc: Int32Array; tf: Float64Array }>();
  for (const [t, m] of tmp) {
    const doc = Int32Array.from(m.keys());
    const tf = Float64Array.from(m.values());
    postings.set(t, { doc, tf });
  }
  const total = lens.reduce((a, b) => a + b, 0);
  return { cids: Int32Array.from(cids), len: Float64Array.from(lens), avgLen: cids.length ? total / cids.length : 0, postings };
}

const cache = new WeakMap<SemanticIndex, AnchorIndex>();

/** The index's anchor documents, built once per handle (empty when the anchors were not built). */
export function loadAnchorIndex(db: SemanticIndex): AnchorIndex {
  let a = cache.get(db);
  if (!a) cache.set(db, (a = buildAnchorIndex(db.anchorTexts())));
  return a;
}

/**
 * The `limit` best anchor documents for `terms` (a question's terms; repeats count once) by BM25,
 * best first, ties to the lower cid; only articles `admit` accepts when given.
 */
export function anchorSearch(a: AnchorIndex, terms: string[], limit: number, admit?: (cid: number) => boolean): Hit[] {
  const N = a.cids.length;
  if (N === 0 || limit <= 0) return [];
  const { k1, b } = ANCHOR_BM25;
  const acc = new Map<number, number>();
  for (const t of new Set(terms)) {
    const p = a.postings.get(t);
    if (!p) continue;
    const n = p.doc.length;
    const idf = Math.log(1 + (N - n + 0.5) / (n + 0.5));
    for (let i = 0; i < n; i++) {
      const d = p.doc[i]!;
      const tf = p.tf[i]!;
      const s = (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * a.len[d]!) / a.avgLen));
      acc.set(d, (acc.get(d) ?? 0) + s);
    }
  }
  const hits: Hit[] = [];
  for (const [d, s] of acc) {
    const cid = a.cids[d]!;
    if (!admit || admit(cid)) hits.push({ cid, score: s });
  }
  hits.sort((x, y) => y.score - x.score || x.cid - y.cid);
  return hits.slice(0, limit);
}
