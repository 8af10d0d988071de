/**
 * Keyword search benchmark (issue 3): a fixed query mix over the full index
 * (data/index.sqlite, or INDEX_PATH), measured three ways:
 *   (a) raw engine: the search functions on the SQLite handle (ranking cache included), no
 *       handler: the floor; and the bare FTS5 statements of rh_ft_search without the cache
 *   (b) in-process: the operations (auth, parse, search, JSON) in their direct form, which is
 *       what the production server runs for POST /open/*; the Web route handler beside it
 *   (c) HTTP: the production server (scripts/server.ts, WEB_CONCURRENCY workers), driven
 *       (needs `npx next build`)
 *         - closed loop: 16 keep-alive clients, each sending its next request as soon as the
 *           previous one answers. This saturates the server and measures its capacity
 *           (req/s); its latency is not an SLO figure: by Little's law it is ≈ 16 / throughput,
 *           i.e. mostly the client count;
 *         - open loop: requests scheduled at a fixed 1,000 req/s over at most 16 connections,
 *           latency from each request's scheduled send time (wrk2-style, no coordinated
 *           omission): the latency at the target load, the figure the p99 target is about;
 *   (d) cold: ~3,000 distinct rh_ft_search requests that no cache has seen (terms from the
 *       regulation titles, bench/lib/cold-queries.ts), each sent once: in-process, and over
 *       HTTP on a freshly started server (empty worker caches; its first 3,000 cold
 *       requests, a disjoint slice, are the workers' start-up and are printed apart), both
 *       closed loop and open loop at 1,000 req/s (another disjoint slice).
 * (r) relevance (issue 16, printed first): top-1/3/10 of the article a lawyer expects for ~80
 *     lawyer's terms (bench/lib/relevance-terms.ts, each with its source); `--relevance`
 *     runs only this part, `-v` lists every term's rank.
 * Targets (issue 3; the "targets" block at the end): rh_ft_search p99 < 20 ms over HTTP at
 * >= 1000 req/s, handler/raw ratio < 1.5x, >= 1000 requests/s on this 2-core machine (the
 * load generator shares the 2 cores with the 2 server workers).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type Database from "better-sqlite3";
import type { KeywordIndex } from "../lib/store/keyword-index";
import type { OperationHandler } from "../lib/api/define-operation";
import { indexPath } from "../lib/config";
import { fmt, loadRun, openLoadRun, summarize, type LatencySummary, type LoadResult, type OpenLoadResult } from "./lib/stats";
import { postJson, startServer } from "./lib/server";
import { coldFtRequests, type FtBody } from "./lib/cold-queries";

type Op = "rh_ft_search" | "rh_fg_search" | "rh_fg_zq_search";
interface Query {
  op: Op;
  body: Record<string, unknown>;
}

/** The fixed mix: single terms, multi-term AND/OR, filtered, filter-only. */
export const QUERY_MIX: Query[] = [
  { op: "rh_ft_search", body: { keyword: "违约" } },
  { op: "rh_ft_search", body: { keyword: "合同" } },
  { op: "rh_ft_search", body: { keyword: "劳动合同" } },
  { op: "rh_ft_search", body: { keyword: "合同解除" } },
  { op: "rh_ft_search", body: { keyword: "个人信息 处理者" } },
  { op: "rh_ft_search", body: { keyword: "违约 赔偿", search_mode: "AND" } },
  { op: "rh_ft_search", body: { keyword: "违约金 定金", search_mode: "OR", top_k: 50 } },
  { op: "rh_ft_search", body: { keyword: "合同", sxx: "现行有效", xljb_1: "法律" } },
  { op: "rh_ft_search", body: { keyword: "合同", dy: "北京 上海" } },
  { op: "rh_ft_search", body: { keyword: "工资", fbrq_start: "2015-01-01", fbrq_end: "2024-12-31" } },
  { op: "rh_ft_search", body: { keyword: "解除", fgmc: "民法典" } },
  { op: "rh_fg_search", body: { keyword: "证券法" } },
  { op: "rh_fg_search", body: { keyword: "合同", xljb_1: "司法解释" } },
  { op: "rh_fg_search", body: { dy: "浙江", sxx: "现行有效" } },
  { op: "rh_fg_search", body: { xljb_1: "行政法规", fbrq_start: "2010-01-01" } },
  { op: "rh_fg_zq_search", body: { keyword: "信息披露" } },
  { op: "rh_fg_zq_search", body: { fbbm: "中国证券监督管理委员会" } },
];

const TARGETS = { httpP99Ms: 20, ratio: 1.5, rps: 1000 };
/** Concurrent clients (closed loop) / connections (open loop) over HTTP. */
const CLIENTS = 16;
/** Length of each HTTP run (the cold closed loop stops earlier when its list runs out). */
const RUN_MS = 8_000;
/** Cold requests for the in-process and HTTP closed-loop cold runs (each process sees each once). */
const COLD_COUNT = 3_000;
/** A further, disjoint slice of cold requests for the open-loop cold run (3 s at the target rate). */
const COLD_OPEN_COUNT = 3_000;
/**
 * Another disjoint slice: the first requests a freshly started server gets (measured and
 * printed, but not the cold figure): a new worker serves its first few thousand cold
 * requests markedly slower (per-process warm-up: JIT, SQLite page cache, heap growth), which
 * would otherwise be mixed into whichever cold run came first.
 */
const COLD_START_COUNT = 3_000;

/**
 * (a) The floor: the search functions called directly on the index handle with pre-parsed
 * requests, i.e. exactly the SQL the handlers run plus building the result rows, without
 * authentication, body parsing, Request/Response and JSON. Also the bare SQL statements of
 * rh_ft_search alone (pre-compiled MATCH expressions, rows not mapped).
 */
async function raw(db: Database.Database, ix: KeywordIndex): Promise<{ all: LatencySummary; ft: LatencySummary; ftSql: LatencySummary }> {
  const { parseSearchRequest } = await import("../lib/api/keyword-request/parse-search-request");
  const { keywordRequestSchema } = await import("../lib/api/keyword-request/request-fields");
  const { compileFtsQuery } = await import("../lib/search/keyword/compile-fts-query");
  const { buildFilterSql } = await import("../lib/store/filter-sql");
  const { searchClauses } = await import("../lib/search/keyword/search-clauses");
  const { clauseSearchSql } = await import("../lib/store/keyword-index");
  const { searchRegulations } = await import("../lib/search/keyword/search-regulations");
  const plans = QUERY_MIX.map((q) => {
    const req = parseSearchRequest(keywordRequestSchema, q.body, { keywordRequired: q.op === "rh_ft_search" });
    const run =
      q.op === "rh_ft_search"
        ? () => void searchClauses(ix, req)
        : () => void searchRegulations(ix, req, { securitiesOnly: q.op === "rh_fg_zq_search" });
    return { op: q.op, run: async () => run() };
  });
  const searched = await timeMix(plans);
  const sqlPlans = QUERY_MIX.filter((q) => q.op === "rh_ft_search").map((q) => {
    const req = parseSearchRequest(keywordRequestSchema, q.body, { keywordRequired: true });
    const f = buildFilterSql(req.filters);
    const cq = compileFtsQuery(req.parts, req.mode)!;
    const st = db.prepare(clauseSearchSql(f.sql));
    const rest = `(${cq.full}) NOT (${cq.exact})`;
    return {
      op: q.op,
      run: async () => {
        const rows = st.all(cq.exact, ...f.params, req.topK);
        if (cq.expanded && rows.length < req.topK) st.all(rest, ...f.params, req.topK - rows.length);
      },
    };
  });
  const sql = await timeMix(sqlPlans as { op: Op; run: () => Promise<void> }[]);
  return { all: searched.all, ft: searched.ft, ftSql: sql.ft };
}

async function timeMix(plans: { op: Op; run: () => Promise<void> }[], rounds = 120): Promise<{ all: LatencySummary; ft: LatencySummary }> {
  for (const p of plans) for (let i = 0; i < 5; i++) await p.run(); // warm-up
  const all: number[] = [];
  const ft: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const p of plans) {
      const t = performance.now();
      await p.run();
      const ms = performance.now() - t;
      all.push(ms);
      if (p.op === "rh_ft_search") ft.push(ms);
    }
  }
  return { all: summarize(all), ft: summarize(ft) };
}

/**
 * Calls an operation in-process and throws unless 200. "direct": the operation's direct form
 * (`POST.direct`), what the production server runs for POST /open/* (scripts/server.ts);
 * "web": the route handler as Next calls it (Request in, Response out, body read).
 */
type CallHandler = (op: Op, body: Record<string, unknown>) => Promise<void>;
const handlerCallers = new Map<"direct" | "web", CallHandler>();

async function callHandler(form: "direct" | "web" = "direct"): Promise<CallHandler> {
  const known = handlerCallers.get(form);
  if (known) return known;
  const { createKey } = await import("../test/helpers/api");
  const handlers: Record<Op, OperationHandler> = {
    rh_ft_search: (await import("../app/open/rh_ft_search/route")).POST,
    rh_fg_search: (await import("../app/open/rh_fg_search/route")).POST,
    rh_fg_zq_search: (await import("../app/open/rh_fg_zq_search/route")).POST,
  };
  const key = createKey("standard", { name: `bench-keyword-${form}` });
  const headers: Record<string, string> = { "content-type": "application/json", "x-api-key": key };
  const caller: CallHandler =
    form === "direct"
      ? async (op, body) => {
          const text = JSON.stringify(body);
          const reply = await handlers[op].direct({ header: (name) => headers[name] ?? null, body: [Buffer.from(text)] });
          if (reply.status !== 200) throw new Error(`${op} ${text} → ${reply.status} ${reply.body}`);
        }
      : async (op, body) => {
          const res = await handlers[op](
            new Request(`http://localhost/open/${op}`, { method: "POST", headers, body: JSON.stringify(body) }),
          );
          if (res.status !== 200) throw new Error(`${op} ${JSON.stringify(body)} → ${res.status} ${await res.text()}`);
          await res.arrayBuffer();
        };
  handlerCallers.set(form, caller);
  return caller;
}

async function inProcess(form: "direct" | "web" = "direct"): Promise<{ all: LatencySummary; ft: LatencySummary }> {
  const call = await callHandler(form);
  return timeMix(QUERY_MIX.map((q) => ({ op: q.op, run: () => call(q.op, q.body) })));
}

/** (d) in-process: the rh_ft_search handler over cold requests, each once, no warm-up. */
async function coldInProcess(cold: FtBody[]): Promise<LatencySummary> {
  const call = await callHandler();
  const samples: number[] = [];
  for (const body of cold) {
    const t = performance.now();
    await call("rh_ft_search", body);
    samples.push(performance.now() - t);
  }
  return summarize(samples);
}

/** A very common term (应当: ~81k of 147k clauses): full FTS5 ranking vs its cached ranking. */
async function commonTerm(db: KeywordIndex): Promise<void> {
  const { searchClauses } = await import("../lib/search/keyword/search-clauses");
  const { resetRankingCache } = await import("../lib/search/keyword/ranking-cache");
  const req = { parts: ["应当"], mode: "AND" as const, filters: {}, topK: 10 };
  const filtered = { ...req, filters: { sxx: ["现行有效"], xljb_1: ["法律"] } };
  const saved = process.env.KEYWORD_RANKING_CACHE_ENTRIES;
  const savedResult = process.env.KEYWORD_RESULT_CACHE;
  process.env.KEYWORD_RANKING_CACHE_ENTRIES = "0";
  process.env.KEYWORD_RESULT_CACHE = "0"; // the final-ranking cache too, or this measures a map lookup
  const full = summarize(Array.from({ length: 5 }, () => time(() => searchClauses(db, req))));
  if (saved === undefined) delete process.env.KEYWORD_RANKING_CACHE_ENTRIES;
  else process.env.KEYWORD_RANKING_CACHE_ENTRIES = saved;
  resetRankingCache(db);
  const first = time(() => searchClauses(db, req));
  const warm = summarize(Array.from({ length: 200 }, () => time(() => searchClauses(db, req))));
  const warmFiltered = summarize(Array.from({ length: 200 }, () => time(() => searchClauses(db, filtered))));
  console.log("common term 应当 (rh_ft_search, top 10)");
  line("full FTS5 bm25 ranking", full);
  console.log(`  ${"ranking cache: first request".padEnd(34)} ${first.toFixed(2)}ms (builds the list)`);
  line("ranking cache: later requests", warm);
  line("  … with sxx + xljb_1 filters", warmFiltered);
  if (savedResult === undefined) delete process.env.KEYWORD_RESULT_CACHE;
  else process.env.KEYWORD_RESULT_CACHE = savedResult;
}

function time(fn: () => unknown): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

function line(label: string, s: LatencySummary, target = ""): void {
  console.log(`  ${label.padEnd(34)} ${fmt(s)}${target ? `   [target ${target}]` : ""}`);
}

const P99_TARGET = `p99 < ${TARGETS.httpP99Ms} ms at >= ${TARGETS.rps} req/s`;

/** A closed-loop HTTP run: its latency line, then requests, rate and statuses. */
function closedLines(label: string, r: LoadResult, rpsTarget = true): void {
  line(label, r.latency);
  const t = rpsTarget ? ` [target >= ${TARGETS.rps}]` : "";
  console.log(`    ${r.requests} requests in ${r.seconds.toFixed(1)} s, ${r.rps.toFixed(0)} req/s${t}, statuses ${JSON.stringify(r.byStatus)}`);
}

/** An open-loop HTTP run: its latency line, then offered/achieved rate, send delay and statuses. */
function openLines(label: string, r: OpenLoadResult, target = ""): void {
  line(label, r.latency, target);
  console.log(`    ${r.requests} requests, offered ${r.targetRps} req/s, achieved ${r.achievedRps.toFixed(0)} req/s, statuses ${JSON.stringify(r.byStatus)}`);
  console.log(
    `    sent late by p50=${r.sendDelay.p50.toFixed(2)}ms p99=${r.sendDelay.p99.toFixed(2)}ms max=${r.sendDelay.max.toFixed(2)}ms ` +
      `(no free connection; timer granularity); load generator event-loop lag p99=${r.generatorLag.p99.toFixed(1)}ms max=${r.generatorLag.max.toFixed(1)}ms`,
  );
}

function allOk(r: LoadResult): boolean {
  return Object.keys(r.byStatus).every((s) => s === "200");
}

/** The figures the targets block reports (undefined: not measured, e.g. no build for HTTP). */
interface Figures {
  ratioP50: number;
  ratioMean: number;
  /** The same ratios with the engine's caches off: the handler against FTS5 doing the work. */
  uncachedRatioP50?: number;
  uncachedRatioMean?: number;
  closedMix?: LoadResult;
  closedFt?: LoadResult;
  openFt?: OpenLoadResult;
  openMix?: OpenLoadResult;
  coldInProcess?: LatencySummary;
  coldClosed?: LoadResult;
  coldOpen?: OpenLoadResult;
}

/** One short block: each target, the measured figure, met/missed; then reference figures without a target. */
function printTargets(f: Figures): void {
  const rows: [string, string, boolean | null][] = [];
  const p99At = (r: OpenLoadResult | undefined, what: string): [string, boolean | null] =>
    r
      ? [
          `p99 ${r.latency.p99.toFixed(2)} ms at ${r.achievedRps.toFixed(0)} req/s (${what})${allOk(r) ? "" : " with errors"}`,
          r.latency.p99 < TARGETS.httpP99Ms && r.achievedRps >= 0.99 * TARGETS.rps && allOk(r),
        ]
      : ["not measured (no build)", null];
  rows.push([`rh_ft_search ${P99_TARGET}`, ...p99At(f.openFt, `open loop, ${CLIENTS} connections`)]);
  rows.push([`handler/raw ratio < ${TARGETS.ratio}x (mean)`, `${f.ratioMean.toFixed(2)}x`, f.ratioMean < TARGETS.ratio]);
  rows.push([`handler/raw ratio < ${TARGETS.ratio}x (p50)`, `${f.ratioP50.toFixed(2)}x`, f.ratioP50 < TARGETS.ratio]);
  if (f.uncachedRatioMean !== undefined && f.uncachedRatioP50 !== undefined) {
    rows.push([`  … engine caches off (mean)`, `${f.uncachedRatioMean.toFixed(2)}x`, f.uncachedRatioMean < TARGETS.ratio]);
    rows.push([`  … engine caches off (p50)`, `${f.uncachedRatioP50.toFixed(2)}x`, f.uncachedRatioP50 < TARGETS.ratio]);
  }
  const rps = (r: LoadResult | undefined, what: string): [string, boolean | null] =>
    r ? [`${r.rps.toFixed(0)} req/s (${what})`, r.rps >= TARGETS.rps && allOk(r)] : ["not measured (no build)", null];
  rows.push([`>= ${TARGETS.rps} req/s, whole mix`, ...rps(f.closedMix, `closed loop, ${CLIENTS} clients`)]);
  rows.push([`>= ${TARGETS.rps} req/s, rh_ft_search only`, ...rps(f.closedFt, `closed loop, ${CLIENTS} clients`)]);
  console.log("targets");
  for (const [name, measured, met] of rows) {
    console.log(`  ${name.padEnd(46)} ${measured.padEnd(58)} ${met === null ? "-" : met ? "met" : "MISSED"}`);
  }
  const ref: string[] = [];
  if (f.openMix) ref.push(`whole mix open loop at ${TARGETS.rps} req/s: p99 ${f.openMix.latency.p99.toFixed(2)} ms`);
  if (f.closedFt) ref.push(`rh_ft_search closed loop, ${CLIENTS} clients, saturating: p99 ${f.closedFt.latency.p99.toFixed(2)} ms (≈ clients / throughput)`);
  if (f.coldInProcess) ref.push(`cold rh_ft_search in-process: p50 ${f.coldInProcess.p50.toFixed(2)} ms, p99 ${f.coldInProcess.p99.toFixed(2)} ms`);
  if (f.coldOpen) ref.push(`cold rh_ft_search open loop at ${f.coldOpen.targetRps} req/s: p99 ${f.coldOpen.latency.p99.toFixed(2)} ms`);
  if (f.coldClosed) ref.push(`cold rh_ft_search closed loop, ${CLIENTS} clients: ${f.coldClosed.rps.toFixed(0)} req/s, p99 ${f.coldClosed.latency.p99.toFixed(2)} ms`);
  if (ref.length) console.log(`  for reference (no target):\n${ref.map((r) => `    ${r}`).join("\n")}`);
}

export async function run(): Promise<void> {
  const file = indexPath();
  if (!fs.existsSync(file)) {
    console.log(`keyword bench skipped: no index at ${file} (run npm run ingest)`);
    return;
  }
  process.env.ACCESS_LOG = "off";
  process.env.RATE_LIMIT = "off";
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kw-bench-"));
  process.env.KEYS_DB = path.join(tmp, "keys.sqlite");
  try {
    await measure(file);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

async function measure(file: string): Promise<void> {
  const { getIndex } = await import("../lib/store/index-store");
  const ix = getIndex(); // the same index the handlers use (warm caches for both)
  // a SQLite handle of the bench's own on the same file, for the bare statements and the meta table
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const meta = Object.fromEntries((db.prepare("SELECT key, value FROM meta").all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
  console.log(`index ${file}: ${meta.regulations} regulations, ${meta.clauses} clauses; mix of ${QUERY_MIX.length} queries`);

  // Relevance first (issue 16): where the article a lawyer expects lands. `--relevance` stops
  // here (quick to rerun while tuning the ranking); `-v` lists every term.
  const { relevanceTables } = await import("./lib/relevance");
  await relevanceTables(db, ix, { verbose: process.argv.includes("-v") });
  if (process.argv.includes("--relevance")) return;

  await inProcess(); // warm the OS page cache and statement caches before measuring anything
  const a = await raw(db, ix);
  console.log("(a) raw engine: search functions on the SQLite handle, no handler — the floor");
  line("all queries", a.all);
  line("rh_ft_search", a.ft);
  line("rh_ft_search, bare SQL statements", a.ftSql);

  await commonTerm(ix);

  const b = await inProcess("direct");
  const web = await inProcess("web");
  console.log("(b) in-process handlers: the operations' direct form, as the production server calls them");
  line("all queries", b.all);
  line("rh_ft_search", b.ft);
  const f: Figures = { ratioP50: b.all.p50 / a.all.p50, ratioMean: b.all.mean / a.all.mean };
  const ratioFt = b.ft.mean / a.ftSql.mean;
  console.log(`  handler/raw ratio: p50 ${f.ratioP50.toFixed(2)}x, mean ${f.ratioMean.toFixed(2)}x   [target < ${TARGETS.ratio}x]`);
  console.log(`  rh_ft_search handler/bare-SQL ratio (mean): ${ratioFt.toFixed(2)}x`);
  console.log("    the same through the Web route handler (Request/Response, as Next's router calls it; FAST_API=0)");
  line("  all queries", web.all);
  console.log(`    handler/raw ratio: p50 ${(web.all.p50 / a.all.p50).toFixed(2)}x, mean ${(web.all.mean / a.all.mean).toFixed(2)}x`);

  // The same two measurements with the engine's caches off, so the ratio compares the handler
  // with FTS5 doing the work, not with a cache lookup of tens of microseconds.
  const savedEnv = { r: process.env.KEYWORD_RANKING_CACHE_ENTRIES, w: process.env.KEYWORD_ROW_CACHE, f: process.env.KEYWORD_RESULT_CACHE };
  process.env.KEYWORD_RANKING_CACHE_ENTRIES = "0";
  process.env.KEYWORD_ROW_CACHE = "0";
  process.env.KEYWORD_RESULT_CACHE = "0";
  const aOff = await raw(db, ix);
  const bOff = await inProcess("direct");
  for (const [k, v] of [["KEYWORD_RANKING_CACHE_ENTRIES", savedEnv.r], ["KEYWORD_ROW_CACHE", savedEnv.w], ["KEYWORD_RESULT_CACHE", savedEnv.f]] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  f.uncachedRatioP50 = bOff.all.p50 / aOff.all.p50;
  f.uncachedRatioMean = bOff.all.mean / aOff.all.mean;
  console.log("(b) with the engine's caches off (KEYWORD_RANKING_CACHE_ENTRIES=0, KEYWORD_ROW_CACHE=0, KEYWORD_RESULT_CACHE=0)");
  line("raw engine, all queries", aOff.all);
  line("direct handler, all queries", bOff.all);
  console.log(`  handler/raw ratio: p50 ${f.uncachedRatioP50.toFixed(2)}x, mean ${f.uncachedRatioMean.toFixed(2)}x   [target < ${TARGETS.ratio}x]`);

  // Cold requests: never seen by any cache (their terms avoid the mix and 应当 above), in
  // disjoint slices: the first COLD_COUNT for in-process and the HTTP closed loop (different
  // processes, so each process sees each request once), then COLD_OPEN_COUNT for the HTTP
  // open loop, then COLD_START_COUNT for the fresh server's start-up.
  const warmTerms = [...QUERY_MIX.flatMap((q) => String(q.body.keyword ?? "").split(/\s+/)), "应当"];
  const coldAll = coldFtRequests(db, COLD_COUNT + COLD_OPEN_COUNT + COLD_START_COUNT, warmTerms);
  const cold = coldAll.slice(0, COLD_COUNT);
  const coldOpen = coldAll.slice(COLD_COUNT, COLD_COUNT + COLD_OPEN_COUNT);
  const coldStart = coldAll.slice(COLD_COUNT + COLD_OPEN_COUNT);
  if (coldStart.length < COLD_START_COUNT) throw new Error(`only ${coldAll.length} cold requests could be built from the titles`);

  const built = fs.existsSync(path.join(process.cwd(), ".next", "BUILD_ID"));
  if (!built) console.log("(c) HTTP skipped: run `npm run build` first");
  else Object.assign(f, await warmHttp(file));

  f.coldInProcess = await coldInProcess(cold);
  const filtered = cold.filter((q) => q.sxx || q.xljb_1).length;
  const shapes = (["AND", "OR"] as const).map((m) => `${cold.filter((q) => q.search_mode === m).length} two-term ${m}`);
  console.log(`(d) cold (each query seen once): ${cold.length} distinct rh_ft_search requests from title substrings`);
  console.log(`    ${cold.length - cold.filter((q) => q.search_mode).length} single-term, ${shapes.join(", ")}; ${filtered} with sxx/xljb_1 filters`);
  line("in-process route handler", f.coldInProcess);
  if (built) Object.assign(f, await coldHttp(file, cold, coldOpen, coldStart));

  printTargets(f);
}

/** Warm-up requests so the workers have loaded the route modules and JIT-compiled the paths (the mix only). */
async function warmUp(url: (op: Op) => string, key: string): Promise<void> {
  for (let i = 0; i < QUERY_MIX.length * 3; i++) {
    const q = QUERY_MIX[i % QUERY_MIX.length]!;
    await postJson(url(q.op), key, q.body);
  }
}

/** (c) The warm mix over HTTP: closed loop (capacity) and open loop at the target rate (latency SLO). */
async function warmHttp(file: string): Promise<Partial<Figures>> {
  const server = await startServer({ INDEX_PATH: file });
  try {
    const url = (op: Op) => `${server.url}/open/${op}`;
    await warmUp(url, server.key);
    const mixReq = (i: number) => {
      const q = QUERY_MIX[i % QUERY_MIX.length]!;
      return postJson(url(q.op), server.key, q.body);
    };
    const ftOnly = QUERY_MIX.filter((q) => q.op === "rh_ft_search");
    const ftReq = (i: number) => postJson(url("rh_ft_search"), server.key, ftOnly[i % ftOnly.length]!.body);

    const closedMix = await loadRun(CLIENTS, RUN_MS, mixReq);
    const closedFt = await loadRun(CLIENTS, RUN_MS, ftReq);
    console.log(`(c) HTTP, closed loop, ${CLIENTS} clients, saturating (latency ≈ ${CLIENTS} / throughput), ${RUN_MS / 1000} s each`);
    closedLines("whole mix", closedMix);
    closedLines("rh_ft_search only", closedFt);

    const openFt = await openLoadRun(CLIENTS, TARGETS.rps, RUN_MS, ftReq);
    const openMix = await openLoadRun(CLIENTS, TARGETS.rps, RUN_MS, mixReq);
    console.log(
      `(c) HTTP, open loop at ${TARGETS.rps} req/s over ${CLIENTS} connections, ${RUN_MS / 1000} s each ` +
        "(latency from each request's scheduled send time, queueing included)",
    );
    openLines("rh_ft_search only", openFt, P99_TARGET);
    openLines("whole mix", openMix, P99_TARGET);
    console.log(`  server RSS ${server.rssMiB().toFixed(0)} MiB`);
    return { closedMix, closedFt, openFt, openMix };
  } finally {
    await server.stop();
  }
}

/**
 * (d) Cold requests over HTTP on a freshly started server, so no worker has seen any of them:
 * first `coldStart` (closed loop: the worker start-up, printed apart), then open loop at the
 * target rate over `coldOpen`, then closed loop over `cold` until it runs out or RUN_MS.
 * Each request is sent once.
 */
async function coldHttp(file: string, cold: FtBody[], coldOpen: FtBody[], coldStart: FtBody[]): Promise<Partial<Figures>> {
  const server = await startServer({ INDEX_PATH: file });
  try {
    const url = (op: Op) => `${server.url}/open/${op}`;
    const send = (list: FtBody[]) => (i: number) => postJson(url("rh_ft_search"), server.key, list[i]!);
    await warmUp(url, server.key);
    const startUp = await loadRun(CLIENTS, RUN_MS * 2, send(coldStart), coldStart.length);
    const openMs = (coldOpen.length / TARGETS.rps) * 1000;
    const coldOpenRun = await openLoadRun(CLIENTS, TARGETS.rps, openMs, send(coldOpen), coldOpen.length);
    const coldClosed = await loadRun(CLIENTS, RUN_MS, send(cold), cold.length);
    console.log(`  HTTP, a freshly started server (empty worker caches), ${CLIENTS} connections:`);
    closedLines(`first ${startUp.requests} cold after start`, startUp, false);
    console.log(`    (closed loop; a new worker's own warm-up, not counted as the cold figure)`);
    openLines(`open loop, ${TARGETS.rps} req/s`, coldOpenRun, P99_TARGET);
    console.log(`    (${coldOpen.length} further cold requests, disjoint from the list above)`);
    closedLines(`closed loop, ${CLIENTS} clients`, coldClosed, false);
    console.log(`    (the list above; saturating: latency ≈ ${CLIENTS} / throughput)`);
    console.log(`  server RSS ${server.rssMiB().toFixed(0)} MiB`);
    return { coldOpen: coldOpenRun, coldClosed };
  } finally {
    await server.stop();
  }
}
