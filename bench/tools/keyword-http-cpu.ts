/**
 * Where the CPU of the distinct-keyword load goes, per process (issue 16): the load bench's
 * keyword part (bench/load.bench.ts --distinct: a start-up slice, then N distinct keywords at
 * 16 clients) with the CPU time of the server's primary, each worker and the load generator
 * read from /proc before and after, per request. Needs `npx next build`.
 *
 *   npx tsx bench/tools/keyword-http-cpu.ts [N=10000] [clients=16]
 *   SERVER_PROF_DIR=/tmp/p …: the server's processes also write V8 CPU profiles there
 */
import Database from "better-sqlite3";
import { indexPath } from "../../lib/config";
import { loadRun, fmt } from "../lib/stats";
import { postJson, startServer } from "../lib/server";
import { distinctKeywordRequests } from "../lib/distinct-queries";
import { cpuPerRequest } from "./proc-cpu";

const N = Number(process.argv[2] ?? 10_000);
const CLIENTS = Number(process.argv[3] ?? 16);
const START_UP = 2000;
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
  await cpuPerRequest(server.pid, async () => {
    const r = await loadRun(CLIENTS, 600_000, (i) => postJson(`${server.url}/open/rh_ft_search`, server.key, kw[i]!), kw.length);
    console.log(`${CLIENTS} clients: ${r.rps.toFixed(0)} req/s, ${fmt(r.latency)}`);
    return r;
  });
} finally {
  await server.stop();
}
