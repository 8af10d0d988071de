import { describe, expect, it } from "vitest";
import { rng } from "./linalg";
import { bestPositions, descendingOrder, kthBest, kthLargest, sortedPositions, topByScore } from "./top-by-score";

/** The reference: every listed clause sorted by (score desc, cid asc), the first `limit`. */
function bySort(score: Float64Array, cids: number[], limit: number): { cid: number; score: number }[] {
  return cids
    .map((cid) => ({ cid, score: score[cid]! }))
    .sort((a, b) => b.score - a.score || a.cid - b.cid)
    .slice(0, Math.max(0, limit));
}

/** `n` distinct clauses of `size` with scores from `draw`, listed in a shuffled order. */
function listOf(size: number, n: number, draw: (r: () => number) => number, seed: number): { score: Float64Array; cids: number[] } {
  const r = rng(seed);
  const score = new Float64Array(size);
  const all = Array.from({ length: size }, (_, i) => i);
  for (let i = size - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  const cids = all.slice(0, n);
  for (const c of cids) score[c] = draw(r);
  return { score, cids };
}

const cases: { name: string; size: number; n: number; limit: number; draw: (r: () => number) => number }[] = [
  { name: "empty list", size: 10, n: 0, limit: 5, draw: (r) => r() },
  { name: "fewer clauses than the limit", size: 50, n: 7, limit: 20, draw: (r) => r() },
  { name: "exactly the limit", size: 50, n: 20, limit: 20, draw: (r) => r() },
  { name: "short list (no floor): distinct scores", size: 1000, n: 150, limit: 20, draw: (r) => r() },
  { name: "long list (floor from every 8th): distinct scores", size: 20_000, n: 12_000, limit: 400, draw: (r) => r() * 30 },
  { name: "long list, many ties (a handful of values): ties to the lower cid", size: 20_000, n: 15_000, limit: 400, draw: (r) => 1 + Math.floor(r() * 6) },
  { name: "long list, every score equal", size: 5_000, n: 4_000, limit: 100, draw: () => 2.5 },
  { name: "long list, a limit of 1", size: 5_000, n: 3_000, limit: 1, draw: (r) => Math.floor(r() * 50) },
  { name: "long list, heavy tail (the best few far above the rest)", size: 30_000, n: 25_000, limit: 400, draw: (r) => (r() < 0.01 ? 100 + r() : r() * r()) },
  { name: "limit 0", size: 100, n: 60, limit: 0, draw: (r) => r() },
];

describe("topByScore", () => {
  for (const c of cases) {
    it(`${c.name}: the first \`limit\` of sorting them all, whatever the list's order`, () => {
      const { score, cids } = listOf(c.size, c.n, c.draw, c.size + c.n + c.limit);
      const want = bySort(score, cids, c.limit);
      expect(want.length).toBe(Math.max(0, Math.min(c.limit, c.n)));
      expect(topByScore(score, Int32Array.from(cids), c.n, c.limit)).toEqual(want);
      expect(topByScore(score, Int32Array.from([...cids].reverse()), c.n, c.limit)).toEqual(want);
      expect(topByScore(score, Int32Array.from([...cids].sort((a, b) => a - b)), c.n, c.limit)).toEqual(want);
    });

    it(`${c.name}: with reset, the same hits and every listed clause's score 0, the others untouched`, () => {
      const { score, cids } = listOf(c.size, c.n, c.draw, c.size * 3 + c.n + c.limit);
      const want = bySort(score, cids, c.limit);
      // a clause that is not listed keeps its score
      const outside = Array.from({ length: c.size }, (_, i) => i).find((i) => !cids.includes(i));
      if (outside !== undefined) score[outside] = 7;
      expect(topByScore(score, Int32Array.from(cids), c.n, c.limit, true)).toEqual(want);
      for (const cid of cids) expect(score[cid]).toBe(0);
      if (outside !== undefined) expect(score[outside]).toBe(7);
    });
  }

  it("only looks at the first n of the list", () => {
    const score = Float64Array.from([0, 5, 4, 3, 9, 8]);
    expect(topByScore(score, Int32Array.from([1, 2, 3, 4, 5]), 3, 2)).toEqual([{ cid: 1, score: 5 }, { cid: 2, score: 4 }]);
  });
});

describe("kthBest", () => {
  const score = Float64Array.from([0, 9, 1, 8, 2, 7, 3, 6, 4, 5]);
  const cids = Int32Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  const table: { stride: number; k: number; want: number }[] = [
    { stride: 1, k: 1, want: 9 },
    { stride: 1, k: 3, want: 7 },
    { stride: 1, k: 9, want: 1 },
    { stride: 1, k: 10, want: -Infinity }, // fewer than k
    { stride: 2, k: 1, want: 9 }, // cids 1, 3, 5, 7, 9: scores 9, 8, 7, 6, 5
    { stride: 2, k: 5, want: 5 },
    { stride: 4, k: 2, want: 7 }, // cids 1, 5, 9: 9, 7, 5
    { stride: 4, k: 3, want: 5 },
  ];
  for (const t of table)
    it(`stride ${t.stride}, k ${t.k}: ${t.want}`, () => {
      expect(kthBest(score, cids, cids.length, t.stride, t.k)).toBe(t.want);
    });
});

describe("kthLargest", () => {
  const r = rng(99);
  const table: { name: string; values: number[]; k: number }[] = [
    { name: "one value", values: [3.5], k: 1 },
    { name: "ascending", values: Array.from({ length: 1000 }, (_, i) => i), k: 400 },
    { name: "descending", values: Array.from({ length: 1000 }, (_, i) => 1000 - i), k: 400 },
    { name: "every value equal", values: new Array(777).fill(2.25), k: 100 },
    { name: "a handful of values (many ties)", values: Array.from({ length: 5000 }, () => Math.floor(r() * 4)), k: 1234 },
    { name: "random, k = 1", values: Array.from({ length: 3000 }, () => r()), k: 1 },
    { name: "random, k = n", values: Array.from({ length: 3000 }, () => r() - 0.5), k: 3000 },
    { name: "organ pipe (median-of-three's bad case)", values: Array.from({ length: 4096 }, (_, i) => Math.min(i, 4095 - i)), k: 2000 },
    { name: "infinities and signed zeros", values: [0, -0, Infinity, -Infinity, 1, -1, 0, 5], k: 3 },
  ];
  for (const t of table)
    it(`${t.name}: the k-th of the values sorted descending`, () => {
      const want = [...t.values].sort((a, b) => b - a)[t.k - 1];
      expect(kthLargest(Float64Array.from(t.values), t.values.length, t.k)).toBe(want);
    });
});

describe("bestPositions", () => {
  /** The reference: every position sorted by (val desc, cid asc), the first `limit`. */
  const bySort = (val: number[], cid: number[], limit: number) =>
    val.map((_, p) => p).sort((a, b) => val[b]! - val[a]! || cid[a]! - cid[b]!).slice(0, Math.max(0, limit));
  const r = rng(7);
  const cases: { name: string; n: number; limit: number; draw: () => number }[] = [
    { name: "no pairs", n: 0, limit: 10, draw: () => r() },
    { name: "fewer pairs than the limit", n: 30, limit: 100, draw: () => r() },
    { name: "distinct values", n: 3000, limit: 400, draw: () => r() },
    { name: "many ties at the boundary: the lower cids", n: 3000, limit: 400, draw: () => Math.floor(r() * 8) },
    { name: "every value equal", n: 500, limit: 100, draw: () => 1 },
    { name: "limit 1", n: 800, limit: 1, draw: () => Math.floor(r() * 20) },
    { name: "negative scores (the learned ranking's)", n: 1100, limit: 100, draw: () => 10 * r() - 8 },
  ];
  for (const c of cases)
    it(`${c.name}: the first \`limit\` of sorting them all`, () => {
      const val = Array.from({ length: c.n }, c.draw);
      const cid = Array.from({ length: c.n }, (_, i) => (i * 7919) % 100_003);
      expect(bestPositions(Float64Array.from(val), Int32Array.from(cid), c.n, c.limit)).toEqual(bySort(val, cid, c.limit));
    });

  it("a NaN among the values: the bounded heap's answer, as before (a NaN compares false either way, so the heap keeps it)", () => {
    const got = bestPositions(Float64Array.from([1, NaN, 3, 2]), Int32Array.from([1, 2, 3, 4]), 4, 2);
    expect(got).toEqual([1, 2]);
  });
});

describe("descendingOrder", () => {
  const table: { name: string; val: number[]; cid: number[]; pos: number[]; want: number[] }[] = [
    { name: "nothing to order", val: [1, 2], cid: [1, 2], pos: [], want: [] },
    { name: "distinct values: highest first", val: [0.5, 3, -1, 2], cid: [9, 8, 7, 6], pos: [0, 1, 2, 3], want: [1, 3, 0, 2] },
    { name: "equal values: lower cid first", val: [2, 5, 2, 2], cid: [30, 1, 10, 20], pos: [0, 1, 2, 3], want: [1, 2, 3, 0] },
    { name: "only the listed positions", val: [9, 1, 8, 7], cid: [1, 2, 3, 4], pos: [3, 1, 2], want: [2, 3, 1] },
    { name: "−0 and +0 are equal (ordered by cid)", val: [0, -0, 1], cid: [5, 4, 6], pos: [0, 1, 2], want: [2, 1, 0] },
  ];
  for (const t of table)
    it(t.name, () => {
      expect(descendingOrder(Float64Array.from(t.val), Int32Array.from(t.cid), t.pos, t.pos.length)).toEqual(t.want);
      expect(Array.from(sortedPositions(Float64Array.from(t.val), Int32Array.from(t.cid), t.pos, t.pos.length))).toEqual(t.want);
    });

  it("sortedPositions reuses its scratch: a longer call after a shorter one, then a shorter one again, each its own order", () => {
    const val = Float64Array.from({ length: 3000 }, (_, i) => (i * 7919) % 1000);
    const cid = Int32Array.from({ length: 3000 }, (_, i) => i);
    const all = Int32Array.from({ length: 3000 }, (_, i) => i);
    const want = (m: number) => all.subarray(0, m).slice().sort((a, b) => val[b]! - val[a]! || a - b);
    for (const m of [5, 3000, 40, 0, 1]) {
      const got = sortedPositions(val, cid, all, m);
      expect(got.length).toBe(m);
      expect(Array.from(got)).toEqual(Array.from(want(m)));
    }
  });
});
