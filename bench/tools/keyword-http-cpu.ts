/**
 * Where the CPU of the distinct-keyword load goes, per process (issue 16): the load bench's
 * keyword part (bench/load.bench.ts --distinct: a start-up slice, then N distinct keywords at
 * 16 clients) with the CPU time of the server's primary, each worker and the load generator
 * read from /proc before and after, per request. Needs `npx next build`.
 *
 *   npx tsx bench/tools/keyword-http-cpu.ts [N=10000] [clients=16]
 *   SERVER_PROF_DIR=/tmp/p …: the server's processes also write V8 CPU profiles there
 */
import fs from "node:fs";
import Database from "better-sqlite3";
import { indexPath } from "../../lib/config";
import { loadRun, fmt } from "../lib/stats";
import { postJson, startServer } from "../lib/server";
import { distinctKeywordRequests } from "../lib/distinct-queries";

const N = Number(process.argv[2] ?? 10_000);
const CLIENTS = Number(process.argv[3] ?? 16);
const START_UP = 2000;
const TICK = 100; // clock ticks per second (getconf CLK_TCK)

function cpuMs(pid: number): number {
  const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(f[11]) + Number(f[12])) * 1000) / TICK; // utime + stime
}
function children(pid: number): number[] {
  return fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((t) => fs.readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").trim().split(/\s+/))
    .filter(Boolean)
    .map(Number);
}

const raw = new Database(indexPath(), { readonly: true });
const { requests } = distinctKeywordRequests(raw, START_UP + N);
raw.close();
// SERVER_PROF_DIR: every server process writes a V8 CPU profile there when it stops
const server = await startServer(process.env.SERVER_PROF_DIR ? { NODE_OPTIONS: `--require ${process.cwd()}/bench/tools/cpu-profile-preload.cjs` } : {});
try {
  const up = requests.slice(0, START_UP);
  const kw = requests.slice(START_UP);
  const r0 = await loadRun(CLIENTS, 600_000, (i) => postJson(`${server.url}/open/rh_ft_search`, server.key, up[i]!), up.length);
  console.log(`start-up ${r0.rps.toFixed(0)} req/s`);
  const pids = [server.pid, ...children(server.pid)];
  const before = pids.map(cpuMs);
  const self0 = process.cpuUsage();
  const r = await loadRun(CLIENTS, 600_000, (i) => postJson(`${server.url}/open/rh_ft_search`, server.key, kw[i]!), kw.length);
  const self = process.cpuUsage(self0);
  const after = pids.map(cpuMs);
  console.log(`${CLIENTS} clients: ${r.rps.toFixed(0)} req/s, ${fmt(r.latency)}`);
  let total = 0;
  pids.forEach((p, i) => {
    const ms = after[i]! - before[i]!;
    total += ms;
    console.log(`  ${i === 0 ? "primary" : `worker ${p}`}: ${(ms / r.requests).toFixed(3)} ms CPU/request`);
  });
  const gen = (self.user + self.system) / 1000;
  console.log(`  load generator: ${(gen / r.requests).toFixed(3)} ms CPU/request`);
  console.log(`  server total ${(total / r.requests).toFixed(3)} ms, all ${((total + gen) / r.requests).toFixed(3)} ms CPU/request (2 cores: ${((2000 * r.requests) / (total + gen)).toFixed(0)} req/s if CPU-bound)`);
} finally {
  await server.stop();
}
