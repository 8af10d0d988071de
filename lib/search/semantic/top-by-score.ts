/**
 * The best `limit` clauses of a list by a per-clause score (bm25.ts: the BM25 sums of a question's
 * phrases, ≈61k touched clauses for 400 kept, twice a question). Pure: arrays in, hits out.
 */

export interface ScoredClause {
  cid: number;
  score: number;
}

let selCids = new Int32Array(0);
let selScores = new Float64Array(0);

/**
 * The `limit` best of `cids[0 .. n)` by `score[cid]`, best first, ties to the lower cid: the first
 * `limit` of sorting them all by (score desc, cid asc). `cids` must not repeat a clause; their
 * order does not matter (a strict total order: the kept set is the same whatever it is).
 *
 * One pass over the list: the clauses at or above a floor (the limit-th best score among every 8th
 * clause, which is at most the limit-th best of all, so no clause below it can be kept; none for a
 * short list) are copied with their scores into a compact scratch list, where a bounded heap picks
 * the best — the heap then reads its scores sequentially instead of from the per-clause array.
 * With `reset`, that pass also sets each listed clause's score to 0 (the caller's accumulator is
 * clean afterwards, without a pass of its own).
 */
export function topByScore(score: Float64Array, cids: Int32Array, n: number, limit: number, reset = false): ScoredClause[] {
  const floor = limit > 0 && n > 8 * limit ? kthBest(score, cids, n, 8, limit) : -Infinity;
  if (selCids.length < n) {
    selCids = new Int32Array(n);
    selScores = new Float64Array(n);
  }
  const sel = selCids;
  const val = selScores;
  let m = 0;
  if (reset) {
    for (let k = 0; k < n; k++) {
      const c = cids[k]!;
      const v = score[c]!;
      score[c] = 0;
      if (v >= floor) {
        sel[m] = c;
        val[m++] = v;
      }
    }
  } else {
    for (let k = 0; k < n; k++) {
      const c = cids[k]!;
      const v = score[c]!;
      if (v >= floor) {
        sel[m] = c;
        val[m++] = v;
      }
    }
  }
  return limit > 0 ? heapTop(sel, val, m, limit) : [];
}

/** The k-th largest of score[cids[0]], score[cids[stride]], … (−Infinity when there are fewer than k), with a min-heap of k values. */
export function kthBest(score: Float64Array, cids: Int32Array, n: number, stride: number, k: number): number {
  const h = new Float64Array(k);
  let size = 0;
  for (let t = 0; t < n; t += stride) {
    const v = score[cids[t]!]!;
    if (size < k) {
      let i = size++;
      h[i] = v;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (h[p]! <= h[i]!) break;
        const x = h[i]!;
        h[i] = h[p]!;
        h[p] = x;
        i = p;
      }
    } else if (v > h[0]!) {
      h[0] = v;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < size && h[l]! < h[m]!) m = l;
        if (r < size && h[r]! < h[m]!) m = r;
        if (m === i) break;
        const x = h[i]!;
        h[i] = h[m]!;
        h[m] = x;
        i = m;
      }
    }
  }
  return size < k ? -Infinity : h[0]!;
}

/** The `limit` best of the n (cid, score) pairs by (score desc, cid asc). */
function heapTop(cid: Int32Array, val: Float64Array, n: number, limit: number): ScoredClause[] {
  return bestPositions(val, cid, n, limit).map((k) => ({ cid: cid[k]!, score: val[k]! }));
}

/**
 * Positions of the `limit` best of the first n (val, cid) pairs, best first: the first `limit` of
 * sorting them all by (val desc, cid asc), found with a bounded min-heap of positions (heap[0]: the
 * worst kept). Shared by the BM25 top selection and the candidates' final order (search.ts).
 */
export function bestPositions(val: Float64Array, cid: Int32Array, n: number, limit: number): number[] {
  const k = Math.min(limit, n);
  if (k <= 0) return [];
  const heap = new Int32Array(k);
  let size = 0;
  const worse = (a: number, b: number) => val[a]! < val[b]! || (val[a] === val[b] && cid[a]! > cid[b]!);
  for (let p = 0; p < n; p++) {
    if (size < k) {
      let i = size++;
      heap[i] = p;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!worse(heap[i]!, heap[parent]!)) break;
        const t = heap[i]!;
        heap[i] = heap[parent]!;
        heap[parent] = t;
        i = parent;
      }
      continue;
    }
    if (!worse(heap[0]!, p)) continue;
    heap[0] = p;
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < size && worse(heap[l]!, heap[m]!)) m = l;
      if (r < size && worse(heap[r]!, heap[m]!)) m = r;
      if (m === i) break;
      const t = heap[i]!;
      heap[i] = heap[m]!;
      heap[m] = t;
      i = m;
    }
  }
  return Array.from(heap.subarray(0, size)).sort((a, b) => val[b]! - val[a]! || cid[a]! - cid[b]!);
}
