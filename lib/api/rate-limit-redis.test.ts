/**
 * The Redis token bucket over a real Redis: one key's limit held across replicas (separate
 * connections, as separate processes have), refill, and the fallback when Redis goes away.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Redis } from "ioredis";
import { createRedis, redisOptions } from "../auth/redis";
import { RedisRateLimiter } from "./rate-limit-redis";
import { randomSuffix, Relay, TEST_REDIS_URL, viaPort, eventually } from "@/test/helpers/services";

const clients: Redis[] = [];
let prefix = "";
const savedPrefix = process.env.REDIS_PREFIX;

function client(url = TEST_REDIS_URL): Redis {
  const c = new Redis(url, redisOptions());
  clients.push(c);
  return c;
}

beforeAll(() => {
  prefix = `lcc_test_${randomSuffix()}`;
  process.env.REDIS_PREFIX = prefix;
});

afterAll(async () => {
  const admin = new Redis(TEST_REDIS_URL);
  const keys = await admin.keys(`${prefix}:*`);
  if (keys.length) await admin.del(...keys);
  await admin.quit();
  for (const c of clients) c.disconnect();
  if (savedPrefix === undefined) delete process.env.REDIS_PREFIX;
  else process.env.REDIS_PREFIX = savedPrefix;
});

async function ready(...cs: Redis[]): Promise<void> {
  for (const c of cs) expect(await eventually(() => c.status === "ready", 3000)).toBe(true);
}

describe("Redis token buckets", () => {
  it("one key's burst is granted once across three replicas sending at once, not once per replica", async () => {
    const replicas = [client(), client(), client()];
    await ready(...replicas);
    const limiters = replicas.map((c) => new RedisRateLimiter(c));
    const limit = { rate: 0.001, burst: 20 }; // no refill within the test
    const waits = await Promise.all(Array.from({ length: 90 }, (_, i) => limiters[i % 3]!.take("CITATION", "k1", limit)));
    expect(waits.filter((w) => w === 0)).toHaveLength(20);
    expect(waits.filter((w) => w !== null && w > 0)).toHaveLength(70);
    // another key and another class have their own buckets
    expect(await limiters[0]!.take("CITATION", "k2", limit)).toBe(0);
    expect(await limiters[0]!.take("SEARCH", "k1", limit)).toBe(0);
  });

  it("refills at the configured rate and says how long to wait", async () => {
    const limiter = new RedisRateLimiter(client());
    await ready(clients.at(-1)!);
    const limit = { rate: 0.5, burst: 1 }; // one token every 2 s
    expect(await limiter.take("DETAIL", "k3", limit)).toBe(0);
    expect(await limiter.take("DETAIL", "k3", limit)).toBe(2);
    const r = new Redis(TEST_REDIS_URL);
    // move the bucket's last update 2 s into the past: a token has refilled
    const key = limiter.bucketKey("DETAIL", "k3");
    const updated = Number(await r.hget(key, "updated"));
    await r.hset(key, "updated", String(updated - 2000));
    await r.quit();
    expect(await limiter.take("DETAIL", "k3", limit)).toBe(0);
    expect(await limiter.take("DETAIL", "k3", limit)).toBeGreaterThan(0);
  });

  it("Redis unreachable: null (the caller falls back), one log line, and shared again once it is back", async () => {
    const relay = Relay.forUrl(TEST_REDIS_URL);
    await relay.start();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const c = createRedis("commands", viaPort(TEST_REDIS_URL, relay.port));
      clients.push(c);
      await ready(c);
      const limiter = new RedisRateLimiter(c);
      const limit = { rate: 100, burst: 100 };
      expect(await limiter.take("SEARCH", "k4", limit)).toBe(0);
      await relay.cut();
      const results = [];
      for (let i = 0; i < 20; i++) results.push(await limiter.take("SEARCH", "k4", limit));
      expect(results.every((r) => r === null)).toBe(true);
      const lines = warn.mock.calls.map((c) => String(c[0])).filter((l) => l.startsWith("[rate-limit]"));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^\[rate-limit\] Redis unavailable \(.*\): falling back to this replica's own limits$/);
      await relay.restore();
      await ready(c);
      expect(await limiter.take("SEARCH", "k4", limit)).toBe(0);
      expect(warn.mock.calls.map((c) => String(c[0]))).toContain("[rate-limit] Redis answers again: limits are shared by every replica again");
    } finally {
      warn.mockRestore();
      await relay.cut();
    }
  });
});
