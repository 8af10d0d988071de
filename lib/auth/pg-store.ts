/**
 * The PostgreSQL engine of the AuthStore (types.ts), used when DATABASE_URL is set: keys,
 * sessions, one-time sign-in tokens and per-key usage shared by every replica. Migrations
 * (pg-migrations.ts) run before the first query of a process (and at server start-up:
 * lib/server/on-start.ts), under an advisory lock.
 *
 * Faults: a query that fails because the database cannot be reached (connection refused or
 * lost, timeout, server shutting down) throws AuthUnavailableError; the operations answer it
 * 503 AUTH_UNAVAILABLE and sign-in 503, while keys verified within KEYS_CACHE_TTL_MS +
 * KEYS_STALE_IF_ERROR_MS keep working from the cache (key-cache.ts). Other errors (a bug, a
 * constraint) are thrown as they are. Revocations and blocks are published over Redis when
 * REDIS_URL is set (auth-events.ts), and this store's cache listens for them.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { createRequire } from "node:module";
import type pgTypes from "pg";
import { publishKeyChange, subscribeKeyChanges, type KeyChangeSubscription } from "./auth-events";
import { KeyCache } from "./key-cache";
import { newKey, pickByName, sha256, sinceDay, toInfo, type KeyRow } from "./keys-store";
import { migrate } from "./pg-migrations";
import {
  AuthUnavailableError,
  DuplicateKeyNameError,
  validateKey,
  type ApiKeyInfo,
  type AuthStore,
  type KeyCheck,
  type Tier,
  type UsageRow,
} from "./types";
import { UsageBuffer, type UsageDelta } from "./usage-buffer";

// pg's "import" entry is an ES module, which would make every route module that reaches this file
// an async module in Next's server bundle (its direct form then cannot be loaded synchronously by
// scripts/server.ts); its CommonJS entry, loaded at run time, keeps them synchronous.
const pg = createRequire(import.meta.url)("pg") as typeof pgTypes;
// eslint-disable-next-line @typescript-eslint/no-namespace
declare namespace pg {
  type Pool = pgTypes.Pool;
  type QueryResult<R extends pgTypes.QueryResultRow = pgTypes.QueryResultRow> = pgTypes.QueryResult<R>;
  type QueryResultRow = pgTypes.QueryResultRow;
}

/** True for the errors that mean "the database cannot be reached", not "the query is wrong". */
export function isConnectionError(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const code = (e as Error & { code?: unknown }).code;
  if (typeof code === "string") {
    if (/^(08|57P|53)/.test(code)) return true; // connection exception, operator intervention, insufficient resources
    if (/^E[A-Z]+$/.test(code)) return true; // ECONNREFUSED, ECONNRESET, ETIMEDOUT, EPIPE, ENOTFOUND …
  }
  return /timeout|terminated|Connection|connect/i.test(e.message);
}

export interface PgStoreOptions {
  /** Subscribe to key changes over Redis (default: when REDIS_URL is set). The CLI does not. */
  subscribe?: boolean;
  /** Pool size (default PG_POOL_MAX or 4 per process). */
  max?: number;
}

export class PgAuthStore implements AuthStore {
  readonly engine = "postgres";
  readonly pool: pg.Pool;
  private readonly cache = new KeyCache();
  private readonly usageBuffer: UsageBuffer;
  private migrated: Promise<number[]> | null = null;
  private readonly subscription: KeyChangeSubscription | null;

  constructor(
    readonly url: string,
    opts: PgStoreOptions = {},
  ) {
    this.pool = new pg.Pool({
      connectionString: url,
      max: opts.max ?? Math.max(1, Number(process.env.PG_POOL_MAX) || 4),
      connectionTimeoutMillis: Math.max(100, Number(process.env.PG_CONNECT_TIMEOUT_MS) || 2000),
      idleTimeoutMillis: 10_000,
      query_timeout: Math.max(100, Number(process.env.PG_QUERY_TIMEOUT_MS) || 5000),
      application_name: "legal-citation-check",
    });
    // an idle client losing its connection (PostgreSQL restarted) must not crash the process
    this.pool.on("error", (e) => console.warn(`[postgres] idle connection lost: ${e.message}`));
    this.usageBuffer = new UsageBuffer((rows) => this.writeUsage(rows));
    this.subscription = opts.subscribe === false ? null : subscribeKeyChanges((id) => (id === "*" ? this.cache.clear() : this.cache.dropKey(id)));
  }

  /** Applies the migrations once per store (retried after a failure); resolves to the versions applied here. */
  ready(): Promise<number[]> {
    if (!this.migrated) {
      this.migrated = migrate(this.pool).catch((e: unknown) => {
        this.migrated = null;
        throw isConnectionError(e) ? new AuthUnavailableError(e) : e;
      });
    }
    return this.migrated;
  }

  /** Resolves once subscribed to key changes (true), or false without REDIS_URL / not within ms. */
  async subscribed(ms = 2000): Promise<boolean> {
    return this.subscription ? this.subscription.ready(ms) : false;
  }

  private async q<R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<pg.QueryResult<R>> {
    await this.ready();
    try {
      return await this.pool.query<R>(sql, params);
    } catch (e) {
      throw isConnectionError(e) ? new AuthUnavailableError(e) : e;
    }
  }

  async create(opts: { name?: string; tier?: Tier; expires?: string } = {}): Promise<{ key: string; info: ApiKeyInfo }> {
    if (opts.expires && !/^\d{4}-\d{2}-\d{2}$/.test(opts.expires)) throw new Error("--expires must be YYYY-MM-DD");
    const { key, info } = newKey(opts);
    try {
      await this.q("INSERT INTO api_keys (id, hash, name, tier, created_at, expires) VALUES ($1, $2, $3, $4, $5, $6)", [
        info.id,
        sha256(key),
        info.name,
        info.tier,
        info.created_at,
        info.expires,
      ]);
    } catch (e) {
      if ((e as { code?: string }).code === "23505" && info.name) throw new DuplicateKeyNameError(info.name);
      throw e;
    }
    return { key, info };
  }

  async list(): Promise<ApiKeyInfo[]> {
    return (await this.q<KeyRow>("SELECT * FROM api_keys ORDER BY created_at, id")).rows.map(toInfo);
  }

  async find(ref: string): Promise<ApiKeyInfo | null> {
    const byId = (await this.q<KeyRow>("SELECT * FROM api_keys WHERE id = $1", [ref])).rows[0];
    if (byId) return toInfo(byId);
    const rows = (await this.q<KeyRow>("SELECT * FROM api_keys WHERE name = $1 AND name <> '' ORDER BY revoked, created_at", [ref])).rows;
    return pickByName(ref, rows.map(toInfo));
  }

  async setBlocked(ref: string, blocked: boolean): Promise<boolean> {
    const info = await this.find(ref);
    if (!info) return false;
    await this.q("UPDATE api_keys SET blocked = $1 WHERE id = $2", [blocked, info.id]);
    this.cache.dropKey(info.id);
    await publishKeyChange(info.id);
    return true;
  }

  async revoke(ref: string): Promise<boolean> {
    const info = await this.find(ref);
    if (!info) return false;
    await this.q(
      "WITH k AS (UPDATE api_keys SET revoked = TRUE WHERE id = $1 RETURNING id) DELETE FROM sessions WHERE key_id IN (SELECT id FROM k)",
      [info.id],
    );
    this.cache.dropKey(info.id);
    await publishKeyChange(info.id);
    return true;
  }

  async check(key: string | null | undefined): Promise<KeyCheck> {
    if (!key) return { ok: false, reason: "missing" };
    if (key.length > 200) return { ok: false, reason: "unknown" };
    const hash = sha256(key);
    const hit = this.cache.fresh(hash);
    if (hit) return validateKey(hit);
    let row: KeyRow | undefined;
    try {
      row = (await this.q<KeyRow>("SELECT * FROM api_keys WHERE hash = $1", [hash])).rows[0];
    } catch (e) {
      const stale = e instanceof AuthUnavailableError ? this.cache.stale(hash) : undefined;
      if (stale) return validateKey(stale); // verified before the outage: keeps working for a while
      throw e;
    }
    if (!row) return { ok: false, reason: "unknown" };
    if (!timingSafeEqual(Buffer.from(row.hash), Buffer.from(hash))) return { ok: false, reason: "unknown" };
    const info = toInfo(row);
    this.cache.set(hash, info);
    return validateKey(info);
  }

  async createSession(keyId: string, ttlSeconds = 7 * 24 * 3600): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    await this.q("INSERT INTO sessions (hash, key_id, expires_at) VALUES ($1, $2, $3)", [sha256(token), keyId, Date.now() + ttlSeconds * 1000]);
    return token;
  }

  async checkSession(token: string | null | undefined): Promise<KeyCheck> {
    if (!token || token.length > 200) return { ok: false, reason: "missing" };
    const row = (
      await this.q<KeyRow & { s_exp: string }>(
        "SELECT k.*, s.expires_at AS s_exp FROM sessions s JOIN api_keys k ON k.id = s.key_id WHERE s.hash = $1",
        [sha256(token)],
      )
    ).rows[0];
    if (!row) return { ok: false, reason: "unknown" };
    if (Number(row.s_exp) < Date.now()) return { ok: false, reason: "expired" };
    return validateKey(toInfo(row));
  }

  async endSession(token: string): Promise<void> {
    await this.q("DELETE FROM sessions WHERE hash = $1", [sha256(token)]);
  }

  async createLoginToken(keyId: string, ttlSeconds = 3600): Promise<string> {
    const token = randomBytes(24).toString("base64url");
    await this.q("INSERT INTO login_tokens (hash, key_id, expires_at) VALUES ($1, $2, $3)", [sha256(token), keyId, Date.now() + ttlSeconds * 1000]);
    return token;
  }

  /** One statement (DELETE … RETURNING): of concurrent attempts on any replica exactly one gets the key id. */
  async consumeLoginToken(token: string): Promise<string | null> {
    const now = Date.now();
    const row = (await this.q<{ key_id: string; expires_at: string }>("DELETE FROM login_tokens WHERE hash = $1 RETURNING key_id, expires_at", [sha256(token)]))
      .rows[0];
    await this.q("DELETE FROM login_tokens WHERE expires_at < $1", [now]);
    if (!row || Number(row.expires_at) < now) return null;
    return row.key_id;
  }

  recordUsage(keyId: string, operation: string, failed: boolean): void {
    this.usageBuffer.add(keyId, operation, failed);
  }

  flushUsage(): Promise<void> {
    return this.usageBuffer.flush();
  }

  private async writeUsage(rows: UsageDelta[]): Promise<void> {
    await this.q(
      `INSERT INTO key_usage (key_id, day, operation, requests, errors)
       SELECT * FROM unnest($1::text[], $2::date[], $3::text[], $4::bigint[], $5::bigint[])
       ON CONFLICT (key_id, day, operation) DO UPDATE
         SET requests = key_usage.requests + excluded.requests, errors = key_usage.errors + excluded.errors`,
      [rows.map((r) => r.key_id), rows.map((r) => r.day), rows.map((r) => r.operation), rows.map((r) => r.requests), rows.map((r) => r.errors)],
    );
  }

  async usage(opts: { ref?: string; days?: number } = {}): Promise<UsageRow[]> {
    const key = opts.ref ? await this.find(opts.ref) : null;
    if (opts.ref && !key) return [];
    const rows = await this.q<UsageRow>(
      `SELECT u.key_id, COALESCE(k.name, '') AS name, to_char(u.day, 'YYYY-MM-DD') AS day, u.operation,
              u.requests::float8 AS requests, u.errors::float8 AS errors
       FROM key_usage u LEFT JOIN api_keys k ON k.id = u.key_id
       WHERE u.day >= $1::date AND ($2::text IS NULL OR u.key_id = $2)
       ORDER BY u.day DESC, u.key_id, u.operation`,
      [sinceDay(opts.days), key?.id ?? null],
    );
    return rows.rows;
  }

  private closed: Promise<void> | null = null;

  /** Writes the pending usage counts and closes the pool and the subscription (idempotent). */
  close(): Promise<void> {
    return (this.closed ??= this.doClose());
  }

  private async doClose(): Promise<void> {
    this.usageBuffer.stop();
    await this.usageBuffer.flush().catch((e: unknown) => console.warn(`[usage] counts not written at close: ${e instanceof Error ? e.message : e}`));
    await this.subscription?.close();
    this.cache.dispose();
    await this.pool.end();
  }
}
