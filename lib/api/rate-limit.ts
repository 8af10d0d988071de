/**
 * Per-key token buckets. Limits per operation class are configurable with
 * RATE_LIMIT_<CLASS>="<tokens per second>,<burst>" (CLASS: SEARCH, VECTOR, CITATION, DETAIL)
 * or switched off with RATE_LIMIT=off.
 *
 * One process (tests, `next start`): the buckets live here and `takeToken` spends from them.
 * Under the production server's cluster (scripts/server.ts), the buckets live in the primary
 * process, so a key's limit holds across all workers: a worker leases a few tokens at a time
 * from the primary (one IPC round trip per lease, not per request) and spends them locally.
 * Every token spent was granted by the primary's bucket, so a key never gets more than its
 * limit in total; a lease not spent within LEASE_TTL_MS lapses (at most a lease's worth of
 * tokens per worker may go unused for that long). Should the primary not answer within
 * LEASE_TIMEOUT_MS, the worker falls back to its own local bucket for that request.
 *
 * With REDIS_URL the buckets live in Redis instead (rate-limit-redis.ts: one atomic script
 * per request, shared by every worker of every replica); while Redis cannot be reached the
 * modes above decide, per replica.
 */
import cluster from "node:cluster";
import { sharedRedisLimiter } from "./rate-limit-redis";

export type RateClass = "SEARCH" | "VECTOR" | "CITATION" | "DETAIL";

export const DEFAULT_LIMITS: Record<RateClass, { rate: number; burst: number }> = {
  SEARCH: { rate: 50, burst: 100 },
  VECTOR: { rate: 20, burst: 40 },
  CITATION: { rate: 5, burst: 10 },
  DETAIL: { rate: 50, burst: 100 },
};

interface Bucket {
  tokens: number;
  updated: number;
}

const g = globalThis as unknown as { __rateBuckets?: Map<string, Bucket> };
const buckets = (g.__rateBuckets ??= new Map());

export function limitFor(cls: RateClass): { rate: number; burst: number } | null {
  if ((process.env.RATE_LIMIT ?? "").toLowerCase() === "off") return null;
  const raw = process.env[`RATE_LIMIT_${cls}`];
  if (raw) {
    const [rate, burst] = raw.split(",").map(Number);
    if (rate && rate > 0 && burst && burst > 0) return { rate, burst };
  }
  return DEFAULT_LIMITS[cls];
}

/**
 * The bucket operation: grants up to `want` whole tokens of the key's bucket (at least one if
 * any is there); with none to grant, `wait` is the seconds until one will be.
 */
export function grantTokens(cls: RateClass, keyId: string, want: number, now = Date.now()): { granted: number; wait: number } {
  const limit = limitFor(cls);
  if (!limit) return { granted: want, wait: 0 };
  const id = `${cls}:${keyId}`;
  let b = buckets.get(id);
  if (!b) {
    b = { tokens: limit.burst, updated: now };
    buckets.set(id, b);
    if (buckets.size > 50_000) pruneBuckets(now);
  }
  b.tokens = Math.min(limit.burst, b.tokens + ((now - b.updated) / 1000) * limit.rate);
  b.updated = now;
  const granted = Math.min(Math.max(1, Math.floor(want)), Math.floor(b.tokens));
  if (granted >= 1) {
    b.tokens -= granted;
    return { granted, wait: 0 };
  }
  return { granted: 0, wait: Math.max(1, Math.ceil((1 - b.tokens) / limit.rate)) };
}

/** Takes one token from this process's buckets; 0 when allowed, else the seconds to wait. */
export function takeToken(cls: RateClass, keyId: string, now = Date.now()): number {
  return grantTokens(cls, keyId, 1, now).wait;
}

function pruneBuckets(now: number): void {
  for (const [id, b] of buckets) if (now - b.updated > 60_000) buckets.delete(id);
}

/* ---------- leases from the cluster primary ---------- */

export const LEASE_TTL_MS = 1000;
export const LEASE_TIMEOUT_MS = 1000;

/** Tokens asked for per lease: a tenth of the burst (at least 1), so a lease is rarely idle long. */
export function leaseSize(limit: { burst: number }): number {
  return Math.max(1, Math.floor(limit.burst / 10));
}

/** How a worker asks the primary for tokens (injectable for tests). */
export type LeaseChannel = (cls: RateClass, keyId: string, want: number) => Promise<{ granted: number; wait: number }>;

interface Lease {
  tokens: number;
  expires: number;
  pending: Promise<void> | null;
  wait: number;
}

/** One process's leases from a channel (the cluster primary in production). */
export class RateLeases {
  private readonly leases = new Map<string, Lease>();

  constructor(private readonly channel: LeaseChannel) {}

  /** Takes one token: 0 when allowed, else the seconds to wait. */
  async take(cls: RateClass, keyId: string): Promise<number> {
    const limit = limitFor(cls);
    if (!limit) return 0;
    const id = `${cls}:${keyId}`;
    for (let attempt = 0; attempt < 3; attempt++) {
      const current = this.leases.get(id);
      if (current?.pending) {
        await current.pending; // another request of this key is already asking: share its answer
        continue;
      }
      if (current && current.expires > Date.now()) {
        if (current.tokens >= 1) {
          current.tokens -= 1;
          return 0;
        }
        if (current.wait > 0) return current.wait; // refused moments ago: not before a token can have refilled
      }
      const lease: Lease = { tokens: 0, expires: 0, pending: null, wait: 0 };
      this.leases.set(id, lease);
      if (this.leases.size > 50_000) this.prune();
      lease.pending = (async () => {
        try {
          const r = await withTimeout(this.channel(cls, keyId, leaseSize(limit)), LEASE_TIMEOUT_MS);
          lease.tokens = r.granted;
          lease.wait = r.granted > 0 ? 0 : Math.max(1, r.wait);
        } catch {
          lease.wait = takeToken(cls, keyId); // the primary did not answer: this process's bucket decides
          lease.tokens = lease.wait === 0 ? 1 : 0;
        } finally {
          // a granted lease lapses after LEASE_TTL_MS; a refusal is remembered until one token refills
          lease.expires = Date.now() + (lease.tokens > 0 ? LEASE_TTL_MS : Math.ceil(1000 / limit.rate));
          lease.pending = null;
        }
      })();
      await lease.pending;
      if (lease.tokens >= 1) {
        lease.tokens -= 1;
        return 0;
      }
      return Math.max(1, lease.wait);
    }
    return Math.max(1, this.leases.get(id)?.wait ?? 1);
  }

  private prune(): void {
    const now = Date.now();
    for (const [id, l] of this.leases) if (!l.pending && l.expires <= now) this.leases.delete(id);
  }
}

let processLeases: RateLeases | null | undefined;

/**
 * Takes one token: from Redis when REDIS_URL is set and Redis answers; else through leases
 * from the cluster primary in a worker of the production server, else from this process's own
 * buckets. 0 when allowed, else the seconds to wait.
 */
export async function takeTokenShared(cls: RateClass, keyId: string): Promise<number> {
  const redis = sharedRedisLimiter();
  if (redis) {
    const limit = limitFor(cls);
    if (!limit) return 0;
    const wait = await redis.take(cls, keyId, limit);
    if (wait !== null) return wait;
  }
  if (processLeases === undefined) {
    const ch = primaryChannel();
    processLeases = ch ? new RateLeases(ch) : null;
  }
  return processLeases ? processLeases.take(cls, keyId) : takeToken(cls, keyId);
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("lease timeout")), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}

/* ---------- the IPC between workers and the primary (scripts/server.ts) ---------- */

export interface LeaseRequest {
  lcc: "rate-lease";
  id: number;
  cls: RateClass;
  key: string;
  want: number;
}
export interface LeaseReply {
  lcc: "rate-lease-reply";
  id: number;
  granted: number;
  wait: number;
}

/**
 * The lease channel to the cluster primary, or null when this process is not one of its
 * workers. One per process (kept on globalThis, like the buckets): should the bundler give
 * two routes two copies of this module, they still share one listener and one id sequence,
 * so a reply can never reach the wrong request.
 */
function primaryChannel(): LeaseChannel | null {
  if (!cluster.isWorker || typeof process.send !== "function" || process.env.LCC_SHARED_RATE_LIMIT !== "1") return null;
  const gp = globalThis as unknown as { __lccLeaseChannel?: LeaseChannel };
  if (gp.__lccLeaseChannel) return gp.__lccLeaseChannel;
  let next = 0;
  const waiting = new Map<number, (r: { granted: number; wait: number }) => void>();
  process.on("message", (m: unknown) => {
    const r = m as Partial<LeaseReply> | null;
    if (r && r.lcc === "rate-lease-reply" && typeof r.id === "number") {
      waiting.get(r.id)?.({ granted: Number(r.granted) || 0, wait: Number(r.wait) || 1 });
      waiting.delete(r.id);
    }
  });
  gp.__lccLeaseChannel = (cls, key, want) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      waiting.set(id, resolve);
      const msg: LeaseRequest = { lcc: "rate-lease", id, cls, key, want };
      process.send!(msg, undefined, undefined, (err) => {
        if (err) {
          waiting.delete(id);
          reject(err);
        }
      });
      setTimeout(() => waiting.delete(id), LEASE_TIMEOUT_MS * 2).unref();
    });
  return gp.__lccLeaseChannel;
}

/** The primary's side: answers one lease request from its buckets. */
export function answerLease(m: unknown): LeaseReply | null {
  const r = m as Partial<LeaseRequest> | null;
  if (!r || r.lcc !== "rate-lease" || typeof r.id !== "number" || typeof r.key !== "string") return null;
  if (!r.cls || !(r.cls in DEFAULT_LIMITS)) return null;
  const { granted, wait } = grantTokens(r.cls, r.key, Number(r.want) || 1);
  return { lcc: "rate-lease-reply", id: r.id, granted, wait };
}

/** For tests. */
export function resetRateLimits(): void {
  buckets.clear();
  processLeases = undefined;
}
