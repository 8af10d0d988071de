/**
 * Rate-limit token buckets in Redis (REDIS_URL): one bucket per key and operation class,
 * shared by every worker of every replica, updated atomically by one Lua script per request
 * (EVALSHA: one round trip; the script reads the bucket, refills it by the time elapsed on
 * Redis's own clock, takes a token or computes the wait, writes it back and sets its expiry).
 * The bucket is the same token bucket as the embedded one (rate per second, burst), so a
 * key's configured limit means the same with and without Redis.
 *
 * Why a 25-line script rather than rate-limiter-flexible: its Redis limiter counts points in
 * fixed windows (INCR + PEXPIRE), which lets a client send up to twice the limit across a
 * window edge and has no burst distinct from the rate; a token bucket with a burst needs two of
 * its limiters, i.e. two round trips. The script is one round trip with the semantics the
 * embedded limiter already documents.
 *
 * Redis unreachable (not connected, or no answer within REDIS_COMMAND_TIMEOUT_MS): `take`
 * resolves to null and the caller falls back to this replica's own limiter (the cluster
 * primary's buckets, or the process's); one log line when that starts, one when Redis answers
 * again. Never an error to the client.
 */
import type { Redis } from "ioredis";
import { redisPrefix, sharedRedis } from "../auth/redis";

const SCRIPT = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local b = redis.call('HMGET', KEYS[1], 'tokens', 'updated')
local tokens = tonumber(b[1])
local updated = tonumber(b[2])
if tokens == nil or updated == nil then
  tokens = burst
  updated = now
end
local elapsed = now - updated
if elapsed < 0 then elapsed = 0 end
tokens = math.min(burst, tokens + elapsed / 1000 * rate)
local wait = 0
if tokens >= 1 then
  tokens = tokens - 1
else
  wait = math.max(1, math.ceil((1 - tokens) / rate))
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'updated', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return wait
`;

type WithScript = Redis & { lccTakeToken(key: string, rate: number, burst: number): Promise<number> };

export class RedisRateLimiter {
  private readonly client: WithScript;
  private failing = false;

  constructor(client: Redis) {
    if (!(client as unknown as Partial<WithScript>).lccTakeToken) client.defineCommand("lccTakeToken", { numberOfKeys: 1, lua: SCRIPT });
    this.client = client as unknown as WithScript;
  }

  bucketKey(cls: string, keyId: string): string {
    return `${redisPrefix()}:rate:${cls}:${keyId}`;
  }

  /** Takes one token: 0 when allowed, else the seconds to wait; null when Redis cannot decide (fall back). */
  async take(cls: string, keyId: string, limit: { rate: number; burst: number }): Promise<number | null> {
    if (this.client.status !== "ready") {
      this.fail("not connected");
      return null;
    }
    try {
      const wait = Number(await this.client.lccTakeToken(this.bucketKey(cls, keyId), limit.rate, limit.burst));
      if (this.failing) console.warn("[rate-limit] Redis answers again: limits are shared by every replica again");
      this.failing = false;
      return Number.isFinite(wait) ? wait : null;
    } catch (e) {
      this.fail(e instanceof Error ? e.message : String(e));
      return null;
    }
  }

  private fail(why: string): void {
    if (!this.failing) console.warn(`[rate-limit] Redis unavailable (${why}): falling back to this replica's own limits`);
    this.failing = true;
  }
}

/** The process's Redis limiter (on globalThis, one per connection), or null without REDIS_URL. */
export function sharedRedisLimiter(): RedisRateLimiter | null {
  const client = sharedRedis();
  if (!client) return null;
  const g = globalThis as unknown as { __lccRedisLimiter?: { client: Redis; limiter: RedisRateLimiter } };
  if (!g.__lccRedisLimiter || g.__lccRedisLimiter.client !== client) g.__lccRedisLimiter = { client, limiter: new RedisRateLimiter(client) };
  return g.__lccRedisLimiter.limiter;
}
