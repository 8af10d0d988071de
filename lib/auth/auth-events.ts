/**
 * Key changes carried to every process of every replica over Redis pub/sub (REDIS_URL): a
 * revocation, block or unblock made anywhere (a server, `npm run keys` with REDIS_URL set) is
 * published on `<REDIS_PREFIX>:auth:key-changed` with the key's id, and each subscribed process
 * drops that key's cached verifications at once (key-cache.ts), so the change is honoured
 * everywhere within the publish's delivery (milliseconds) instead of the cache's TTL.
 * A subscriber that loses its connection drops all its cached verifications when it is back
 * (it may have missed a message); while Redis is down the TTL (KEYS_CACHE_TTL_MS) bounds the delay.
 * Without REDIS_URL nothing is published and the TTL alone bounds it, as before.
 */
import type { Redis } from "ioredis";
import { createRedis, redisPrefix, redisUrl, sharedRedis, whenReady } from "./redis";

export function keyChangeChannel(): string {
  return `${redisPrefix()}:auth:key-changed`;
}

const pending = new Set<Promise<void>>();

/** Resolves when every publish started so far has been sent or given up (a CLI awaits it before exiting). */
export async function settlePublishes(): Promise<void> {
  await Promise.all([...pending]);
}

/** Publishes a key change (no-op without REDIS_URL); never throws: the TTL is the fallback. */
export function publishKeyChange(keyId: string): Promise<void> {
  const p = doPublish(keyId).finally(() => pending.delete(p));
  pending.add(p);
  return p;
}

async function doPublish(keyId: string): Promise<void> {
  const client = sharedRedis();
  if (!client) return;
  try {
    if (!(await whenReady(client, 1500))) throw new Error("not connected");
    await client.publish(keyChangeChannel(), keyId);
  } catch (e) {
    console.warn(`[redis] could not publish the change of key ${keyId} (${e instanceof Error ? e.message : e}): other replicas see it within KEYS_CACHE_TTL_MS`);
  }
}

export interface KeyChangeSubscription {
  /** Resolves once subscribed (false: not within `ms`). */
  ready(ms?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Subscribes to key changes; `onChange` gets a key id, or "*" after a reconnect. Null without REDIS_URL. */
export function subscribeKeyChanges(onChange: (keyId: string) => void): KeyChangeSubscription | null {
  const url = redisUrl();
  if (!url) return null;
  const sub: Redis = createRedis("key-change subscriber", url, { commandTimeout: undefined });
  const channel = keyChangeChannel();
  let subscribed: Promise<boolean> | null = null;
  let connections = 0;
  sub.on("ready", () => {
    connections += 1;
    subscribed = sub.subscribe(channel).then(
      () => true,
      () => false,
    );
    if (connections > 1) onChange("*"); // messages may have been missed while away
  });
  sub.on("message", (ch: string, message: string) => {
    if (ch === channel && message) onChange(message);
  });
  return {
    async ready(ms = 2000) {
      const start = Date.now();
      while (!subscribed && Date.now() - start < ms) await new Promise((r) => setTimeout(r, 10));
      if (!subscribed) return false;
      return subscribed;
    },
    async close() {
      try {
        await sub.quit();
      } catch {
        sub.disconnect();
      }
    },
  };
}
