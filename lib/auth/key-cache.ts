/**
 * Verified keys kept in memory for a few seconds (KEYS_CACHE_TTL_MS, default 5000, 0 = never
 * cache): the hot path of an API request is then a SHA-256 and a Map lookup instead of a
 * database query. Only keys found in the database are cached (never unknown ones, so garbage
 * keys cannot flush the cache), keyed by hash, at most KEY_CACHE_MAX entries per cache.
 *
 * Stale if error: when the keys database cannot be reached, an entry past its TTL still
 * answers for KEYS_STALE_IF_ERROR_MS more (default 300000 = 5 min), so keys verified before an
 * outage keep working through it. A revocation or block drops the key's entries at once in
 * every cache of this process (`dropKeyEverywhere`), which the Redis subscriber
 * (auth-events.ts) calls when another process or replica publishes one.
 */
import type { ApiKeyInfo } from "./types";

export const KEY_CACHE_MAX = 1000;

interface Entry {
  info: ApiKeyInfo;
  verifiedAt: number;
}

export function keyCacheTtlMs(): number {
  const raw = process.env.KEYS_CACHE_TTL_MS;
  if (raw === undefined || raw === "") return 5000;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? Math.min(n, 60_000) : 5000;
}

export function staleIfErrorMs(): number {
  const raw = process.env.KEYS_STALE_IF_ERROR_MS;
  if (raw === undefined || raw === "") return 300_000;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? Math.min(n, 3_600_000) : 300_000;
}

export class KeyCache {
  private readonly entries = new Map<string, Entry>();

  constructor() {
    registry().add(this);
  }

  /** A fresh entry (within the TTL), else undefined. */
  fresh(hash: string, now = Date.now()): ApiKeyInfo | undefined {
    const ttl = keyCacheTtlMs();
    if (ttl <= 0) return undefined;
    const e = this.entries.get(hash);
    if (!e) return undefined;
    if (now - e.verifiedAt < ttl) return e.info;
    if (now - e.verifiedAt >= ttl + staleIfErrorMs()) this.entries.delete(hash);
    return undefined;
  }

  /** An entry within TTL + KEYS_STALE_IF_ERROR_MS: used only when the database failed. */
  stale(hash: string, now = Date.now()): ApiKeyInfo | undefined {
    const e = this.entries.get(hash);
    if (!e || keyCacheTtlMs() <= 0) return undefined;
    return now - e.verifiedAt < keyCacheTtlMs() + staleIfErrorMs() ? e.info : undefined;
  }

  set(hash: string, info: ApiKeyInfo, now = Date.now()): void {
    if (keyCacheTtlMs() <= 0) return;
    this.entries.delete(hash);
    if (this.entries.size >= KEY_CACHE_MAX) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(hash, { info, verifiedAt: now });
  }

  /** Drops every entry of one key id (a revocation, block or unblock). */
  dropKey(keyId: string): void {
    for (const [h, e] of this.entries) if (e.info.id === keyId) this.entries.delete(h);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Leaves the process registry (a closed store). */
  dispose(): void {
    this.entries.clear();
    registry().delete(this);
  }
}

/** Every cache of this process, on globalThis: the bundler may give two routes two copies of this module. */
function registry(): Set<KeyCache> {
  const g = globalThis as unknown as { __lccKeyCaches?: Set<KeyCache> };
  return (g.__lccKeyCaches ??= new Set());
}

/** Drops a key's cached verifications in every cache of this process (all keys when keyId is "*"). */
export function dropKeyEverywhere(keyId: string): void {
  for (const c of registry()) {
    if (keyId === "*") c.clear();
    else c.dropKey(keyId);
  }
}
