/**
 * Where the CPU of the distinct-question semantic load goes, per process (issue 16): the load
 * bench's semantic part (bench/load.bench.ts --distinct: 128 STARD questions to start up, then the
 * rest of the distinct questions, each once, at 16 clients, return_num 45) with the CPU time of the
 * server's primary, each worker and the load generator read from /proc before and after, per
 * request (bench/tools/proc-cpu.ts). Needs `npx next build`.
 *
 *   npx tsx bench/tools/semantic-http-cpu.ts [N=all] [clients=16]
 *   SERVER_PROF_DIR=/tmp/p …: the server's processes also write V8 CPU profiles there
 * Compare with bench/tools/semantic-cpu.ts (the same questions in process, without HTTP and JSON).
 */
import { loadRun, fmt } from "../lib/stats";
import { postJson, startServer } from "../lib/server";
import { distinctQuestions } from "../lib/distinct-queries";
import { cpuPerRequest } from "./proc-cpu";

const CLIENTS = Number(process.argv[3] ?? 16);
const START_UP = 128;
const questions = distinctQuestions();
if (questions.length <= START_UP) throw new Error("no STARD questions (../shared/benchmarks/stard-train.jsonl)");
const N = Math.min(Number(process.argv[2] ?? questions.length), questions.length - START_UP);
const server = await startServer(process.env.SERVER_PROF_DIR ? { NODE_OPTIONS: `--require ${process.cwd()}/bench/tools/cpu-profile-preload.cjs` } : {});
try {
  const url = `${server.url}/open/law_vector_search`;
  const ask = (list: string[]) => (i: number) => postJson(url, server.key, { query: list[i]!, return_num: 45 });
  const up = questions.slice(0, START_UP);
  const sem = questions.slice(START_UP, START_UP + N);
  const r0 = await loadRun(CLIENTS, 120_000, ask(up), up.length);
  console.log(`start-up ${up.length} questions: ${r0.rps.toFixed(0)} req/s`);
  await cpuPerRequest(server.pid, async () => {
    const r = await loadRun(CLIENTS, 600_000, ask(sem), sem.length);
    const statuses = Object.entries(r.byStatus).map(([s, n]) => `${s}: ${n}`).join(", ");
    console.log(`${sem.length} distinct questions, ${CLIENTS} clients: ${r.rps.toFixed(0)} req/s, ${fmt(r.latency)} (${statuses})`);
    return r;
  });
  console.log(`  server RSS (all workers) ${server.rssMiB().toFixed(0)} MiB`);
} finally {
  await server.stop();
}
