/**
 * The built-in embedding: latent semantic analysis trained on the corpus at ingest time.
 *
 * Each clause is a bag of terms (lib/search/semantic/terms.ts) weighted by sublinear tf × idf,
 * enriched with the terms of its regulation's title and chapter heading (so an article that
 * never says 劳动 still sits near 劳动合同法's other articles), L2-normalised. A randomized
 * truncated SVD of that clause × term matrix gives a term → concept projection P (V × dims,
 * scaled by σ^(sigmaExp−1)); a clause or a question is embedded by folding in: its tf-idf row
 * times P, L2-normalised. Cosine similarity of such vectors is the semantic score.
 */
import { randomizedSvd, rowTimes, type Csr } from "./linalg";
import { semanticTerms } from "./terms";
import type { Tokenized } from "./tokenize-pool";

export interface LsaOptions {
  dims: number;
  /** Terms in fewer documents are dropped. */
  minDf: number;
  /** Weight of the regulation title's terms relative to a body occurrence. */
  titleWeight: number;
  /** Weight of the chapter heading's terms. */
  chapterWeight: number;
  /** Singular-value exponent of the projection (1 = plain UΣ folding-in, 0 = whitened). */
  sigmaExp: number;
  /** Power iterations of the randomized SVD. */
  power: number;
  /** The SVD is fitted on at most this many clauses (an even sample); all are then folded in. */
  svdSample: number;
  seed: number;
}

export const DEFAULT_LSA: LsaOptions = {
  dims: 128,
  minDf: 2,
  titleWeight: 0.5,
  chapterWeight: 0.3,
  sigmaExp: 0.5,
  power: 0,
  svdSample: 60000,
  seed: 20240601,
};

export interface LsaModel {
  dims: number;
  terms: string[];
  idf: Float32Array;
  /** terms.length × dims, row-major. */
  projection: Float32Array;
  options: LsaOptions;
}

export interface LsaDoc {
  body: string;
  title: string;
  chapter: string;
}

/** Trains the model and returns it with the documents' unit vectors (n × dims, row-major). */
export function trainLsa(docs: LsaDoc[], opts: Partial<LsaOptions> = {}, bodyTokens?: Tokenized): { model: LsaModel; vectors: Float32Array } {
  const o: LsaOptions = { ...DEFAULT_LSA, ...opts };
  const ids = new Map<string, number>();
  const idOf = (t: string): number => {
    let id = ids.get(t);
    if (id === undefined) {
      id = ids.size;
      ids.set(t, id);
    }
    return id;
  };
  const cache = new Map<string, Int32Array>();
  const cachedTerms = (s: string): Int32Array => {
    let v = cache.get(s);
    if (!v) {
      v = Int32Array.from(new Set(semanticTerms(s.replace(/中华人民共和国/g, ""))), idOf);
      cache.set(s, v);
    }
    return v;
  };
  const t0 = performance.now();
  const lap = (what: string) => {
    if (process.env.SEMANTIC_DEBUG) console.log(`[lsa] ${what} ${(performance.now() - t0).toFixed(0)} ms`);
  };
  const bodies: Int32Array[] = new Array(docs.length);
  const titles: Int32Array[] = new Array(docs.length);
  const chapters: Int32Array[] = new Array(docs.length);
  // the bodies' terms, tokenised here or already (tokenize-pool.ts: the same terms, on every core)
  // (ids assigned on first use, in the same order as tokenising here: the same model, bit for bit)
  const remap = bodyTokens ? new Int32Array(bodyTokens.vocab.length).fill(-1) : null;
  // the bodies' ids as views of one array (147k small arrays would cost ≈50 MB more)
  const flat = bodyTokens ? new Int32Array(bodyTokens.docs.reduce((a, x) => a + x.length, 0)) : null;
  let at = 0;
  for (let d = 0; d < docs.length; d++) {
    const doc = docs[d]!;
    if (remap) {
      const src = bodyTokens!.docs[d]!;
      const start = at;
      for (let k = 0; k < src.length; k++) {
        const x = src[k]!;
        let id = remap[x]!;
        if (id < 0) id = remap[x] = idOf(bodyTokens!.vocab[x]!);
        flat![at++] = id;
      }
      bodies[d] = flat!.subarray(start, at);
    } else bodies[d] = Int32Array.from(semanticTerms(doc.body), idOf);
    titles[d] = cachedTerms(doc.title);
    chapters[d] = cachedTerms(doc.chapter.replace(/第[一二三四五六七八九十百零〇]+[编章节]/g, " "));
  }
  lap("tokenized");
  // document frequency over the enriched bag
  const df = new Int32Array(ids.size);
  const mark = new Int32Array(ids.size).fill(-1);
  for (let d = 0; d < docs.length; d++) {
    for (const arr of [bodies[d]!, titles[d]!, chapters[d]!]) {
      for (const t of arr) {
        if (mark[t] !== d) {
          mark[t] = d;
          df[t]! += 1;
        }
      }
    }
  }
  const n = docs.length;
  const vocabOf = new Int32Array(ids.size).fill(-1);
  const terms: string[] = [];
  const idfList: number[] = [];
  for (const [term, id] of ids) {
    if (df[id]! >= o.minDf) {
      vocabOf[id] = terms.length;
      terms.push(term);
      idfList.push(Math.log((n + 1) / (df[id]! + 0.5)));
    }
  }
  const idf = Float32Array.from(idfList);
  const V = terms.length;

  // CSR of weighted, normalised rows (typed scratch arrays; the same sums in the same order as
  // counting tf in a Map: body terms by first occurrence, then the title's, then the chapter's)
  let nnz = 0;
  const ptr = new Uint32Array(n + 1);
  let idx = new Uint32Array(1 << 20);
  let val = new Float32Array(1 << 20);
  const w = new Float64Array(V);
  const tf = new Int32Array(V);
  const touched: number[] = [];
  const seen: number[] = [];
  const add = (t: number, x: number) => {
    if (w[t] === 0) touched.push(t);
    w[t] = w[t]! + x;
  };
  for (let d = 0; d < n; d++) {
    touched.length = 0;
    seen.length = 0;
    const body = bodies[d]!;
    for (let k = 0; k < body.length; k++) {
      const t = vocabOf[body[k]!]!;
      if (t < 0) continue;
      if (tf[t] === 0) seen.push(t);
      tf[t]! += 1;
    }
    for (const t of seen) {
      add(t, (1 + Math.log(tf[t]!)) * idf[t]!);
      tf[t] = 0;
    }
    for (const id of titles[d]!) {
      const t = vocabOf[id]!;
      if (t >= 0) add(t, o.titleWeight * idf[t]!);
    }
    for (const id of chapters[d]!) {
      const t = vocabOf[id]!;
      if (t >= 0) add(t, o.chapterWeight * idf[t]!);
    }
    let norm = 0;
    for (const t of touched) norm += w[t]! * w[t]!;
    norm = Math.sqrt(norm) || 1;
    touched.sort((a, b) => a - b);
    if (nnz + touched.length > idx.length) {
      const size = Math.max(idx.length * 2, nnz + touched.length);
      const i2 = new Uint32Array(size);
      i2.set(idx);
      idx = i2;
      const v2 = new Float32Array(size);
      v2.set(val);
      val = v2;
    }
    for (const t of touched) {
      idx[nnz] = t;
      val[nnz++] = w[t]! / norm;
      w[t] = 0;
    }
    ptr[d + 1] = nnz;
  }
  idx = idx.slice(0, nnz);
  val = val.slice(0, nnz);
  const A: Csr = { rows: n, cols: V, ptr, idx, val };
  lap(`matrix nnz=${nnz}`);
  const { V: right, sigma } = randomizedSvd(sampleRows(A, o.svdSample), o.dims, { power: o.power, seed: o.seed });
  lap("svd");
  const dims = sigma.length;
  const projection = new Float32Array(V * dims);
  for (let j = 0; j < dims; j++) {
    const scale = sigma[j]! > 0 ? Math.pow(sigma[j]!, o.sigmaExp - 1) : 0;
    for (let r = 0; r < V; r++) projection[r * dims + j] = right[r * dims + j]! * scale;
  }
  // folding in every clause: its row of A times P (linalg.ts rowTimes: the same sums, in order), normalised
  const vectors = new Float32Array(n * dims);
  const acc = new Float64Array(dims);
  for (let d = 0; d < n; d++) {
    rowTimes(A, d, projection, dims, acc);
    writeUnit(acc, vectors, d * dims);
  }
  return { model: { dims, terms, idf, projection, options: o }, vectors };
}

/** Every (rows/max)-th row of A, or A itself when it is small enough. */
function sampleRows(A: Csr, max: number): Csr {
  if (A.rows <= max) return A;
  const step = A.rows / max;
  const pick: number[] = [];
  for (let i = 0; i < max; i++) pick.push(Math.floor(i * step));
  let nnz = 0;
  for (const r of pick) nnz += A.ptr[r + 1]! - A.ptr[r]!;
  const ptr = new Uint32Array(pick.length + 1);
  const idx = new Uint32Array(nnz);
  const val = new Float32Array(nnz);
  let o = 0;
  pick.forEach((r, i) => {
    const a = A.ptr[r]!;
    const b = A.ptr[r + 1]!;
    idx.set(A.idx.subarray(a, b), o);
    val.set(A.val.subarray(a, b), o);
    o += b - a;
    ptr[i + 1] = o;
  });
  return { rows: pick.length, cols: A.cols, ptr, idx, val };
}

function writeUnit(acc: Float64Array, out: Float32Array, off: number): void {
  let norm = 0;
  for (let j = 0; j < acc.length; j++) norm += acc[j]! * acc[j]!;
  norm = Math.sqrt(norm);
  if (norm === 0) return;
  for (let j = 0; j < acc.length; j++) out[off + j] = acc[j]! / norm;
}

/** A compiled model for request time: term → row lookup. */
export interface LsaEmbedder {
  model: LsaModel;
  index: Map<string, number>;
}

export function compileLsa(model: LsaModel): LsaEmbedder {
  const index = new Map<string, number>();
  model.terms.forEach((t, i) => index.set(t, i));
  return { model, index };
}

/**
 * Embeds a question: sublinear tf × idf over its known terms, folded in through P.
 * Returns null when no term of the text is in the vocabulary.
 */
export function embedLsa(e: LsaEmbedder, text: string, termWeights?: Map<string, number>): Float32Array | null {
  const { model, index } = e;
  const tf = new Map<number, number>();
  for (const term of semanticTerms(text)) {
    const t = index.get(term);
    if (t !== undefined) tf.set(t, (tf.get(t) ?? 0) + 1);
  }
  if (tf.size === 0) return null;
  const acc = new Float64Array(model.dims);
  for (const [t, c] of tf) {
    const wt = (1 + Math.log(c)) * model.idf[t]! * (termWeights?.get(model.terms[t]!) ?? 1);
    const off = t * model.dims;
    for (let j = 0; j < model.dims; j++) acc[j] = acc[j]! + wt * model.projection[off + j]!;
  }
  const out = new Float32Array(model.dims);
  writeUnit(acc, out, 0);
  return out;
}
