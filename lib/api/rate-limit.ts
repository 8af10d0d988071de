/**
 * Per-key token buckets, in memory (one server process). Limits per operation class are
 * configurable with RATE_LIMIT_<CLASS>="<tokens per second>,<burst>" (CLASS: SEARCH,
 * VECTOR, CITATION, DETAIL) or switched off with RATE_LIMIT=off.
 */
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

/** Takes one token; returns 0 when allowed, else the seconds to wait before retrying. */
export function takeToken(cls: RateClass, keyId: string, now = Date.now()): number {
  const limit = limitFor(cls);
  if (!limit) return 0;
  const id = `${cls}:${keyId}`;
  let b = buckets.get(id);
  if (!b) {
    b = { tokens: limit.burst, updated: now };
    buckets.set(id, b);
    if (buckets.size > 50_000) pruneBuckets(now);
  }
  b.tokens = Math.min(limit.burst, b.tokens + ((now - b.updated) / 1000) * limit.rate);
  b.updated = now;
  if (b.tokens >= 1) {
    b.tokens -= 1;
    return 0;
  }
  return Math.max(1, Math.ceil((1 - b.tokens) / limit.rate));
}

function pruneBuckets(now: number): void {
  for (const [id, b] of buckets) if (now - b.updated > 60_000) buckets.delete(id);
}

/** For tests. */
export function resetRateLimits(): void {
  buckets.clear();
}
