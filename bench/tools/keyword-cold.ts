/**
 * Cold rh_ft_search in-process: CPU per request by stage, and a dump of the answers to compare
 * two versions of the code (issue 16, keyword throughput on distinct keywords).
 *
 *   npx tsx bench/tools/keyword-cold.ts prof [N=3000] [skip=1000]
 *       the handler's work (parse, search, JSON) on N distinct keywords
 *       (bench/lib/distinct-queries.ts) after a start-up slice of `skip` others, each once:
 *       CPU per request (process.cpuUsage) and the share of each index read (STAGES=0: not
 *       timed, e.g. under node --cpu-prof)
 *   npx tsx bench/tools/keyword-cold.ts dump FILE [N=3000]
 *       the answers (ids and scores) to the relevance terms (with and without filters) and to
 *       N distinct keywords, and the regulation searches' whole items for every other one, as
 *       JSON lines, for `cmp` between two versions
 */
import fs from "node:fs";
import inspector from "node:inspector";
import Database from "better-sqlite3";
import { indexPath } from "../../lib/config";
import { getIndex } from "../../lib/store/index-store";
import type { KeywordIndex } from "../../lib/store/keyword-index";
import { searchClauses } from "../../lib/search/keyword/search-clauses";
import { clauseSuccessJson } from "../../lib/api/keyword-request/clause-success-json";
import { parseSearchRequest } from "../../lib/api/keyword-request/parse-search-request";
import { rhFtSearchRequest } from "../../app/open/rh_ft_search/schema";
import { rhFgSearchRequest } from "../../app/open/rh_fg_search/schema";
import { searchRegulations } from "../../lib/search/keyword/search-regulations";
import { warmKeywordSearch } from "../../lib/search/keyword/warm-up";
import { distinctKeywordRequests } from "../lib/distinct-queries";
import { RELEVANCE_TERMS } from "../lib/relevance-terms";
import type { FtBody } from "../lib/cold-queries";

const [mode = "prof", ...rest] = process.argv.slice(2);

/** The index handle with each read timed (CPU of the calling thread, which is where SQLite runs). */
function timed(ix: KeywordIndex, spent: Map<string, number>): KeywordIndex {
  return new Proxy(ix, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver);
      if (typeof v !== "function") return v;
      const name = String(prop);
      return (...args: unknown[]) => {
        const label = name === "rankClauses" ? `${name}${String(args[0]).includes(" NOT (") ? " (words tier)" : ""}${args[2] ? " (filters in SQL)" : ""}` : name;
        const t = process.cpuUsage();
        try {
          return (v as (...a: unknown[]) => unknown).apply(target, args);
        } finally {
          const d = process.cpuUsage(t);
          spent.set(label, (spent.get(label) ?? 0) + d.user + d.system);
        }
      };
    },
  });
}

function handle(ix: KeywordIndex, body: FtBody): string {
  const req = parseSearchRequest(rhFtSearchRequest, body, { keywordRequired: true });
  return clauseSuccessJson(ix, searchClauses(ix, req)).json;
}

function requests(n: number): FtBody[] {
  const raw = new Database(indexPath(), { readonly: true });
  try {
    return distinctKeywordRequests(raw, n).requests;
  } finally {
    raw.close();
  }
}

function prof(n: number, skip: number): void {
  const all = requests(skip + n);
  const spent = new Map<string, number>();
  const ix = process.env.STAGES === "0" ? getIndex() : timed(getIndex(), spent);
  warmKeywordSearch(ix);
  for (const b of all.slice(0, skip)) handle(ix, b);
  spent.clear();
  const cold = all.slice(skip);
  const t0 = process.cpuUsage();
  const w0 = performance.now();
  const each: number[] = [];
  for (const b of cold) {
    const t = performance.now();
    handle(ix, b);
    each.push(performance.now() - t);
  }
  const d = process.cpuUsage(t0);
  const wall = performance.now() - w0;
  const cpu = (d.user + d.system) / 1000;
  each.sort((a, b) => a - b);
  const q = (p: number) => each[Math.min(each.length - 1, Math.floor(p * each.length))]!.toFixed(3);
  console.log(`cold requests ${cold.length}: CPU ${(cpu / cold.length).toFixed(3)} ms/request (wall ${(wall / cold.length).toFixed(3)} ms; p50 ${q(0.5)}, p90 ${q(0.9)}, p99 ${q(0.99)} ms)`);
  for (const [k, us] of [...spent].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${k.padEnd(22)} ${(us / 1000 / cold.length).toFixed(3)} ms/request (${((us / 1000 / cpu) * 100).toFixed(1)} %)`);
  }
}

function dump(file: string, n: number): void {
  const bodies: FtBody[] = [];
  for (const t of RELEVANCE_TERMS) {
    bodies.push({ keyword: t.q }, { keyword: t.q, top_k: 50 }, { keyword: t.q, sxx: "现行有效" }, { keyword: t.q, xljb_1: "法律" });
    bodies.push({ keyword: t.q, dy: "北京" }, { keyword: t.q, search_mode: "OR", top_k: 30 });
  }
  bodies.push(...requests(n).map((b, i) => (i % 5 === 0 ? { ...b, top_k: 50 } : b)));
  const ix = getIndex();
  const out: string[] = [];
  for (const b of bodies) {
    const data = (JSON.parse(handle(ix, b)) as { data: Array<{ id: string; _score: number }> }).data;
    out.push(JSON.stringify({ q: b, hits: data.map((h) => [h.id, h._score]) }));
  }
  // the regulation searches (法规 / 证券法规 tabs) on every other request: whole items
  for (const [i, b] of bodies.entries()) {
    if (i % 2) continue;
    const req = parseSearchRequest(rhFgSearchRequest, b, { keywordRequired: false });
    out.push(JSON.stringify({ fg: b, items: searchRegulations(ix, req, { securitiesOnly: i % 4 === 2 }) }));
  }
  fs.writeFileSync(file, out.join("\n") + "\n");
  console.log(`${bodies.length} requests written to ${file}`);
}

/**
 * The load bench's 1-client slice in process: `warm` distinct keywords first (the load bench's
 * start-up and 16-client slices), then the next `n` each timed, with what each found; prints the
 * percentiles by kind (hits or none) and the median band's (40–60 % by time) index reads.
 */
function slice(warm: number, n: number): void {
  const all = requests(warm + n);
  const spent = new Map<string, number>();
  const ix = timed(getIndex(), spent);
  warmKeywordSearch(ix);
  for (const b of all.slice(0, warm)) handle(ix, b);
  const rows: Array<{ ms: number; hits: number; body: FtBody; reads: Map<string, number>; at: [number, number] }> = [];
  const session = process.env.PROF ? new inspector.Session() : null;
  if (session) {
    session.connect();
    session.post("Profiler.enable");
    session.post("Profiler.setSamplingInterval", { interval: 50 });
    session.post("Profiler.start");
  }
  for (const b of all.slice(warm)) {
    spent.clear();
    const h0 = Number(process.hrtime.bigint() / 1000n);
    const c0 = process.cpuUsage();
    const t = performance.now();
    const json = handle(ix, b);
    const wall = performance.now() - t;
    const c1 = process.cpuUsage(c0);
    // CPU time of the request (WALL=1: wall-clock time), less sensitive to the machine's other load
    const ms = process.env.WALL === "1" ? wall : (c1.user + c1.system) / 1000;
    const h1 = Number(process.hrtime.bigint() / 1000n);
    const hits = (JSON.parse(json) as { data: unknown[] }).data.length;
    rows.push({ ms, hits, body: b, reads: new Map(spent), at: [h0, h1] });
  }
  if (session) session.post("Profiler.stop", (err, res) => { if (!err) fs.writeFileSync(process.env.PROF!, JSON.stringify(res.profile)); });
  const pct = (xs: number[], p: number) => (xs.length ? xs[Math.min(xs.length - 1, Math.floor(p * xs.length))]!.toFixed(3) : "-");
  const all2 = rows.map((r) => r.ms).sort((a, b) => a - b);
  const none = rows.filter((r) => r.hits === 0).map((r) => r.ms).sort((a, b) => a - b);
  const some = rows.filter((r) => r.hits > 0).map((r) => r.ms).sort((a, b) => a - b);
  console.log(`slice ${rows.length}: p50 ${pct(all2, 0.5)} p90 ${pct(all2, 0.9)} mean ${(all2.reduce((a, b) => a + b, 0) / all2.length).toFixed(3)} ms`);
  console.log(`  no hit ${none.length}: p25 ${pct(none, 0.25)} p50 ${pct(none, 0.5)} p75 ${pct(none, 0.75)} p90 ${pct(none, 0.9)}`);
  console.log(`  hits ${some.length}: p10 ${pct(some, 0.1)} p25 ${pct(some, 0.25)} p50 ${pct(some, 0.5)} p75 ${pct(some, 0.75)}`);
  const band = [...rows].sort((a, b) => a.ms - b.ms).slice(Math.floor(rows.length * 0.4), Math.floor(rows.length * 0.6));
  if (process.env.BAND) fs.writeFileSync(process.env.BAND, JSON.stringify((process.env.BAND_KIND === "none" ? rows.filter((r) => r.hits === 0) : band).map((r) => r.at)));
  const reads = new Map<string, number>();
  for (const r of band) for (const [k, us] of r.reads) reads.set(k, (reads.get(k) ?? 0) + us);
  const bandMs = band.reduce((a, r) => a + r.ms, 0) / band.length;
  console.log(`  median band: ${bandMs.toFixed(3)} ms, ${band.filter((r) => r.hits === 0).length} of ${band.length} with no hit`);
  for (const [k, us] of [...reads].sort((a, b) => b[1] - a[1])) console.log(`    ${k.padEnd(30)} ${(us / 1000 / band.length).toFixed(3)} ms`);
  if (process.env.SHOW === "none")
    for (const r of rows.filter((x) => x.hits === 0).sort((a, b) => a.ms - b.ms))
      console.log(`    ${r.ms.toFixed(3)} ${JSON.stringify(r.body)} ${[...r.reads].map(([k, us]) => `${k}=${(us / 1000).toFixed(2)}`).join(" ")}`);
  else if (process.env.SHOW) for (const r of band) console.log(`    ${r.ms.toFixed(3)} ${r.hits} ${JSON.stringify(r.body)}`);
}

if (mode === "slice") slice(Number(rest[0] ?? 12_000), Number(rest[1] ?? 1000));
else if (mode === "prof") prof(Number(rest[0] ?? 3000), Number(rest[1] ?? 1000));
else if (mode === "dump") dump(rest[0] ?? "/tmp/kw-dump.jsonl", Number(rest[1] ?? 3000));
else throw new Error(`unknown mode ${mode}`);
