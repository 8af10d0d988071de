/**
 * The operations and the sign-in routes with DATABASE_URL and REDIS_URL set, over real
 * PostgreSQL and Redis (a throwaway database, a random key prefix): keys from PostgreSQL,
 * usage counted per operation, one key's rate limit in Redis shared with another replica's
 * connection, and the faults: Redis unreachable (per-replica limits, never a 500),
 * PostgreSQL unreachable (verified keys keep working, unknown keys and new sign-ins 503).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Redis } from "ioredis";
import { getAuthStore } from "@/lib/auth/auth-store";
import { PgAuthStore } from "@/lib/auth/pg-store";
import { closeSharedRedis, redisOptions, sharedRedis } from "@/lib/auth/redis";
import { RedisRateLimiter } from "@/lib/api/rate-limit-redis";
import { resetRateLimits } from "@/lib/api/rate-limit";
import { AUTH_UNAVAILABLE_MESSAGE } from "@/lib/api/api-error";
import { callHandler } from "@/test/helpers/api";
import { createTestDatabase, eventually, randomSuffix, Relay, TEST_REDIS_URL, viaPort } from "@/test/helpers/services";
import { POST as ftSearch } from "@/app/open/rh_ft_search/route";
import { POST as vectorSearch } from "@/app/open/law_vector_search/route";
import { POST as hallDetect } from "@/app/open/hall_detect/route";
import { POST as signIn } from "@/app/api/session/route";

const ENV_KEYS = ["DATABASE_URL", "REDIS_URL", "REDIS_PREFIX", "RATE_LIMIT", "RATE_LIMIT_SEARCH", "KEYS_CACHE_TTL_MS"] as const;
const saved: Record<string, string | undefined> = {};
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let prefix = "";

async function pgStore(): Promise<PgAuthStore> {
  const s = getAuthStore();
  expect(s).toBeInstanceOf(PgAuthStore);
  await (s as PgAuthStore).ready();
  return s as PgAuthStore;
}

beforeAll(async () => {
  for (const k of ENV_KEYS) saved[k] = process.env[k];
  db = await createTestDatabase();
  prefix = `lcc_test_${randomSuffix()}`;
  Object.assign(process.env, { DATABASE_URL: db.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, KEYS_CACHE_TTL_MS: "60000" });
});

afterAll(async () => {
  const s = getAuthStore();
  if (s instanceof PgAuthStore) await s.close();
  await closeSharedRedis();
  const admin = new Redis(TEST_REDIS_URL);
  const keys = await admin.keys(`${prefix}:*`);
  if (keys.length) await admin.del(...keys);
  await admin.quit();
  for (const k of ENV_KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await db.drop();
  resetRateLimits();
});

const search = (key: string | null, body: unknown = { keyword: "劳动合同" }) => callHandler(ftSearch, body, { key, path: "/open/rh_ft_search" });

describe("keys and usage in PostgreSQL", () => {
  it("a key created in PostgreSQL is accepted; each call is counted for its operation, failures as errors", async () => {
    const store = await pgStore();
    const { key, info } = await store.create({ name: `usage-${randomSuffix()}` });
    for (let i = 0; i < 3; i++) expect((await search(key)).status).toBe(200);
    expect((await search(key, {})).status).toBe(422);
    expect((await search("lk_unknown")).status).toBe(403); // an unknown key is no one's usage
    await store.flushUsage();
    expect(await store.usage({ ref: info.id })).toEqual([
      { key_id: info.id, name: info.name, day: new Date().toISOString().slice(0, 10), operation: "rh_ft_search", requests: 4, errors: 1 },
    ]);
  });

  it("a key revoked on another replica is refused here within 1 s (Redis pub/sub), though cached for a minute", async () => {
    const store = await pgStore();
    expect(await store.subscribed()).toBe(true);
    const { key, info } = await store.create();
    expect((await search(key)).status).toBe(200); // verified and cached here
    const other = new PgAuthStore(db.url, { subscribe: false }); // another replica (or the CLI)
    try {
      expect(await other.revoke(info.id)).toBe(true);
      expect(await eventually(async () => (await search(key)).status === 403, 1000)).toBe(true);
      expect((await search(key)).body).toMatchObject({ code: 403, message: "鉴权失败：该 X-API-Key 已被吊销" });
    } finally {
      await other.close();
    }
  });
});

describe("rate limits in Redis", () => {
  it("one key's limit is held across replicas: this one's requests and another replica's draw on one bucket", async () => {
    Object.assign(process.env, { RATE_LIMIT: "on", RATE_LIMIT_SEARCH: "0.001,6" });
    resetRateLimits();
    try {
      const { key, info } = await (await pgStore()).create();
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await search(key)).status);
      expect(statuses).toEqual([200, 200, 200, 200]);
      const otherReplica = new Redis(TEST_REDIS_URL, redisOptions());
      try {
        expect(await eventually(() => otherReplica.status === "ready", 3000)).toBe(true);
        const limiter = new RedisRateLimiter(otherReplica);
        const there = [];
        for (let i = 0; i < 4; i++) there.push(await limiter.take("SEARCH", info.id, { rate: 0.001, burst: 6 }));
        expect(there.map((w) => w === 0)).toEqual([true, true, false, false]);
      } finally {
        otherReplica.disconnect();
      }
      const refused = await search(key);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ status: "too many requests", code: 429, message: "请求过于频繁，请稍后再试" });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      process.env.RATE_LIMIT = "off";
      delete process.env.RATE_LIMIT_SEARCH;
      resetRateLimits();
    }
  });

  it("Redis unreachable: this replica's own limit applies, one log line, never a 500", async () => {
    const relay = Relay.forUrl(TEST_REDIS_URL);
    await relay.start();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    Object.assign(process.env, { RATE_LIMIT: "on", RATE_LIMIT_SEARCH: "0.001,3", REDIS_URL: viaPort(TEST_REDIS_URL, relay.port) });
    resetRateLimits();
    try {
      const { key } = await (await pgStore()).create();
      const c = sharedRedis()!;
      expect(await eventually(() => c.status === "ready", 3000)).toBe(true);
      expect((await search(key)).status).toBe(200); // through Redis
      await relay.cut();
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await search(key)).status);
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      expect(statuses.filter((s) => s === 200).length).toBe(3); // the local bucket's burst
      expect(statuses.filter((s) => s === 429).length).toBe(3);
      expect(warn.mock.calls.filter((c) => String(c[0]).startsWith("[rate-limit] Redis unavailable"))).toHaveLength(1);
    } finally {
      warn.mockRestore();
      await relay.cut();
      await closeSharedRedis();
      Object.assign(process.env, { RATE_LIMIT: "off", REDIS_URL: TEST_REDIS_URL });
      delete process.env.RATE_LIMIT_SEARCH;
      resetRateLimits();
    }
  });
});

describe("PostgreSQL unreachable", () => {
  it("a key verified before keeps working; an unknown key gets 503 in each family's shape; sign-in 503; all recover", async () => {
    const relay = Relay.forUrl(db.url);
    await relay.start();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    process.env.DATABASE_URL = viaPort(db.url, relay.port);
    try {
      const store = await pgStore();
      const { key: known } = await store.create({ tier: "member" });
      const { key: later } = await new PgAuthStore(db.url, { subscribe: false }).create({ tier: "member" }).then(async (r) => r);
      expect((await search(known)).status).toBe(200);
      await relay.cut();

      expect((await search(known)).status).toBe(200); // verified before the outage
      const kw = await search(later);
      expect(kw.status).toBe(503);
      expect(kw.body).toEqual({ status: "failed", code: 503, message: AUTH_UNAVAILABLE_MESSAGE });
      expect(kw.headers.get("retry-after")).toBe("5");
      const vec = await callHandler(vectorSearch, { query: "劳动合同解除" }, { key: later, path: "/open/law_vector_search" });
      expect(vec.status).toBe(503);
      expect(vec.body).toMatchObject({ code: 503, msg: AUTH_UNAVAILABLE_MESSAGE });
      const cit = await callHandler(hallDetect, { text: "依据《中华人民共和国民法典》第五百七十七条。" }, { key: later, path: "/open/hall_detect" });
      expect(cit.status).toBe(503);
      expect(cit.body).toMatchObject({ success: false, error_code: "AUTH_UNAVAILABLE", message: AUTH_UNAVAILABLE_MESSAGE });

      const res = await signIn(
        new Request("http://localhost/api/session", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ key: later }) }),
      );
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ ok: false, reason: "unavailable", message: "登录服务暂不可用：密钥数据库无法连接，请稍后重试" });
      const form = await signIn(
        new Request("http://localhost/api/session", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: `key=${later}` }),
      );
      expect(form.status).toBe(503);
      expect(await form.text()).toContain("登录服务暂不可用");

      await relay.restore();
      expect((await search(later)).status).toBe(200);
    } finally {
      error.mockRestore();
      warn.mockRestore();
      await relay.cut();
      const s = getAuthStore();
      process.env.DATABASE_URL = db.url;
      if (s instanceof PgAuthStore) await s.close();
    }
  });
});
