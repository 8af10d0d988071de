/**
 * Full-corpus ingest (issue 2): wall time and peak RSS of `npm run ingest` in a fresh process,
 * against the same-run baseline of merely reading every corpus file (the I/O floor).
 * Targets: ≤ 30 s including every learned step (issue 16; was < 60 s), < 1 GiB peak; each
 * build step's time is printed.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { corpusDir } from "../lib/config";

function readAll(dir: string): number {
  let bytes = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) bytes += readAll(p);
    else bytes += fs.readFileSync(p).byteLength;
  }
  return bytes;
}

export async function run(): Promise<void> {
  const corpus = corpusDir();
  const t0 = performance.now();
  const bytes = readAll(corpus);
  const readMs = performance.now() - t0;
  console.log(`baseline: read ${(bytes / 1e6).toFixed(1)} MB of corpus files in ${(readMs / 1000).toFixed(2)} s`);

  const out = path.resolve("data/tmp/bench-index.sqlite");
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const t = performance.now();
  const child = spawnSync(path.resolve("node_modules/.bin/tsx"), ["bench/lib/ingest-child.ts", out, corpus], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
    env: { ...process.env },
  });
  const wallMs = performance.now() - t;
  if (child.status !== 0) throw new Error(`ingest failed (exit ${child.status})`);
  const r = JSON.parse(child.stdout.trim().split("\n").pop()!) as {
    ms: number;
    maxRssMiB: number;
    clauses: number;
    cases: number;
    regulations: { total: number };
    steps: Array<{ name: string; ms: number }>;
  };
  const size = fs.statSync(out).size;
  fs.rmSync(out, { force: true });
  console.log(`ingest: ${r.regulations.total} regulations, ${r.clauses} clauses, ${r.cases} cases, index ${(size / 1e6).toFixed(0)} MB`);
  console.log(`  build ${(r.ms / 1000).toFixed(1)} s (process wall ${(wallMs / 1000).toFixed(1)} s incl. start-up)   target ≤ 30 s (issue 16)`);
  console.log(`  each step: ${r.steps.map((x) => `${x.name} ${(x.ms / 1000).toFixed(1)} s`).join(", ")}`);
  console.log(`  peak RSS ${r.maxRssMiB.toFixed(0)} MiB   target < 1024 MiB`);
  console.log(`  ratio to the read-only floor: ${(r.ms / readMs).toFixed(1)}x`);
}
