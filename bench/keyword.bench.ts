/**
 * Keyword search benchmark (issue 3): a fixed query mix over the full index
 * (data/index.sqlite, or INDEX_PATH), measured three ways:
 *   (a) raw SQLite: the same SQL statements the searches run, pre-compiled, no handler: the floor
 *   (b) in-process: the route handler functions (auth, parse, search, JSON) called directly
 *   (c) HTTP: the production server (scripts/server.ts, WEB_CONCURRENCY workers) with 16
 *       concurrent keep-alive clients (needs `npx next build`)
 * Targets (printed beside the figures): rh_ft_search p99 < 20 ms over HTTP, handler/raw
 * ratio < 1.5x, >= 1000 requests/s.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type Database from "better-sqlite3";
import { indexPath } from "../lib/config";
import { fmt, loadRun, summarize, type LatencySummary } from "./lib/stats";
import { postJson, startServer } from "./lib/server";

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

/**
 * (a) The floor: the search functions called directly on the index handle with pre-parsed
 * requests, i.e. exactly the SQL the handlers run plus building the result rows, without
 * authentication, body parsing, Request/Response and JSON. Also the bare SQL statements of
 * rh_ft_search alone (pre-compiled MATCH expressions, rows not mapped).
 */
async function raw(db: Database.Database): Promise<{ all: LatencySummary; ft: LatencySummary; ftSql: LatencySummary }> {
  const { parseSearchRequest } = await import("../lib/search/keyword/parse-search-request");
  const { keywordRequestSchema } = await import("../lib/search/keyword/request-fields");
  const { compileFtsQuery } = await import("../lib/search/keyword/compile-fts-query");
  const { buildFilterSql } = await import("../lib/search/keyword/build-filter-sql");
  const { clauseSearchSql, searchClauses } = await import("../lib/search/keyword/search-clauses");
  const { searchRegulations } = await import("../lib/search/keyword/search-regulations");
  const plans = QUERY_MIX.map((q) => {
    const req = parseSearchRequest(keywordRequestSchema, q.body, { keywordRequired: q.op === "rh_ft_search" });
    const run =
      q.op === "rh_ft_search"
        ? () => void searchClauses(db, req)
        : () => void searchRegulations(db, req, { securitiesOnly: q.op === "rh_fg_zq_search" });
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

async function inProcess(): Promise<{ all: LatencySummary; ft: LatencySummary }> {
  const { createKey } = await import("../test/helpers/api");
  const handlers: Record<Op, (req: Request) => Promise<Response>> = {
    rh_ft_search: (await import("../app/open/rh_ft_search/route")).POST,
    rh_fg_search: (await import("../app/open/rh_fg_search/route")).POST,
    rh_fg_zq_search: (await import("../app/open/rh_fg_zq_search/route")).POST,
  };
  const key = createKey("standard", { name: "bench-keyword" });
  const plans = QUERY_MIX.map((q) => ({
    op: q.op,
    run: async () => {
      const res = await handlers[q.op](
        new Request(`http://localhost/open/${q.op}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-api-key": key },
          body: JSON.stringify(q.body),
        }),
      );
      if (res.status !== 200) throw new Error(`${q.op} ${JSON.stringify(q.body)} → ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    },
  }));
  return timeMix(plans);
}

/** A very common term (应当: ~81k of 147k clauses): full FTS5 ranking vs its champion list. */
async function commonTerm(db: Database.Database): Promise<void> {
  const { searchClauses } = await import("../lib/search/keyword/search-clauses");
  const { resetChampionLists } = await import("../lib/search/keyword/champion-lists");
  const req = { parts: ["应当"], mode: "AND" as const, filters: {}, topK: 10 };
  const filtered = { ...req, filters: { sxx: ["现行有效"], xljb_1: ["法律"] } };
  const saved = process.env.KEYWORD_CHAMPION_MIN_DF;
  process.env.KEYWORD_CHAMPION_MIN_DF = "0";
  const full = summarize(Array.from({ length: 5 }, () => time(() => searchClauses(db, req))));
  if (saved === undefined) delete process.env.KEYWORD_CHAMPION_MIN_DF;
  else process.env.KEYWORD_CHAMPION_MIN_DF = saved;
  resetChampionLists(db);
  const first = time(() => searchClauses(db, req));
  const warm = summarize(Array.from({ length: 200 }, () => time(() => searchClauses(db, req))));
  const warmFiltered = summarize(Array.from({ length: 200 }, () => time(() => searchClauses(db, filtered))));
  console.log("common term 应当 (rh_ft_search, top 10)");
  line("full FTS5 bm25 ranking", full);
  console.log(`  ${"champion list: first request".padEnd(34)} ${first.toFixed(2)}ms (builds the list)`);
  line("champion list: later requests", warm);
  line("  … with sxx + xljb_1 filters", warmFiltered);
}

function time(fn: () => unknown): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

function line(label: string, s: LatencySummary, target = ""): void {
  console.log(`  ${label.padEnd(34)} ${fmt(s)}${target ? `   [target ${target}]` : ""}`);
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
  const { getIndex } = await import("../lib/store/index-store");
  const db = getIndex().raw(); // the same handle the handlers use (warm caches for both)
  const meta = Object.fromEntries((db.prepare("SELECT key, value FROM meta").all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
  console.log(`index ${file}: ${meta.regulations} regulations, ${meta.clauses} clauses; mix of ${QUERY_MIX.length} queries`);

  await inProcess(); // warm the OS page cache and statement caches before measuring anything
  const a = await raw(db);
  console.log("(a) raw engine: search functions on the SQLite handle, no handler — the floor");
  line("all queries", a.all);
  line("rh_ft_search", a.ft);
  line("rh_ft_search, bare SQL statements", a.ftSql);

  await commonTerm(db);

  const b = await inProcess();
  console.log("(b) in-process route handlers");
  line("all queries", b.all);
  line("rh_ft_search", b.ft);
  const ratio50 = b.all.p50 / a.all.p50;
  const ratioMean = b.all.mean / a.all.mean;
  const ratioFt = b.ft.mean / a.ftSql.mean;
  console.log(`  handler/raw ratio: p50 ${ratio50.toFixed(2)}x, mean ${ratioMean.toFixed(2)}x   [target < ${TARGETS.ratio}x]`);
  console.log(`  rh_ft_search handler/bare-SQL ratio (mean): ${ratioFt.toFixed(2)}x`);

  if (!fs.existsSync(path.join(process.cwd(), ".next", "BUILD_ID"))) {
    console.log("(c) HTTP skipped: run `npm run build` first");
    fs.rmSync(tmp, { recursive: true, force: true });
    return;
  }
  const server = await startServer({ INDEX_PATH: file });
  try {
    const url = (op: Op) => `${server.url}/open/${op}`;
    for (let i = 0; i < QUERY_MIX.length * 3; i++) {
      const q = QUERY_MIX[i % QUERY_MIX.length]!;
      await postJson(url(q.op), server.key, q.body);
    }
    const mix = await loadRun(16, 8_000, (i) => {
      const q = QUERY_MIX[i % QUERY_MIX.length]!;
      return postJson(url(q.op), server.key, q.body);
    });
    const ftOnly = QUERY_MIX.filter((q) => q.op === "rh_ft_search");
    const ft = await loadRun(16, 8_000, (i) => postJson(url("rh_ft_search"), server.key, ftOnly[i % ftOnly.length]!.body));
    console.log("(c) HTTP, 16 concurrent clients, 8 s each");
    line("whole mix", mix.latency);
    console.log(`    ${mix.requests} requests, ${mix.rps.toFixed(0)} req/s [target >= ${TARGETS.rps}], statuses ${JSON.stringify(mix.byStatus)}`);
    line("rh_ft_search only", ft.latency, `p99 < ${TARGETS.httpP99Ms} ms`);
    console.log(`    ${ft.requests} requests, ${ft.rps.toFixed(0)} req/s [target >= ${TARGETS.rps}], statuses ${JSON.stringify(ft.byStatus)}`);
    console.log(`  server RSS ${server.rssMiB().toFixed(0)} MiB`);
  } finally {
    await server.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
