/**
 * Rate limits hold across the production server's workers: a second server (2 workers, a
 * small SEARCH limit) gets a burst of requests from one key over several connections, which
 * the cluster spreads over both workers; the key gets its burst in total, not per worker.
 */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { test, expect } from "./fixtures";

const PORT = 3105;
let server: ChildProcess;

test.beforeAll(async () => {
  server = spawn(process.execPath, ["--import", "tsx", "scripts/server.ts"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      WEB_CONCURRENCY: "2",
      INDEX_PATH: "data/test-index.sqlite",
      KEYS_DB: "data/tmp/e2e-keys.sqlite",
      LCC_NO_SIGNIN_LINK: "1",
      ACCESS_LOG: "off",
      RATE_LIMIT: "on",
      RATE_LIMIT_SEARCH: "1,10",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error("second server did not start");
    await new Promise((r) => setTimeout(r, 300));
  }
});

test.afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  }
});

function post(agent: http.Agent, key: string): Promise<{ status: number; retryAfter?: string }> {
  const body = JSON.stringify({ keyword: "合同" });
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: PORT, path: "/open/rh_ft_search", method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), "x-api-key": key } },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers["retry-after"] as string | undefined }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

test("one key gets its burst across both workers, not a burst per worker", async ({ keys }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  try {
    // open 8 connections first (the cluster hands them to the workers in turn)
    const results = await Promise.all(Array.from({ length: 40 }, () => post(agent, keys.standard)));
    const ok = results.filter((r) => r.status === 200).length;
    const limited = results.filter((r) => r.status === 429);
    expect(ok).toBeGreaterThanOrEqual(10); // the burst
    expect(ok).toBeLessThanOrEqual(13); // + at most a few refilled at 1/s while the requests run (per-worker buckets: 20)
    expect(ok + limited.length).toBe(40);
    expect(limited.every((r) => Number(r.retryAfter) >= 1)).toBe(true);
    // another key is not affected
    expect((await post(agent, keys.member)).status).toBe(200);
  } finally {
    agent.destroy();
  }
});
