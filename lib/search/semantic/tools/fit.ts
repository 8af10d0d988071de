/**
 * Fits the learned ranking (rerank.ts) on the signals tools/dump.ts wrote, and measures it
 * cross-fitted by fold (the weights that rank fold k are fitted on the other folds' questions only):
 *   npx tsx lib/search/semantic/tools/dump.ts /tmp/semantic-signals.bin
 *   npx tsx lib/search/semantic/tools/fit.ts /tmp/semantic-signals.bin [--write]
 * Prints R@10 / R@100 / MRR of the hand-made fusion and of the learned ranking (cross-fitted: its
 * linear part alone, then with the trees of boost.ts); `--write` then fits on every question and
 * writes RERANK_WEIGHTS and RERANK_OFFSET into rerank.ts and the trees into rerank-trees.ts
 * (deterministic: the same dump gives the same constants). TRAIN='{"iterations":…}' overrides
 * TRAIN_DEFAULTS, BOOST='{"trees":…}' BOOST_DEFAULTS ({"trees":0}: no trees); NOCV=1 skips the
 * cross-fitted figures.
 */
import fs from "node:fs";
import path from "node:path";
import { orderCandidates } from "../search";
import { dot, featureVectors, FEATURE_NAMES, SIGNAL_FIELDS, trainRanking, TRAIN_DEFAULTS, type CandidateSignals, type RankingModel, type TrainOptions } from "../rerank";
import { BOOST_DEFAULTS, boostScore, type BoostModel, type BoostOptions } from "../boost";
import { FOLDS } from "./dump";

interface DumpQuestion { id: string; fold: number; total: number; gold: number[][]; n: number; cands: CandidateSignals[] } // prettier-ignore

export function readDump(file: string): DumpQuestion[] {
  const head = JSON.parse(fs.readFileSync(file + ".json", "utf8")) as { fields: string[]; questions: Omit<DumpQuestion, "cands">[] };
  const buf = fs.readFileSync(file);
  const a = new Float64Array(buf.buffer, buf.byteOffset, buf.byteLength / 8);
  const W = head.fields.length;
  const col = SIGNAL_FIELDS.map((f) => head.fields.indexOf(f));
  if (col.some((c) => c < 0)) throw new Error(`${file}: dumped without ${SIGNAL_FIELDS.filter((_, i) => col[i]! < 0).join(", ")}; dump again`);
  let off = 0;
  return head.questions.map((q) => {
    const cands: CandidateSignals[] = [];
    for (let i = 0; i < q.n; i++, off += W) {
      const c = {} as Record<string, number>;
      SIGNAL_FIELDS.forEach((f, j) => (c[f] = a[off + col[j]!]!));
      cands.push(c as unknown as CandidateSignals);
    }
    return { ...q, cands };
  });
}

function evaluate(qs: DumpQuestion[], rank: (q: DumpQuestion, qi: number) => number[]): { r10: number; r100: number; mrr: number } {
  let r10 = 0, r100 = 0, mrr = 0, n = 0; // prettier-ignore
  qs.forEach((q, qi) => {
    if (!q.gold.length) return;
    n++;
    const pos = new Map<number, number>();
    rank(q, qi).forEach((c, i) => { if (!pos.has(c)) pos.set(c, i); }); // prettier-ignore
    let first = Infinity, h10 = 0, h100 = 0; // prettier-ignore
    for (const g of q.gold) {
      let b = Infinity;
      for (const c of g) b = Math.min(b, pos.get(c) ?? Infinity);
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
const fmt = (m: { r10: number; r100: number; mrr: number }) => `R@10 ${m.r10.toFixed(3)}  R@100 ${m.r100.toFixed(3)}  MRR ${m.mrr.toFixed(3)}`;

function main(): void {
  const file = process.argv.slice(2).find((a) => !a.startsWith("--")) ?? "/tmp/semantic-signals.bin";
  const write = process.argv.includes("--write");
  const opts: TrainOptions = { ...TRAIN_DEFAULTS, ...(JSON.parse(process.env.TRAIN ?? "{}") as Partial<TrainOptions>) };
  const boost: BoostOptions = { ...BOOST_DEFAULTS, ...(JSON.parse(process.env.BOOST ?? "{}") as Partial<BoostOptions>) };
  const qs = readDump(file);
  const train = (sel: DumpQuestion[]): RankingModel => trainRanking(sel.map((q) => ({ cands: q.cands, gold: new Set(q.gold.flat()) })), opts, boost);
  console.log(`${qs.length} questions, ${(qs.reduce((a, q) => a + q.n, 0) / qs.length).toFixed(0)} candidates each; training ${JSON.stringify(opts)}, trees ${JSON.stringify(boost)}`);
  console.log(`hand-made fusion                 ${fmt(evaluate(qs, (q) => orderCandidates(q.cands, true, null, 100).map((r) => r.cid)))}`);
  if (!process.env.NOCV) {
    const t = performance.now();
    const ms: RankingModel[] = [];
    for (let k = 0; k < FOLDS; k++) ms.push(train(qs.filter((q) => q.fold !== k)));
    const lin = evaluate(qs, (q) => orderCandidates(q.cands, true, ms[q.fold]!.w, 100).map((r) => r.cid));
    console.log(`learned ranking, linear part     ${fmt(lin)}`);
    const m = evaluate(qs, (q) => orderCandidates(q.cands, true, ms[q.fold]!.w, 100, true, ms[q.fold]!.trees).map((r) => r.cid));
    console.log(`learned ranking, cross-fitted    ${fmt(m)}   (${((performance.now() - t) / 1000).toFixed(0)} s)`);
  }
  if (!write) return;
  const { w, trees } = train(qs);
  // the item score is logistic(score − offset): offset = the median of each question's best score
  const tops = qs.map((q) => Math.max(...featureVectors(q.cands).map((x) => dot(w, x) + (trees ? boostScore(trees, x) : 0)))).sort((a, b) => a - b);
  const offset = Math.round(tops[Math.floor(tops.length / 2)]! * 1e4) / 1e4;
  const src = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../rerank.ts");
  const lit = Array.from(w, (x) => String(Math.round(x * 1e6) / 1e6)).join(", ");
  let text = fs.readFileSync(src, "utf8");
  text = text.replace(/export const RERANK_OFFSET = [^;]*;/, `export const RERANK_OFFSET = ${offset};`);
  text = text.replace(/export const RERANK_WEIGHTS: Float64Array \| null = [^;]*;/, `export const RERANK_WEIGHTS: Float64Array | null = Float64Array.from([${lit}]); // prettier-ignore`);
  fs.writeFileSync(src, text);
  const treesSrc = path.resolve(path.dirname(src), "rerank-trees.ts");
  fs.writeFileSync(treesSrc, treesModule(trees));
  console.log(`wrote ${FEATURE_NAMES.length} weights and RERANK_OFFSET ${offset} into ${src}, ${trees?.roots.length ?? 0} trees into ${treesSrc}`);
}

/** rerank-trees.ts for `trees` (numbers in full precision: String() of a double reads back the same double). */
function treesModule(trees: BoostModel | null): string {
  const arr = (a: ArrayLike<number>) => `[${Array.from(a, (x) => String(x)).join(",")}]`;
  const body = trees
    ? `{
  feature: Int32Array.from(${arr(trees.feature)}),
  threshold: Float64Array.from(${arr(trees.threshold)}),
  left: Int32Array.from(${arr(trees.left)}),
  right: Int32Array.from(${arr(trees.right)}),
  value: Float64Array.from(${arr(trees.value)}),
  roots: Int32Array.from(${arr(trees.roots)}),
}`
    : "null";
  return `/**
 * The shipped trees of the learned ranking (boost.ts), fitted with RERANK_WEIGHTS (rerank.ts) on all
 * STARD training questions: written by \`npx tsx lib/search/semantic/tools/fit.ts <dump> --write\`
 * (see rerank.ts). null: the linear model alone. Generated: do not edit.
 */
import type { BoostModel } from "./boost";

// prettier-ignore
export const RERANK_TREES: BoostModel | null = ${body};
`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) main();
