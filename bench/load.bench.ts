/**
 * Load run (issue 7): LOAD_SECONDS (default 60) at 16 concurrent clients over HTTP, mixing all
 * five operations with 5% malformed requests (bad JSON, wrong types, {} bodies, missing key).
 * Reports throughput, p50/p99, counts by status, and the server's RSS at start and end.
 *
 * Distinct-query mode (issue 16; `npm run bench -- load --distinct`, or LOAD_MODE=distinct):
 * throughput when no query repeats, so no cache answers, beside the cheapest rejected request
 * measured on the same server in the same run (absolute figures drift between machines and
 * hours; the ratio does not). On one freshly started server (rate limits off, access log on
 * as deployed), in this order:
 *   1. the cheapest rejected request: rh_ft_search without an API key (403, the keyword
 *      family's status, before the body is read), 16 clients closed loop for DISTINCT_SECONDS
 *      (default 5), then 1 client;
 *   2. keyword: DISTINCT_KEYWORDS (default 10,000) rh_ft_search requests whose keywords never
 *      repeat (bench/lib/distinct-queries.ts: the relevance terms, the STARD questions' words,
 *      regulation-title substrings), 16 clients closed loop, each sent once; a disjoint first
 *      slice of 2,000 is sent before it (the workers' own start-up: JIT, page cache), and a
 *      further disjoint slice of 1,000 at 1 client gives the unloaded latency;
 *   3. semantic: the STARD questions (1,228), each once: the first 122 as start-up (not
 *      counted), a disjoint 100 kept for 1 client, the other 1,006 at 16 clients closed loop.
 * Targets (issue 16): keyword ≥ 1,200 req/s, semantic ≥ 250 req/s, keyword p50 at 1 client
 * ≤ 4× the rejected request's.
 */
import { loadRun, fmt, type LoadResult } from "./lib/stats";
import { postJson, startServer, type BenchServer } from "./lib/server";
import { indexPath } from "../lib/config";
import { distinctKeywordRequests, distinctQuestions } from "./lib/distinct-queries";

const GOOD: [string, unknown][] = [
  ["rh_ft_search", { keyword: "违约 责任" }],
  ["rh_ft_search", { keyword: "劳动合同 解除", search_mode: "OR", sxx: "现行有效", top_k: 20 }],
  ["rh_ft_search", { keyword: "个人信息", dy: "中央", xljb_1: "法律" }],
  ["rh_fg_search", { keyword: "公司" }],
  ["rh_fg_search", { dy: "北京", fbrq_start: "2010-01-01" }],
  ["rh_fg_zq_search", { keyword: "证券 发行" }],
  ["rh_fg_zq_search", { sxx: "现行有效" }],
  ["law_vector_search", { query: "公司拖欠工资不给加班费怎么办", return_num: 20 }],
  ["law_vector_search", { query: "离婚后孩子抚养权归谁", rewrite_flag: true, fatiao_filter: { sxx: ["现行有效"] } }],
  [
    "hall_detect",
    {
      text:
        "根据《中华人民共和国民法典》第五百七十七条规定：“当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。”" +
        "另依《劳动合同法》第八十二条，用人单位应当向劳动者每月支付二倍的工资。参见（2021）最高法民终123号。",
    },
  ],
];

const BAD: [string, string | unknown, boolean][] = [
  ["rh_ft_search", "{not json", true],
  ["rh_ft_search", {}, true],
  ["rh_fg_search", { top_k: "x", sxx: "无效值" }, true],
  ["law_vector_search", { query: 5 }, true],
  ["hall_detect", { text: ["x"] }, true],
  ["rh_ft_search", { keyword: "合同" }, false], // missing key
];

export async function run(): Promise<void> {
  if (process.argv.includes("--distinct") || process.env.LOAD_MODE === "distinct") return distinct();
  const seconds = Number(process.env.LOAD_SECONDS ?? 60);
  const server = await startServer();
  try {
    const rssStart = server.rssMiB();
    // sample the server's memory every 5 s: it must level off once caches are warm
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(server.rssMiB()), 5000);
    const res = await loadRun(16, seconds * 1000, async (i) => {
      const malformed = i % 20 === 19; // 5%
      let op: string;
      let body: unknown;
      let withKey = true;
      if (malformed) {
        const b = BAD[Math.floor(i / 20) % BAD.length]!;
        [op, body, withKey] = b;
      } else {
        [op, body] = GOOD[i % GOOD.length]!;
      }
      return postJson(`${server.url}/open/${op}`, withKey ? server.key : null, body);
    });
    clearInterval(sampler);
    const rssEnd = server.rssMiB();
    console.log(`load: ${seconds} s, 16 clients, all five operations, 5% malformed`);
    console.log(`  throughput ${res.rps.toFixed(0)} req/s over ${res.requests} requests`);
    console.log(`  latency ${fmt(res.latency)}`);
    console.log(`  by status ${JSON.stringify(res.byStatus)}  (5xx must be 0)`);
    console.log(`  server RSS (all workers) start ${rssStart.toFixed(0)} MiB, end ${rssEnd.toFixed(0)} MiB`);
    console.log(`  RSS every 5 s: ${samples.map((m) => m.toFixed(0)).join(" ")} MiB`);
    const half = samples.slice(Math.floor(samples.length / 2));
    if (half.length >= 2) {
      const growth = half[half.length - 1]! - half[0]!;
      console.log(`  growth over the second half of the run: ${growth.toFixed(0)} MiB (warm caches: vectors, page cache, ranking caches load in the first seconds)`);
    }
  } finally {
    await server.stop();
  }
}

/* ---------------- distinct-query mode ---------------- */

const CLIENTS = 16;
const KEYWORD_TARGET_RPS = 1200;
const SEMANTIC_TARGET_RPS = 250;
const P50_RATIO_TARGET = 4;

function statusLine(r: LoadResult): string {
  return `${r.requests} requests in ${r.seconds.toFixed(1)} s, ${r.rps.toFixed(0)} req/s, statuses ${JSON.stringify(r.byStatus)}`;
}

async function distinct(): Promise<void> {
  const seconds = Number(process.env.DISTINCT_SECONDS ?? 5);
  const keywordCount = Number(process.env.DISTINCT_KEYWORDS ?? 10_000);
  const START_UP = 2_000;
  const SINGLE = 1_000;
  const Database = (await import("better-sqlite3")).default;
  const db = new Database(indexPath(), { readonly: true });
  let built: ReturnType<typeof distinctKeywordRequests>;
  try {
    built = distinctKeywordRequests(db, START_UP + keywordCount + SINGLE);
  } finally {
    db.close();
  }
  const kwStart = built.requests.slice(0, START_UP);
  const kw = built.requests.slice(START_UP, START_UP + keywordCount);
  const kwSingle = built.requests.slice(START_UP + keywordCount);
  const questions = distinctQuestions();
  const SEM_START = Math.min(128, Math.floor(questions.length / 10));
  const SEM_SINGLE = Math.min(100, Math.floor(questions.length / 10));
  const semStart = questions.slice(0, SEM_START);
  const semSingle = questions.slice(SEM_START, SEM_START + SEM_SINGLE);
  const sem = questions.slice(SEM_START + SEM_SINGLE);
  const src = built.bySource;
  console.log(
    `distinct-query mode: ${CLIENTS} clients, rate limits off; keyword terms from relevance ${src.relevance}, ` +
      `STARD question words ${src.questions}, title substrings ${src.titles} (each used once); ${questions.length} STARD questions`,
  );

  const server = await startServer();
  try {
    const ft = `${server.url}/open/rh_ft_search`;
    const vec = `${server.url}/open/law_vector_search`;
    const rejected = () => postJson(ft, null, { keyword: "合同" });
    const send = (s: BenchServer, list: Record<string, unknown>[]) => (i: number) => postJson(ft, s.key, list[i]!);
    const ask = (list: string[]) => (i: number) => postJson(vec, server.key, { query: list[i]!, return_num: 45 });

    await loadRun(CLIENTS, 1000, rejected); // the rejection path's JIT, not counted
    const rej = await loadRun(CLIENTS, seconds * 1000, rejected);
    const rej1 = await loadRun(1, Math.max(2, seconds / 2) * 1000, rejected);
    console.log("cheapest rejected request (rh_ft_search without a key: 403)");
    console.log(`  ${CLIENTS} clients: ${fmt(rej.latency)}\n    ${statusLine(rej)}`);
    console.log(`  1 client:   ${fmt(rej1.latency)}`);

    const kwUp = await loadRun(CLIENTS, 120_000, send(server, kwStart), kwStart.length);
    const kwRun = await loadRun(CLIENTS, 600_000, send(server, kw), kw.length);
    const kw1 = await loadRun(1, 600_000, send(server, kwSingle), kwSingle.length);
    console.log(`keyword, rh_ft_search, ${kw.length} distinct keywords each sent once`);
    console.log(`  start-up slice (${kwStart.length} further distinct, not counted): ${kwUp.rps.toFixed(0)} req/s, ${fmt(kwUp.latency)}`);
    console.log(`  ${CLIENTS} clients: ${fmt(kwRun.latency)}\n    ${statusLine(kwRun)}`);
    console.log(`  1 client (${kwSingle.length} further distinct): ${fmt(kw1.latency)}`);

    let semRun: LoadResult | null = null;
    let sem1: LoadResult | null = null;
    if (sem.length) {
      await loadRun(CLIENTS, 120_000, ask(semStart), semStart.length);
      semRun = await loadRun(CLIENTS, 600_000, ask(sem), sem.length);
      sem1 = await loadRun(1, 600_000, ask(semSingle), semSingle.length);
      console.log(`semantic, law_vector_search, ${sem.length} distinct STARD questions each sent once (after ${semStart.length} for start-up)`);
      console.log(`  ${CLIENTS} clients: ${fmt(semRun.latency)}\n    ${statusLine(semRun)}`);
      console.log(`  1 client (${semSingle.length} further questions): ${fmt(sem1.latency)}`);
    } else {
      console.log("semantic skipped: no STARD questions (../shared/benchmarks/stard-train.jsonl)");
    }
    console.log(`  server RSS (all workers) ${server.rssMiB().toFixed(0)} MiB`);

    const ok = (r: LoadResult) => Object.keys(r.byStatus).every((s) => s === "200");
    const rows: [string, string, boolean][] = [
      [`keyword >= ${KEYWORD_TARGET_RPS} req/s`, `${kwRun.rps.toFixed(0)} req/s = ${(kwRun.rps / rej.rps).toFixed(3)} × rejected (${rej.rps.toFixed(0)} req/s)`, kwRun.rps >= KEYWORD_TARGET_RPS && ok(kwRun)],
      [
        `keyword p50 <= ${P50_RATIO_TARGET}× rejected (1 client)`,
        `${kw1.latency.p50.toFixed(2)} ms = ${(kw1.latency.p50 / rej1.latency.p50).toFixed(2)} × ${rej1.latency.p50.toFixed(2)} ms`,
        kw1.latency.p50 <= P50_RATIO_TARGET * rej1.latency.p50,
      ],
    ];
    if (semRun) rows.push([`semantic >= ${SEMANTIC_TARGET_RPS} req/s`, `${semRun.rps.toFixed(0)} req/s = ${(semRun.rps / rej.rps).toFixed(3)} × rejected`, semRun.rps >= SEMANTIC_TARGET_RPS && ok(semRun)]);
    console.log("targets (issue 16)");
    for (const [name, measured, met] of rows) console.log(`  ${name.padEnd(40)} ${measured.padEnd(62)} ${met ? "met" : "MISSED"}`);
    console.log(`  for reference: keyword ${CLIENTS}-client p50 ${kwRun.latency.p50.toFixed(2)} ms = ${(kwRun.latency.p50 / rej.latency.p50).toFixed(1)} × rejected ${rej.latency.p50.toFixed(2)} ms (≈ clients / throughput)`);
  } finally {
    await server.stop();
  }
}
