/**
 * Fits the listwise logistic re-ranker on the features tune.ts dumped (cross-fitted by fold:
 * the weights that rank fold k are learned from the other folds' questions only).
 *   npx tsx lib/search/semantic/tools/fit.ts [/tmp/features.bin]
 */
import fs from "node:fs";

interface Cand { cid: number; rid: number; f: number[]; y: number }
interface Q { fold: number; total: number; gold: number[][]; cands: Cand[] }

const buf = fs.readFileSync(process.argv[2] ?? "/tmp/wt16-feat.bin");
const a = new Float64Array(buf.buffer, buf.byteOffset, buf.byteLength / 8);
const qs: Q[] = [];
for (let i = 0; i < a.length; ) {
  if (a[i] !== -1) throw new Error("bad dump");
  const fold = a[i + 1]!, n = a[i + 2]!, total = a[i + 3]!, ng = a[i + 4]!;
  i += 5;
  const gold: number[][] = [];
  for (let g = 0; g < ng; g++) {
    const len = a[i]!;
    gold.push(Array.from(a.subarray(i + 1, i + 1 + len)));
    i += 1 + len;
  }
  const cands: Cand[] = [];
  for (let c = 0; c < n; c++) {
    cands.push({ cid: a[i]!, rid: a[i + 1]!, f: Array.from(a.subarray(i + 2, i + 10)), y: a[i + 10]! });
    i += 11;
  }
  qs.push({ fold, total, gold, cands });
}
const K = 5;

/** Feature vector of each candidate of a question (names in FEATURES). */
function vecs(q: Q): Float64Array[] {
  // law vote: the best memory vote (tail) among the candidates of the same regulation
  const lv = new Map<number, number>();
  for (const c of q.cands) if (c.f[5]! > 0) lv.set(c.rid, Math.max(lv.get(c.rid) ?? 0, c.f[5]!));
  return q.cands.map((c) => {
    const [bm, cos, prior, law, mh, mt, tr, nb] = c.f as [number, number, number, number, number, number, number, number];
    const l = lv.get(c.rid) ?? 0;
    return Float64Array.from([bm, bm * bm, bm > 0 ? 1 : 0, cos, cos * cos, prior, law, mh, Math.sqrt(mh), mt, Math.sqrt(mt), mt > 0 ? 1 : 0, tr, tr * tr, tr > 0 ? 1 : 0, nb, nb > 0 ? 1 : 0, l, Math.sqrt(l), bm * cos, tr * cos, law * cos, law * bm, law * tr]);
  });
}
const X = qs.map(vecs);
const DIM = X[0]![0]!.length;

function evaluate(rank: (qi: number) => number[]): { r10: number; r100: number; mrr: number } {
  let r10 = 0, r100 = 0, mrr = 0, n = 0;
  qs.forEach((q, qi) => {
    if (!q.gold.length) return;
    n++;
    const pos = new Map<number, number>();
    rank(qi).forEach((c, i) => { if (!pos.has(c)) pos.set(c, i); });
    let first = Infinity, h10 = 0, h100 = 0;
    for (const g of q.gold) {
      const b = Math.min(...g.map((c) => pos.get(c) ?? Infinity));
      if (b < 10) h10++;
      if (b < 100) h100++;
      first = Math.min(first, b);
    }
    r10 += h10 / q.total;
    r100 += h100 / q.total;
    if (first < Infinity) mrr += 1 / (first + 1);
  });
  return { r10: r10 / n, r100: r100 / n, mrr: mrr / n };
}
const fmt = (m: { r10: number; r100: number; mrr: number }) => `R@10 ${m.r10.toFixed(3)} R@100 ${m.r100.toFixed(3)} MRR ${m.mrr.toFixed(3)}`;

function score(w: Float64Array, x: Float64Array): number {
  let s = 0;
  for (let j = 0; j < DIM; j++) s += w[j]! * x[j]!;
  return s;
}

/** Listwise softmax loss, Adam; negatives subsampled to the `neg` best by a cheap base score. */
function train(idx: number[], iters: number, l2: number, neg: number): Float64Array {
  // per question: gold rows + the `neg` strongest non-gold by bm+cos+mt (the ones that matter for ranking)
  const data = idx.map((qi) => {
    const q = qs[qi]!;
    const rows = q.cands.map((c, i) => ({ i, y: c.y, b: c.f[0]! + 0.2 * c.f[1]! + 4 * c.f[5]! + c.f[6]! + c.f[7]! }));
    const pos = rows.filter((r) => r.y);
    const negs = rows.filter((r) => !r.y).sort((a, b) => b.b - a.b).slice(0, neg);
    return { X: [...pos, ...negs].map((r) => X[qi]![r.i]!), np: pos.length };
  }).filter((d) => d.np > 0);
  const w = new Float64Array(DIM), m = new Float64Array(DIM), v = new Float64Array(DIM);
  for (let it = 1; it <= iters; it++) {
    const g = new Float64Array(DIM);
    for (const d of data) {
      const sc = d.X.map((x) => score(w, x));
      const mx = Math.max(...sc);
      let z = 0;
      const e = sc.map((s) => { const t = Math.exp(s - mx); z += t; return t; });
      d.X.forEach((x, i) => {
        const coef = e[i]! / z - (i < d.np ? 1 / d.np : 0);
        for (let j = 0; j < DIM; j++) g[j] = g[j]! + coef * x[j]!;
      });
    }
    for (let j = 0; j < DIM; j++) {
      const gj = g[j]! / data.length + l2 * w[j]!;
      m[j] = 0.9 * m[j]! + 0.1 * gj;
      v[j] = 0.999 * v[j]! + 0.001 * gj * gj;
      w[j] = w[j]! - (0.05 * (m[j]! / (1 - 0.9 ** it))) / (Math.sqrt(v[j]! / (1 - 0.999 ** it)) + 1e-8);
    }
  }
  return w;
}

const rankBy = (qi: number, w: Float64Array) =>
  X[qi]!.map((x, i) => ({ c: qs[qi]!.cands[i]!.cid, s: score(w, x) })).sort((a, b) => b.s - a.s || a.c - b.c).slice(0, 100).map((r) => r.c);

const shipped = (qi: number) => {
  const sc = qs[qi]!.cands.map((c) => {
    const [bm, cos, prior, law, mh, mt] = c.f as number[];
    const base = bm! + 0.2 * cos! + 0.4 * prior!;
    return { cid: c.cid, head: base + 0.2 * law! + 0.3 * mh!, tail: base + 0.4 * law! + 4 * mt! };
  });
  const head = [...sc].sort((a, b) => b.head - a.head || a.cid - b.cid).slice(0, 50);
  const taken = new Set(head.map((x) => x.cid));
  return [...head, ...sc.filter((x) => !taken.has(x.cid)).sort((a, b) => b.tail - a.tail || a.cid - b.cid)].slice(0, 100).map((x) => x.cid);
};
console.log("shipped fusion", fmt(evaluate(shipped)));
let pool = 0;
for (const q of qs) pool += q.gold.filter((g) => g.some((c) => q.cands.some((x) => x.cid === c))).length / q.total;
console.log("pool recall", (pool / qs.length).toFixed(3));

const iters = Number(process.env.ITERS ?? 150);
for (const neg of (process.env.NEG ?? "300").split(",").map(Number)) {
  for (const l2 of (process.env.L2 ?? "0.001").split(",").map(Number)) {
    const t = performance.now();
    const ws: Float64Array[] = [];
    for (let k = 0; k < K; k++) ws.push(train(qs.map((_, i) => i).filter((i) => qs[i]!.fold !== k), iters, l2, neg));
    console.log(`neg ${neg} l2 ${l2}: cross-fitted ${fmt(evaluate((qi) => rankBy(qi, ws[qs[qi]!.fold]!)))}  (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  }
}
if (process.env.ALL) {
  const w = train(qs.map((_, i) => i), iters, Number(process.env.L2 ?? 0.001), Number(process.env.NEG ?? 300));
  console.log("weights (all questions)", JSON.stringify(Array.from(w, (x) => Math.round(x * 10000) / 10000)));
}

if (process.env.GRID) {
  const fusion = (w: { tr: number; nb: number; trT: number; nbT: number; H: number }) => (qi: number) => {
    const sc = qs[qi]!.cands.map((c) => {
      const [bm, cos, prior, law, mh, mt, tr, nb] = c.f as number[];
      const base = bm! + 0.2 * cos! + 0.4 * prior!;
      return { cid: c.cid, head: base + 0.2 * law! + 0.3 * mh! + w.tr * tr! + w.nb * nb!, tail: base + 0.4 * law! + 4 * mt! + w.trT * tr! + w.nbT * nb! };
    });
    const head = [...sc].sort((a, b) => b.head - a.head || a.cid - b.cid).slice(0, w.H);
    const taken = new Set(head.map((x) => x.cid));
    return [...head, ...sc.filter((x) => !taken.has(x.cid)).sort((a, b) => b.tail - a.tail || a.cid - b.cid)].slice(0, 100).map((x) => x.cid);
  };
  const res: [string, { r10: number; r100: number; mrr: number }][] = [];
  for (const tr of [0.1, 0.2, 0.3]) for (const nb of [0.2, 0.3, 0.5]) for (const trT of [0, 0.3]) for (const nbT of [2, 3, 4]) for (const H of [30, 50]) {
    const w = { tr, nb, trT, nbT, H };
    res.push([JSON.stringify(w), evaluate(fusion(w))]);
  }
  res.sort((a, b) => b[1].r100 + b[1].r10 - (a[1].r100 + a[1].r10));
  for (const [k, m] of res.slice(0, 12)) console.log(k, fmt(m));
}
