/**
 * `npm run bench -- replicas` (after `npx next build`; needs PostgreSQL, Redis and nginx as
 * `npm test` sets them up): the scale-out path on loopback, on this 2-core machine.
 *  1. added latency of the PostgreSQL/Redis path over the embedded one, per request step, in
 *     process: key check (cached, and uncached = one query) and rate-limit token (Redis script
 *     vs this process's bucket);
 *  2. rh_ft_search through nginx, closed loop (16 clients, BENCH_SECONDS each, default 10):
 *     req/s and p50/p99 with 1 and with 3 replicas (REPLICA_CONCURRENCY=1 each), and one
 *     replica served directly without nginx, embedded (SQLite keys, no Redis) vs PG/Redis;
 *  3. rate-limit accuracy: one key sends citation checks as fast as it can for 5 s to 3
 *     replicas round robin with RATE_LIMIT_CITATION=5,10: accepted vs allowed (burst + rate × s);
 *  4. revocation: time from `revoke` (published over Redis) until all 3 replicas refuse the key;
 *  5. a replica killed (SIGKILL) under load through nginx: failed requests.
 * Ports: BENCH_REPLICAS_PORT (default 3150) for nginx, the next 3 for replicas, +100 control.
 * The index: INDEX_PATH, else data/index.sqlite, else the test slice.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PgAuthStore } from "../lib/auth/pg-store";
import { KeysStore } from "../lib/auth/keys-store";
import { closeSharedRedis } from "../lib/auth/redis";
import { RedisRateLimiter } from "../lib/api/rate-limit-redis";
import { takeToken } from "../lib/api/rate-limit";
import { createRedis, whenReady } from "../lib/auth/redis";
import { createTestDatabase, randomSuffix, TEST_REDIS_URL } from "../test/helpers/services";
import { postJson } from "./lib/server";
import { fmt, loadRun, summarize, timeInProcess } from "./lib/stats";

const PORT = Number(process.env.BENCH_REPLICAS_PORT ?? 3150);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROOT = process.cwd();
const KEYWORDS = ["劳动合同", "民法典 合同", "解除 劳动合同", "违约金", "工资", "股东 出资", "侵权责任", "诉讼时效", "商品房 买卖", "借款 利息"];

function indexPath(): string {
  for (const p of [process.env.INDEX_PATH, "data/index.sqlite", "data/test-index.sqlite"]) if (p && fs.existsSync(path.resolve(ROOT, p))) return path.resolve(ROOT, p);
  throw new Error("no index: run `npm run ingest`");
}

interface Deployment {
  stop(): Promise<void>;
  status(): Promise<Array<{ n: number; port: number; pid: number | null; healthy: boolean; down: boolean }>>;
}

async function deploy(replicas: number, env: Record<string, string>): Promise<Deployment> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "scripts/serve-replicas.ts", "--replicas", String(replicas), "--port", String(PORT)], {
    cwd: ROOT,
    env: { ...process.env, ...env, HEALTH_INTERVAL_MS: "500", LCC_NO_SIGNIN_LINK: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const status = async () => (await fetch(`http://127.0.0.1:${PORT + 100}/status`)).json();
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      const s = (await status()) as Array<{ healthy: boolean; down: boolean }>;
      if (s.length === replicas && s.every((r) => r.healthy && !r.down)) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error("replicas did not start");
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    status,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
    },
  };
}

const search = (port: number, key: string, i: number) => postJson(`http://127.0.0.1:${port}/open/rh_ft_search`, key, { keyword: KEYWORDS[i % KEYWORDS.length] });

export async function run(): Promise<void> {
  const index = indexPath();
  console.log(`index: ${path.relative(ROOT, index)}; ${SECONDS} s per load phase, 16 clients`);
  const db = await createTestDatabase();
  const prefix = `lcc_bench_${randomSuffix()}`;
  const shared = { DATABASE_URL: db.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, INDEX_PATH: index, ACCESS_LOG: "off", REPLICA_CONCURRENCY: "1" };
  Object.assign(process.env, { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix });
  const store = new PgAuthStore(db.url, { subscribe: false });
  try {
    /* 1. added latency per step, in process */
    const { key } = await store.create({ tier: "member", name: "bench" });
    const sqliteFile = path.join(ROOT, "data", "tmp", `bench-replicas-${process.pid}.sqlite`);
    const sqlite = new KeysStore(sqliteFile);
    const { key: sqliteKey } = sqlite.create({ tier: "member" });
    process.env.KEYS_CACHE_TTL_MS = "5000";
    const cachedSqlite = await timeInProcess(() => sqlite.check(sqliteKey), 2000);
    const cachedPg = await timeInProcess(() => store.check(key), 2000);
    process.env.KEYS_CACHE_TTL_MS = "0";
    const coldSqlite = await timeInProcess(() => sqlite.check(sqliteKey), 2000);
    const coldPg = await timeInProcess(() => store.check(key), 2000);
    delete process.env.KEYS_CACHE_TTL_MS;
    const redis = createRedis("bench");
    await whenReady(redis, 3000);
    const limiter = new RedisRateLimiter(redis);
    const limit = { rate: 1e6, burst: 1e6 };
    process.env.RATE_LIMIT = "on";
    process.env.RATE_LIMIT_SEARCH = "1000000,1000000";
    const localToken = await timeInProcess((i) => takeToken("SEARCH", `k${i % 10}`), 5000);
    const redisToken = await timeInProcess((i) => limiter.take("SEARCH", `k${i % 10}`, limit), 5000);
    redis.disconnect();
    sqlite.close();
    for (const f of [sqliteFile, `${sqliteFile}-wal`, `${sqliteFile}-shm`]) fs.rmSync(f, { force: true });
    console.log("added latency per request step (in process, same machine):");
    console.log(`  key check, cached:     SQLite ${fmt(cachedSqlite)}\n                         PostgreSQL ${fmt(cachedPg)}`);
    console.log(`  key check, uncached:   SQLite ${fmt(coldSqlite)}\n                         PostgreSQL ${fmt(coldPg)}`);
    console.log(`  rate-limit token:      local bucket ${fmt(localToken)}\n                         Redis script ${fmt(redisToken)}`);

    /* 2. throughput and latency */
    const high = { RATE_LIMIT: "on", RATE_LIMIT_SEARCH: "1000000,1000000" };
    const rows: string[] = [];
    {
      // one replica served directly, embedded (SQLite keys, no Redis) vs PG/Redis
      const keysDb = path.join(ROOT, "data", "tmp", `bench-replicas-keys-${process.pid}.sqlite`);
      const ks = new KeysStore(keysDb);
      const { key: ek } = ks.create({ tier: "member" });
      ks.close();
      const emb = await deploy(1, { INDEX_PATH: index, ACCESS_LOG: "off", REPLICA_CONCURRENCY: "1", KEYS_DB: keysDb, ...high, DATABASE_URL: "", REDIS_URL: "" });
      await loadRun(16, 2000, (i) => search(PORT + 1, ek, i));
      const r = await loadRun(16, SECONDS * 1000, (i) => search(PORT + 1, ek, i));
      rows.push(`1 replica direct, embedded (SQLite, no Redis): ${r.rps.toFixed(0)} req/s ${fmt(r.latency)} ${JSON.stringify(r.byStatus)}`);
      await emb.stop();
      for (const f of [keysDb, `${keysDb}-wal`, `${keysDb}-shm`]) fs.rmSync(f, { force: true });
    }
    for (const n of [1, 3]) {
      const d = await deploy(n, { ...shared, ...high });
      if (n === 1) {
        await loadRun(16, 2000, (i) => search(PORT + 1, key, i));
        const r = await loadRun(16, SECONDS * 1000, (i) => search(PORT + 1, key, i));
        rows.push(`1 replica direct, PostgreSQL + Redis:           ${r.rps.toFixed(0)} req/s ${fmt(r.latency)} ${JSON.stringify(r.byStatus)}`);
      }
      await loadRun(16, 2000, (i) => search(PORT, key, i));
      const r = await loadRun(16, SECONDS * 1000, (i) => search(PORT, key, i));
      rows.push(`${n} replica(s) behind nginx, PostgreSQL + Redis:  ${r.rps.toFixed(0)} req/s ${fmt(r.latency)} ${JSON.stringify(r.byStatus)}`);
      await d.stop();
    }
    console.log("rh_ft_search, closed loop, 16 clients:");
    for (const r of rows) console.log(`  ${r}`);

    /* 3–5 on 3 replicas */
    const d = await deploy(3, { ...shared, RATE_LIMIT: "on", RATE_LIMIT_SEARCH: "1000000,1000000", RATE_LIMIT_CITATION: "5,10", KEYS_CACHE_TTL_MS: "60000" });
    try {
      const ports = [PORT + 1, PORT + 2, PORT + 3];
      const { key: rk } = await store.create({ tier: "member" });
      const text = { text: "依据《中华人民共和国民法典》第五百七十七条，当事人一方不履行合同义务的，应当承担违约责任。" };
      const t0 = performance.now();
      const rl = await loadRun(6, 5000, (i) => postJson(`http://127.0.0.1:${ports[i % 3]}/open/hall_detect`, rk, text));
      const secs = (performance.now() - t0) / 1000;
      const allowed = 10 + 5 * secs;
      const accepted = rl.byStatus["200"] ?? 0;
      console.log(
        `rate limit across 3 replicas (citation check 5/s burst 10, ${secs.toFixed(2)} s, ${rl.requests} requests): accepted ${accepted}, allowed ${allowed.toFixed(1)} → ${((accepted / allowed) * 100).toFixed(1)} % ${JSON.stringify(rl.byStatus)}`,
      );

      const times: number[] = [];
      for (let round = 0; round < 10; round++) {
        const { key: vk, info } = await store.create();
        for (const p of ports) await search(p, vk, 0); // verified and cached on every replica (TTL 60 s)
        const t = performance.now();
        await store.revoke(info.id);
        const pending = new Set(ports);
        while (pending.size) {
          for (const p of [...pending]) if ((await search(p, vk, 0)) === 403) pending.delete(p);
        }
        times.push(performance.now() - t);
      }
      console.log(`revocation honoured by all 3 replicas (10 rounds, cache TTL 60 s): ${fmt(summarize(times))}`);

      const status = await d.status();
      const victim = status[1]!;
      const load = loadRun(16, 8000, (i) => search(PORT, key, i));
      await new Promise((r) => setTimeout(r, 3000));
      process.kill(victim.pid!, "SIGKILL");
      const r = await load;
      const failed = r.requests - (r.byStatus["200"] ?? 0);
      console.log(`replica 2 of 3 killed (SIGKILL) under load through nginx (retries on): ${r.requests} requests in 8 s, ${failed} failed ${JSON.stringify(r.byStatus)}`);
    } finally {
      await d.stop();
    }
  } finally {
    await store.close();
    await closeSharedRedis();
    await db.drop();
  }
}
