/**
 * What the hybrid learns from answered questions (data/semantic/stard-learned.json, built by
 * lib/search/semantic/tools/build-learned.ts from the STARD training split):
 *
 * - **Law prior**: how often each law (by lawNameKey, so every version of it) answers a
 *   question: lawPrior(rid) = ln(1 + c) / ln(1 + c_max) ∈ [0, 1], c = questions citing it.
 *   民法典 answers half of a layperson's questions, 劳动合同法 / 刑法 / 商标法 … follow.
 * - **Question memory** (nearest answered questions): the question is compared with every
 *   stored question (0.5 · sparse tf-idf cosine over terms.ts words + 0.5 · LSA cosine); the
 *   gold articles of the `knn` nearest vote, weighted by similarity^gamma. An article a
 *   question answered is likely to answer a similar one, even with no word in common with it.
 *
 * Both are only used by the hybrid (see search.ts); the gold articles are mapped to clauses of
 * the index like the evaluation does (law name key + article number, every version).
 * Benchmarks never evaluate a model on the questions it was built from: bench/semantic.bench.ts
 * builds one model per fold with `buildLearned` (k-fold cross-validation).
 */
import { createSimdScanner, type SimdScanner } from "./simd-scan";
import type { SemanticIndex } from "@/lib/store/semantic-index";
import { learnedPath, readDataFile } from "@/lib/config";
import { embedLsa, type LsaEmbedder } from "./lsa";
import { semanticTerms } from "./terms";
import type { ClauseLayout } from "@/lib/store/clause-layout";

/** One answered question as stored in the data file: text and gold articles as `lawNameKey#tid`. */
export interface LearnedQuestion {
  q: string;
  gold: string[];
}

export interface LearnedFile {
  source: string;
  questions: LearnedQuestion[];
}

export interface LearnedModel {
  questions: number;
  /** Indexed by rid; 0 for laws no stored question cites. */
  lawPrior: Float32Array;
  /** Similar stored questions' gold clauses (cids) with votes; see `memoryVotes`. */
  memory: QuestionMemory;
  /** Question word → statutory words the answering articles use (see `expandQuestion`). */
  translation: Map<string, { t: string[]; a: Float32Array }>;
  /** Articles answered together (see `coCitedVotes`). */
  cocite: CoCitation;
}

/**
 * Which gold articles the answered questions cite together: article a (its cids, every version) →
 * the articles cited beside it, each with P(b | a) = questions citing both / questions citing a.
 */
interface CoCitation {
  /** cid → article index. */
  articleOf: Map<number, number>;
  /** article index → its cids. */
  cids: number[][];
  /** article index → [co-cited article indexes, P(b | a)]. */
  next: { b: Int32Array; p: Float32Array }[];
}

interface QuestionMemory {
  /** term → postings (question index, weight of the term in that question's unit tf-idf vector). */
  postings: Map<string, { qi: Int32Array; w: Float32Array }>;
  /** questions × dims unit LSA vectors (0 rows when the question has no known term), or null. */
  dense: Float32Array | null;
  dims: number;
  /** Gold clauses of each question: for each gold article, every indexed version's cid. */
  gold: number[][][];
  idf: (t: string) => number;
}

export function readLearnedFile(file = learnedPath()): LearnedFile | null {
  if (process.env.SEMANTIC_LEARNED === "off") return null;
  const text = readDataFile(file);
  return text === null ? null : (JSON.parse(text) as LearnedFile);
}

/** Unknown terms count as rare (like bm25Match). */
const UNKNOWN_IDF = 12;

function unitTfIdf(terms: string[], idf: (t: string) => number): Map<string, number> {
  const tf = new Map<string, number>();
  for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
  const out = new Map<string, number>();
  let n = 0;
  for (const [t, c] of tf) {
    const w = (1 + Math.log(c)) * idf(t);
    out.set(t, w);
    n += w * w;
  }
  n = Math.sqrt(n) || 1;
  for (const [t, w] of out) out.set(t, w / n);
  return out;
}

/** Builds the model for `db` from stored questions (all of the file, or a fold's training part). */
export function buildLearned(db: SemanticIndex, questions: LearnedQuestion[], lsa: LsaEmbedder | null): LearnedModel {
  // gold article key → cids (every version of the law that has the article)
  const keys = new Set<string>();
  for (const q of questions) for (const g of q.gold) keys.add(g);
  const lawKeys = [...new Set([...keys].map((k) => k.slice(0, k.lastIndexOf("#"))))];
  const rows = db.clauseArticlesOfLaws(lawKeys);
  const cidsOf = new Map<string, number[]>();
  const textOf = new Map<string, string>();
  for (const [cid, tid, k, content] of rows) {
    const key = `${k}#${tid}`;
    if (!keys.has(key)) continue;
    const list = cidsOf.get(key);
    if (list) list.push(cid);
    else cidsOf.set(key, [cid]);
    textOf.set(key, content);
  }

  // law prior
  const count = new Map<string, number>();
  for (const q of questions) for (const law of new Set(q.gold.map((g) => g.slice(0, g.lastIndexOf("#"))))) count.set(law, (count.get(law) ?? 0) + 1);
  const maxc = Math.max(1, ...count.values());
  const regs = db.regulationNameKeys();
  const lawPrior = new Float32Array(regs.reduce((m, r) => Math.max(m, r[0]), 0) + 1);
  for (const [rid, k] of regs) lawPrior[rid] = Math.log(1 + (count.get(k) ?? 0)) / Math.log(1 + maxc);

  // question memory
  const idf = (t: string): number => {
    const i = lsa?.index.get(t);
    return i === undefined ? UNKNOWN_IDF : lsa!.model.idf[i]!;
  };
  const lists = new Map<string, { qi: number[]; w: number[] }>();
  const dims = lsa?.model.dims ?? 0;
  const dense = lsa ? new Float32Array(questions.length * dims) : null;
  questions.forEach((q, i) => {
    for (const [t, w] of unitTfIdf(semanticTerms(q.q), idf)) {
      let l = lists.get(t);
      if (!l) lists.set(t, (l = { qi: [], w: [] }));
      l.qi.push(i);
      l.w.push(w);
    }
    if (lsa && dense) {
      const v = embedLsa(lsa, q.q);
      if (v) dense.set(v, i * dims);
    }
  });
  const postings = new Map<string, { qi: Int32Array; w: Float32Array }>();
  for (const [t, l] of lists) postings.set(t, { qi: Int32Array.from(l.qi), w: Float32Array.from(l.w) });
  const gold = questions.map((q) => q.gold.map((g) => cidsOf.get(g) ?? []).filter((c) => c.length > 0));
  const translation = buildTranslation(questions, textOf, lsa);
  return { questions: questions.length, lawPrior, memory: { postings, dense, dims, gold, idf }, translation, cocite: buildCoCitation(gold) };
}

function buildCoCitation(gold: number[][][]): CoCitation {
  const articleOf = new Map<number, number>();
  const cids: number[][] = [];
  const ids = gold.map((g) =>
    g.map((v) => {
      let a = articleOf.get(v[0]!);
      if (a === undefined) {
        a = cids.length;
        cids.push(v);
        for (const c of v) articleOf.set(c, a);
      }
      return a;
    }),
  );
  const n = new Float64Array(cids.length);
  const pair = cids.map(() => new Map<number, number>());
  for (const g of ids) {
    const u = [...new Set(g)];
    for (const a of u) {
      n[a] = n[a]! + 1;
      for (const b of u) if (b !== a) pair[a]!.set(b, (pair[a]!.get(b) ?? 0) + 1);
    }
  }
  const next = pair.map((m, a) => {
    const e = [...m].sort((x, y) => y[1] - x[1] || x[0] - y[0]);
    return { b: Int32Array.from(e, (x) => x[0]), p: Float32Array.from(e, (x) => x[1] / n[a]!) };
  });
  return { articleOf, cids, next };
}

/**
 * One hop beyond the memory: the articles answered questions cite beside the ones the memory votes
 * for (`votes`: cid → vote), each with Σ_a vote(a) · P(b | a) over the voted articles a (each article
 * once, its best version's vote); every version of b gets it. Articles already voted are left out.
 */
export function coCitedVotes(m: LearnedModel, votes: Map<number, number>): Map<number, number> {
  const cc = m.cocite;
  const byArticle = new Map<number, number>();
  for (const [c, v] of votes) {
    const a = cc.articleOf.get(c);
    if (a !== undefined && v > (byArticle.get(a) ?? 0)) byArticle.set(a, v);
  }
  const acc = new Map<number, number>();
  for (const [a, v] of byArticle) {
    const { b, p } = cc.next[a]!;
    for (let i = 0; i < b.length; i++) if (!byArticle.has(b[i]!)) acc.set(b[i]!, (acc.get(b[i]!) ?? 0) + v * p[i]!);
  }
  const out = new Map<number, number>();
  for (const [a, v] of acc) for (const c of cc.cids[a]!) out.set(c, v);
  return out;
}

export interface MemoryOptions {
  /** Nearest stored questions that vote. */
  knn: number;
  /** Votes are similarity^gamma. */
  gamma: number;
  /** "sum": votes / total vote weight (a share, ≤ 1); "max": votes / the best article's votes. */
  norm: "sum" | "max";
}

/**
 * Votes of the stored questions nearest to `text` (question vector `qv` when the LSA model is
 * available): cid → vote ∈ [0, 1]. Every version of a voted article gets its vote.
 */
export function memoryVotes(m: LearnedModel, text: string, qv: Float32Array | null, opts: MemoryOptions): Map<number, number> {
  return votesFrom(m, memorySimilarities(m, text, qv), opts);
}

const denseScanners = new WeakMap<Float32Array, { scanner: SimdScanner; rows: Int32Array } | null>();

/** The stored questions' vectors in a SIMD module of their own (once per model; null without SIMD or for dims not a multiple of 4). */
function denseScanner(dense: Float32Array, n: number, dims: number): { scanner: SimdScanner; rows: Int32Array } | null {
  if (denseScanners.has(dense)) return denseScanners.get(dense)!;
  const scanner = createSimdScanner(n, dims);
  let out: { scanner: SimdScanner; rows: Int32Array } | null = null;
  if (scanner) {
    scanner.vectors.set(dense.subarray(0, n * dims));
    out = { scanner, rows: Int32Array.from({ length: n }, (_, i) => i) };
  }
  denseScanners.set(dense, out);
  return out;
}

/** Similarity of `text` to every stored question (see memoryVotes); compute once, vote several ways. */
export function memorySimilarities(m: LearnedModel, text: string, qv: Float32Array | null): Float32Array {
  const mem = m.memory;
  const n = m.questions;
  const sim = new Float32Array(n);
  if (n === 0) return sim;
  for (const [t, w] of unitTfIdf(semanticTerms(text), mem.idf)) {
    const p = mem.postings.get(t);
    if (!p) continue;
    for (let i = 0; i < p.qi.length; i++) sim[p.qi[i]!] = sim[p.qi[i]!]! + 0.5 * w * p.w[i]!;
  }
  if (qv && mem.dense && qv.length === mem.dims) {
    const d = mem.dims;
    const dense = mem.dense;
    const simd = denseScanner(dense, n, d);
    if (simd) {
      // the same sums in the SIMD module (simd-scan.ts cosineRows: each row's chain of f64 additions in order of j)
      const sums = simd.scanner.cosineRows(qv, simd.rows, n);
      for (let i = 0; i < n; i++) sim[i] = sim[i]! + 0.5 * sums[i]!;
      return sim;
    }
    // four stored questions at a time: each dot product the same chain of additions (the same doubles)
    let i = 0;
    for (; i + 4 <= n; i += 4) {
      let s0 = 0, s1 = 0, s2 = 0, s3 = 0; // prettier-ignore
      const o0 = i * d, o1 = o0 + d, o2 = o1 + d, o3 = o2 + d; // prettier-ignore
      for (let j = 0; j < d; j++) {
        const x = qv[j]!;
        s0 += dense[o0 + j]! * x;
        s1 += dense[o1 + j]! * x;
        s2 += dense[o2 + j]! * x;
        s3 += dense[o3 + j]! * x;
      }
      sim[i] = sim[i]! + 0.5 * s0;
      sim[i + 1] = sim[i + 1]! + 0.5 * s1;
      sim[i + 2] = sim[i + 2]! + 0.5 * s2;
      sim[i + 3] = sim[i + 3]! + 0.5 * s3;
    }
    for (; i < n; i++) {
      let s = 0;
      const off = i * d;
      for (let j = 0; j < d; j++) s += dense[off + j]! * qv[j]!;
      sim[i] = sim[i]! + 0.5 * s;
    }
  }
  return sim;
}

/**
 * The `k` stored questions most similar to the question (similarity > 0 only), best first, ties
 * to the lower index: the first `k` of every question with sim > 0 sorted by (sim desc, index asc),
 * found by insertion into a list of `k` instead of sorting them all.
 */
export function nearestQuestions(sim: Float32Array, k: number): number[] {
  const out: number[] = [];
  if (k <= 0) return out;
  for (let i = 0; i < sim.length; i++) {
    const v = sim[i]!;
    if (!(v > 0)) continue;
    // i is the highest index so far: it goes after every kept question with the same or a higher similarity
    if (out.length === k && !(v > sim[out[k - 1]!]!)) continue;
    let p = out.length < k ? out.length : k - 1;
    if (out.length < k) out.push(i);
    while (p > 0 && v > sim[out[p - 1]!]!) {
      out[p] = out[p - 1]!;
      p--;
    }
    out[p] = i;
  }
  return out;
}

/** The votes of the `opts.knn` most similar stored questions (see memoryVotes). */
export function votesFrom(m: LearnedModel, sim: Float32Array, opts: MemoryOptions): Map<number, number> {
  const mem = m.memory;
  const n = m.questions;
  const out = new Map<number, number>();
  if (n === 0) return out;
  const order = nearestQuestions(sim, opts.knn);
  const votes = new Map<number[], number>();
  let total = 0;
  for (const i of order) {
    const v = Math.pow(sim[i]!, opts.gamma);
    total += v;
    for (const g of mem.gold[i]!) votes.set(g, (votes.get(g) ?? 0) + v);
  }
  let div = total;
  if (opts.norm === "max") div = Math.max(0, ...votes.values());
  if (!(div > 0)) return out;
  for (const [cids, v] of votes) for (const c of cids) out.set(c, Math.max(out.get(c) ?? 0, v / div));
  return out;
}

const cache = new WeakMap<SemanticIndex, LearnedModel | null>();

/** The model from the shipped data file for `db` (null when absent or SEMANTIC_LEARNED=off). */
export function loadLearned(db: SemanticIndex, lsa: LsaEmbedder | null): LearnedModel | null {
  if (cache.has(db)) return cache.get(db)!;
  const file = readLearnedFile();
  const m = file ? buildLearned(db, file.questions, lsa) : null;
  cache.set(db, m);
  return m;
}

export const TRANSLATION = {
  /** A (question word, statutory word) pair must co-occur in at least this many answered questions. */
  minPair: 2,
  /** Associated statutory words kept per question word. */
  perWord: 24,
  /** Expansion words a question gets at most. */
  maxTerms: 32,
};

/**
 * A translation table from the answered questions: for a question word w and a word t of the
 * articles answering it, P(t | w) = (questions with w whose answers contain t) / (questions with w),
 * against t's share of all clauses p(t) (from the LSA idf); association a(w, t) = P(t | w) ·
 * ln(P(t | w) / p(t)), kept when positive and seen in ≥ minPair questions. It carries over to
 * articles no question cited: 房东 → 出租人, 租赁; 工伤 → 职工, 伤残 … apply to every article with those words.
 */
function buildTranslation(questions: LearnedQuestion[], textOf: Map<string, string>, lsa: LsaEmbedder | null): Map<string, { t: string[]; a: Float32Array }> {
  const out = new Map<string, { t: string[]; a: Float32Array }>();
  if (!lsa) return out;
  // clauses: idf = ln((N + 1) / (df + 0.5)) and the rarest kept term has df = 2
  const N = 2.5 * Math.exp(lsa.model.idf.reduce((m, x) => Math.max(m, x), 0)) - 1;
  const termsOf = new Map<string, Set<string>>();
  const articleTerms = (k: string): Set<string> => {
    let s = termsOf.get(k);
    if (!s) {
      s = new Set(semanticTerms(textOf.get(k) ?? "").filter((t) => lsa.index.has(t)));
      termsOf.set(k, s);
    }
    return s;
  };
  const nW = new Map<string, number>();
  const nWT = new Map<string, Map<string, number>>();
  for (const q of questions) {
    const A = new Set<string>();
    for (const g of q.gold) for (const t of articleTerms(g)) A.add(t);
    if (A.size === 0) continue;
    for (const w of new Set(semanticTerms(q.q))) {
      nW.set(w, (nW.get(w) ?? 0) + 1);
      let m = nWT.get(w);
      if (!m) nWT.set(w, (m = new Map()));
      for (const t of A) m.set(t, (m.get(t) ?? 0) + 1);
    }
  }
  for (const [w, m] of nWT) {
    const n = nW.get(w)!;
    const pairs: [string, number][] = [];
    for (const [t, c] of m) {
      if (c < TRANSLATION.minPair) continue;
      const p = c / n;
      const df = Math.max(1, (N + 1) / Math.exp(lsa.model.idf[lsa.index.get(t)!]!) - 0.5);
      const lift = p / (df / N);
      if (lift > 1) pairs.push([t, p * Math.log(lift)]);
    }
    if (!pairs.length) continue;
    pairs.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const kept = pairs.slice(0, TRANSLATION.perWord);
    out.set(w, { t: kept.map((x) => x[0]), a: Float32Array.from(kept.map((x) => x[1])) });
  }
  return out;
}

const vocabularyCache = new WeakMap<LearnedModel, string[]>();

/**
 * Every statutory word the translation table can put in a question's expansion (`expandQuestion`),
 * the words most question words lead to first (ties: code point order); once per model. Warm-up pins
 * their BM25 phrase lists (bm25.ts pinPhrases), so no question computes them.
 */
export function expansionVocabulary(m: LearnedModel): string[] {
  let v = vocabularyCache.get(m);
  if (v) return v;
  const uses = new Map<string, number>();
  for (const e of m.translation.values()) for (const t of e.t) uses.set(t, (uses.get(t) ?? 0) + 1);
  v = [...uses].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([t]) => t);
  vocabularyCache.set(m, v);
  return v;
}

const questionWordsCache = new WeakMap<LearnedModel, Map<number, string[]>>();

/**
 * The words at least `minQuestions` of the answered questions use (their jieba words, as the memory
 * indexes them), the most used first (ties: code point order); once per model and threshold.
 * Laypeople's recurring words (工资, 离婚, 房东 …): warm-up pins their BM25 phrase lists too (bm25.ts
 * pinPhrases), so a new question with such a word does not compute its list. ≈370 words beyond the
 * expansion vocabulary (≈0.2M clause entries) with idf ≥ 2.
 */
export function questionVocabulary(m: LearnedModel, minQuestions = 2): string[] {
  let byMin = questionWordsCache.get(m);
  if (!byMin) questionWordsCache.set(m, (byMin = new Map()));
  let v = byMin.get(minQuestions);
  if (v) return v;
  v = [...m.memory.postings]
    .filter(([, p]) => p.qi.length >= minQuestions)
    .sort((a, b) => b[1].qi.length - a[1].qi.length || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([t]) => t);
  byMin.set(minQuestions, v);
  return v;
}

/** Statutory words for a question through the translation table: word → weight (the best 1). */
export function expandQuestion(m: LearnedModel, text: string): Map<string, number> {
  const acc = new Map<string, number>();
  const words = [...new Set(semanticTerms(text))];
  for (const w of words) {
    const e = m.translation.get(w);
    if (!e) continue;
    for (let i = 0; i < e.t.length; i++) acc.set(e.t[i]!, (acc.get(e.t[i]!) ?? 0) + e.a[i]!);
  }
  const top = [...acc].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, TRANSLATION.maxTerms);
  const best = top[0]?.[1] ?? 1;
  return new Map(top.map(([t, v]) => [t, v / best]));
}

/**
 * Articles next to the ones the memory votes for: the clauses within `span` positions of a voted
 * clause in the same regulation and chapter, each with the voter's vote / (1 + distance) (the best
 * over voters). Answered questions cite an article; a similar question often needs its neighbour
 * (the next article of the same section states the exception, the procedure, the liability), which
 * no question may ever have cited.
 */
export function neighbourVotes(layout: ClauseLayout, votes: Map<number, number>, span = 5, minVote = 0.05): Map<number, number> {
  const out = new Map<number, number>();
  for (const [c, v] of votes) {
    if (v < minVote || c >= layout.chapter.length) continue;
    const members = layout.members[layout.chapter[c]!]!;
    const o = layout.ord[c]!;
    for (const m of members) {
      if (m === c) continue;
      const d = Math.abs(layout.ord[m]! - o);
      if (d > span) continue;
      const x = v / (1 + d);
      if (x > (out.get(m) ?? 0)) out.set(m, x);
    }
  }
  return out;
}
