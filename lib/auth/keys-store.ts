/**
 * The embedded engine of the AuthStore (types.ts): API keys, browser sessions, one-time
 * sign-in tokens and per-key usage in their own SQLite file (data/keys.sqlite), so a re-ingest
 * of the index never touches them. Keys are stored as SHA-256 hashes only; the clear key is
 * shown once at creation and never logged. Its methods are synchronous (better-sqlite3); the
 * app awaits them like the PostgreSQL engine's (pg-store.ts).
 *
 * Verified keys are cached in memory (key-cache.ts, KEYS_CACHE_TTL_MS, default 5000, 0
 * disables; one cache per database file in a process): the hot path of every API request is
 * then a SHA-256 and a Map lookup instead of a SQLite query. Blocking or revoking through this
 * process takes effect at once; through another process (`npm run keys`, another server
 * worker) within the TTL, or at once when REDIS_URL carries the change (auth-events.ts).
 * Expiry is re-checked on every hit.
 */
import Database from "better-sqlite3";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { keysDbPath } from "../config";
import { publishKeyChange } from "./auth-events";
import { KeyCache } from "./key-cache";
import {
  AmbiguousKeyNameError,
  DuplicateKeyNameError,
  KEY_PREFIX,
  validateKey,
  type ApiKeyInfo,
  type AuthStore,
  type KeyCheck,
  type Tier,
  type UsageRow,
} from "./types";
import { UsageBuffer, type UsageDelta } from "./usage-buffer";

export { AmbiguousKeyNameError, DuplicateKeyNameError, type ApiKeyInfo, type AuthStore, type KeyCheck, type Tier, type UsageRow } from "./types";

export function sha256(s: string): string {
  return createHash("sha256").update(s).digest("hex");
}

/** One verified-key cache per database file in this process (on globalThis: bundles share it). */
function cacheFor(file: string): KeyCache {
  const g = globalThis as unknown as { __lccSqliteKeyCaches?: Map<string, KeyCache> };
  const m = (g.__lccSqliteKeyCaches ??= new Map());
  let c = m.get(file);
  if (!c) m.set(file, (c = new KeyCache()));
  return c;
}

/** Drops cached keys of one database file (all files when omitted). */
export function clearKeyCache(file?: string): void {
  const g = globalThis as unknown as { __lccSqliteKeyCaches?: Map<string, KeyCache> };
  for (const [f, c] of g.__lccSqliteKeyCaches ?? []) if (file === undefined || f === path.resolve(file)) c.clear();
}

export class KeysStore implements AuthStore {
  readonly engine = "sqlite";
  private readonly db: Database.Database;
  private readonly file: string;
  private readonly cache: KeyCache;
  private readonly usageBuffer: UsageBuffer;

  constructor(file: string = keysDbPath()) {
    this.file = path.resolve(file);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("busy_timeout = 2000");
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS api_keys (
        id TEXT PRIMARY KEY, hash TEXT NOT NULL UNIQUE, name TEXT NOT NULL, tier TEXT NOT NULL,
        created_at TEXT NOT NULL, expires TEXT NOT NULL DEFAULT '', blocked INTEGER NOT NULL DEFAULT 0,
        revoked INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE IF NOT EXISTS sessions (
        hash TEXT PRIMARY KEY, key_id TEXT NOT NULL, expires_at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS login_tokens (
        hash TEXT PRIMARY KEY, key_id TEXT NOT NULL, expires_at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS key_usage (
        key_id TEXT NOT NULL, day TEXT NOT NULL, operation TEXT NOT NULL,
        requests INTEGER NOT NULL DEFAULT 0, errors INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (key_id, day, operation));
    `);
    this.cache = cacheFor(this.file);
    const upsert = this.db.prepare(
      `INSERT INTO key_usage (key_id, day, operation, requests, errors) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (key_id, day, operation) DO UPDATE SET requests = requests + excluded.requests, errors = errors + excluded.errors`,
    );
    const writeAll = this.db.transaction((rows: UsageDelta[]) => {
      for (const r of rows) upsert.run(r.key_id, r.day, r.operation, r.requests, r.errors);
    });
    this.usageBuffer = new UsageBuffer((rows) => {
      writeAll(rows);
    });
  }

  /**
   * Creates a key; returns the clear key (shown once) and its record. A name must be unique
   * among the keys not revoked (so `keys revoke NAME` can only mean one key): a taken name
   * throws DuplicateKeyNameError. Unnamed keys are always allowed.
   */
  create(opts: { name?: string; tier?: Tier; expires?: string } = {}): { key: string; info: ApiKeyInfo } {
    if (opts.expires && !/^\d{4}-\d{2}-\d{2}$/.test(opts.expires)) throw new Error("--expires must be YYYY-MM-DD");
    const name = opts.name ?? "";
    if (name && this.db.prepare("SELECT 1 FROM api_keys WHERE name = ? AND revoked = 0").get(name)) throw new DuplicateKeyNameError(name);
    const { key, info } = newKey(opts);
    this.db
      .prepare("INSERT INTO api_keys (id, hash, name, tier, created_at, expires) VALUES (?, ?, ?, ?, ?, ?)")
      .run(info.id, sha256(key), info.name, info.tier, info.created_at, info.expires);
    return { key, info };
  }

  list(): ApiKeyInfo[] {
    return (this.db.prepare("SELECT * FROM api_keys ORDER BY created_at").all() as KeyRow[]).map(toInfo);
  }

  /**
   * Finds a key by id, else by name when exactly one key has it (a revoked key and a live one
   * may share a name: the live one is meant). Several live keys with the name (databases made
   * before names were unique) throw AmbiguousKeyNameError: use the id.
   */
  find(ref: string): ApiKeyInfo | null {
    const byId = this.db.prepare("SELECT * FROM api_keys WHERE id = ?").get(ref) as KeyRow | undefined;
    if (byId) return toInfo(byId);
    const rows = this.db.prepare("SELECT * FROM api_keys WHERE name = ? AND name != '' ORDER BY revoked, created_at").all(ref) as KeyRow[];
    return pickByName(ref, rows.map(toInfo));
  }

  setBlocked(ref: string, blocked: boolean): boolean {
    const info = this.find(ref);
    if (!info) return false;
    this.db.prepare("UPDATE api_keys SET blocked = ? WHERE id = ?").run(blocked ? 1 : 0, info.id);
    this.cache.clear();
    void publishKeyChange(info.id);
    return true;
  }

  /** Revokes for good: the key stops working and its sessions end. */
  revoke(ref: string): boolean {
    const info = this.find(ref);
    if (!info) return false;
    this.db.prepare("UPDATE api_keys SET revoked = 1 WHERE id = ?").run(info.id);
    this.db.prepare("DELETE FROM sessions WHERE key_id = ?").run(info.id);
    this.cache.clear();
    void publishKeyChange(info.id);
    return true;
  }

  /** Checks a clear key from the X-API-Key header. */
  check(key: string | null | undefined): KeyCheck {
    if (!key) return { ok: false, reason: "missing" };
    if (key.length > 200) return { ok: false, reason: "unknown" };
    const hash = sha256(key);
    const hit = this.cache.fresh(hash);
    if (hit) return validateKey(hit);
    const row = (this.checkStmt ??= this.db.prepare("SELECT * FROM api_keys WHERE hash = ?")).get(hash) as KeyRow | undefined;
    if (!row) return { ok: false, reason: "unknown" };
    // constant-time confirmation of the looked-up hash (defence in depth)
    if (!timingSafeEqual(Buffer.from(row.hash), Buffer.from(hash))) return { ok: false, reason: "unknown" };
    const info = toInfo(row);
    this.cache.set(hash, info);
    return validateKey(info);
  }

  private checkStmt: Database.Statement | undefined;

  /** Opens a browser session for a key; returns the opaque session token for an HttpOnly cookie. */
  createSession(keyId: string, ttlSeconds = 7 * 24 * 3600): string {
    const token = randomBytes(32).toString("base64url");
    this.db
      .prepare("INSERT INTO sessions (hash, key_id, expires_at) VALUES (?, ?, ?)")
      .run(sha256(token), keyId, Date.now() + ttlSeconds * 1000);
    return token;
  }

  checkSession(token: string | null | undefined): KeyCheck {
    if (!token || token.length > 200) return { ok: false, reason: "missing" };
    const row = this.db
      .prepare("SELECT k.*, s.expires_at AS s_exp FROM sessions s JOIN api_keys k ON k.id = s.key_id WHERE s.hash = ?")
      .get(sha256(token)) as (KeyRow & { s_exp: number }) | undefined;
    if (!row) return { ok: false, reason: "unknown" };
    if (row.s_exp < Date.now()) return { ok: false, reason: "expired" };
    return validateKey(toInfo(row));
  }

  endSession(token: string): void {
    this.db.prepare("DELETE FROM sessions WHERE hash = ?").run(sha256(token));
  }

  /** A one-time sign-in token (printed by the server for local use), valid for ttl seconds. */
  createLoginToken(keyId: string, ttlSeconds = 3600): string {
    const token = randomBytes(24).toString("base64url");
    this.db
      .prepare("INSERT INTO login_tokens (hash, key_id, expires_at) VALUES (?, ?, ?)")
      .run(sha256(token), keyId, Date.now() + ttlSeconds * 1000);
    return token;
  }

  /**
   * Consumes a one-time token in one statement (DELETE … RETURNING): of two concurrent
   * attempts, in this process or another, exactly one gets the key id. Returns null for an
   * unknown, used or expired token. Expired tokens are purged on the way.
   */
  consumeLoginToken(token: string): string | null {
    const now = Date.now();
    const row = (this.consumeStmt ??= this.db.prepare("DELETE FROM login_tokens WHERE hash = ? RETURNING key_id, expires_at")).get(sha256(token)) as
      | { key_id: string; expires_at: number }
      | undefined;
    this.db.prepare("DELETE FROM login_tokens WHERE expires_at < ?").run(now);
    if (!row || row.expires_at < now) return null;
    return row.key_id;
  }

  private consumeStmt: Database.Statement | undefined;

  recordUsage(keyId: string, operation: string, failed: boolean): void {
    this.usageBuffer.add(keyId, operation, failed);
  }

  flushUsage(): Promise<void> {
    return this.usageBuffer.flush();
  }

  usage(opts: { ref?: string; days?: number } = {}): UsageRow[] {
    const since = sinceDay(opts.days);
    const key = opts.ref ? this.find(opts.ref) : null;
    if (opts.ref && !key) return [];
    return this.db
      .prepare(
        `SELECT u.key_id, COALESCE(k.name, '') AS name, u.day, u.operation, u.requests, u.errors
         FROM key_usage u LEFT JOIN api_keys k ON k.id = u.key_id
         WHERE u.day >= ? AND (? IS NULL OR u.key_id = ?)
         ORDER BY u.day DESC, u.key_id, u.operation`,
      )
      .all(since, key?.id ?? null, key?.id ?? null) as UsageRow[];
  }

  close(): void {
    this.usageBuffer.stop();
    try {
      void this.usageBuffer.flush().catch(() => undefined); // synchronous write for this engine
    } finally {
      this.cache.clear();
      this.db.close();
    }
  }
}

/** A new key and its record (the clear key is returned once, only its hash is stored). */
export function newKey(opts: { name?: string; tier?: Tier; expires?: string }): { key: string; info: ApiKeyInfo } {
  const id = randomBytes(6).toString("hex");
  const key = `${KEY_PREFIX}${id}_${randomBytes(24).toString("base64url")}`;
  const info: ApiKeyInfo = {
    id,
    name: opts.name ?? "",
    tier: opts.tier ?? "standard",
    created_at: new Date().toISOString(),
    expires: opts.expires ?? "",
    blocked: false,
    revoked: false,
  };
  return { key, info };
}

/** The key a name means among the keys of that name (live first, then oldest), or throws when ambiguous. */
export function pickByName(ref: string, rows: ApiKeyInfo[]): ApiKeyInfo | null {
  if (rows.length === 0) return null;
  const live = rows.filter((r) => !r.revoked);
  if (live.length > 1 || (live.length === 0 && rows.length > 1)) throw new AmbiguousKeyNameError(ref, rows.map((r) => r.id));
  return live[0] ?? rows[0]!;
}

/** The first day (yyyy-MM-dd, UTC) of the last `days` days; all days when absent. */
export function sinceDay(days?: number): string {
  if (!days || !Number.isFinite(days) || days <= 0) return "0001-01-01";
  return new Date(Date.now() - (Math.floor(days) - 1) * 86_400_000).toISOString().slice(0, 10);
}

/** A stored key as either engine returns it (SQLite gives its flags as 0/1, PostgreSQL as booleans). */
export interface KeyRow {
  id: string;
  hash: string;
  name: string;
  tier: string;
  created_at: string;
  expires: string;
  blocked: number | boolean;
  revoked: number | boolean;
}

export function toInfo(r: KeyRow): ApiKeyInfo {
  return {
    id: r.id,
    name: r.name,
    tier: r.tier === "member" ? "member" : "standard",
    created_at: r.created_at,
    expires: r.expires,
    blocked: r.blocked === 1 || r.blocked === true,
    revoked: r.revoked === 1 || r.revoked === true,
  };
}

const g = globalThis as unknown as { __keysStore?: { file: string; store: KeysStore } };

/** Process-wide SQLite store for the configured file (reopened if KEYS_DB changes, as in tests). */
export function getKeysStore(): KeysStore {
  const file = keysDbPath();
  if (!g.__keysStore || g.__keysStore.file !== file) {
    g.__keysStore = { file, store: new KeysStore(file) };
  }
  return g.__keysStore.store;
}
