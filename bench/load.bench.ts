/**
 * Load run (issue 7): LOAD_SECONDS (default 60) at 16 concurrent clients over HTTP, mixing all
 * five operations with 5% malformed requests (bad JSON, wrong types, {} bodies, missing key).
 * Reports throughput, p50/p99, counts by status, and the server's RSS at start and end.
 */
import { loadRun, fmt } from "./lib/stats";
import { postJson, startServer } from "./lib/server";

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
