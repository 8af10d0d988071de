/**
 * The load bench's 1-client keyword slice (issue 16's target: keyword p50 ≤ 4 × the rejected
 * request's) with the server's own time per request beside the client's: the same sequence as
 * `npm run bench -- load --distinct` (rejected requests; 2,000 + 10,000 distinct keywords at 16
 * clients; then the next 1,000 at 1 client) against the built server, whose access log (the
 * operation's time, `ms`, rounded to 0.1 ms) is written to a file, and the worker's CPU per
 * request over the 1-client slice from /proc. Needs `npx next build`.
 *
 *   npx tsx bench/tools/keyword-1client.ts
 *
 * Prints the rejected request's 1-client p50, the keyword 1-client p50 and the ratio, and for
 * the median band (requests 40–60 % by client time) the client's time, the server's and their
 * difference (transport, HTTP parsing and writing, the client): what is left to the handler.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { indexPath } from "../../lib/config";
import { KeysStore } from "../../lib/auth/keys-store";
import { loadRun } from "../lib/stats";
import { postJson } from "../lib/server";
import { distinctKeywordRequests } from "../lib/distinct-queries";
import { children, cpuMs } from "./proc-cpu";

const root = process.cwd();
if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) throw new Error("run `npx next build` first");
const raw = new Database(indexPath(), { readonly: true });
const all = distinctKeywordRequests(raw, 13_000).requests;
raw.close();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "keyword-1client-"));
const keysDb = path.join(dir, "keys.sqlite");
const store = new KeysStore(keysDb);
const { key } = store.create({ tier: "member", name: "bench" });
store.close();
const port = await new Promise<number>((resolve) => {
  const srv = net.createServer().listen(0, "127.0.0.1", () => {
    const p = (srv.address() as net.AddressInfo).port;
    srv.close(() => resolve(p));
  });
});
const logFile = path.join(dir, "access.log");
const out = fs.openSync(logFile, "w");
const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts", "server.ts")], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", KEYS_DB: keysDb, ACCESS_LOG: "on", RATE_LIMIT: "off", LCC_NO_SIGNIN_LINK: "1", NODE_ENV: "production" },
  stdio: ["ignore", out, "inherit"],
});
const url = `http://127.0.0.1:${port}`;
const deadline = Date.now() + 90_000;
for (;;) {
  try {
    if ((await fetch(`${url}/api/health`)).status < 500) break;
  } catch {
    /* not up yet */
  }
  if (Date.now() > deadline) {
    child.kill();
    throw new Error("server did not start within 90 s");
  }
  await new Promise((r) => setTimeout(r, 250));
}

const accessMs = (from: number): number[] =>
  fs
    .readFileSync(logFile)
    .subarray(from)
    .toString("utf8")
    .split("\n")
    .filter((l) => l.includes('"type":"access"'))
    .map((l) => (JSON.parse(l) as { ms: number }).ms);
const sequential = async (n: number, send: (i: number) => Promise<number>): Promise<number[]> => {
  const lat: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await send(i);
    lat.push(performance.now() - t);
  }
  return lat;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

try {
  const ft = `${url}/open/rh_ft_search`;
  await loadRun(16, 1000, () => postJson(ft, null, { keyword: "合同" }));
  const rej = await sequential(3000, () => postJson(ft, null, { keyword: "合同" }));
  await loadRun(16, 120_000, (i) => postJson(ft, key, all[i]!), 2000);
  const r16 = await loadRun(16, 600_000, (i) => postJson(ft, key, all[2000 + i]!), 10_000);
  const mark = fs.statSync(logFile).size;
  const pids = [child.pid!, ...children(child.pid!)];
  const cpu0 = pids.map(cpuMs);
  const single = all.slice(12_000, 13_000);
  const lat = await sequential(single.length, (i) => postJson(ft, key, single[i]!));
  const cpu1 = pids.map(cpuMs);
  await new Promise((r) => setTimeout(r, 300)); // the log lines are written after the answers
  const ms = accessMs(mark);
  if (ms.length !== single.length) throw new Error(`${ms.length} access-log lines for ${single.length} requests`);
  const band = single.map((_, i) => i).sort((a, b) => lat[a]! - lat[b]!).slice(400, 600);
  const kw = median(lat);
  const rj = median(rej);
  console.log(`rejected, 1 client: p50 ${rj.toFixed(3)} ms`);
  console.log(`keyword, 16 clients: ${r16.rps.toFixed(0)} req/s (10,000 distinct)`);
  console.log(`keyword, 1 client (1,000 further distinct): p50 ${kw.toFixed(3)} ms = ${(kw / rj).toFixed(2)} × rejected; mean ${mean(lat).toFixed(3)} ms`);
  console.log(
    `  median band (40–60 % by client time): client ${mean(band.map((i) => lat[i]!)).toFixed(3)} ms, server ${mean(band.map((i) => ms[i]!)).toFixed(3)} ms (access log), difference ${mean(band.map((i) => lat[i]! - ms[i]!)).toFixed(3)} ms`,
  );
  console.log(`  CPU per request over the slice: ${pids.map((p, i) => `${i === 0 ? "primary" : `worker ${p}`} ${((cpu1[i]! - cpu0[i]!) / single.length).toFixed(3)} ms`).join(", ")}`);
} finally {
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  fs.rmSync(dir, { recursive: true, force: true });
}
