/**
 * The best `limit` clauses of a list by a per-clause score (bm25.ts: the BM25 sums of a question's
 * phrases, ≈61k touched clauses for 400 kept, twice a question). Pure: arrays in, hits out.
 */
import { kthLargest } from "../../text/kth-largest";

export { kthLargest };

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

let sampleScratch = new Float64Array(0);

/** The k-th largest of score[cids[0]], score[cids[stride]], … (−Infinity when there are fewer than k), by selection (kthLargest). */
export function kthBest(score: Float64Array, cids: Int32Array, n: number, stride: number, k: number): number {
  const m = n > 0 ? Math.floor((n - 1) / stride) + 1 : 0;
  if (k <= 0 || m < k) return -Infinity;
  if (sampleScratch.length < m) sampleScratch = new Float64Array(Math.max(m, 2 * sampleScratch.length));
  const a = sampleScratch;
  for (let t = 0, i = 0; t < n; t += stride) a[i++] = score[cids[t]!]!;
  return kthLargest(a, m, k);
}

/** The `limit` best of the n (cid, score) pairs by (score desc, cid asc). */
function heapTop(cid: Int32Array, val: Float64Array, n: number, limit: number): ScoredClause[] {
  return bestPositions(val, cid, n, limit).map((k) => ({ cid: cid[k]!, score: val[k]! }));
}

let selectScratch = new Float64Array(0);

/**
 * Positions of the `limit` best of the first n (val, cid) pairs, best first: the first `limit` of
 * sorting them all by (val desc, cid asc). Shared by the BM25 top selection and the candidates' final
 * order (search.ts). The limit-th best value T by selection (kthLargest: no heap of positions kept in
 * order while the pairs are read), then the pairs above T and, among those equal to T, the lowest
 * cids, sorted. With a NaN among the values (no total order) it keeps the bounded heap's answer.
 */
export function bestPositions(val: Float64Array, cid: Int32Array, n: number, limit: number): number[] {
  const k = Math.min(limit, n);
  if (k <= 0) return [];
  if (selectScratch.length < n) selectScratch = new Float64Array(Math.max(n, 2 * selectScratch.length));
  const tmp = selectScratch;
  let nan = false;
  for (let p = 0; p < n; p++) {
    const v = val[p]!;
    tmp[p] = v;
    if (v !== v) nan = true;
  }
  if (nan) return bestPositionsByHeap(val, cid, n, limit);
  const t = kthLargest(tmp, n, k);
  const out: number[] = [];
  const ties: number[] = [];
  for (let p = 0; p < n; p++) {
    const v = val[p]!;
    if (v > t) out.push(p);
    else if (v === t) ties.push(p);
  }
  if (ties.length > k - out.length) ties.sort((a, b) => cid[a]! - cid[b]!);
  for (let i = 0; out.length < k; i++) out.push(ties[i]!);
  return descendingOrder(val, cid, out, out.length);
}

/**
 * Positions `pos[0 .. m)` (distinct) ordered by (val desc, cid asc), no NaN among their values: what a
 * comparator sort gives, without one. The values, cids and positions copied side by side into typed
 * arrays and sorted there by a quicksort (median of three; insertion sort below 16 elements) that
 * compares inline: no function call per comparison, the keys read sequentially.
 */
export function descendingOrder(val: Float64Array, cid: Int32Array, pos: ArrayLike<number>, m: number): number[] {
  return Array.from(sortedPositions(val, cid, pos, m));
}

let orderKeys = new Float64Array(0);
let orderCids = new Int32Array(0);
let orderPos = new Int32Array(0);

/** descendingOrder into scratch arrays: the same order, as a view valid until the next call (no array allocated per call). */
export function sortedPositions(val: Float64Array, cid: Int32Array, pos: ArrayLike<number>, m: number): Int32Array {
  if (orderPos.length < m) {
    const size = Math.max(m, 2 * orderPos.length);
    orderKeys = new Float64Array(size);
    orderCids = new Int32Array(size);
    orderPos = new Int32Array(size);
  }
  const k = orderKeys;
  const c = orderCids;
  const p = orderPos;
  for (let i = 0; i < m; i++) {
    const x = pos[i]!;
    p[i] = x;
    k[i] = val[x]!;
    c[i] = cid[x]!;
  }
  sortDesc(k, c, p, 0, m - 1);
  return p.subarray(0, m);
}

/** Sorts k[lo .. hi] (with c and p alongside) by (k desc, c asc). */
function sortDesc(k: Float64Array, c: Int32Array, p: Int32Array, lo: number, hi: number): void {
  // (a before b) ⇔ k[a] > k[b] || (k[a] === k[b] && c[a] < c[b])
  while (hi - lo >= 16) {
    const mid = (lo + hi) >> 1;
    // median of three moved to mid, lo and hi ordered around it
    if (before(k, c, mid, lo)) swap(k, c, p, mid, lo);
    if (before(k, c, hi, lo)) swap(k, c, p, hi, lo);
    if (before(k, c, hi, mid)) swap(k, c, p, hi, mid);
    const pk = k[mid]!;
    const pc = c[mid]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (k[i]! > pk || (k[i] === pk && c[i]! < pc)) i++;
      while (pk > k[j]! || (pk === k[j] && pc < c[j]!)) j--;
      if (i <= j) {
        swap(k, c, p, i, j);
        i++;
        j--;
      }
    }
    // recurse into the smaller part, loop on the larger
    if (j - lo < hi - i) {
      sortDesc(k, c, p, lo, j);
      lo = i;
    } else {
      sortDesc(k, c, p, i, hi);
      hi = j;
    }
  }
  for (let a = lo + 1; a <= hi; a++) {
    const ka = k[a]!;
    const ca = c[a]!;
    const pa = p[a]!;
    let b = a - 1;
    while (b >= lo && (ka > k[b]! || (ka === k[b] && ca < c[b]!))) {
      k[b + 1] = k[b]!;
      c[b + 1] = c[b]!;
      p[b + 1] = p[b]!;
      b--;
    }
    k[b + 1] = ka;
    c[b + 1] = ca;
    p[b + 1] = pa;
  }
}

function before(k: Float64Array, c: Int32Array, a: number, b: number): boolean {
  return k[a]! > k[b]! || (k[a] === k[b] && c[a]! < c[b]!);
}

function swap(k: Float64Array, c: Int32Array, p: Int32Array, a: number, b: number): void {
  const tk = k[a]!;
  k[a] = k[b]!;
  k[b] = tk;
  const tc = c[a]!;
  c[a] = c[b]!;
  c[b] = tc;
  const tp = p[a]!;
  p[a] = p[b]!;
  p[b] = tp;
}

/** bestPositions with a bounded min-heap of positions (heap[0]: the worst kept); its answer when a value is NaN. */
function bestPositionsByHeap(val: Float64Array, cid: Int32Array, n: number, limit: number): number[] {
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
