import { describe, expect, it } from "vitest";
import { rng } from "./linalg";
import { byGroupAndOrd, emptyColumns, rankDiscount, SIGNAL_FIELDS } from "./rerank";

/** The reference: the positive keys sorted by (key desc, cid asc) with a comparator, 1 / log2(2 + rank). */
function rankDiscountBySort(key: Float64Array, cid: Int32Array, n: number): Float64Array {
  const out = new Float64Array(n);
  const idx: number[] = [];
  for (let i = 0; i < n; i++) if (key[i]! > 0) idx.push(i);
  idx.sort((a, b) => key[b]! - key[a]! || cid[a]! - cid[b]!);
  for (let r = 0; r < idx.length; r++) out[idx[r]!] = 1 / Math.log2(r + 2);
  return out;
}

/** `n` candidates with distinct cids (shuffled) and keys from `draw`. */
function candidates(n: number, draw: (r: () => number) => number, seed: number): { key: Float64Array; cid: Int32Array } {
  const r = rng(seed);
  const cid = Int32Array.from({ length: n }, (_, i) => i * 3 + 1);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [cid[i], cid[j]] = [cid[j]!, cid[i]!];
  }
  return { key: Float64Array.from({ length: n }, () => draw(r)), cid };
}

describe("rankDiscount", () => {
  const cases: { name: string; n: number; draw: (r: () => number) => number }[] = [
    { name: "no candidates", n: 0, draw: (r) => r() },
    { name: "every key 0 (absent from the list)", n: 20, draw: () => 0 },
    { name: "distinct positive keys", n: 500, draw: (r) => r() + 1e-9 },
    { name: "half absent, half positive", n: 400, draw: (r) => (r() < 0.5 ? 0 : r()) },
    { name: "negative keys count as absent", n: 300, draw: (r) => r() - 0.5 },
    { name: "many ties (a few values): ties to the lower cid", n: 600, draw: (r) => Math.floor(r() * 5) / 4 },
    { name: "every key equal", n: 50, draw: () => 0.7 },
    { name: "one candidate", n: 1, draw: () => 0.3 },
  ];
  for (const c of cases)
    it(`${c.name}: the comparator sort's ranks`, () => {
      const { key, cid } = candidates(c.n, c.draw, c.n + 7);
      expect(rankDiscount(key, cid, c.n)).toEqual(rankDiscountBySort(key, cid, c.n));
    });

  it("a hand-checked list: 0.9 first, the two 0.5 by cid, 0 and −1 get 0", () => {
    const out = rankDiscount(Float64Array.from([0.5, 0, 0.9, 0.5, -1]), Int32Array.from([7, 1, 9, 3, 4]), 5);
    expect(Array.from(out)).toEqual([1 / Math.log2(4), 0, 1, 1 / Math.log2(3), 0]);
  });
});

/** The reference: per group (in candidate order) a stable comparator sort by ord. */
function byGroupBySort(group: Int32Array, ord: Float64Array, n: number, groups: number): number[][] {
  const out: number[][] = Array.from({ length: groups }, () => []);
  for (let i = 0; i < n; i++) out[group[i]!]!.push(i);
  return out.map((l) => l.sort((a, b) => ord[a]! - ord[b]!));
}

describe("byGroupAndOrd", () => {
  const cases: { name: string; n: number; groups: number; ord: (r: () => number, i: number) => number }[] = [
    { name: "no candidates", n: 0, groups: 0, ord: () => 0 },
    { name: "one group, distinct ords", n: 100, groups: 1, ord: (r) => Math.floor(r() * 1e6) },
    { name: "many groups, repeated ords (the same article's versions): candidate order kept", n: 800, groups: 60, ord: (r) => Math.floor(r() * 20) },
    { name: "every ord 0", n: 50, groups: 5, ord: () => 0 },
    { name: "fractional ords: the comparator path", n: 200, groups: 7, ord: (r) => Math.floor(r() * 10) / 3 },
    { name: "negative ords: the comparator path", n: 200, groups: 7, ord: (r) => Math.floor(r() * 10) - 5 },
    { name: "huge ords (beyond the counting sort): the comparator path", n: 300, groups: 30, ord: (r) => Math.floor(r() * 2 ** 45) },
    { name: "ords up to the counting sort's limit", n: 300, groups: 30, ord: (r) => Math.floor(r() * 2 ** 16) },
  ];
  for (const c of cases)
    it(`${c.name}: each group's candidates by (ord, index)`, () => {
      const r = rng(c.n * 31 + c.groups);
      const group = Int32Array.from({ length: c.n }, (_, i) => (i < c.groups ? i : Math.floor(r() * c.groups)));
      const ord = Float64Array.from({ length: c.n }, (_, i) => c.ord(r, i));
      const { start, items } = byGroupAndOrd(group, ord, c.n, c.groups);
      const got = Array.from({ length: c.groups }, (_, g) => Array.from(items.subarray(start[g]!, start[g + 1]!)));
      expect(got).toEqual(byGroupBySort(group, ord, c.n, c.groups));
    });
});

describe("emptyColumns", () => {
  it("every signal field as a zeroed column of n, nothing else", () => {
    const c = emptyColumns(7);
    expect(Object.keys(c).sort()).toEqual(["n", ...SIGNAL_FIELDS].sort());
    for (const f of SIGNAL_FIELDS) {
      expect(c[f].length).toBe(7);
      expect(Array.from(c[f]).every((v) => v === 0)).toBe(true);
    }
    expect(c.cid).toBeInstanceOf(Int32Array);
    expect(c.bm).toBeInstanceOf(Float64Array);
  });
});
