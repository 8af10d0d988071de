/**
 * The keys, sessions, sign-in links and usage store as the rest of the app sees it
 * (`AuthStore`). Two engines implement it: SQLite in one file (keys-store.ts, the embedded
 * default, synchronous) and PostgreSQL when DATABASE_URL is set (pg-store.ts, asynchronous).
 * Callers always `await` the results, so either engine fits.
 */
export type Tier = "member" | "standard";

export interface ApiKeyInfo {
  id: string;
  name: string;
  tier: Tier;
  created_at: string;
  /** yyyy-MM-dd (inclusive last day) or "" for no expiry. */
  expires: string;
  blocked: boolean;
  revoked: boolean;
}

export type KeyCheck =
  | { ok: true; key: ApiKeyInfo }
  | { ok: false; reason: "missing" | "unknown" | "expired" | "blocked" | "revoked" };

/** One day of one key's calls to one operation. */
export interface UsageRow {
  key_id: string;
  name: string;
  /** yyyy-MM-dd (UTC). */
  day: string;
  operation: string;
  requests: number;
  /** Calls answered with a status ≥ 400 (after the key was recognised). */
  errors: number;
}

export type Awaitable<T> = T | Promise<T>;

export interface AuthStore {
  /** "sqlite" or "postgres". */
  readonly engine: string;
  create(opts?: { name?: string; tier?: Tier; expires?: string }): Awaitable<{ key: string; info: ApiKeyInfo }>;
  list(): Awaitable<ApiKeyInfo[]>;
  find(ref: string): Awaitable<ApiKeyInfo | null>;
  setBlocked(ref: string, blocked: boolean): Awaitable<boolean>;
  revoke(ref: string): Awaitable<boolean>;
  /** Checks a clear key from the X-API-Key header (cached for KEYS_CACHE_TTL_MS). */
  check(key: string | null | undefined): Awaitable<KeyCheck>;
  createSession(keyId: string, ttlSeconds?: number): Awaitable<string>;
  checkSession(token: string | null | undefined): Awaitable<KeyCheck>;
  endSession(token: string): Awaitable<void>;
  createLoginToken(keyId: string, ttlSeconds?: number): Awaitable<string>;
  /** Consumes a one-time token atomically: of concurrent attempts exactly one gets the key id. */
  consumeLoginToken(token: string): Awaitable<string | null>;
  /** Counts one call (buffered in memory, written about once a second). */
  recordUsage(keyId: string, operation: string, failed: boolean): void;
  /** Writes the buffered usage counts now. */
  flushUsage(): Awaitable<void>;
  /** Usage rows, newest day first; `ref` (id or name) restricts to one key, `days` to the last N days. */
  usage(opts?: { ref?: string; days?: number }): Awaitable<UsageRow[]>;
  close(): Awaitable<void>;
}

export class DuplicateKeyNameError extends Error {
  constructor(readonly keyName: string) {
    super(`a key named "${keyName}" already exists (names are unique among keys not revoked)`);
    this.name = "DuplicateKeyNameError";
  }
}

export class AmbiguousKeyNameError extends Error {
  constructor(
    readonly keyName: string,
    readonly ids: string[],
  ) {
    super(`several keys are named "${keyName}" (${ids.join(", ")}): use the id`);
    this.name = "AmbiguousKeyNameError";
  }
}

/**
 * The keys database cannot be reached (PostgreSQL down or refusing): the operations answer
 * 503 AUTH_UNAVAILABLE, sign-in 503; keys verified before keep working from the cache.
 */
export class AuthUnavailableError extends Error {
  constructor(readonly cause_: unknown) {
    super(`keys database unavailable: ${cause_ instanceof Error ? cause_.message : String(cause_)}`);
    this.name = "AuthUnavailableError";
  }
}

export function isAuthUnavailable(e: unknown): e is AuthUnavailableError {
  return e instanceof Error && e.name === "AuthUnavailableError";
}

export const KEY_PREFIX = "lk_";

export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The verdict on a key record, expiry re-checked on every call. */
export function validateKey(info: ApiKeyInfo): KeyCheck {
  if (info.revoked) return { ok: false, reason: "revoked" };
  if (info.blocked) return { ok: false, reason: "blocked" };
  if (info.expires && info.expires < today()) return { ok: false, reason: "expired" };
  return { ok: true, key: info };
}
