// Runs one full ingest in a fresh process and prints {ms, maxRssMiB, ...} as JSON on stdout,
// so the benchmark measures the process's own peak memory.
import { runIngest } from "../../scripts/ingest";

const out = process.argv[2]!;
const corpus = process.argv[3]!;
const summary = await runIngest({ corpus, out, jsonl: [] });
const maxRssMiB = process.resourceUsage().maxRSS / 1024;
process.stdout.write(
  JSON.stringify({ ms: summary.ms, maxRssMiB, regulations: summary.regulations, clauses: summary.clauses, cases: summary.cases, steps: summary.steps }) + "\n",
);
