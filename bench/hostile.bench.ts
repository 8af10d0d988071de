/**
 * Hostile bench (issue 15): `npm run bench -- hostile`. Against the built production server
 * (scripts/server.ts, WEB_CONCURRENCY workers), normal traffic runs twice for HOSTILE_SECONDS
 * (default 30) each: alone, then while one hostile client sends the payloads one after
 * another. Reports the normal traffic's p50/p99 and non-200 answers in both phases, each
 * hostile payload's statuses and latency, and the server's peak RSS (primary + workers,
 * sampled every 200 ms). Normal traffic is 4 closed-loop clients over the five operations. A
 * hostile request unanswered after HOSTILE_TIMEOUT_MS (60 s) counts as status 0; -1 is a
 * connection error (a worker died).
 */
import http from "node:http";
import { fmt, loadRun, summarize, type LoadResult } from "./lib/stats";
import { postJson, startServer, type BenchServer } from "./lib/server";
import { CLAUSE_CHAIN_DRAFT, LONG_QUOTE_DRAFT, manyParts } from "../test/hostile/payloads";

const NORMAL: [string, unknown][] = [
  ["rh_ft_search", { keyword: "违约 责任" }],
  ["rh_ft_search", { keyword: "劳动合同 解除", search_mode: "OR", sxx: "现行有效", top_k: 20 }],
  ["rh_fg_search", { keyword: "公司" }],
  ["rh_fg_zq_search", { keyword: "证券 发行" }],
  ["facet_counts", { keyword: "合同" }],
  ["law_vector_search", { query: "公司拖欠工资不给加班费怎么办", return_num: 20 }],
  ["hall_detect", { text: "根据《中华人民共和国民法典》第五百七十七条规定：“当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。”" }],
];

interface Hostile {
  name: string;
  path: string;
  /** Body bytes, or a stream length for a body sent in chunks with no Content-Length. */
  body: Buffer | { streamBytes: number };
  headers?: Record<string, string>;
  withKey: boolean;
  /** Documented statuses. */
  expect: number[];
}

const json = (v: unknown) => Buffer.from(JSON.stringify(v));

const HOSTILE: Hostile[] = [
  { name: "hall_detect 300,000-char 第1至49条 chain", path: "/open/hall_detect", body: json({ text: CLAUSE_CHAIN_DRAFT }), withKey: true, expect: [200] },
  { name: "hall_detect 20,000-char quote after 第1至49条", path: "/open/hall_detect", body: json({ text: LONG_QUOTE_DRAFT }), withKey: true, expect: [200] },
  { name: "rh_fg_search fgmc 6,000 parts", path: "/open/rh_fg_search", body: json({ keyword: "公司", fgmc: manyParts(6000) }), withKey: true, expect: [422] },
  { name: "facet_counts fbbm 6,000 parts", path: "/open/facet_counts", body: json({ keyword: "合同", fbbm: manyParts(6000) }), withKey: true, expect: [422] },
  { name: "facet_counts fgmc 16 parts (at the limit)", path: "/open/facet_counts", body: json({ keyword: "合同", fgmc: manyParts(16) }), withKey: true, expect: [200] },
  { name: "rh_ft_search 2 one-character parts (at the limit)", path: "/open/rh_ft_search", body: json({ keyword: "法 人" }), withKey: true, expect: [200] },
  { name: "rh_ft_search 16 one-character parts", path: "/open/rh_ft_search", body: json({ keyword: "法 人 国 家 公 司 合 同 劳 动 责 任 行 政 管 理" }), withKey: true, expect: [422] },
  { name: "law_vector_search 1,000-char query (at the limit)", path: "/open/law_vector_search", body: json({ query: "公司拖欠工资不给加班费".repeat(100).slice(0, 1000) }), withKey: true, expect: [200] },
  { name: "law_vector_search 100,000-char query", path: "/open/law_vector_search", body: json({ query: "劳动合同".repeat(25_000) }), withKey: true, expect: [422] },
  { name: "POST /api/session 10 MB declared", path: "/api/session", body: Buffer.alloc(10 * 1024 * 1024, 0x61), headers: { "content-type": "application/json" }, withKey: false, expect: [413] },
  { name: "POST /api/session 10 MB streamed", path: "/api/session", body: { streamBytes: 10 * 1024 * 1024 }, headers: { "content-type": "application/json" }, withKey: false, expect: [413] },
  { name: "rh_ft_search 3 MB body", path: "/open/rh_ft_search", body: json({ keyword: "第".repeat(1024 * 1024) }), withKey: true, expect: [413] },
];

const agent = new http.Agent({ keepAlive: false });

/** Sends one hostile request; resolves to its status (-1: connection error) and time. */
function send(server: BenchServer, h: Hostile): Promise<{ status: number; ms: number }> {
  const t = performance.now();
  const headers: Record<string, string | number> = { "content-type": "application/json", ...h.headers };
  if (h.withKey) headers["x-api-key"] = server.key;
  const streamed = !Buffer.isBuffer(h.body);
  if (!streamed) headers["content-length"] = (h.body as Buffer).length;
  return new Promise((resolve) => {
    let settled = false;
    const done = (status: number) => {
      if (settled) return;
      settled = true;
      resolve({ status, ms: performance.now() - t });
    };
    const req = http.request(`${server.url}${h.path}`, { method: "POST", agent, headers }, (res) => {
      res.on("data", () => undefined);
      res.on("end", () => done(res.statusCode ?? -1));
      res.on("error", () => done(res.statusCode ?? -1));
    });
    // the server may answer 413 and close before the whole body is written: that is the point
    req.on("error", () => done(-1));
    // a request that takes longer than HOSTILE_TIMEOUT_MS counts as status 0 (a hung worker)
    req.setTimeout(Number(process.env.HOSTILE_TIMEOUT_MS ?? 60_000), () => {
      done(0);
      req.destroy();
    });
    if (!streamed) return void req.end(h.body);
    let left = (h.body as { streamBytes: number }).streamBytes;
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const pump = (): void => {
      while (left > 0) {
        left -= chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}

async function normalTraffic(server: BenchServer, seconds: number): Promise<LoadResult> {
  return loadRun(4, seconds * 1000, async (i) => {
    const [op, body] = NORMAL[i % NORMAL.length]!;
    return postJson(`${server.url}/open/${op}`, server.key, body);
  });
}

function errors(r: LoadResult): number {
  return Object.entries(r.byStatus).reduce((n, [s, c]) => (s === "200" ? n : n + c), 0);
}

export async function run(): Promise<void> {
  const seconds = Number(process.env.HOSTILE_SECONDS ?? 30);
  const server = await startServer();
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rssMiB())), 200);
  try {
    // warm every operation once
    for (const [op, body] of NORMAL) await postJson(`${server.url}/open/${op}`, server.key, body);
    const rssWarm = server.rssMiB();
    peak = 0;
    const alone = await normalTraffic(server, seconds);
    const peakAlone = peak;

    peak = 0;
    const results = new Map<string, { statuses: Record<string, number>; ms: number[] }>();
    let stop = false;
    const hostileLoop = (async () => {
      for (let i = 0; !stop; i++) {
        const h = HOSTILE[i % HOSTILE.length]!;
        const r = await send(server, h);
        const e = results.get(h.name) ?? { statuses: {}, ms: [] };
        e.statuses[String(r.status)] = (e.statuses[String(r.status)] ?? 0) + 1;
        e.ms.push(r.ms);
        results.set(h.name, e);
      }
    })();
    const beside = await normalTraffic(server, seconds);
    stop = true;
    await hostileLoop;
    const peakBeside = peak;
    const after = await postJson(`${server.url}/open/rh_ft_search`, server.key, { keyword: "合同" }).catch(() => -1);

    console.log(`hostile: ${seconds} s of normal traffic (4 clients, ${NORMAL.length} requests in turn) alone, then beside one hostile client`);
    console.log(`  normal alone:   ${fmt(alone.latency)}  ${alone.rps.toFixed(0)} req/s  non-200 ${errors(alone)}  ${JSON.stringify(alone.byStatus)}`);
    console.log(`  normal beside:  ${fmt(beside.latency)}  ${beside.rps.toFixed(0)} req/s  non-200 ${errors(beside)}  ${JSON.stringify(beside.byStatus)}`);
    console.log(`  hostile payloads (status counts; latency):`);
    let wrong = 0;
    for (const h of HOSTILE) {
      const r = results.get(h.name);
      if (!r) {
        console.log(`    ${h.name}: not sent`);
        continue;
      }
      const bad = Object.keys(r.statuses).filter((s) => !h.expect.includes(Number(s)));
      wrong += bad.length;
      const s = summarize(r.ms);
      console.log(`    ${h.name}: ${JSON.stringify(r.statuses)} (expected ${h.expect.join("/")}) max=${s.max.toFixed(0)}ms p50=${s.p50.toFixed(0)}ms${bad.length ? "  <-- UNEXPECTED" : ""}`);
    }
    console.log(`  payloads with an undocumented status: ${wrong}`);
    console.log(`  next ordinary request after the run: ${after}`);
    console.log(`  server RSS (primary + workers): warm ${rssWarm.toFixed(0)} MiB, peak alone ${peakAlone.toFixed(0)} MiB, peak beside hostile ${peakBeside.toFixed(0)} MiB (limit 2048)`);
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
}
