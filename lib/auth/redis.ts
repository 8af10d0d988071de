/**
 * The Redis connections of a process when REDIS_URL is set (ioredis): one for commands (the
 * rate-limit script, publishing key changes) and one per subscriber. Nothing here is used
 * without REDIS_URL.
 *
 * Failing fast is the point: commands are never queued while the connection is down
 * (enableOfflineQueue off) and time out after REDIS_COMMAND_TIMEOUT_MS (250), so a Redis outage
 * costs a request nothing but the fallback; the client reconnects in the background (every
 * ≤ 1 s) and one log line says when Redis goes away and one when it is back.
 * Every key and channel name starts with REDIS_PREFIX (default "lcc"), so several deployments
 * (or test runs) can share one Redis.
 */
import { Redis, type RedisOptions } from "ioredis";

export function redisUrl(): string | null {
  const u = process.env.REDIS_URL;
  return u && u.trim() ? u.trim() : null;
}

export function redisPrefix(): string {
  return process.env.REDIS_PREFIX?.trim() || "lcc";
}

export function redisOptions(extra: Partial<RedisOptions> = {}): RedisOptions {
  return {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    commandTimeout: Math.max(20, Number(process.env.REDIS_COMMAND_TIMEOUT_MS) || 250),
    retryStrategy: (times: number) => Math.min(100 * times, 1000),
    lazyConnect: false,
    ...extra,
  };
}

/** A new client with the one-line-per-transition log (`what` names it in the log). */
export function createRedis(what: string, url = redisUrl(), extra: Partial<RedisOptions> = {}): Redis {
  if (!url) throw new Error("REDIS_URL is not set");
  const client = new Redis(url, redisOptions(extra));
  let down = false;
  client.on("error", (e: Error) => {
    if (down) return;
    down = true;
    console.warn(`[redis] ${what}: unreachable (${e.message}); ${what === "commands" ? "rate limits fall back to this replica's own buckets" : "retrying every second"}`);
  });
  client.on("ready", () => {
    if (down) console.warn(`[redis] ${what}: connected again`);
    down = false;
  });
  return client;
}

/** Resolves true once the client is ready, false after `ms`. */
export function whenReady(client: Redis, ms: number): Promise<boolean> {
  if (client.status === "ready") return Promise.resolve(true);
  return new Promise((resolve) => {
    const t = setTimeout(() => {
      client.off("ready", onReady);
      resolve(false);
    }, ms);
    const onReady = (): void => {
      clearTimeout(t);
      resolve(true);
    };
    client.once("ready", onReady);
  });
}

interface Shared {
  url: string;
  client: Redis;
}

/** The process's command connection (on globalThis: one per process whatever the bundling), or null without REDIS_URL. */
export function sharedRedis(): Redis | null {
  const url = redisUrl();
  if (!url) return null;
  const g = globalThis as unknown as { __lccRedis?: Shared };
  if (g.__lccRedis && g.__lccRedis.url === url) return g.__lccRedis.client;
  if (g.__lccRedis) g.__lccRedis.client.disconnect();
  g.__lccRedis = { url, client: createRedis("commands", url) };
  return g.__lccRedis.client;
}

/** Closes the process's command connection (CLI exit, tests). */
export async function closeSharedRedis(): Promise<void> {
  const g = globalThis as unknown as { __lccRedis?: Shared };
  const s = g.__lccRedis;
  g.__lccRedis = undefined;
  if (!s) return;
  try {
    await s.client.quit();
  } catch {
    s.client.disconnect();
  }
}
