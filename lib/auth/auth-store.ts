/**
 * The process's AuthStore: PostgreSQL when DATABASE_URL is set (pg-store.ts), else the
 * embedded SQLite file KEYS_DB (keys-store.ts), as before. Kept on globalThis so every route
 * bundle of a worker shares one pool and one verified-key cache; reopened when the variable
 * changes (tests).
 */
import { getKeysStore } from "./keys-store";
import { PgAuthStore } from "./pg-store";
import type { AuthStore } from "./types";

export function databaseUrl(): string | null {
  const u = process.env.DATABASE_URL;
  return u && u.trim() ? u.trim() : null;
}

const g = globalThis as unknown as { __lccPgStore?: { url: string; store: PgAuthStore } };

export function getAuthStore(): AuthStore {
  const url = databaseUrl();
  if (!url) return getKeysStore();
  if (!g.__lccPgStore || g.__lccPgStore.url !== url) {
    const old = g.__lccPgStore?.store;
    if (old) void old.close().catch(() => undefined);
    g.__lccPgStore = { url, store: new PgAuthStore(url) };
  }
  return g.__lccPgStore.store;
}

/** Opens a store for a CLI: no subscription (it only publishes). */
export function openAuthStore(opts: { subscribe?: boolean } = {}): AuthStore {
  const url = databaseUrl();
  if (url) return new PgAuthStore(url, { subscribe: opts.subscribe ?? false });
  return getKeysStore();
}
