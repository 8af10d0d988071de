/**
 * Gradient-boosted regression trees on top of the learned ranking (rerank.ts): the linear model's
 * score is the starting margin and each tree adds a correction, fitted to the same listwise softmax
 * loss (each question's gold clauses against its kept candidates) by Newton steps: per candidate the
 * gradient p − y / n_gold and the curvature p (1 − p) of the loss in its score. The trees split on the
 * same features (FEATURE_NAMES) at quantile thresholds (histograms of at most `bins` values per
 * feature), level by level to `depth`; a leaf's value is −ΣG / (ΣH + λ) times the learning rate.
 * Deterministic: the same rows give the same trees.
 *
 * The trees capture what a weighted sum of the features cannot: thresholds (a memory vote counts
 * only when the nearest answered question is near enough) and interactions beyond the hand-made
 * products.
 */

export interface BoostOptions {
  trees: number;
  depth: number;
  rate: number;
  lambda: number;
  /** A split leaves at least this much curvature on each side. */
  minHess: number;
  bins: number;
}

export const BOOST_DEFAULTS: BoostOptions = { trees: 120, depth: 4, rate: 0.1, lambda: 1, minHess: 0.5, bins: 32 };

/** Trees in flat arrays: node k splits on feature[k] at threshold[k] (x ≤ t: left), or is a leaf (feature −1) of value[k]. */
export interface BoostModel {
  feature: Int32Array;
  threshold: Float64Array;
  left: Int32Array;
  right: Int32Array;
  value: Float64Array;
  /** First node of each tree. */
  roots: Int32Array;
}

/** One question's training rows: features, sample weights, base margins; the first `np` rows are its gold candidates. */
export interface BoostQuestion {
  X: Float64Array[];
  wt: Float64Array;
  base: Float64Array;
  np: number;
}

/** The trees' correction to a candidate's score. */
export function boostScore(m: BoostModel, x: ArrayLike<number>): number {
  let s = 0;
  const { feature, threshold, left, right, value, roots } = m;
  for (let t = 0; t < roots.length; t++) {
    let k = roots[t]!;
    while (feature[k]! >= 0) k = x[feature[k]!]! <= threshold[k]! ? left[k]! : right[k]!;
    s += value[k]!;
  }
  return s;
}

/**
 * The trees as complete binary trees of one depth in flat typed arrays (for scoring many candidates):
 * tree t's inner node p (0 ≤ p < 2^depth − 1, children 2p + 1 and 2p + 2) splits on
 * feature[t · inner + p] at threshold[t · inner + p] (x ≤ t: left), and its leaf p − inner is
 * leaf[t · 2^depth + p − inner]. A leaf of the model above the full depth is repeated under a split
 * that leads to it either way (feature 0, threshold 0), so every walk takes exactly `depth` steps and
 * ends at the leaf the model's own walk ends at: the same value, NaN features included.
 */
export interface FlatTrees {
  depth: number;
  count: number;
  /** 2^depth − 1 */
  inner: number;
  feature: Int32Array;
  threshold: Float64Array;
  leaf: Float64Array;
}

/** Flat trees deeper than this are not built (2^depth leaves a tree): boostScore walks them instead. */
export const FLAT_MAX_DEPTH = 10;

const flatCache = new WeakMap<BoostModel, FlatTrees | null>();

/** The model's flat form (once per model), or null when a tree is deeper than FLAT_MAX_DEPTH. */
export function flatTrees(m: BoostModel): FlatTrees | null {
  if (flatCache.has(m)) return flatCache.get(m)!;
  const { feature, threshold, left, right, value, roots } = m;
  const depthOf = (k: number): number => (feature[k]! < 0 ? 0 : 1 + Math.max(depthOf(left[k]!), depthOf(right[k]!)));
  let depth = 0;
  for (let t = 0; t < roots.length && depth <= FLAT_MAX_DEPTH; t++) depth = Math.max(depth, depthOf(roots[t]!));
  let flat: FlatTrees | null = null;
  if (depth <= FLAT_MAX_DEPTH) {
    const inner = 2 ** depth - 1;
    const leaves = 2 ** depth;
    const count = roots.length;
    flat = { depth, count, inner, feature: new Int32Array(count * inner), threshold: new Float64Array(count * inner), leaf: new Float64Array(count * leaves) };
    const f = flat;
    const fill = (t: number, k: number, p: number, d: number): void => {
      if (d === depth) {
        f.leaf[t * leaves + p - inner] = value[k]!;
        return;
      }
      if (feature[k]! >= 0) {
        f.feature[t * inner + p] = feature[k]!;
        f.threshold[t * inner + p] = threshold[k]!;
        fill(t, left[k]!, 2 * p + 1, d + 1);
        fill(t, right[k]!, 2 * p + 2, d + 1);
      } else {
        // a leaf above the full depth: either way leads to it
        fill(t, k, 2 * p + 1, d + 1);
        fill(t, k, 2 * p + 2, d + 1);
      }
    };
    for (let t = 0; t < count; t++) fill(t, roots[t]!, 0, 0);
  }
  flatCache.set(m, flat);
  return flat;
}

/**
 * out[i] += the trees' correction (boostScore) of the row X[i · dim ..] for each i = rows[r], r < m: the trees'
 * values added in the model's order for each row (the same doubles as boostScore), the walks on
 * the flat trees.
 */
export function addFlatScores(f: FlatTrees, X: Float64Array, dim: number, rows: ArrayLike<number>, m: number, out: Float64Array): void {
  const { depth, count, inner, feature, threshold, leaf } = f;
  const leaves = inner + 1;
  let r = 0;
  // four rows at a time: four independent walks per tree overlap in the processor (each row's sum is
  // still its own chain of additions, tree by tree)
  for (; r + 4 <= m; r += 4) {
    const i0 = rows[r]!, i1 = rows[r + 1]!, i2 = rows[r + 2]!, i3 = rows[r + 3]!; // prettier-ignore
    const o0 = i0 * dim, o1 = i1 * dim, o2 = i2 * dim, o3 = i3 * dim; // prettier-ignore
    let s0 = 0, s1 = 0, s2 = 0, s3 = 0; // prettier-ignore
    for (let t = 0, nb = 0, lb = -inner; t < count; t++, nb += inner, lb += leaves) {
      let p0 = 0, p1 = 0, p2 = 0, p3 = 0; // prettier-ignore
      for (let d = 0; d < depth; d++) {
        // x ≤ threshold: the left child 2p + 1, else (NaN included) the right one 2p + 2
        p0 = 2 * p0 + 2 - +(X[o0 + feature[nb + p0]!]! <= threshold[nb + p0]!);
        p1 = 2 * p1 + 2 - +(X[o1 + feature[nb + p1]!]! <= threshold[nb + p1]!);
        p2 = 2 * p2 + 2 - +(X[o2 + feature[nb + p2]!]! <= threshold[nb + p2]!);
        p3 = 2 * p3 + 2 - +(X[o3 + feature[nb + p3]!]! <= threshold[nb + p3]!);
      }
      s0 += leaf[lb + p0]!;
      s1 += leaf[lb + p1]!;
      s2 += leaf[lb + p2]!;
      s3 += leaf[lb + p3]!;
    }
    out[i0] = out[i0]! + s0;
    out[i1] = out[i1]! + s1;
    out[i2] = out[i2]! + s2;
    out[i3] = out[i3]! + s3;
  }
  for (; r < m; r++) {
    const i = rows[r]!;
    const o = i * dim;
    let s = 0;
    for (let t = 0, nb = 0, lb = -inner; t < count; t++, nb += inner, lb += leaves) {
      let p = 0;
      for (let d = 0; d < depth; d++) p = 2 * p + 2 - +(X[o + feature[nb + p]!]! <= threshold[nb + p]!);
      s += leaf[lb + p]!;
    }
    out[i] = out[i]! + s;
  }
}

/** Fits the trees (see the module comment). */
export function trainBoost(qs: BoostQuestion[], dim: number, opts: BoostOptions = BOOST_DEFAULTS): BoostModel {
  const data = qs.filter((q) => q.np > 0 && q.X.length > q.np);
  let R = 0;
  for (const q of data) R += q.X.length;
  if (R === 0) return { feature: Int32Array.of(-1), threshold: Float64Array.of(0), left: Int32Array.of(-1), right: Int32Array.of(-1), value: Float64Array.of(0), roots: Int32Array.of(0) };
  // quantile thresholds per feature, and each row's bin
  const cuts: Float64Array[] = [];
  const bin = new Uint8Array(R * dim);
  const col = new Float64Array(R);
  for (let j = 0; j < dim; j++) {
    let r = 0;
    for (const q of data) for (const x of q.X) col[r++] = x[j]!;
    const sorted = Float64Array.from(col).sort();
    const c: number[] = [];
    for (let b = 1; b < opts.bins; b++) {
      const v = sorted[Math.floor((b * R) / opts.bins)]!;
      if (!c.length || v > c[c.length - 1]!) c.push(v);
    }
    // a threshold is the largest value of its bin's lower side: x ≤ cut[b] goes to bins ≤ b
    const cut = Float64Array.from(c);
    cuts.push(cut);
    for (let i = 0; i < R; i++) {
      const v = col[i]!;
      let lo = 0;
      let hi = cut.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (v <= cut[mid]!) hi = mid;
        else lo = mid + 1;
      }
      bin[i * dim + j] = lo;
    }
  }
  const score = new Float64Array(R);
  {
    let r = 0;
    for (const q of data) for (let i = 0; i < q.X.length; i++) score[r++] = q.base[i]!;
  }
  const g = new Float64Array(R);
  const h = new Float64Array(R);
  const node = new Int32Array(R);
  const feature: number[] = [];
  const threshold: number[] = [];
  const left: number[] = [];
  const right: number[] = [];
  const value: number[] = [];
  const roots: number[] = [];
  const B = opts.bins;
  for (let t = 0; t < opts.trees; t++) {
    // gradients of the listwise loss
    let r = 0;
    for (const q of data) {
      const n = q.X.length;
      let mx = -Infinity;
      for (let i = 0; i < n; i++) mx = Math.max(mx, score[r + i]!);
      let z = 0;
      for (let i = 0; i < n; i++) z += q.wt[i]! * Math.exp(score[r + i]! - mx);
      for (let i = 0; i < n; i++) {
        const p = (q.wt[i]! * Math.exp(score[r + i]! - mx)) / z;
        g[r + i] = p - (i < q.np ? 1 / q.np : 0);
        h[r + i] = Math.max(p * (1 - p), 1e-9);
      }
      r += n;
    }
    // grow level by level: nodes of the current level are 0..L-1 (local ids), rows carry their node
    node.fill(0);
    const root = feature.length;
    roots.push(root);
    let level = [root];
    feature.push(-1), threshold.push(0), left.push(-1), right.push(-1), value.push(0); // prettier-ignore
    for (let d = 0; d <= opts.depth; d++) {
      const L = level.length;
      const G = new Float64Array(L);
      const H = new Float64Array(L);
      for (let i = 0; i < R; i++) {
        const k = node[i]!;
        if (k < 0) continue;
        G[k] = G[k]! + g[i]!;
        H[k] = H[k]! + h[i]!;
      }
      for (let k = 0; k < L; k++) value[level[k]!] = (-opts.rate * G[k]!) / (H[k]! + opts.lambda);
      if (d === opts.depth) break;
      const hg = new Float64Array(L * dim * B);
      const hh = new Float64Array(L * dim * B);
      for (let i = 0; i < R; i++) {
        if (node[i]! < 0) continue;
        const base = node[i]! * dim * B;
        const gi = g[i]!;
        const hi = h[i]!;
        const o = i * dim;
        for (let j = 0; j < dim; j++) {
          const at = base + j * B + bin[o + j]!;
          hg[at] = hg[at]! + gi;
          hh[at] = hh[at]! + hi;
        }
      }
      const next: number[] = [];
      const childOf = new Int32Array(L * 2).fill(-1);
      const split = new Int32Array(L).fill(-1);
      const splitBin = new Int32Array(L);
      for (let k = 0; k < L; k++) {
        const parent = (G[k]! * G[k]!) / (H[k]! + opts.lambda);
        let best = 1e-12;
        for (let j = 0; j < dim; j++) {
          let gl = 0;
          let hl = 0;
          const off = k * dim * B + j * B;
          for (let b = 0; b < cuts[j]!.length; b++) {
            gl += hg[off + b]!;
            hl += hh[off + b]!;
            const gr = G[k]! - gl;
            const hr = H[k]! - hl;
            if (hl < opts.minHess || hr < opts.minHess) continue;
            const gain = (gl * gl) / (hl + opts.lambda) + (gr * gr) / (hr + opts.lambda) - parent;
            if (gain > best) {
              best = gain;
              split[k] = j;
              splitBin[k] = b;
            }
          }
        }
        if (split[k]! < 0) continue;
        const id = level[k]!;
        feature[id] = split[k]!;
        threshold[id] = cuts[split[k]!]![splitBin[k]!]!;
        for (let s = 0; s < 2; s++) {
          const c = feature.length;
          feature.push(-1), threshold.push(0), left.push(-1), right.push(-1), value.push(0); // prettier-ignore
          if (s === 0) left[id] = c;
          else right[id] = c;
          childOf[k * 2 + s] = next.length;
          next.push(c);
        }
      }
      if (!next.length) break;
      // rows of a node that did not split are done (−1: out of the next level's sums)
      for (let i = 0; i < R; i++) {
        const k = node[i]!;
        if (k < 0) continue;
        node[i] = split[k]! < 0 ? -1 : childOf[k * 2 + (bin[i * dim + split[k]!]! <= splitBin[k]! ? 0 : 1)]!;
      }
      level = next;
    }
    // add the tree's values to the scores (a row's leaf: walk the tree on its bins' thresholds = its features)
    r = 0;
    for (const q of data)
      for (const x of q.X) {
        let k = root;
        while (feature[k]! >= 0) k = x[feature[k]!]! <= threshold[k]! ? left[k]! : right[k]!;
        score[r] = score[r]! + value[k]!;
        r++;
      }
  }
  return {
    feature: Int32Array.from(feature),
    threshold: Float64Array.from(threshold),
    left: Int32Array.from(left),
    right: Int32Array.from(right),
    value: Float64Array.from(value),
    roots: Int32Array.from(roots),
  };
}
