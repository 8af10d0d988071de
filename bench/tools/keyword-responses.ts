/**
 * Whole answers of the keyword searches, to compare two versions of the code byte for byte
 * (issue 16, the keyword latency work: a speed-up must not change any answer).
 *
 *   npx tsx bench/tools/keyword-responses.ts FILE [N=600]
 *
 * Writes one line per request: the operation, the body sent, and the whole response body (the
 * success JSON as the route handler builds it, or the error's code and message), for
 *   - the relevance terms (bench/lib/relevance-terms.ts), each plain, with top_k 50, with sxx,
 *     xljb_1 and dy filters and in OR mode;
 *   - N distinct keywords from the distinct-query load (bench/lib/distinct-queries.ts: the first
 *     N/2 and N/2 of the slice the load bench sends at 1 client), every fifth with top_k 50;
 *   - a few malformed bodies (the spec's 422 cases);
 * through rh_ft_search (clauses), and every other one through rh_fg_search and rh_fg_zq_search
 * (regulations, with highlighted fragments); then the same requests a second time (answered
 * from the caches the first pass filled). Run it with the caches off too
 * (KEYWORD_RESULT_CACHE=0 KEYWORD_RANKING_CACHE_ENTRIES=0 KEYWORD_ROW_CACHE=0) and `cmp` the files
 * of the two versions.
 */
import fs from "node:fs";
import Database from "better-sqlite3";
import { indexPath } from "../../lib/config";
import { getIndex } from "../../lib/store/index-store";
import { searchClauses } from "../../lib/search/keyword/search-clauses";
import { searchRegulations } from "../../lib/search/keyword/search-regulations";
import { clauseSuccessJson } from "../../lib/api/keyword-request/clause-success-json";
import { parseSearchRequest } from "../../lib/api/keyword-request/parse-search-request";
import { successBody } from "../../lib/api/success-body";
import { ApiError } from "../../lib/api/api-error";
import { rhFtSearchRequest } from "../../app/open/rh_ft_search/schema";
import { rhFgSearchRequest } from "../../app/open/rh_fg_search/schema";
import { rhFgZqSearchRequest } from "../../app/open/rh_fg_zq_search/schema";
import { distinctKeywordRequests } from "../lib/distinct-queries";
import { RELEVANCE_TERMS } from "../lib/relevance-terms";

const [file = "/tmp/kw-responses.txt", nArg = "600"] = process.argv.slice(2);
const n = Number(nArg);

const bodies: unknown[] = [];
for (const t of RELEVANCE_TERMS) {
  bodies.push({ keyword: t.q }, { keyword: t.q, top_k: 50 }, { keyword: t.q, sxx: "现行有效" }, { keyword: t.q, xljb_1: "法律" });
  bodies.push({ keyword: t.q, dy: "北京" }, { keyword: t.q, search_mode: "OR", top_k: 30 });
}
const raw = new Database(indexPath(), { readonly: true });
// the load bench's lists: a start-up slice of 2,000, 10,000 at 16 clients, then 1,000 at 1 client
const distinct = distinctKeywordRequests(raw, 13_000).requests;
raw.close();
const half = Math.floor(n / 2);
bodies.push(...[...distinct.slice(0, half), ...distinct.slice(12_000, 12_000 + n - half)].map((b, i) => (i % 5 === 0 ? { ...b, top_k: 50 } : b)));
bodies.push({}, [], { keyword: "" }, { keyword: 5 }, { keyword: "合同", search_mode: "XOR" }, { keyword: "合同", sxx: "无此值" }, { keyword: "一 二 三 四 五 六" });

const ix = getIndex();
function answer(op: string, body: unknown): string {
  try {
    if (op === "rh_ft_search") {
      const req = parseSearchRequest(rhFtSearchRequest, body, { keywordRequired: true });
      return clauseSuccessJson(ix, searchClauses(ix, req)).json;
    }
    const schema = op === "rh_fg_search" ? rhFgSearchRequest : rhFgZqSearchRequest;
    const req = parseSearchRequest(schema, body, { keywordRequired: false });
    return JSON.stringify(successBody(searchRegulations(ix, req, { securitiesOnly: op === "rh_fg_zq_search" })));
  } catch (e) {
    if (e instanceof ApiError) return `error ${e.code} ${e.message} ${JSON.stringify(e.options.detail ?? null)}`;
    throw e;
  }
}

const out: string[] = [];
for (const pass of [1, 2]) {
  for (const [i, b] of bodies.entries()) {
    const ops = i % 2 === 0 ? ["rh_ft_search", i % 4 === 0 ? "rh_fg_search" : "rh_fg_zq_search"] : ["rh_ft_search"];
    for (const op of ops) out.push(`${pass}\t${op}\t${JSON.stringify(b)}\t${answer(op, b)}`);
  }
}
fs.writeFileSync(file, out.join("\n") + "\n");
console.log(`${out.length} answers (${bodies.length} bodies, two passes) written to ${file}`);
