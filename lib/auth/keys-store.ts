/**
 * API keys and browser sessions, in their own SQLite file (data/keys.sqlite) so that a
 * re-ingest of the index never touches them. Keys are stored as SHA-256 hashes only; the
 * clear key is shown once at creation and never logged.
 *
 * Verified keys are cached in memory for a few seconds (KEYS_CACHE_TTL_MS, default 5000,
 * 0 disables): the hot path of every API request is then a SHA-256 and a Map lookup instead
 * of a SQLite query. Blocking or revoking through this process takes effect at once; through
 * another process (`npm run keys`, another server worker) within the TTL. Expiry is
 * re-checked on every hit. Only keys found in the database are cached (never unknown ones,
 * so garbage keys cannot flush the cache), keyed by hash, at most KEYS_CACHE_MAX entries.
 */
import Database from "better-sqlite3";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { keysDbPath } from "../config";

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

const KEY_PREFIX = "lk_";

function sha256(s: string): string {
  return createHash("sha256").update(s).digest("hex");
}

/* ---------- verified-key cache (shared by every KeysStore of this process) ---------- */

interface CachedKey {
  info: ApiKeyInfo;
  until: number;
}

const KEY_CACHE_MAX = 1000;
const keyCache = new Map<string, CachedKey>();

function keyCacheTtlMs(): number {
  const raw = process.env.KEYS_CACHE_TTL_MS;
  if (raw === undefined || raw === "") return 5000;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? Math.min(n, 60_000) : 5000;
}

/** Drops cached keys of one database file (all files when omitted). */
export function clearKeyCache(file?: string): void {
  if (file === undefined) return keyCache.clear();
  const prefix = `${file}\0`;
  for (const k of keyCache.keys()) if (k.startsWith(prefix)) keyCache.delete(k);
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export class KeysStore {
  private readonly db: Database.Database;
  private readonly file: string;

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
    `);
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
    this.db
      .prepare("INSERT INTO api_keys (id, hash, name, tier, created_at, expires) VALUES (?, ?, ?, ?, ?, ?)")
      .run(id, sha256(key), info.name, info.tier, info.created_at, info.expires);
    return { key, info };
  }

  list(): ApiKeyInfo[] {
    return (this.db.prepare("SELECT * FROM api_keys ORDER BY created_at").all() as Row[]).map(toInfo);
  }

  /**
   * Finds a key by id, else by name when exactly one key has it (a revoked key and a live one
   * may share a name: the live one is meant). Several live keys with the name (databases made
   * before names were unique) throw AmbiguousKeyNameError: use the id.
   */
  find(ref: string): ApiKeyInfo | null {
    const byId = this.db.prepare("SELECT * FROM api_keys WHERE id = ?").get(ref) as Row | undefined;
    if (byId) return toInfo(byId);
    const rows = this.db.prepare("SELECT * FROM api_keys WHERE name = ? AND name != '' ORDER BY revoked, created_at").all(ref) as Row[];
    if (rows.length === 0) return null;
    const live = rows.filter((r) => r.revoked === 0);
    if (live.length > 1 || (live.length === 0 && rows.length > 1)) throw new AmbiguousKeyNameError(ref, rows.map((r) => r.id));
    return toInfo(live[0] ?? rows[0]!);
  }

  setBlocked(ref: string, blocked: boolean): boolean {
    const info = this.find(ref);
    if (!info) return false;
    this.db.prepare("UPDATE api_keys SET blocked = ? WHERE id = ?").run(blocked ? 1 : 0, info.id);
    clearKeyCache(this.file);
    return true;
  }

  /** Revokes for good: the key stops working and its sessions end. */
  revoke(ref: string): boolean {
    const info = this.find(ref);
    if (!info) return false;
    this.db.prepare("UPDATE api_keys SET revoked = 1 WHERE id = ?").run(info.id);
    this.db.prepare("DELETE FROM sessions WHERE key_id = ?").run(info.id);
    clearKeyCache(this.file);
    return true;
  }

  /** Checks a clear key from the X-API-Key header. */
  check(key: string | null | undefined): KeyCheck {
    if (!key) return { ok: false, reason: "missing" };
    if (key.length > 200) return { ok: false, reason: "unknown" };
    const hash = sha256(key);
    const ttl = keyCacheTtlMs();
    const cacheKey = `${this.file}\0${hash}`;
    const now = Date.now();
    if (ttl > 0) {
      const hit = keyCache.get(cacheKey);
      if (hit && hit.until > now) return this.validate(hit.info);
      if (hit) keyCache.delete(cacheKey);
    }
    const row = (this.checkStmt ??= this.db.prepare("SELECT * FROM api_keys WHERE hash = ?")).get(hash) as Row | undefined;
    if (!row) return { ok: false, reason: "unknown" };
    // constant-time confirmation of the looked-up hash (defence in depth)
    if (!timingSafeEqual(Buffer.from(row.hash), Buffer.from(hash))) return { ok: false, reason: "unknown" };
    const info = toInfo(row);
    if (ttl > 0) {
      if (keyCache.size >= KEY_CACHE_MAX) keyCache.delete(keyCache.keys().next().value!);
      keyCache.set(cacheKey, { info, until: now + ttl });
    }
    return this.validate(info);
  }

  private checkStmt: Database.Statement | undefined;

  private validate(info: ApiKeyInfo): KeyCheck {
    if (info.revoked) return { ok: false, reason: "revoked" };
    if (info.blocked) return { ok: false, reason: "blocked" };
    if (info.expires && info.expires < today()) return { ok: false, reason: "expired" };
    return { ok: true, key: info };
  }

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
      .get(sha256(token)) as (Row & { s_exp: number }) | undefined;
    if (!row) return { ok: false, reason: "unknown" };
    if (row.s_exp < Date.now()) return { ok: false, reason: "expired" };
    return this.validate(toInfo(row));
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

  close(): void {
    clearKeyCache(this.file);
    this.db.close();
  }
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

interface Row {
  id: string;
  hash: string;
  name: string;
  tier: string;
  created_at: string;
  expires: string;
  blocked: number;
  revoked: number;
}

function toInfo(r: Row): ApiKeyInfo {
  return {
    id: r.id,
    name: r.name,
    tier: r.tier === "member" ? "member" : "standard",
    created_at: r.created_at,
    expires: r.expires,
    blocked: r.blocked === 1,
    revoked: r.revoked === 1,
  };
}

const g = globalThis as unknown as { __keysStore?: { file: string; store: KeysStore } };

/** Process-wide store for the configured file (reopened if KEYS_DB changes, as in tests). */
export function getKeysStore(): KeysStore {
  const file = keysDbPath();
  if (!g.__keysStore || g.__keysStore.file !== file) {
    g.__keysStore = { file, store: new KeysStore(file) };
  }
  return g.__keysStore.store;
}
