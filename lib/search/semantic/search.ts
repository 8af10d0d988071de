/**
 * law_vector_search: hybrid semantic clause search.
 *
 *   question ─(rewrite_flag: thesaurus)→ text ─┬─ vector: embed (LSA or provider) → exact cosine scan → top 400
 *                                              └─ BM25: FTS5 over the text's terms → top 400
 *                                              └─ memory: nearest answered questions' articles (learned.ts)
 *                                              └─ anchors: BM25 over the words legal writing cites each article with (anchor-text.ts) → top 100
 *                                              └─ (learned) translation, in-law BM25 and cosine lists, the memory's and the lexical hits'
 *                                                 chapter neighbours, the articles cited beside the memory's (learned.ts)
 *   → score fusion over the union of the lists + regulation and law priors → top `return_num` (≤ 100)
 *
 * With the learned parts and the shipped weights (rerank.ts RERANK_WEIGHTS, plus the trees of
 * rerank-trees.ts for the best 300), the learned ranking orders every candidate from the signals below and more; the hand-made fusion that follows is what
 * orders them otherwise (no weights; the benchmarks' reference).
 *
 * Fusion (weights tuned on STARD; the learned parts evaluated by 5-fold cross-validation;
 * rank fusion (RRF) was measured and lost):
 *   base(c) = (bm25(c) / bm25_best)^0.5 + 0.2 · cos(q, c) + 0.4 · prior(c)
 *   head(c) = base(c) + 0.2 · law(c) + 0.3 · memory_share(c)
 *   tail(c) = base(c) + 0.4 · law(c) + 4 · memory_max(c)
 * The first 30 results are the best by head(c), the rest the best remaining by tail(c): the
 * tail trusts the question memory (learned.ts) far more, which lifts recall@100 without
 * disturbing the top. law(c) is the learned law prior, memory_* the votes of the nearest
 * answered questions (10 nearest, similarity³, share of the votes; resp. 50 nearest, max-scaled).
 * bm25 is 0 for a clause only the vector list or the memory found; cos is computed exactly for
 * every candidate (also the BM25-only ones), so the vectors also re-rank BM25's candidates. prior(c) ∈ [0, 1] favours what a layperson's
 * question is usually about when no filter says otherwise: national law (宪法/法律/司法解释 1,
 * 行政法规 0.5, others 0) and the version in force (现行有效), averaged. The reported `score`
 * is head(c) divided by its largest possible value (2.1; 1.6 without the learned parts),
 * clamped to [0, 1] and kept non-increasing down the list (the learned ranking's: the logistic
 * function of its score minus RERANK_OFFSET).
 *
 * When the index's vectors come from an embeddings server that is not configured, down or
 * slow (EMBEDDINGS_TIMEOUT_MS), the search runs BM25-only and says so (`degraded`).
 */
import { scrubHostDetails } from "@/lib/text/scrub-host";
import { LruMap } from "@/lib/text/lru-map";
import type { SemanticIndex, SemanticItemRow } from "@/lib/store/semantic-index";
import type { ClauseLayout } from "@/lib/store/clause-layout";
import { bm25Search, bm25Weighted, type Hit } from "./bm25";
import { allowedRids, type ClauseFilter } from "./filters";
import { coCitedVotes, expandQuestion, loadLearned, memorySimilarities, neighbourVotes, votesFrom, type LearnedModel, type MemoryOptions } from "./learned";
import { embedLsa } from "./lsa";
import { EmbeddingsError, embedRemote, providerFromEnv } from "./provider";
import { rewriteQuery } from "./rewrite";
import { semanticTerms } from "./terms";
import { articlePopularity, emptyColumns, nearestDetail, RERANK_OFFSET, RERANK_WEIGHTS, scoreCandidates, scoreColumns, signalsOf, type CandidateSignals, type SignalColumns } from "./rerank";
import { loadVectorIndex, scanTopKQueued, type VectorIndex } from "./vector-index";
import { bestPositions } from "./top-by-score";
import { anchorSearch, loadAnchorIndex } from "./anchor-text";
import type { BoostModel } from "./boost";
import { RERANK_TREES } from "./rerank-trees";

/** The most results one request can retrieve (return_num is capped by what was retrieved). */
export const MAX_RESULTS = 100;
export const DEFAULT_RETURN_NUM = 45;

export const FUSION = {
  /** Candidates taken from each list. */
  candidates: 400,
  /** BM25 relative to the best match, raised to this power (flattens BM25's long tail). */
  bm25Exp: 0.5,
  /** Weight of the cosine similarity. */
  wVector: 0.2,
  /** Weight of the regulation prior. */
  wPrior: 0.4,
  /** BM25 queries at most this many question words, the rarest first (bounds the cost of long questions). */
  bm25Terms: 16,
  /** ... and none whose idf is below this (see bm25.ts); 0 keeps all. */
  bm25MinIdf: 2,
  /** Learned (learned.ts): weight of the law prior and of the question-memory votes in the head ranking. */
  wLaw: 0.2,
  wMemory: 0.3,
  memory: { knn: 10, gamma: 3, norm: "sum" } as MemoryOptions,
  /** Hand-made fusion (no learned weights): the first `head` results come from the head ranking; the rest from the tail ranking, which trusts the memory more. */
  head: 30,
  tailLaw: 0.4,
  tailMemory: 4,
  tailMemoryOpts: { knn: 50, gamma: 1, norm: "max" } as MemoryOptions,
  /** Learned query expansion (learned.ts expandQuestion): its own BM25 list joins the candidates. */
  wTranslation: 0.3,
  tailTranslation: 0.3,
  /** The question's own words in the expanded query, relative to the best expansion word. */
  translationSelf: 0.5,
  /** Neighbours of the memory's articles (learned.ts neighbourVotes): same chapter, within `neighbourSpan` articles. */
  wNeighbour: 0.3,
  tailNeighbour: 3,
  neighbourSpan: 5,
  /** In-law list: the expanded query's BM25 within the `inLawLaws` regulations the memory votes for most (top `inLawDepth`). */
  inLawLaws: 3,
  inLawDepth: 100,
  wInLaw: 0.4,
  tailInLaw: 0.5,
  /** Anchor list (anchor-text.ts): the question's BM25 over the words legal writing puts around a citation of each article; its best `anchorDepth` join the candidates (SEMANTIC_ANCHORS=off: none). */
  anchorDepth: 100,
  /** In-law vector list: the best `inLawVecDepth` clauses by cosine within the `inLawLaws` regulations the memory votes for most (0: none). */
  inLawVecDepth: 100,
  /** Chapter neighbours (within `prfSpan` articles) of the best `prfSeeds` hits of the BM25, translation and anchor lists (0: none). */
  prfSeeds: 10,
  prfSpan: 3,
  /** Co-cited list (learned.ts coCitedVotes): the articles answered questions cite beside the memory's join the candidates. */
  coCited: true,
};

const regulationClauses = new WeakMap<ClauseLayout, { start: Int32Array; cids: Int32Array }>();

/** Each regulation's clauses from the layout (once per layout): cids[start[rid] .. start[rid + 1]). */
function clausesByRegulation(layout: ClauseLayout): { start: Int32Array; cids: Int32Array } {
  let r = regulationClauses.get(layout);
  if (r) return r;
  const { rid } = layout;
  let max = 0;
  for (let c = 0; c < rid.length; c++) max = Math.max(max, rid[c]!);
  const start = new Int32Array(max + 2);
  for (let c = 1; c < rid.length; c++) if (rid[c]! > 0) start[rid[c]! + 1]!++;
  for (let x = 0; x <= max; x++) start[x + 1] = start[x + 1]! + start[x]!;
  const fill = start.slice(0, max + 1);
  const cids = new Int32Array(start[max + 1]!);
  for (let c = 1; c < rid.length; c++) if (rid[c]! > 0) cids[fill[rid[c]!]!++] = c;
  r = { start, cids };
  regulationClauses.set(layout, r);
  return r;
}

/** Whether the anchor list runs (SEMANTIC_ANCHORS=off turns it off, for comparisons). */
export function anchorsOn(): boolean {
  return process.env.SEMANTIC_ANCHORS !== "off";
}

/** idf of a term from the LSA vocabulary (undefined for unknown terms or a provider index). */
function idfLookup(vi: VectorIndex | null): ((t: string) => number | undefined) | undefined {
  const lsa = vi?.lsa;
  if (!lsa) return undefined;
  return (t) => {
    const i = lsa.index.get(t);
    return i === undefined ? undefined : lsa.model.idf[i];
  };
}

export type SearchMode = "hybrid" | "bm25" | "vector";

export interface SemanticRequest {
  query: string;
  rewrite: boolean;
  filter: ClauseFilter;
  /** Already resolved: 1..MAX_RESULTS. */
  returnNum: number;
  mode?: SearchMode;
}

export interface FatiaoItem {
  ftid: string;
  fgid: string;
  fgtitle: string;
  num: string;
  content: string;
  type: number;
  sxx: string;
  effect1: string;
  effect2: string;
  dy: string;
  location: string;
  start: number;
  end: number;
  score: number;
  tag: string[];
  /** Documented extra fields: see ProvenanceFields (lib/search/keyword/types.ts). */
  data_as_of: string;
  validity_source: string;
  implement_date_source: string;
}

export interface SemanticResult {
  items: FatiaoItem[];
  /** The rewritten query (rewrite on), else null. */
  rewritten: string | null;
  /** What actually ran. */
  mode: SearchMode;
  /** Why the vector half did not run, or "". */
  degraded: string;
  /** Candidates retrieved before return_num was applied (≤ MAX_RESULTS). */
  retrieved: number;
}

export interface Ranked {
  cid: number;
  score: number;
}

const priorCache = new WeakMap<SemanticIndex, Float32Array>();

/** Regulation prior by rid (see the module comment). */
export function regulationPrior(db: SemanticIndex): Float32Array {
  let p = priorCache.get(db);
  if (p) return p;
  const rows = db.regulationLevels();
  const max = rows.reduce((m, r) => Math.max(m, r[0]), 0);
  p = new Float32Array(max + 1);
  for (const [rid, level, sxx] of rows) {
    const lv = level === "法律" || level === "宪法" || level === "司法解释" ? 1 : level === "行政法规" ? 0.5 : 0;
    p[rid] = (lv + (sxx === "现行有效" ? 1 : 0)) / 2;
  }
  priorCache.set(db, p);
  return p;
}

/**
 * Cosine of the question vector with each clause of `cids` (0 for a clause without a vector):
 * Σ_j v[j]·q[j] in double precision, added in order of j. Four clauses at a time: each sum is
 * still its own chain of additions in the same order (the same doubles), but the four chains
 * overlap in the processor instead of each waiting on its previous addition.
 */
function cosinesOf(vi: VectorIndex, q: Float32Array, cids: Int32Array): Float64Array {
  const v = vi.vectors;
  const dims = vi.dims;
  const n = cids.length;
  const out = new Float64Array(n);
  const rowOf = (c: number) => (c < vi.rowOf.length ? vi.rowOf[c]! : -1);
  if (vi.scanner && q.length === dims) {
    // the same sums in the SIMD module's memory (simd-scan.ts cosineRows: the same doubles), the clauses without a vector 0
    if (cosineRowScratch.length < n) cosineRowScratch = new Int32Array(Math.max(n, 2 * cosineRowScratch.length));
    const rows = cosineRowScratch;
    let m = 0;
    for (let i = 0; i < n; i++) {
      const r = rowOf(cids[i]!);
      if (r >= 0) rows[m++] = r;
    }
    const sums = vi.scanner.cosineRows(q, rows, m);
    for (let i = 0, k = 0; i < n; i++) if (rowOf(cids[i]!) >= 0) out[i] = sums[k++]!;
    return out;
  }
  let i = 0;
  for (; i + 4 <= n; i += 4) {
    const r0 = rowOf(cids[i]!);
    const r1 = rowOf(cids[i + 1]!);
    const r2 = rowOf(cids[i + 2]!);
    const r3 = rowOf(cids[i + 3]!);
    if (r0 < 0 || r1 < 0 || r2 < 0 || r3 < 0) {
      for (let t = i; t < i + 4; t++) out[t] = cosineAt(v, dims, rowOf(cids[t]!), q);
      continue;
    }
    let s0 = 0, s1 = 0, s2 = 0, s3 = 0; // prettier-ignore
    const o0 = r0 * dims, o1 = r1 * dims, o2 = r2 * dims, o3 = r3 * dims; // prettier-ignore
    for (let j = 0; j < dims; j++) {
      const x = q[j]!;
      s0 += v[o0 + j]! * x;
      s1 += v[o1 + j]! * x;
      s2 += v[o2 + j]! * x;
      s3 += v[o3 + j]! * x;
    }
    out[i] = s0;
    out[i + 1] = s1;
    out[i + 2] = s2;
    out[i + 3] = s3;
  }
  for (; i < n; i++) out[i] = cosineAt(v, dims, rowOf(cids[i]!), q);
  return out;
}

let cosineRowScratch = new Int32Array(0);

function cosineAt(v: Float32Array, dims: number, row: number, q: Float32Array): number {
  if (row < 0) return 0;
  let s = 0;
  for (let j = 0, o = row * dims; j < dims; j++, o++) s += v[o]! * q[j]!;
  return s;
}

const chapterFacts = new WeakMap<ClauseLayout, { size: Int32Array; firstOrd: Int32Array }>();

/**
 * Per chapter of the layout: its number of clauses and its first clause's ord (once per layout,
 * 17k chapters ≈ 140 kB): a candidate's chapter signals from two flat arrays instead of chasing
 * its chapter's own member array (a cache miss or three per candidate).
 */
function chapterFactsOf(layout: ClauseLayout): { size: Int32Array; firstOrd: Int32Array } {
  let f = chapterFacts.get(layout);
  if (f) return f;
  const n = layout.members.length;
  f = { size: new Int32Array(n), firstOrd: new Int32Array(n) };
  for (let ch = 0; ch < n; ch++) {
    const m = layout.members[ch]!;
    f.size[ch] = m.length;
    f.firstOrd[ch] = m.length ? layout.ord[m[0]!]! : 0;
  }
  chapterFacts.set(layout, f);
  return f;
}

/** Candidate slot of each clause while a question's signals are gathered (scratch, all 0 between questions). */
let slotScratch = new Int32Array(0);

/** Embeds the question with whatever produced the index's vectors. Throws EmbeddingsError to degrade. */
async function embedQuestion(vi: VectorIndex, text: string): Promise<Float32Array | null> {
  if (vi.meta.kind === "lsa") return vi.lsa ? embedLsa(vi.lsa, text) : null;
  const cfg = providerFromEnv();
  if (!cfg) throw new EmbeddingsError("索引向量来自外部向量服务，但未配置 EMBEDDINGS_URL");
  if (cfg.model !== vi.meta.model) throw new EmbeddingsError(`索引向量模型为 ${vi.meta.model}，当前配置为 ${cfg.model}`);
  const [v] = await embedRemote(cfg, [text]);
  if (!v || v.length !== vi.dims) throw new EmbeddingsError("向量维度与索引不一致");
  return v;
}

export interface RankOutcome {
  ranked: Ranked[];
  mode: SearchMode;
  degraded: string;
}

export interface RankOptions {
  /** The learned model (learned.ts) the hybrid uses: undefined = the shipped one, null = none (benchmarks pass per-fold models). */
  learned?: LearnedModel | null;
  /** Whole statutory phrases (the rewrite's thesaurus terms) that BM25 also matches as exact phrases. */
  phrases?: string[];
  /** Re-ranker weights for the head (rerank.ts): undefined = the shipped ones; null = the hand-made head (benchmarks). */
  rerank?: Float64Array | null;
  /** The trees added to the learned ranking's score (boost.ts): undefined = the shipped ones (with the shipped weights only); null = none. */
  trees?: BoostModel | null;
  /** When given, every candidate's signals are appended here (benchmarks train the learned ranking on them). */
  collect?: CandidateSignals[];
}

/**
 * The final order of a question's candidates (see the module comment): with the learned parts,
 * the learned ranking of rerank.ts (`weights`), or when `weights` is null the hand-made head's
 * best FUSION.head then the rest by the tail score; without them, the hand-made base score.
 * Scores in [0, 1], non-increasing.
 */
export function orderCandidates(signals: CandidateSignals[], learned: boolean, weights: Float64Array | null, depth: number, useVec = true, trees: BoostModel | null = null): Ranked[] {
  const wv = useVec ? FUSION.wVector : 0;
  const base = (x: CandidateSignals) => x.bm + wv * x.cos + FUSION.wPrior * x.prior;
  const tailOf = (x: CandidateSignals) =>
    base(x) + FUSION.tailLaw * x.law + FUSION.tailMemory * x.mt + FUSION.tailTranslation * x.tr + FUSION.tailNeighbour * x.nb + FUSION.tailInLaw * x.lb;
  const handHead = (x: CandidateSignals) =>
    base(x) + FUSION.wLaw * x.law + FUSION.wMemory * x.mh + FUSION.wTranslation * x.tr + FUSION.wNeighbour * x.nb + FUSION.wInLaw * x.lb;
  let list: { cid: number; score: number }[];
  if (!learned) {
    const maxScore = 1 + wv + FUSION.wPrior;
    list = signals.map((x) => ({ cid: x.cid, score: base(x) / maxScore })).sort((a, b) => b.score - a.score || a.cid - b.cid);
  } else if (weights) {
    // the learned ranking (rerank.ts) orders every candidate; its score → (0, 1) by the logistic function
    const sc = scoreCandidates(signals, weights, trees);
    const cids = Int32Array.from(signals, (x) => x.cid);
    list = bestPositions(sc, cids, sc.length, depth).map((i) => ({ cid: cids[i]!, score: 1 / (1 + Math.exp(-(sc[i]! - RERANK_OFFSET))) }));
  } else {
    // the hand-made fusion (weights null): the best FUSION.head by the head score, then the rest by the tail score
    const maxHand = 1 + wv + FUSION.wPrior + FUSION.wLaw + FUSION.wMemory + FUSION.wTranslation + FUSION.wNeighbour + FUSION.wInLaw;
    const scored = signals.map((x) => ({ x, s: handHead(x) }));
    const byHead = [...scored].sort((a, b) => b.s - a.s || a.x.cid - b.x.cid);
    const head = byHead.slice(0, FUSION.head);
    const taken = new Set(head.map((h) => h.x.cid));
    const rest = depth > FUSION.head ? scored.filter((h) => !taken.has(h.x.cid)).sort((a, b) => tailOf(b.x) - tailOf(a.x) || a.x.cid - b.x.cid) : [];
    list = [...head, ...rest].map((h) => ({ cid: h.x.cid, score: h.s / maxHand }));
  }
  let last = 1;
  return list.slice(0, depth).map((x) => {
    last = Math.min(last, Math.max(0, x.score));
    return { cid: x.cid, score: last };
  });
}

/** The fused ranking of up to `depth` clause ids for `text` under `filter`. */
export async function rankClauses(
  db: SemanticIndex,
  text: string,
  filter: ClauseFilter,
  mode: SearchMode = "hybrid",
  depth = MAX_RESULTS,
  opts: RankOptions = {},
): Promise<RankOutcome> {
  const rids = allowedRids(db, filter);
  let allowed: Uint8Array | null = null;
  if (rids) {
    const max = rids.reduce((m, r) => Math.max(m, r), 0);
    allowed = new Uint8Array(max + 1);
    for (const r of rids) allowed[r] = 1;
  }
  let degraded = "";
  let vec: Hit[] = [];
  let qv: Float32Array | null = null;
  const vi = mode === "bm25" ? null : loadVectorIndex(db);
  if (mode !== "bm25") {
    if (!vi) degraded = "索引中没有语义向量（请重新运行 npm run ingest）";
    else {
      try {
        qv = await embedQuestion(vi, text);
        if (qv) vec = await scanTopKQueued(vi, qv, FUSION.candidates, allowed);
      } catch (e) {
        if (!(e instanceof EmbeddingsError)) throw e;
        degraded = `向量服务不可用：${scrubHostDetails(e.message)}`;
      }
    }
  }
  // a degraded hybrid still fuses BM25 with the prior; mode "bm25" is plain BM25 (benchmarks)
  const effective: SearchMode = degraded ? "bm25" : mode;
  if (degraded && mode === "hybrid") qv = null;
  const bm = effective === "vector" ? [] : bm25Search(db, text, { limit: FUSION.candidates, rids, extraTerms: opts.phrases, maxTerms: FUSION.bm25Terms, minIdf: FUSION.bm25MinIdf, idf: idfLookup(mode === "bm25" ? loadVectorIndex(db) : vi) });
  if (effective === "vector") return { ranked: vec.slice(0, depth), mode: effective, degraded };
  if (mode === "bm25") {
    // normalised like the fused score: 1 for the best BM25 match
    const top = bm[0]?.score || 1;
    return { ranked: bm.slice(0, depth).map((h) => ({ cid: h.cid, score: h.score / top })), mode: effective, degraded };
  }
  // score fusion over the union of both candidate lists (see the module comment)
  const learned = opts.learned === undefined ? loadLearned(db, vi?.lsa ?? null) : opts.learned;
  const ridArr = db.clauseRegulations();
  // the candidates in order of arrival, each once: cids and their BM25 part; slot[c] = 1 + c's index (scratch, reset below)
  const cand = new CandidateList(ridArr.length);
  try {
    const top = bm[0]?.score || 1;
    for (const h of bm) cand.add(h.cid, Math.pow(Math.max(h.score, 0) / top, FUSION.bm25Exp));
    for (const h of vec) if (!cand.has(h.cid)) cand.add(h.cid, 0);
    const sims = learned ? memorySimilarities(learned, text, qv) : null;
    const memHead = learned ? votesFrom(learned, sims!, FUSION.memory) : new Map<number, number>();
    const memTail = learned ? votesFrom(learned, sims!, FUSION.tailMemoryOpts) : new Map<number, number>();
    const prior = regulationPrior(db);
    const layout = learned ? db.clauseLayout() : null;
    const ridOfCand = (c: number): number => ridArr[c] ?? 0;
    const admit = (c: number): void => {
      if (!cand.has(c) && (!allowed || allowed[ridOfCand(c)] === 1)) cand.add(c, 0);
    };
    // the memory's articles join the candidates (unless filtered out)
    for (const c of memTail.keys()) admit(c);
    // and those answered questions cite beside them
    const cocited = learned && FUSION.coCited ? coCitedVotes(learned, memTail) : new Map<number, number>();
    for (const c of cocited.keys()) admit(c);
    // generalising beyond the memory (learned.ts): the learned query expansion's BM25 list, the same
    // within the laws the memory votes for most, and the memory's neighbours in the same chapter
    const trans = new Map<number, number>();
    const inLaw = new Map<number, number>();
    let neigh = new Map<number, number>();
    const inLawVec = new Map<number, number>();
    if (learned && layout) {
      const idf = idfLookup(vi);
      const expanded = expandQuestion(learned, text);
      for (const t of semanticTerms(text)) if ((idf?.(t) ?? 12) >= FUSION.bm25MinIdf) expanded.set(t, Math.max(expanded.get(t) ?? 0, FUSION.translationSelf));
      const addList = (hits: Hit[], into: Map<number, number>) => {
        const best = hits[0]?.score || 1;
        for (const h of hits) {
          into.set(h.cid, Math.sqrt(h.score / best));
          admit(h.cid);
        }
      };
      const byLaw = new Map<number, number>();
      for (const [c, v] of memTail) byLaw.set(layout.rid[c] ?? 0, (byLaw.get(layout.rid[c] ?? 0) ?? 0) + v);
      const laws = [...byLaw]
        .filter(([r]) => r > 0 && (!allowed || allowed[r] === 1))
        .sort((a, b) => b[1] - a[1] || a[0] - b[0])
        .slice(0, FUSION.inLawLaws)
        .map(([r]) => r);
      // one pass over the expansion's phrase lists gives both lists
      const within = { rids: laws, limit: FUSION.inLawDepth, out: [] as Hit[] };
      addList(bm25Weighted(db, expanded, FUSION.candidates, rids, within), trans);
      addList(within.out, inLaw);
      neigh = neighbourVotes(layout, memTail, FUSION.neighbourSpan);
      for (const c of neigh.keys()) admit(c);
      // the in-law vector list: the question's cosine with every clause of those laws
      if (FUSION.inLawVecDepth > 0 && vi && qv && laws.length) {
        const byRid = clausesByRegulation(layout);
        let m = 0;
        for (const r of laws) if (r + 1 < byRid.start.length) m += byRid.start[r + 1]! - byRid.start[r]!;
        const pool = new Int32Array(m);
        m = 0;
        for (const r of laws) if (r + 1 < byRid.start.length) for (let k = byRid.start[r]!; k < byRid.start[r + 1]!; k++) pool[m++] = byRid.cids[k]!;
        const cs = cosinesOf(vi, qv, pool);
        bestPositions(cs, pool, m, FUSION.inLawVecDepth).forEach((i, r) => {
          inLawVec.set(pool[i]!, 1 / Math.log2(r + 2));
          admit(pool[i]!);
        });
      }
    }
    // the anchor list: the question's words against the words legal writing cites each article with
    const anchor = new Map<number, number>();
    if (learned && anchorsOn()) {
      const hits = anchorSearch(loadAnchorIndex(db), semanticTerms(text), FUSION.anchorDepth, (c) => !allowed || allowed[ridOfCand(c)] === 1);
      const best = hits[0]?.score || 1;
      for (const h of hits) {
        anchor.set(h.cid, Math.sqrt(h.score / best));
        admit(h.cid);
      }
    }
    // chapter neighbours of the lexical lists' best hits (pseudo-relevance feedback by position in the law)
    const prf = new Map<number, number>();
    if (learned && layout && FUSION.prfSeeds > 0) {
      const seeds = new Map<number, number>();
      const seed = (hits: Iterable<[number, number]>) => {
        let k = 0;
        for (const [c, v] of hits) {
          if (k++ >= FUSION.prfSeeds) break;
          seeds.set(c, Math.max(seeds.get(c) ?? 0, v));
        }
      };
      const top = bm[0]?.score || 1;
      seed(bm.map((h) => [h.cid, Math.sqrt(Math.max(h.score, 0) / top)] as [number, number]));
      seed(trans);
      seed(anchor);
      for (const [c, v] of neighbourVotes(layout, seeds, FUSION.prfSpan, 0)) {
        if (seeds.has(c)) continue;
        prf.set(c, v);
        admit(c);
      }
    }
    const useVec = vi !== null && qv !== null;
    const near = learned ? nearestDetail(learned, sims!) : null;
    const pop = learned ? articlePopularity(learned) : null;
    // every signal as a column over the candidates (rerank.ts SignalColumns): typed arrays filled in plain
    // loops, one pass over each (small) map instead of a lookup per candidate, no object per candidate
    const nC = cand.size;
    const cols = emptyColumns(nC);
    const candCids = cols.cid;
    candCids.set(cand.cids.subarray(0, nC));
    cols.bm.set(cand.bm.subarray(0, nC));
    if (useVec) cols.cos = cosinesOf(vi!, qv!, candCids);
    const slot = cand.slot;
    const column = (m: Map<number, number> | undefined, out: Float64Array): void => {
      m?.forEach((v, c) => {
        const at = c < slot.length ? slot[c]! : 0;
        if (at > 0) out[at - 1] = v;
      });
    };
    column(memHead, cols.mh);
    column(memTail, cols.mt);
    column(trans, cols.tr);
    column(neigh, cols.nb);
    column(inLaw, cols.lb);
    column(anchor, cols.an);
    column(inLawVec, cols.lv);
    column(prf, cols.pn);
    column(cocited, cols.cc);
    column(near?.mc10, cols.mc10);
    column(near?.mc50, cols.mc50);
    column(near?.m1, cols.m1);
    column(near?.m1r, cols.m1r);
    const { rid: ridCol, prior: priorCol, law: lawCol } = cols;
    for (let i = 0; i < nC; i++) {
      const rid = ridOfCand(candCids[i]!);
      ridCol[i] = rid;
      priorCol[i] = prior[rid] ?? 0;
    }
    if (learned) {
      const lp = learned.lawPrior;
      for (let i = 0; i < nC; i++) lawCol[i] = lp[ridCol[i]!] ?? 0;
    }
    if (pop) for (let i = 0; i < nC; i++) cols.pop[i] = pop.get(candCids[i]!) ?? 0;
    if (layout) {
      const chapters = chapterFactsOf(layout);
      const { chapter, ord } = layout;
      const { ord: ordCol, chn: chnCol, chpos: chposCol } = cols;
      for (let i = 0; i < nC; i++) {
        const cid = candCids[i]!;
        if (cid >= chapter.length) continue;
        const ch = chapter[cid]!;
        const chn = ch >= 0 && ch < chapters.size.length ? chapters.size[ch]! : 0;
        const o = ord[cid]!;
        ordCol[i] = o;
        chnCol[i] = chn;
        chposCol[i] = chn > 0 ? Math.max(0, o - chapters.firstOrd[ch]!) : 0;
      }
    }
    if (opts.collect) for (const x of signalsOf(cols)) opts.collect.push(x);
    const weights = opts.rerank === undefined ? RERANK_WEIGHTS : opts.rerank;
    const trees = opts.trees === undefined ? (opts.rerank === undefined ? RERANK_TREES : null) : opts.trees;
    const ranked = learned !== null && weights ? learnedOrder(cols, weights, depth, trees) : orderCandidates(signalsOf(cols), learned !== null, weights, depth, useVec);
    return { ranked, mode: effective, degraded };
  } finally {
    cand.release();
  }
}

/**
 * A question's candidates in order of arrival, each once: their cids and BM25 parts in typed
 * arrays, membership from a per-clause slot array shared by all questions (1 + the candidate's
 * index; reset by `release`) instead of a Map.
 */
class CandidateList {
  cids = new Int32Array(1024);
  bm = new Float64Array(1024);
  size = 0;
  readonly slot: Int32Array;
  constructor(clauses: number) {
    if (slotScratch.length < clauses) slotScratch = new Int32Array(clauses);
    this.slot = slotScratch;
  }
  has(c: number): boolean {
    return c < this.slot.length ? this.slot[c] !== 0 : this.overflow.has(c);
  }
  /** Clauses beyond the slot array (none in a consistent index): a Set keeps them unique. */
  private overflow = new Set<number>();
  add(c: number, bm: number): void {
    if (this.size === this.cids.length) {
      const cids = new Int32Array(this.size * 2);
      cids.set(this.cids);
      this.cids = cids;
      const b = new Float64Array(this.size * 2);
      b.set(this.bm);
      this.bm = b;
    }
    this.cids[this.size] = c;
    this.bm[this.size] = bm;
    this.size++;
    if (c < this.slot.length) this.slot[c] = this.size;
    else this.overflow.add(c);
  }
  release(): void {
    for (let i = 0; i < this.size; i++) if (this.cids[i]! < this.slot.length) this.slot[this.cids[i]!] = 0;
  }
}

/** The learned ranking's order of the candidates (orderCandidates with weights, on columns). */
function learnedOrder(cols: SignalColumns, weights: Float64Array, depth: number, trees: BoostModel | null): Ranked[] {
  const sc = scoreColumns(cols, weights, trees);
  const cids = cols.cid;
  let last = 1;
  return bestPositions(sc, cids, sc.length, depth).map((i) => {
    last = Math.min(last, Math.max(0, 1 / (1 + Math.exp(-(sc[i]! - RERANK_OFFSET)))));
    return { cid: cids[i]!, score: last };
  });
}

/** yyyy-MM-dd → yyyyMMdd as a number; "" → fallback. */
export function dateInt(d: string, fallback: number): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(d);
  return m ? Number(m[1]! + m[2]! + m[3]!) : fallback;
}

/** `end` when a regulation has no known expiry. */
export const OPEN_END = 99991231;

/**
 * Item rows kept per index handle (SEMANTIC_ROW_CACHE, default 20,000 clauses ≈ 30 MB at most; 0 = off),
 * least recently used dropped first: the answers of different questions overlap a lot (the 1,228
 * STARD questions' 55k first-45 results are 5,052 clauses), and reading a row costs ≈8 µs.
 */
function rowCacheEntries(): number {
  const raw = process.env.SEMANTIC_ROW_CACHE;
  const n = raw === undefined || raw.trim() === "" ? 20_000 : Math.floor(Number(raw));
  return Number.isFinite(n) && n >= 0 ? n : 20_000;
}

const rowCaches = new WeakMap<SemanticIndex, Map<number, SemanticItemRow>>();

/**
 * Reads the item rows of `cids` into the row cache ahead of any question (warm-up.ts: the clauses the
 * learned memory's answered questions cite, which the memory, the popularity and the neighbour signals
 * put among many questions' first results), at most half the cache, the first of `cids` last (most
 * recently used). Returns how many were read. The rows are the same as read on demand.
 */
export function preloadItemRows(db: SemanticIndex, cids: number[]): number {
  const max = Math.floor(rowCacheEntries() / 2);
  const take = cids.slice(0, max).reverse();
  if (take.length === 0) return 0;
  itemRows(db, take);
  return take.length;
}

function itemRows(db: SemanticIndex, cids: number[]): Map<number, SemanticItemRow> {
  const max = rowCacheEntries();
  const byCid = new Map<number, SemanticItemRow>();
  if (max === 0) {
    for (const r of db.semanticItems(cids)) byCid.set(r.cid, r);
    return byCid;
  }
  let cache = rowCaches.get(db);
  if (!cache) rowCaches.set(db, (cache = new Map()));
  const missing: number[] = [];
  for (const c of cids) {
    const r = cache.get(c);
    if (r) {
      cache.delete(c);
      cache.set(c, r);
      byCid.set(c, r);
    } else missing.push(c);
  }
  if (missing.length) {
    for (const r of db.semanticItems(missing)) {
      byCid.set(r.cid, r);
      cache.set(r.cid, r);
    }
    while (cache.size > max) cache.delete(cache.keys().next().value!);
  }
  return byCid;
}

export function materialize(db: SemanticIndex, ranked: Ranked[]): FatiaoItem[] {
  if (ranked.length === 0) return [];
  const byCid = itemRows(db, ranked.map((r) => r.cid));
  const out: FatiaoItem[] = [];
  for (const { cid, score } of ranked) {
    const r = byCid.get(cid);
    if (!r) continue;
    out.push({
      ftid: r.id,
      fgid: r.fgid,
      fgtitle: r.fgmc,
      num: r.ft_num,
      content: r.content,
      type: 1,
      sxx: r.sxx,
      effect1: r.xljb_1,
      effect2: r.xljb_2,
      dy: r.dy,
      location: r.location,
      start: dateInt(r.ssrq || r.fbrq, 0),
      end: dateInt(r.expiry, OPEN_END),
      score: Math.round(score * 1e6) / 1e6,
      tag: [],
      data_as_of: r.data_as_of,
      validity_source: r.sxx_source,
      implement_date_source: r.ssrq_source,
    });
  }
  return out;
}

/**
 * Rankings of questions already asked, per index handle (SEMANTIC_RESULT_CACHE, default 2,000 questions; 0 = off),
 * least recently used dropped first: a repeated question (the same text, rewrite flag, mode and filter) is answered
 * from its ranking without searching again (≈100 clause ids and scores each, ≈2 kB; the items are read as for a new
 * question, from the row cache). A degraded ranking (the embeddings server failed) is not kept. A new index is a new
 * handle, so a roll-out never answers from the old index's rankings.
 */
export function resultCacheEntries(): number {
  const raw = process.env.SEMANTIC_RESULT_CACHE;
  const n = raw === undefined || raw.trim() === "" ? 2_000 : Math.floor(Number(raw));
  return Number.isFinite(n) && n >= 0 ? n : 2_000;
}

interface ResultCache {
  rankings: LruMap<string, { ranked: Ranked[]; mode: SearchMode }>;
  hits: number;
  misses: number;
}

const resultCaches = new WeakMap<SemanticIndex, ResultCache>();

/** The result cache's size and counts for `db` (tests, diagnostics). */
export function resultCacheStats(db: SemanticIndex): { size: number; hits: number; misses: number } {
  const c = resultCaches.get(db);
  return { size: c?.rankings.size ?? 0, hits: c?.hits ?? 0, misses: c?.misses ?? 0 };
}

function resultKey(req: SemanticRequest): string {
  const f = req.filter;
  return JSON.stringify([req.query, req.rewrite, req.mode ?? "hybrid", f.sxx ?? null, f.effect1 ?? null, f.dy ?? null, f.law_start ?? null, f.law_end ?? null]);
}

export async function semanticSearch(db: SemanticIndex, req: SemanticRequest): Promise<SemanticResult> {
  const rw = req.rewrite ? rewriteQuery(req.query) : null;
  const rewritten = rw ? rw.text : null;
  const text = rewritten ?? req.query;
  const max = resultCacheEntries();
  let cache = max > 0 ? resultCaches.get(db) : undefined;
  if (max > 0 && !cache) resultCaches.set(db, (cache = { rankings: new LruMap(), hits: 0, misses: 0 }));
  const key = cache ? resultKey(req) : "";
  const known = cache?.rankings.get(key);
  let ranked: Ranked[];
  let mode: SearchMode;
  let degraded = "";
  if (known) {
    cache!.hits++;
    ({ ranked, mode } = known);
  } else {
    ({ ranked, mode, degraded } = await rankClauses(db, text, req.filter, req.mode ?? "hybrid", MAX_RESULTS, { phrases: rw?.terms }));
    if (cache) {
      cache.misses++;
      if (!degraded) {
        cache.rankings.set(key, { ranked, mode });
        while (cache.rankings.size > max) cache.rankings.shift();
      }
    }
  }
  const items = materialize(db, ranked.slice(0, Math.max(0, Math.min(req.returnNum, MAX_RESULTS))));
  return { items, rewritten, mode, degraded, retrieved: ranked.length };
}
