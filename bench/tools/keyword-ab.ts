/**
 * The CPU of the load bench's 1-client keyword slice with and without the rankings computed
 * outside bm25() (lib/store/fts5-bm25.ts; KEYWORD_FAST_BM25=0 turns them off), measured in one
 * process, request by request, each request run both ways in alternating order, so the machine's
 * other load weighs on both alike (on a shared machine two runs a minute apart differ by ±10 %).
 * The result and ranking caches are off (each run ranks anew; the distinct keywords never repeat
 * in the load bench either), and both answers are compared.
 *
 *   npx tsx bench/tools/keyword-ab.ts [skip=12000] [n=1000] [switch=KEYWORD_FAST_BM25]
 *
 * `switch`: the environment variable turned off ("0") and on ("1") per request, e.g.
 * KEYWORD_NATIVE_BM25 (lib/store/clause-bm25.ts: clause_bm25 and clause_top against the paths
 * before it) or KEYWORD_BM25_GATE.
 */
import Database from "better-sqlite3";
import { indexPath } from "../../lib/config";
import { getIndex } from "../../lib/store/index-store";
import { searchClauses } from "../../lib/search/keyword/search-clauses";
import { clauseSuccessJson } from "../../lib/api/keyword-request/clause-success-json";
import { parseSearchRequest } from "../../lib/api/keyword-request/parse-search-request";
import { rhFtSearchRequest } from "../../app/open/rh_ft_search/schema";
import { warmKeywordSearch } from "../../lib/search/keyword/warm-up";
import { distinctKeywordRequests } from "../lib/distinct-queries";

process.env.KEYWORD_RESULT_CACHE = "0";
process.env.KEYWORD_RANKING_CACHE_ENTRIES = "0";
const skip = Number(process.argv[2] ?? 12_000);
const n = Number(process.argv[3] ?? 1000);
const SWITCH = process.argv[4] ?? "KEYWORD_FAST_BM25";
const raw = new Database(indexPath(), { readonly: true });
const reqs = distinctKeywordRequests(raw, skip + n).requests.slice(skip);
raw.close();
const ix = getIndex();
warmKeywordSearch(ix);
const run = (fast: boolean, b: Record<string, unknown>): [number, string] => {
  process.env[SWITCH] = fast ? "1" : "0";
  const t = process.cpuUsage();
  const json = clauseSuccessJson(ix, searchClauses(ix, parseSearchRequest(rhFtSearchRequest, b, { keywordRequired: true }))).json;
  const d = process.cpuUsage(t);
  return [(d.user + d.system) / 1000, json];
};
const cpu = { off: [] as number[], on: [] as number[] };
let differ = 0;
reqs.forEach((b, i) => {
  const order = i % 2 ? [false, true] : [true, false];
  const out: Record<string, string> = {};
  for (const fast of order) {
    const [ms, json] = run(fast, b);
    (fast ? cpu.on : cpu.off).push(ms);
    out[String(fast)] = json;
  }
  if (out.true !== out.false) differ++;
});
const stat = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `mean ${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(3)} ms, p50 ${s[Math.floor(s.length / 2)]!.toFixed(3)} ms, p90 ${s[Math.floor(s.length * 0.9)]!.toFixed(3)} ms`;
};
console.log(`${reqs.length} requests (slice after ${skip}), CPU per request`);
console.log(`  ${SWITCH}=0: ${stat(cpu.off)}`);
console.log(`  ${SWITCH}=1: ${stat(cpu.on)}`);
console.log(`  answers differing: ${differ}`);
