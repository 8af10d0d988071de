/**
 * In-process CPU per distinct question of law_vector_search (issue 16), and the rankings it gave:
 *   npx tsx bench/tools/semantic-cpu.ts [--n 400] [--skip 128] [--return 45] [--concurrency 1] [--out lists.json]
 * Warms the search like a worker (warmSemanticSearch), runs the first `skip` of the load bench's
 * distinct STARD questions (bench/lib/distinct-queries.ts; its start-up slice), then the next `n`,
 * each once, and prints their CPU (process.cpuUsage) per question and wall-clock percentiles. With
 * --out it writes every measured question's ranking (the top 100 clause ids and scores of
 * rankClauses, computed after the timed run) so two versions of the code can be compared:
 *   npx tsx bench/tools/semantic-cpu.ts --compare a.json b.json
 * --profile FILE writes a V8 CPU profile (.cpuprofile) of the measured questions only.
 * --concurrency C asks the measured questions C at a time (Promise.all, as a server worker's queued requests reach
 * the vector scan in one turn: vector-index.ts scanTopKQueued scans them together); the wall-clock figures are then
 * per group of C.
 * Run A/B interleaved (alternate which version goes first): other work on the machine moves the
 * figures between runs more than most changes do.
 */
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import { indexPath } from "../../lib/config";
import { openIndex } from "../../lib/store/index-store";
import { rankClauses, semanticSearch } from "../../lib/search/semantic/search";
import { warmSemanticSearch } from "../../lib/search/semantic/warm-up";
import { distinctQuestions } from "../lib/distinct-queries";
import { fmt, summarize } from "../lib/stats";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

type Lists = { q: string; top: [number, number][] }[];

function compare(a: Lists, b: Lists): void {
  let same = 0;
  let sameSet = 0;
  let scoreDiff = 0;
  const firstDiff: string[] = [];
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i]!.top;
    const y = b[i]!.top;
    const ids = (l: [number, number][]) => l.map((t) => t[0]).join(",");
    if (ids(x) === ids(y)) same++;
    else if (firstDiff.length < 5) firstDiff.push(`${i}: ${a[i]!.q}`);
    if (new Set(x.map((t) => t[0])).size === new Set([...x, ...y].map((t) => t[0])).size && x.length === y.length) sameSet++;
    for (let k = 0; k < Math.min(x.length, y.length); k++) scoreDiff = Math.max(scoreDiff, Math.abs(x[k]![1] - y[k]![1]));
  }
  console.log(`${Math.min(a.length, b.length)} questions: identical top-100 order ${same}, same top-100 set ${sameSet}; largest score difference ${scoreDiff}`);
  for (const d of firstDiff) console.log(`  differs: ${d}`);
}

async function main(): Promise<void> {
  const ci = process.argv.indexOf("--compare");
  if (ci >= 0) {
    const read = (f: string) => JSON.parse(fs.readFileSync(f, "utf8")) as Lists;
    return compare(read(process.argv[ci + 1]!), read(process.argv[ci + 2]!));
  }
  const n = arg("--n", 400);
  const skip = arg("--skip", 128);
  const returnNum = arg("--return", 45);
  const oi = process.argv.indexOf("--out");
  const out = oi >= 0 ? process.argv[oi + 1]! : null;
  const ix = openIndex(indexPath());
  const t0 = performance.now();
  await warmSemanticSearch(ix);
  const warm = performance.now() - t0;
  const qs = distinctQuestions();
  const ask = (query: string) => semanticSearch(ix, { query, rewrite: false, filter: {}, returnNum });
  for (const q of qs.slice(0, skip)) await ask(q);
  const measured = qs.slice(skip, skip + n);
  const samples: number[] = [];
  const pi = process.argv.indexOf("--profile");
  const session = pi >= 0 ? new Session() : null;
  if (session) {
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 200 });
    await session.post("Profiler.start");
  }
  const conc = Math.max(1, arg("--concurrency", 1));
  const c0 = process.cpuUsage();
  for (let i = 0; i < measured.length; i += conc) {
    const t = performance.now();
    await Promise.all(measured.slice(i, i + conc).map(ask));
    samples.push(performance.now() - t);
  }
  const c = process.cpuUsage(c0);
  if (session) {
    const { profile } = await session.post("Profiler.stop");
    fs.writeFileSync(process.argv[pi + 1]!, JSON.stringify(profile));
    session.disconnect();
  }
  const cpu = (c.user + c.system) / 1000 / measured.length;
  console.log(`warm-up ${warm.toFixed(0)} ms; ${measured.length} distinct questions (after ${skip}): CPU ${cpu.toFixed(2)} ms/question; ${fmt(summarize(samples))}; rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
  if (out) {
    const lists: Lists = [];
    // C at a time with --concurrency (their vector scans batched), so the lists also check the batched scan
    for (let i = 0; i < measured.length; i += conc) {
      const group = measured.slice(i, i + conc);
      const ranked = await Promise.all(group.map((q) => rankClauses(ix, q, {}, "hybrid", 100)));
      group.forEach((q, j) => lists.push({ q, top: ranked[j]!.ranked.map((r) => [r.cid, r.score]) }));
    }
    fs.writeFileSync(out, JSON.stringify(lists));
    console.log(`wrote ${out}`);
  }
}

void main();
