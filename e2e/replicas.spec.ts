/**
 * Replicas behind nginx (scripts/serve-replicas.ts) over real PostgreSQL and Redis: two
 * replicas of the built app share keys created by the CLI, a key revoked through the CLI is
 * refused by both within 1 s, one key's citation-check limit holds across both, a replica
 * killed under load costs no request (nginx retries the read-only operations on the other),
 * and a new index is rolled out replica by replica without a failed request. Usage counts
 * land in PostgreSQL. E2E_REPLICAS_PORT (default 3120) is nginx's port; the replicas take the
 * next two, the supervisor's control port is +100.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test, expect } from "@playwright/test";
import { Redis } from "ioredis";
import { createTestDatabase, eventually, randomSuffix, TEST_REDIS_URL } from "../test/helpers/services";

const PORT = Number(process.env.E2E_REPLICAS_PORT ?? 3120);
const REPLICA_PORTS = [PORT + 1, PORT + 2];
const CONTROL = PORT + 100;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let supervisor: ChildProcess;
let env: Record<string, string>;
let key = "";
let output = "";

test.describe.configure({ mode: "serial" });

function cli(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ["--import", "tsx", ...args], { env: { ...process.env, ...env }, encoding: "utf8", timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The same without blocking this process (the load loops keep running meanwhile). */
function cliAsync(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("exit", (status) => resolve({ status, stdout, stderr }));
  });
}

async function status(): Promise<Array<{ n: number; healthy: boolean; down: boolean; pid: number | null; index: string }>> {
  return (await fetch(`http://127.0.0.1:${CONTROL}/status`)).json();
}

async function post(port: number, op: string, body: unknown, k = key): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/open/${op}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": k },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

/** `clients` loops sending searches through nginx until `stop()`; counts statuses. */
function load(clients: number): { stop(): Promise<Map<number | string, number>> } {
  let running = true;
  const counts = new Map<number | string, number>();
  const loops = Array.from({ length: clients }, async (_, i) => {
    while (running) {
      let s: number | string;
      try {
        s = await post(PORT, "rh_ft_search", { keyword: i % 2 ? "劳动合同" : "民法典 合同" });
      } catch (e) {
        s = `error: ${e instanceof Error ? e.message : e}`;
      }
      counts.set(s, (counts.get(s) ?? 0) + 1);
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return counts;
    },
  };
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  db = await createTestDatabase();
  env = {
    DATABASE_URL: db.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: `lcc_test_${randomSuffix()}`,
    INDEX_PATH: path.resolve("data/test-index.sqlite"),
    REPLICA_CONCURRENCY: "1",
    KEYS_CACHE_TTL_MS: "60000", // only Redis can explain a revocation honoured within 1 s
    RATE_LIMIT: "on",
    RATE_LIMIT_SEARCH: "100000,100000",
    RATE_LIMIT_CITATION: "0.001,10",
    ACCESS_LOG: "off",
    LCC_NO_SIGNIN_LINK: "1",
    HEALTH_INTERVAL_MS: "500",
  };
  supervisor = spawn(process.execPath, ["--import", "tsx", "scripts/serve-replicas.ts", "--replicas", "2", "--port", String(PORT)], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: false,
  });
  supervisor.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  supervisor.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const up = await eventually(async () => {
    try {
      const s = await status();
      return s.length === 2 && s.every((r) => r.healthy && !r.down);
    } catch {
      return false;
    }
  }, 180_000);
  if (!up) throw new Error(`replicas did not start:\n${output.slice(-3000)}`);
  const created = cli(["scripts/keys.ts", "create", "--member", "--name", "e2e-replicas"]);
  expect(created.status, created.stderr).toBe(0);
  key = created.stdout.trim();
});

test.afterAll(async () => {
  if (supervisor && supervisor.exitCode === null) {
    const exited = new Promise((r) => supervisor.once("exit", r));
    supervisor.kill("SIGTERM");
    await exited;
  }
  const r = new Redis(TEST_REDIS_URL);
  const keys = await r.keys(`${env.REDIS_PREFIX}:*`);
  if (keys.length) await r.del(...keys);
  await r.quit();
  await db?.drop();
});

test("a key created by the CLI works through nginx and on each replica", async () => {
  expect(await post(PORT, "rh_ft_search", { keyword: "劳动合同" })).toBe(200);
  for (const p of REPLICA_PORTS) expect(await post(p, "rh_ft_search", { keyword: "劳动合同" })).toBe(200);
});

test("one key's citation-check limit holds across both replicas", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++) statuses.push(await post(REPLICA_PORTS[i % 2]!, "hall_detect", { text: "依据《中华人民共和国民法典》第五百七十七条。" }));
  expect(statuses.filter((s) => s === 200)).toHaveLength(10);
  expect(statuses.filter((s) => s === 429)).toHaveLength(20);
});

test("a replica killed under load: no failed request", async () => {
  test.setTimeout(240_000);
  const running = load(4);
  await new Promise((r) => setTimeout(r, 1500));
  const victim = (await status())[0]!;
  process.kill(victim.pid!, "SIGKILL");
  await new Promise((r) => setTimeout(r, 1500));
  const back = await eventually(async () => (await status()).every((r) => r.healthy && !r.down), 120_000);
  await new Promise((r) => setTimeout(r, 500));
  const counts = await running.stop();
  expect(back).toBe(true);
  expect([...counts.keys()]).toEqual([200]);
  expect(counts.get(200)!).toBeGreaterThan(20);
});

test("a new index rolled out replica by replica: no failed request", async () => {
  test.setTimeout(300_000);
  const next = path.resolve("data/tmp/e2e-roll-index.sqlite");
  fs.copyFileSync(env.INDEX_PATH!, next);
  const running = load(4);
  const roll = await cliAsync(["scripts/serve-replicas.ts", "roll", "--index", next, "--port", String(PORT)]);
  const counts = await running.stop();
  expect(roll.status, roll.stdout + roll.stderr).toBe(0);
  expect(roll.stdout).toContain("roll-out done: 2 replica(s)");
  expect((await status()).map((r) => r.index)).toEqual([next, next]);
  expect([...counts.keys()]).toEqual([200]);
  expect(counts.get(200)!).toBeGreaterThan(50);
});

test("usage is counted in PostgreSQL; a key revoked through the CLI is refused by both replicas within 1 s", async () => {
  const usage = cli(["scripts/keys.ts", "usage", "e2e-replicas"]);
  expect(usage.status, usage.stderr).toBe(0);
  expect(usage.stdout).toMatch(/\te2e-replicas\thall_detect\t30\t20$/m);
  expect(usage.stdout).toMatch(/\te2e-replicas\trh_ft_search\t\d+\t0$/m);
  for (const p of REPLICA_PORTS) expect(await post(p, "rh_ft_search", { keyword: "合同" })).toBe(200); // cached on both
  expect(cli(["scripts/keys.ts", "revoke", "e2e-replicas"]).status).toBe(0);
  const refused = await eventually(async () => {
    const s = await Promise.all(REPLICA_PORTS.map((p) => post(p, "rh_ft_search", { keyword: "合同" })));
    return s.every((x) => x === 403);
  }, 1000);
  expect(refused).toBe(true);
});
