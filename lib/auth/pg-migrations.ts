/**
 * Versioned migrations of the PostgreSQL keys database, applied at start-up by every replica.
 * Idempotent and safe when several replicas start at once: all of them run in one transaction
 * holding a transaction-level advisory lock (pg_advisory_xact_lock), so one replica applies
 * what is missing while the others wait on the lock, then find every version recorded in
 * `schema_migrations` and apply nothing. A migration is never edited once released: a change
 * is a new version.
 */
import type { Pool, PoolClient } from "pg";

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The lock's key: any constant shared by every replica ("lcc-keys" as 8 bytes). */
export const MIGRATION_LOCK_KEY = "7812279053728932723";

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: "keys, sessions, one-time sign-in tokens",
    sql: `
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY, hash TEXT NOT NULL UNIQUE, name TEXT NOT NULL, tier TEXT NOT NULL,
        created_at TEXT NOT NULL, expires TEXT NOT NULL DEFAULT '',
        blocked BOOLEAN NOT NULL DEFAULT FALSE, revoked BOOLEAN NOT NULL DEFAULT FALSE);
      -- names are unique among live keys, enforced by the database (two replicas creating at once)
      CREATE UNIQUE INDEX api_keys_live_name ON api_keys (name) WHERE name <> '' AND NOT revoked;
      CREATE TABLE sessions (
        hash TEXT PRIMARY KEY, key_id TEXT NOT NULL REFERENCES api_keys (id), expires_at BIGINT NOT NULL);
      CREATE INDEX sessions_key ON sessions (key_id);
      CREATE TABLE login_tokens (
        hash TEXT PRIMARY KEY, key_id TEXT NOT NULL REFERENCES api_keys (id), expires_at BIGINT NOT NULL);`,
  },
  {
    version: 2,
    name: "per-key usage (requests and errors per operation per day)",
    sql: `
      CREATE TABLE key_usage (
        key_id TEXT NOT NULL, day DATE NOT NULL, operation TEXT NOT NULL,
        requests BIGINT NOT NULL DEFAULT 0, errors BIGINT NOT NULL DEFAULT 0,
        PRIMARY KEY (key_id, day, operation));
      CREATE INDEX key_usage_day ON key_usage (day);`,
  },
];

/** Applies the missing migrations; returns the versions this call applied (empty when none were missing). */
export async function migrate(pool: Pool, migrations: Migration[] = MIGRATIONS): Promise<number[]> {
  const client: PoolClient = await pool.connect();
  const applied: number[] = [];
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock($1::bigint)", [MIGRATION_LOCK_KEY]);
    await client.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
    );
    const have = new Set((await client.query<{ version: number }>("SELECT version FROM schema_migrations")).rows.map((r) => r.version));
    for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
      if (have.has(m.version)) continue;
      await client.query(m.sql);
      await client.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [m.version, m.name]);
      applied.push(m.version);
    }
    await client.query("COMMIT");
    return applied;
  } catch (e) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}
