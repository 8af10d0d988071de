/**
 * The learned ranking of the hybrid: a linear model over ~56 features of the signals search.ts
 * computes for every candidate (BM25, LSA cosine, regulation prior, learned law prior, question
 * memory, translation list, neighbours, in-law list, the article's popularity among answered
 * questions, how many of the nearest answered questions cite it and how near the nearest is, its
 * place in its law), of the same signals pooled over the candidate's regulation (the memory and
 * the expanded query saying "this law", not only "this article"), of its rank in each list, and a
 * few products. Trained with a listwise softmax loss on answered questions: each question's gold
 * clauses against its other candidates — the strongest `negatives` by a simple base score and
 * `deep` more drawn (deterministically) from the rest, weighted by the inverse of their sampling
 * rate, so the model also learns what must not rise from deep down (a model trained against the
 * strongest negatives only lost recall@100). It orders every candidate (all 100 results).
 *
 * On top of it, gradient-boosted trees (boost.ts, `RERANK_TREES` in rerank-trees.ts) add a correction
 * to the scores of the best TREE_HEAD candidates (trainRanking fits both).
 *
 * Weights: `RERANK_WEIGHTS`, fitted on all STARD training questions by tools/fit.ts (signals
 * dumped by tools/dump.ts with 5-fold question memories, so the features look like a new
 * question's). `npm run bench -- semantic` never uses them on a question they were fitted on: it
 * fits one weight vector per fold (cross-fitting).
 */

import { nearestQuestions, type LearnedModel } from "./learned";
import { rng } from "./linalg";
import { bestPositions, sortedPositions } from "./top-by-score";
import { addFlatScores, BOOST_DEFAULTS, boostScore, flatTrees, trainBoost, type BoostModel, type BoostOptions } from "./boost";

/** What search.ts knows about a candidate clause. */
export interface CandidateSignals {
  cid: number;
  rid: number;
  /** (bm25 / best)^0.5 of the question's BM25 list, 0 when absent from it. */
  bm: number;
  cos: number;
  prior: number;
  law: number;
  /** Question memory: head (10 nearest, share) and tail (50 nearest, max-scaled) votes. */
  mh: number;
  mt: number;
  /** Translation list (learned.ts expandQuestion), √(score / best). */
  tr: number;
  /** Neighbour votes (learned.ts neighbourVotes). */
  nb: number;
  /** In-law list: the expanded query within the laws the memory votes for most, √(score / best). */
  lb: number;
  /** Answered questions (of the learned model) citing this article. */
  pop: number;
  /** How many of the 10 / 50 nearest answered questions cite it. */
  mc10: number;
  mc50: number;
  /** Similarity of the nearest answered question citing it, and that question's rank (1 = nearest); 0 when none of the 50 does. */
  m1: number;
  m1r: number;
  /** Position in its regulation (clause order), size of its chapter and its position in it. */
  ord: number;
  chn: number;
  chpos: number;
  /** Anchor list (anchor-text.ts): √(score / best) of the question's BM25 over the article's anchor text, 0 when absent. */
  an: number;
  /** In-law vector list: rank discount 1 / log2(1 + rank) of the cosine within the laws the memory votes for most, 0 when absent. */
  lv: number;
  /** Chapter neighbours of the lexical lists' best hits: the hit's score / (1 + distance), the best over hits, 0 when none. */
  pn: number;
  /** Co-cited with the memory's articles (learned.ts coCitedVotes), 0 when not. */
  cc: number;
}

/** The numeric fields of CandidateSignals, in a fixed order (tools/dump.ts writes them). */
export const SIGNAL_FIELDS = ["cid", "rid", "bm", "cos", "prior", "law", "mh", "mt", "tr", "nb", "lb", "pop", "mc10", "mc50", "m1", "m1r", "ord", "chn", "chpos", "an", "lv", "pn", "cc"] as const satisfies readonly (keyof CandidateSignals)[];

export const FEATURE_NAMES = [
  "bm", "bm²", "bm>0", "cos", "cos²", "prior", "law", "mh", "√mh", "mt", "√mt", "mt>0", "tr", "tr²", "tr>0", "nb", "nb>0",
  "lawvote", "√lawvote", "bm·cos", "tr·cos", "law·cos", "law·bm", "law·tr", "lb", "lb>0",
  "pop", "pop>0", "mc10", "mc50", "m1", "m1/qm1", "m1r",
  "lawsum", "lawtr", "lawlb", "lawbm", "lawcos", "lawcnt", "lawntr", "lawmh",
  "rb", "rc", "rt", "rm", "ord1", "lnord", "chfrac",
  "qm1", "mt·qm1", "tr·(1-qm1)", "nb·lawvote", "lb·lawvote", "tr·lawvote", "cos·lawvote", "bm·lawvote",
  "near:mt", "near:mh", "near:tr", "near:dist",
  "an", "an>0", "ra", "an·lawvote", "lawan",
  "lv", "pn", "pn>0", "cc", "cc>0",
] as const; // prettier-ignore

/**
 * The signals of one question's candidates as columns, candidate i at index i of each (what
 * search.ts builds: no object per candidate). Fields as in CandidateSignals.
 */
export interface SignalColumns {
  n: number;
  cid: Int32Array;
  rid: Int32Array;
  bm: Float64Array; cos: Float64Array; prior: Float64Array; law: Float64Array; mh: Float64Array; mt: Float64Array;
  tr: Float64Array; nb: Float64Array; lb: Float64Array; pop: Float64Array; mc10: Float64Array; mc50: Float64Array;
  m1: Float64Array; m1r: Float64Array; ord: Float64Array; chn: Float64Array; chpos: Float64Array; an: Float64Array;
  lv: Float64Array; pn: Float64Array; cc: Float64Array;
} // prettier-ignore

const FLOAT_FIELDS = SIGNAL_FIELDS.filter((f) => f !== "cid" && f !== "rid");

/** Empty columns for `n` candidates. */
export function emptyColumns(n: number): SignalColumns {
  // one object literal with every field: built by adding the fields one by one (keyed stores), the object went
  // to V8's dictionary mode, and every `c.field` read in a loop was a hash lookup
  const f = () => new Float64Array(n);
  return {
    n, cid: new Int32Array(n), rid: new Int32Array(n),
    bm: f(), cos: f(), prior: f(), law: f(), mh: f(), mt: f(), tr: f(), nb: f(), lb: f(), pop: f(), mc10: f(), mc50: f(),
    m1: f(), m1r: f(), ord: f(), chn: f(), chpos: f(), an: f(), lv: f(), pn: f(), cc: f(),
  } satisfies Record<(typeof SIGNAL_FIELDS)[number] | "n", unknown>; // prettier-ignore
}

/** The columns of a list of candidates (the same numbers). */
export function signalColumns(cands: CandidateSignals[]): SignalColumns {
  const c = emptyColumns(cands.length);
  for (let i = 0; i < cands.length; i++) {
    const x = cands[i]!;
    c.cid[i] = x.cid;
    c.rid[i] = x.rid;
    for (const f of FLOAT_FIELDS) c[f][i] = x[f];
  }
  return c;
}

/** One object per candidate (benchmarks, the dump, the hand-made fusion). */
export function signalsOf(c: SignalColumns): CandidateSignals[] {
  const out: CandidateSignals[] = new Array(c.n);
  const { cid, rid, bm, cos, prior, law, mh, mt, tr, nb, lb, pop, mc10, mc50, m1, m1r, ord, chn, chpos, an, lv, pn, cc } = c;
  for (let i = 0; i < c.n; i++) {
    // an object literal (fast properties), the fields of SIGNAL_FIELDS
    out[i] = {
      cid: cid[i]!, rid: rid[i]!, bm: bm[i]!, cos: cos[i]!, prior: prior[i]!, law: law[i]!, mh: mh[i]!, mt: mt[i]!, tr: tr[i]!, nb: nb[i]!, lb: lb[i]!,
      pop: pop[i]!, mc10: mc10[i]!, mc50: mc50[i]!, m1: m1[i]!, m1r: m1r[i]!, ord: ord[i]!, chn: chn[i]!, chpos: chpos[i]!, an: an[i]!, lv: lv[i]!, pn: pn[i]!, cc: cc[i]!,
    }; // prettier-ignore
  }
  return out;
}

/**
 * 1 / log2(2 + rank) of each candidate by `key` among those where it is > 0 (0 elsewhere); ties to the
 * lower cid: the rank in the order (key desc, cid asc), from top-by-score.ts descendingOrder (a numeric
 * sort and binary searches instead of a comparator sort; the same order).
 */
export function rankDiscount(key: Float64Array, cid: Int32Array, n: number): Float64Array {
  const out = new Float64Array(n);
  if (positionScratch.length < n) positionScratch = new Int32Array(Math.max(n, 2 * positionScratch.length));
  const pos = positionScratch;
  let m = 0;
  for (let i = 0; i < n; i++) if (key[i]! > 0) pos[m++] = i;
  const order = sortedPositions(key, cid, pos, m);
  const disc = discounts(m);
  for (let r = 0; r < m; r++) out[order[r]!] = disc[r]!;
  return out;
}

let positionScratch = new Int32Array(0);
let discountTable = new Float64Array(0);

/** 1 / log2(r + 2) for r < m (a table grown as needed: the same doubles as computing each). */
function discounts(m: number): Float64Array {
  if (discountTable.length < m) {
    const t = new Float64Array(Math.max(m, 2 * discountTable.length, 1024));
    for (let r = 0; r < t.length; r++) t[r] = 1 / Math.log2(r + 2);
    discountTable = t;
  }
  return discountTable;
}

/** Articles near each candidate in its regulation (|Δord| ≤ NEAR_SPAN, other candidates): their memory and translation scores summed, each / (1 + distance), and 1 / (1 + distance) to the nearest the memory votes for. */
const NEAR_SPAN = 5;
function nearbyVotes(c: SignalColumns, law: LawGroups): { mt: Float64Array; mh: Float64Array; tr: Float64Array; dist: Float64Array } {
  const n = c.n;
  const out = { mt: new Float64Array(n), mh: new Float64Array(n), tr: new Float64Array(n), dist: new Float64Array(n) };
  const { ord, mt, mh, tr } = c;
  // each regulation's candidates by (ord, candidate index): the order of a stable sort by ord of its candidates
  const G = law.count;
  const order = byGroupAndOrd(law.group, ord, n, G);
  for (let g = 0; g < G; g++) {
    const s = order.start[g]!;
    const e = order.start[g + 1]!;
    if (e - s < 2) continue;
    const list = order.items.subarray(s, e);
    for (let p = 0; p < list.length; p++) {
      const i = list[p]!;
      const o = ord[i]!;
      // the candidates before it (nearest first), then those after it: the same additions in the same order
      for (let dir = -1; dir <= 1; dir += 2)
        for (let q = p + dir; q >= 0 && q < list.length; q += dir) {
          const j = list[q]!;
          const d = Math.abs(ord[j]! - o);
          if (d > NEAR_SPAN) break;
          if (d === 0) continue;
          out.mt[i] = out.mt[i]! + mt[j]! / (1 + d);
          out.mh[i] = out.mh[i]! + mh[j]! / (1 + d);
          out.tr[i] = out.tr[i]! + tr[j]! / (1 + d);
          if (mt[j]! > 0) out.dist[i] = Math.max(out.dist[i]!, 1 / (1 + d));
        }
    }
  }
  return out;
}

/**
 * The candidates grouped (group 0 first), each group's by (ord, index): `items[start[g] .. start[g + 1])`.
 * Two stable counting sorts (by ord, then by group: a radix sort) instead of a comparator sort per
 * group; the comparator sorts per group when an ord is not a non-negative integer below 2¹⁶ (a regulation's clause position; the counts take 4 bytes an ord value).
 */
export function byGroupAndOrd(group: Int32Array, ord: Float64Array, n: number, groups: number): { start: Int32Array; items: Int32Array } {
  const start = new Int32Array(groups + 1);
  for (let i = 0; i < n; i++) start[group[i]! + 1]!++;
  for (let g = 0; g < groups; g++) start[g + 1] = start[g + 1]! + start[g]!;
  const items = new Int32Array(n);
  let maxOrd = 0;
  let countable = true;
  for (let i = 0; i < n; i++) {
    const o = ord[i]!;
    if (!(Number.isInteger(o) && o >= 0 && o < 2 ** 16)) countable = false;
    else if (o > maxOrd) maxOrd = o;
  }
  const fill = start.slice(0, groups);
  if (countable) {
    // by ord (stable: index order within an ord), then by group (stable: ord order within a group)
    const at = new Int32Array(maxOrd + 2);
    for (let i = 0; i < n; i++) at[ord[i]! + 1]!++;
    for (let o = 0; o <= maxOrd; o++) at[o + 1] = at[o + 1]! + at[o]!;
    const byOrd = new Int32Array(n);
    for (let i = 0; i < n; i++) byOrd[at[ord[i]!]!++] = i;
    for (let t = 0; t < n; t++) {
      const i = byOrd[t]!;
      items[fill[group[i]!]!++] = i;
    }
    return { start, items };
  }
  for (let i = 0; i < n; i++) items[fill[group[i]!]!++] = i;
  for (let g = 0; g < groups; g++) {
    const sorted = Array.from(items.subarray(start[g]!, start[g + 1]!)).sort((a, b) => ord[a]! - ord[b]! || a - b);
    items.set(sorted, start[g]!);
  }
  return { start, items };
}

/** The candidates' regulations: a dense group per rid (in order of first appearance) and the signals pooled over each. */
interface LawGroups {
  count: number;
  group: Int32Array;
  mt: Float64Array; smt: Float64Array; tr: Float64Array; lb: Float64Array; bm: Float64Array;
  cos: Float64Array; cnt: Float64Array; ntr: Float64Array; mh: Float64Array; an: Float64Array;
} // prettier-ignore

/** rid → group + 1 while a question's groups are built (scratch, all 0 between calls). */
let groupScratch = new Int32Array(0);

function lawGroups(c: SignalColumns): LawGroups {
  const n = c.n;
  const group = new Int32Array(n);
  let maxRid = 0;
  for (let i = 0; i < n; i++) maxRid = Math.max(maxRid, c.rid[i]!);
  if (groupScratch.length <= maxRid) groupScratch = new Int32Array(maxRid + 1);
  const gOf = groupScratch;
  let G = 0;
  for (let i = 0; i < n; i++) {
    const r = c.rid[i]!;
    if (r < 0) throw new RangeError(`negative rid ${r}`);
    if (gOf[r] === 0) gOf[r] = ++G;
    group[i] = gOf[r]! - 1;
  }
  for (let i = 0; i < n; i++) gOf[c.rid[i]!] = 0;
  const a: LawGroups = { count: G, group, mt: new Float64Array(G), smt: new Float64Array(G), tr: new Float64Array(G), lb: new Float64Array(G), bm: new Float64Array(G), cos: new Float64Array(G).fill(-1), cnt: new Float64Array(G), ntr: new Float64Array(G), mh: new Float64Array(G), an: new Float64Array(G) }; // prettier-ignore
  for (let i = 0; i < n; i++) {
    const g = group[i]!;
    a.mt[g] = Math.max(a.mt[g]!, c.mt[i]!);
    a.smt[g] = a.smt[g]! + c.mt[i]!;
    a.tr[g] = Math.max(a.tr[g]!, c.tr[i]!);
    a.lb[g] = Math.max(a.lb[g]!, c.lb[i]!);
    a.bm[g] = Math.max(a.bm[g]!, c.bm[i]!);
    a.cos[g] = Math.max(a.cos[g]!, c.cos[i]!);
    a.cnt[g] = a.cnt[g]! + 1;
    if (c.tr[i]! > 0) a.ntr[g] = a.ntr[g]! + 1;
    a.mh[g] = a.mh[g]! + c.mh[i]!;
    a.an[g] = Math.max(a.an[g]!, c.an[i]!);
  }
  return a;
}

/** What the features of one question's candidates share: per-regulation pools, list ranks, nearby votes. */
interface QuestionContext {
  law: LawGroups;
  qm1: number;
  rb: Float64Array;
  rc: Float64Array;
  rt: Float64Array;
  rm: Float64Array;
  ra: Float64Array;
  near: ReturnType<typeof nearbyVotes>;
}

function questionContext(c: SignalColumns): QuestionContext {
  const law = lawGroups(c);
  let qm1 = 0;
  for (let i = 0; i < c.n; i++) qm1 = Math.max(qm1, c.m1[i]!);
  return {
    law,
    qm1,
    rb: rankDiscount(c.bm, c.cid, c.n),
    rc: rankDiscount(c.cos, c.cid, c.n),
    rt: rankDiscount(c.tr, c.cid, c.n),
    rm: rankDiscount(c.mt, c.cid, c.n),
    ra: rankDiscount(c.an, c.cid, c.n),
    near: nearbyVotes(c, law),
  };
}

/**
 * A writer of candidate i's features (order of FEATURE_NAMES) into `x` from `o` on, over the columns and the
 * question's context (every array bound once, not looked up again for each candidate).
 */
function featureWriter(c: SignalColumns, q: QuestionContext): (i: number, x: Float64Array, o?: number) => void {
  const { bm: bmA, cos: cosA, prior: priorA, law: lawA, mh: mhA, mt: mtA, tr: trA, nb: nbA, lb: lbA, m1: m1A, m1r: m1rA, ord: ordA, chn: chnA, chpos: chposA, pop: popA, mc10: mc10A, mc50: mc50A, an: anA, lv: lvA, pn: pnA, cc: ccA } = c;
  const { group, mt: lawMt, smt: lawSmt, tr: lawTr, lb: lawLb, bm: lawBm, cos: lawCos, cnt: lawCnt, ntr: lawNtr, mh: lawMh, an: lawAn } = q.law;
  const { rb, rc, rt, rm, ra, qm1 } = q;
  const { mt: nearMt, mh: nearMh, tr: nearTr, dist: nearDist } = q.near;
  return (i, x, o = 0) => {
    const bm = bmA[i]!, cos = cosA[i]!, prior = priorA[i]!, law = lawA[i]!, mh = mhA[i]!, mt = mtA[i]!, tr = trA[i]!;
    const nb = nbA[i]!, lb = lbA[i]!, m1 = m1A[i]!, m1r = m1rA[i]!, ord = ordA[i]!, chn = chnA[i]!, chpos = chposA[i]!;
    const g = group[i]!;
    const l = lawMt[g]!;
    const pop = Math.log1p(popA[i]!);
    x[o + 0] = bm; x[o + 1] = bm * bm; x[o + 2] = bm > 0 ? 1 : 0; x[o + 3] = cos; x[o + 4] = cos * cos; x[o + 5] = prior;
    x[o + 6] = law; x[o + 7] = mh; x[o + 8] = Math.sqrt(mh); x[o + 9] = mt; x[o + 10] = Math.sqrt(mt); x[o + 11] = mt > 0 ? 1 : 0;
    x[o + 12] = tr; x[o + 13] = tr * tr; x[o + 14] = tr > 0 ? 1 : 0; x[o + 15] = nb; x[o + 16] = nb > 0 ? 1 : 0; x[o + 17] = l;
    x[o + 18] = Math.sqrt(l); x[o + 19] = bm * cos; x[o + 20] = tr * cos; x[o + 21] = law * cos; x[o + 22] = law * bm; x[o + 23] = law * tr;
    x[o + 24] = lb; x[o + 25] = lb > 0 ? 1 : 0; x[o + 26] = pop; x[o + 27] = pop > 0 ? 1 : 0; x[o + 28] = Math.log1p(mc10A[i]!); x[o + 29] = Math.log1p(mc50A[i]!);
    x[o + 30] = m1; x[o + 31] = qm1 > 0 ? m1 / qm1 : 0; x[o + 32] = m1r > 0 ? 1 / Math.log2(1 + m1r) : 0; x[o + 33] = Math.log1p(lawSmt[g]!); x[o + 34] = lawTr[g]!; x[o + 35] = lawLb[g]!;
    x[o + 36] = lawBm[g]!; x[o + 37] = lawCos[g]!; x[o + 38] = Math.log1p(lawCnt[g]!); x[o + 39] = Math.log1p(lawNtr[g]!); x[o + 40] = lawMh[g]!; x[o + 41] = rb[i]!;
    x[o + 42] = rc[i]!; x[o + 43] = rt[i]!; x[o + 44] = rm[i]!; x[o + 45] = ord <= 1 ? 1 : 0; x[o + 46] = Math.log1p(ord); x[o + 47] = chn > 0 ? chpos / chn : 0;
    x[o + 48] = qm1; x[o + 49] = mt * qm1; x[o + 50] = tr * (1 - qm1); x[o + 51] = nb * l; x[o + 52] = lb * l; x[o + 53] = tr * l;
    x[o + 54] = cos * l; x[o + 55] = bm * l; x[o + 56] = nearMt[i]!; x[o + 57] = nearMh[i]!; x[o + 58] = nearTr[i]!; x[o + 59] = nearDist[i]!;
    const an = anA[i]!;
    x[o + 60] = an; x[o + 61] = an > 0 ? 1 : 0; x[o + 62] = ra[i]!; x[o + 63] = an * l; x[o + 64] = lawAn[g]!;
    const pn = pnA[i]!, cc = ccA[i]!;
    x[o + 65] = lvA[i]!; x[o + 66] = pn; x[o + 67] = pn > 0 ? 1 : 0; x[o + 68] = cc; x[o + 69] = cc > 0 ? 1 : 0;
  };
} // prettier-ignore

/**
 * Feature vectors of a question's candidates (order of FEATURE_NAMES). `law*` pool the signals
 * over the candidates of the same regulation (lawvote: the best tail memory vote among them);
 * r* are rank discounts in the BM25, vector, translation and memory lists; qm1 is how near the
 * nearest answered question is (how much to trust the memory for this question); near:* sum the
 * scores of the candidates within NEAR_SPAN articles of the same regulation.
 */
export function featureVectors(cands: CandidateSignals[]): Float64Array[] {
  const c = signalColumns(cands);
  const write = featureWriter(c, questionContext(c));
  return cands.map((_, i) => {
    const x = new Float64Array(FEATURE_NAMES.length);
    write(i, x);
    return x;
  });
}

/** The model's score of every candidate (= dot(w, featureVectors(cands)[i]), without a vector per candidate). */
export function scoreCandidates(cands: CandidateSignals[], w: ArrayLike<number>, trees: BoostModel | null = null, head = TREE_HEAD): Float64Array {
  return scoreColumns(signalColumns(cands), w, trees, head);
}

/** The trees correct the scores of this many candidates, the best by the linear score (the results are at most 100 of them). */
export const TREE_HEAD = 300;

/**
 * scoreCandidates on columns (what search.ts calls). With `trees`, the best `head` candidates by the
 * linear score get the linear score plus the trees' (boost.ts) and every other candidate −Infinity
 * (below any result: the trees cost ≈2.5 µs a candidate, and the ≈1,000 below the head never reach
 * the 100 results).
 */
export function scoreColumns(c: SignalColumns, w: ArrayLike<number>, trees: BoostModel | null = null, head = TREE_HEAD): Float64Array {
  const write = featureWriter(c, questionContext(c));
  const dim = FEATURE_NAMES.length;
  const n = c.n;
  // every candidate's features once, in one reused matrix (row i at i · dim): the trees read the head's rows again
  if (featureScratch.length < n * dim) featureScratch = new Float64Array(Math.max(n * dim, 2 * featureScratch.length));
  const X = featureScratch;
  const out = new Float64Array(n);
  for (let i = 0, o = 0; i < n; i++, o += dim) {
    write(i, X, o);
    // dot(w, x): the same additions in the same order
    let s = 0;
    for (let j = 0; j < dim; j++) s += w[j]! * X[o + j]!;
    out[i] = s;
  }
  if (!trees) return out;
  const inHead = new Uint8Array(n);
  if (n <= head) inHead.fill(1);
  else for (const p of bestPositions(out, c.cid, n, head)) inHead[p] = 1;
  const rows = new Int32Array(Math.min(n, Math.max(head, 0)));
  let m = 0;
  for (let i = 0; i < n; i++) {
    if (inHead[i] === 0) out[i] = -Infinity;
    else rows[m++] = i;
  }
  const flat = flatTrees(trees);
  if (flat) addFlatScores(flat, X, dim, rows, m, out);
  else for (let r = 0; r < m; r++) out[rows[r]!] = out[rows[r]!]! + boostScore(trees, X.subarray(rows[r]! * dim, (rows[r]! + 1) * dim));
  return out;
}

/** The feature matrix of scoreColumns (scratch, grown as needed). */
let featureScratch = new Float64Array(0);

/** A whole learned ranking: the linear weights and the trees fitted on top of them. */
export interface RankingModel {
  w: Float64Array;
  trees: BoostModel | null;
}

/**
 * Fits the learned ranking on answered questions: the linear model (trainRerank), then the trees
 * (boost.ts trainBoost) on the same training rows, starting from the linear model's scores.
 */
export function trainRanking(questions: { cands: CandidateSignals[]; gold: Set<number> }[], opts: TrainOptions = TRAIN_DEFAULTS, boost: BoostOptions = BOOST_DEFAULTS): RankingModel {
  const rows = trainingRows(questions, opts);
  const w = trainLinear(rows, opts);
  if (boost.trees <= 0) return { w, trees: null };
  const trees = trainBoost(rows.map((r) => ({ X: r.X, wt: r.wt, np: r.np, base: Float64Array.from(r.X, (x) => dot(w, x)) })), FEATURE_NAMES.length, boost);
  return { w, trees };
}

export function dot(w: ArrayLike<number>, x: ArrayLike<number>): number {
  let s = 0;
  for (let j = 0; j < x.length; j++) s += w[j]! * x[j]!;
  return s;
}

export interface TrainOptions {
  iterations: number;
  l2: number;
  /** Non-gold candidates kept per question: the strongest by a simple base score ... */
  negatives: number;
  /** ... and this many more drawn from the rest (weighted by the inverse of their sampling rate); 0 = none. */
  deep: number;
}

export const TRAIN_DEFAULTS: TrainOptions = { iterations: 150, l2: 0.001, negatives: 200, deep: 100 };

/**
 * Listwise softmax regression (Adam, deterministic): for each question, −mean log p(gold) with
 * p = softmax over its gold and kept negative candidates (sampled ones weighted). Features are
 * standardised while training; the weights returned apply to the raw features.
 */
export function trainRerank(questions: { cands: CandidateSignals[]; gold: Set<number> }[], opts: TrainOptions = TRAIN_DEFAULTS): Float64Array {
  return trainLinear(trainingRows(questions, opts), opts);
}

/** trainRerank on the training rows (trainingRows). */
function trainLinear(data: ReturnType<typeof trainingRows>, opts: TrainOptions): Float64Array {
  const dim = FEATURE_NAMES.length;
  const w = new Float64Array(dim);
  if (data.length === 0) return w;
  // standardise (weighted like the loss sees the rows)
  const mu = new Float64Array(dim);
  const sd = new Float64Array(dim);
  let n = 0;
  for (const d of data)
    d.X.forEach((x, i) => {
      n += d.wt[i]!;
      for (let j = 0; j < dim; j++) mu[j] = mu[j]! + d.wt[i]! * x[j]!;
    });
  for (let j = 0; j < dim; j++) mu[j] = mu[j]! / n;
  for (const d of data) d.X.forEach((x, i) => { for (let j = 0; j < dim; j++) sd[j] = sd[j]! + d.wt[i]! * (x[j]! - mu[j]!) ** 2; }); // prettier-ignore
  for (let j = 0; j < dim; j++) sd[j] = Math.sqrt(sd[j]! / n) || 1;
  const Z = data.map((d) => d.X.map((x) => x.map((v, j) => (v - mu[j]!) / sd[j]!)));
  const m = new Float64Array(dim);
  const v = new Float64Array(dim);
  const g = new Float64Array(dim);
  for (let it = 1; it <= opts.iterations; it++) {
    g.fill(0);
    for (let q = 0; q < data.length; q++) {
      const d = data[q]!;
      const X = Z[q]!;
      const sc = X.map((x) => dot(w, x));
      let mx = -Infinity;
      for (const s of sc) mx = Math.max(mx, s);
      let z = 0;
      const e = sc.map((s, i) => {
        const t = d.wt[i]! * Math.exp(s - mx);
        z += t;
        return t;
      });
      for (let i = 0; i < X.length; i++) {
        const coef = e[i]! / z - (i < d.np ? 1 / d.np : 0);
        const x = X[i]!;
        for (let j = 0; j < dim; j++) g[j] = g[j]! + coef * x[j]!;
      }
    }
    for (let j = 0; j < dim; j++) {
      const gj = g[j]! / data.length + opts.l2 * w[j]!;
      m[j] = 0.9 * m[j]! + 0.1 * gj;
      v[j] = 0.999 * v[j]! + 0.001 * gj * gj;
      w[j] = w[j]! - (0.05 * (m[j]! / (1 - 0.9 ** it))) / (Math.sqrt(v[j]! / (1 - 0.999 ** it)) + 1e-8);
    }
  }
  // back to raw features (the shift by mu is the same for every candidate of a question: the order does not change)
  return w.map((x, j) => x / sd[j]!);
}

/**
 * Each question's training rows: its gold candidates first (np of them), then the strongest `negatives`
 * by a simple base score and `deep` more drawn (deterministically, seeded by the question's position)
 * from the rest, weighted by the inverse of their sampling rate. Questions without a gold candidate are left out.
 */
export function trainingRows(questions: { cands: CandidateSignals[]; gold: Set<number> }[], opts: TrainOptions = TRAIN_DEFAULTS): { qi: number; X: Float64Array[]; idx: number[]; wt: Float64Array; np: number }[] {
  return questions
    .map(({ cands, gold }, qi) => {
      const rows = cands.map((c, i) => ({ i, y: gold.has(c.cid), b: c.bm + 0.2 * c.cos + 4 * c.mt + c.tr + c.nb + c.lb }));
      const pos = rows.filter((r) => r.y);
      const neg = rows.filter((r) => !r.y).sort((a, b) => b.b - a.b || a.i - b.i);
      const strong = neg.slice(0, opts.negatives);
      const rest = neg.slice(opts.negatives);
      const kept: { i: number; wt: number }[] = [...pos, ...strong].map((r) => ({ i: r.i, wt: 1 }));
      if (opts.deep > 0 && rest.length > 0) {
        if (rest.length <= opts.deep) for (const r of rest) kept.push({ i: r.i, wt: 1 });
        else {
          // a deterministic sample of the rest (partial Fisher–Yates, seeded by the question's position)
          const rnd = rng(qi * 7919 + 17);
          const idx = rest.map((r) => r.i);
          for (let k = 0; k < opts.deep; k++) {
            const j = k + Math.floor(rnd() * (idx.length - k));
            [idx[k], idx[j]] = [idx[j]!, idx[k]!];
            kept.push({ i: idx[k]!, wt: rest.length / opts.deep });
          }
        }
      }
      // the features of the kept rows only (the question's context is still every candidate's)
      const X: Float64Array[] = [];
      if (pos.length > 0) {
        const c = signalColumns(cands);
        const write = featureWriter(c, questionContext(c));
        for (const r of kept) {
          const x = new Float64Array(FEATURE_NAMES.length);
          write(r.i, x);
          X.push(x);
        }
      }
      return { qi, X, idx: kept.map((r) => r.i), wt: Float64Array.from(kept.map((r) => r.wt)), np: pos.length };
    })
    .filter((d) => d.np > 0);
}

/** The item score is the logistic function of the model's score minus this (fitted with the weights: the median best score). */
export const RERANK_OFFSET = 13.1026;

/**
 * The shipped weights (order of FEATURE_NAMES), or null: the hand-made fusion of search.ts.
 */
export const RERANK_WEIGHTS: Float64Array | null = Float64Array.from([0.734632, 2.604252, -0.87062, 1.602768, -1.467279, 2.122857, 0.539803, 0.710809, 1.651967, 0.430235, -0.034285, -0.09207, 0.723798, 1.139529, 0.422818, 2.495782, 0.023617, 0.612378, 2.421841, -0.004665, -1.554547, -0.504219, 0.695396, 0.110373, 0.625106, 0.771005, 0.789838, -0.963117, -0.381473, 0.594765, -0.8271, 0.96137, 0.408714, -0.182131, -0.061756, -0.155838, 0.852108, 0.264409, 0.194441, -0.127575, -0.009479, 2.629723, 1.234829, 0.654391, -0.027625, 0.324596, -0.142769, -0.263726, 0.000093, -2.540938, -0.34685, -2.235237, -1.299944, -0.510542, 0.772762, -0.882729, 0.154141, 2.088883, 0.096903, 0.804035, 0.698929, 0.424354, 0.87574, -1.076703, 0.024334, 0.217677, 0.428275, 0.233403, -0.518506, 0.316898]); // prettier-ignore // prettier-ignore // prettier-ignore

const popCache = new WeakMap<LearnedModel, Map<number, number>>();

/** cid → answered questions of the model citing the article (every version of it), computed once per model. */
export function articlePopularity(m: LearnedModel): Map<number, number> {
  let p = popCache.get(m);
  if (p) return p;
  p = new Map();
  for (const g of m.memory.gold) for (const cids of g) for (const c of cids) p.set(c, (p.get(c) ?? 0) + 1);
  popCache.set(m, p);
  return p;
}

/** Among the 50 answered questions most similar to the question (`sims`, learned.ts memorySimilarities): per cited cid, how many of the 10 / 50 cite it, and the nearest's similarity and rank. */
export function nearestDetail(m: LearnedModel, sims: Float32Array): { mc10: Map<number, number>; mc50: Map<number, number>; m1: Map<number, number>; m1r: Map<number, number> } {
  const order = nearestQuestions(sims, 50);
  const mc10 = new Map<number, number>();
  const mc50 = new Map<number, number>();
  const m1 = new Map<number, number>();
  const m1r = new Map<number, number>();
  for (let r = 0; r < Math.min(50, order.length); r++) {
    const qi = order[r]!;
    for (const cids of m.memory.gold[qi]!)
      for (const c of cids) {
        if (r < 10) mc10.set(c, (mc10.get(c) ?? 0) + 1);
        mc50.set(c, (mc50.get(c) ?? 0) + 1);
        if (!m1.has(c)) {
          m1.set(c, sims[qi]!);
          m1r.set(c, r + 1);
        }
      }
  }
  return { mc10, mc50, m1, m1r };
}
