/**
 * The learned re-ranker of the hybrid's head: a linear model over the signals search.ts already
 * computes for every candidate (BM25, LSA cosine, regulation prior, learned law prior, question
 * memory, translation list, neighbours, in-law list), trained with a listwise softmax loss on
 * answered questions (each question: its gold clauses against its strongest other candidates).
 * The first `RERANK_HEAD` results are the best by this model; the rest come from the hand-made
 * tail ranking, which trusts the memory and the new generators more (recall@100).
 *
 * Weights: `RERANK_WEIGHTS`, fitted on the STARD training split by tools/fit.ts (features
 * dumped by tools/tune.ts with 5-fold question memories). `npm run bench -- semantic` never uses
 * them on a question they were fitted on: it fits one weight vector per fold (cross-fitting).
 */

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
}

export const FEATURE_NAMES = [
  "bm", "bm²", "bm>0", "cos", "cos²", "prior", "law", "mh", "√mh", "mt", "√mt", "mt>0", "tr", "tr²", "tr>0", "nb", "nb>0",
  "lawvote", "√lawvote", "bm·cos", "tr·cos", "law·cos", "law·bm", "law·tr", "lb", "lb>0",
] as const; // prettier-ignore

/**
 * Feature vectors of a question's candidates. `lawvote` is the best tail memory vote among the
 * candidates of the same regulation (the memory says "this law", not only "this article").
 */
export function featureVectors(cands: CandidateSignals[]): Float64Array[] {
  const lv = new Map<number, number>();
  for (const c of cands) if (c.mt > 0) lv.set(c.rid, Math.max(lv.get(c.rid) ?? 0, c.mt));
  return cands.map((c) => {
    const { bm, cos, prior, law, mh, mt, tr, nb, lb } = c;
    const l = lv.get(c.rid) ?? 0;
    return Float64Array.from([
      bm, bm * bm, bm > 0 ? 1 : 0, cos, cos * cos, prior, law, mh, Math.sqrt(mh), mt, Math.sqrt(mt), mt > 0 ? 1 : 0, tr, tr * tr, tr > 0 ? 1 : 0,
      nb, nb > 0 ? 1 : 0, l, Math.sqrt(l), bm * cos, tr * cos, law * cos, law * bm, law * tr, lb, lb > 0 ? 1 : 0,
    ]); // prettier-ignore
  });
}

export function dot(w: ArrayLike<number>, x: ArrayLike<number>): number {
  let s = 0;
  for (let j = 0; j < x.length; j++) s += w[j]! * x[j]!;
  return s;
}

export interface TrainOptions {
  iterations: number;
  l2: number;
  /** Non-gold candidates kept per question: the strongest by a simple base score. */
  negatives: number;
}

export const TRAIN_DEFAULTS: TrainOptions = { iterations: 150, l2: 0.001, negatives: 300 };

/**
 * Listwise softmax regression (Adam, deterministic): for each question, −mean log p(gold) with
 * p = softmax over its gold and kept negative candidates.
 */
export function trainRerank(questions: { cands: CandidateSignals[]; gold: Set<number> }[], opts: TrainOptions = TRAIN_DEFAULTS): Float64Array {
  const data = questions
    .map(({ cands, gold }) => {
      const X = featureVectors(cands);
      const rows = cands.map((c, i) => ({ i, y: gold.has(c.cid), b: c.bm + 0.2 * c.cos + 4 * c.mt + c.tr + c.nb }));
      const pos = rows.filter((r) => r.y);
      const neg = rows
        .filter((r) => !r.y)
        .sort((a, b) => b.b - a.b || a.i - b.i)
        .slice(0, opts.negatives);
      return { X: [...pos, ...neg].map((r) => X[r.i]!), np: pos.length };
    })
    .filter((d) => d.np > 0);
  const dim = FEATURE_NAMES.length;
  const w = new Float64Array(dim);
  const m = new Float64Array(dim);
  const v = new Float64Array(dim);
  if (data.length === 0) return w;
  const g = new Float64Array(dim);
  for (let it = 1; it <= opts.iterations; it++) {
    g.fill(0);
    for (const d of data) {
      const sc = d.X.map((x) => dot(w, x));
      let mx = -Infinity;
      for (const s of sc) mx = Math.max(mx, s);
      let z = 0;
      const e = sc.map((s) => {
        const t = Math.exp(s - mx);
        z += t;
        return t;
      });
      for (let i = 0; i < d.X.length; i++) {
        const coef = e[i]! / z - (i < d.np ? 1 / d.np : 0);
        const x = d.X[i]!;
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
  return w;
}

/** The first results taken from the re-ranker; the rest by search.ts's tail score. */
export const RERANK_HEAD = 30;
/** The item score is the logistic function of the re-ranker's score minus this (a typical top score ≈ 0.5). */
export const RERANK_OFFSET = 0;

/**
 * The shipped weights (order of FEATURE_NAMES), or null: the hand-made head of search.ts.
 */
export const RERANK_WEIGHTS: Float64Array | null = null;
