/**
 * The PostgreSQL engine over a real server (a throwaway database per file): migrations
 * (idempotent, concurrent, waiting on a replica that holds the lock), the key life cycle
 * across two stores standing for two replicas, revocation carried over real Redis, one-time
 * tokens across replicas, usage counts, and PostgreSQL going away.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import pg from "pg";
import { runKeys } from "@/scripts/keys";
import { closeSharedRedis } from "./redis";
import { PgAuthStore } from "./pg-store";
import { MIGRATION_LOCK_KEY, MIGRATIONS } from "./pg-migrations";
import { AuthUnavailableError, DuplicateKeyNameError } from "./types";
import { createTestDatabase, eventually, randomSuffix, Relay, TEST_REDIS_URL, viaPort } from "@/test/helpers/services";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
const stores: PgAuthStore[] = [];
const saved = { ...process.env };

function open(url = db.url, opts: { subscribe?: boolean } = {}): PgAuthStore {
  const s = new PgAuthStore(url, opts);
  stores.push(s);
  return s;
}

beforeAll(async () => {
  db = await createTestDatabase();
  process.env.REDIS_URL = TEST_REDIS_URL;
  process.env.REDIS_PREFIX = `lcc_test_${randomSuffix()}`;
  process.env.KEYS_CACHE_TTL_MS = "60000"; // only a published change can explain a change seen before a minute
});

afterAll(async () => {
  for (const s of stores) await s.close().catch(() => undefined);
  await closeSharedRedis();
  await db.drop();
  for (const k of ["REDIS_URL", "REDIS_PREFIX", "KEYS_CACHE_TTL_MS", "DATABASE_URL"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe("migrations", () => {
  it("two replicas starting at once apply each migration exactly once; a later start applies none", async () => {
    const [a, b] = [open(), open()];
    const [ra, rb] = await Promise.all([a.ready(), b.ready()]);
    expect([...ra, ...rb].sort()).toEqual(MIGRATIONS.map((m) => m.version));
    expect(await open().ready()).toEqual([]);
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const rows = (await c.query("SELECT version FROM schema_migrations ORDER BY version")).rows;
    await c.end();
    expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
  });

  it("a replica started while another holds the migration lock waits for it, then finds the schema ready", async () => {
    const fresh = await createTestDatabase();
    const holder = new pg.Client({ connectionString: fresh.url });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT pg_advisory_xact_lock($1::bigint)", [MIGRATION_LOCK_KEY]);
      const store = open(fresh.url, { subscribe: false });
      let settled = false;
      const migrating = store.ready().then((v) => {
        settled = true;
        return v;
      });
      // the other replica is "migrating": this one is blocked on the lock, not failing
      const c = new pg.Client({ connectionString: fresh.url });
      await c.connect();
      const waiting = await eventually(async () => {
        const r = await c.query("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted");
        return r.rows[0].n === 1;
      }, 5000);
      await c.end();
      expect(waiting).toBe(true);
      expect(settled).toBe(false);
      await holder.query("COMMIT");
      expect(await migrating).toEqual([1, 2]);
      await store.close();
    } finally {
      await holder.end();
      await fresh.drop();
    }
  });
});

describe("key life cycle across two replicas", () => {
  it("a key created by the CLI works on both; a block and a revocation reach the other within 1 s over Redis", async () => {
    const cli = open(db.url, { subscribe: false });
    const a = open();
    const b = open();
    expect(await b.subscribed()).toBe(true);
    const out = vi.spyOn(console, "log").mockImplementation(() => {});
    const err = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await runKeys(["create", "--member", "--name", "zoe"], cli)).toBe(0);
      const key = String(out.mock.calls.at(-1)?.[0]);
      expect(key).toMatch(/^lk_[0-9a-f]{12}_/);
      expect(await runKeys(["create", "--name", "zoe"], cli)).toBe(1);
      expect(String(err.mock.calls.at(-1)?.[0])).toBe('a key named "zoe" already exists (names are unique among keys not revoked)');
      for (const s of [a, b]) expect(await s.check(key)).toMatchObject({ ok: true, key: { name: "zoe", tier: "member" } });

      expect(await runKeys(["block", "zoe"], cli)).toBe(0);
      expect(await eventually(async () => (await b.check(key)).ok === false, 1000)).toBe(true);
      expect(await a.check(key)).toEqual({ ok: false, reason: "blocked" });
      expect(await runKeys(["unblock", "zoe"], cli)).toBe(0);
      expect(await eventually(async () => (await b.check(key)).ok === true, 1000)).toBe(true);

      const session = await a.createSession((await a.find("zoe"))!.id);
      expect((await b.checkSession(session)).ok).toBe(true);
      expect(await runKeys(["revoke", "zoe"], cli)).toBe(0);
      expect(await eventually(async () => (await b.check(key)).ok === false, 1000)).toBe(true);
      expect(await a.check(key)).toEqual({ ok: false, reason: "revoked" });
      expect(await b.checkSession(session)).toEqual({ ok: false, reason: "unknown" }); // its sessions ended
      // the revoked key's name is free again; the name now means the live key
      const again = await a.create({ name: "zoe" });
      expect((await b.find("zoe"))?.id).toBe(again.info.id);
      await expect(b.create({ name: "zoe" })).rejects.toThrow(DuplicateKeyNameError);
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  });

  it("of concurrent uses of one sign-in token on two replicas exactly one signs in", async () => {
    const [a, b] = [open(), open()];
    const { info } = await a.create({ tier: "member" });
    const token = await a.createLoginToken(info.id);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).consumeLoginToken(token)));
    expect(results.filter((r) => r === info.id)).toHaveLength(1);
    expect(await b.consumeLoginToken("forged")).toBeNull();
  });

  it("expired keys and sessions are refused on every replica", async () => {
    const [a, b] = [open(), open()];
    const { key } = await a.create({ expires: "2020-01-01" });
    expect(await b.check(key)).toEqual({ ok: false, reason: "expired" });
    const { info } = await a.create();
    const s = await a.createSession(info.id, -1);
    expect(await b.checkSession(s)).toEqual({ ok: false, reason: "expired" });
    expect(await b.check("lk_unknown")).toEqual({ ok: false, reason: "unknown" });
    expect(await b.check("")).toEqual({ ok: false, reason: "missing" });
  });
});

describe("usage", () => {
  it("counts requests and errors per key, operation and day across replicas; the CLI prints them", async () => {
    const [a, b] = [open(), open()];
    const { info } = await a.create({ name: `u-${randomSuffix()}` });
    for (let i = 0; i < 5; i++) a.recordUsage(info.id, "rh_ft_search", i === 0);
    for (let i = 0; i < 3; i++) b.recordUsage(info.id, "rh_ft_search", false);
    b.recordUsage(info.id, "law_vector_search", true);
    await Promise.all([a.flushUsage(), b.flushUsage()]);
    const day = new Date().toISOString().slice(0, 10);
    expect(await a.usage({ ref: info.name })).toEqual([
      { key_id: info.id, name: info.name, day, operation: "law_vector_search", requests: 1, errors: 1 },
      { key_id: info.id, name: info.name, day, operation: "rh_ft_search", requests: 8, errors: 1 },
    ]);
    const out = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      expect(await runKeys(["usage", info.name, "--days", "1"], a)).toBe(0);
      expect(out.mock.calls.map((c) => String(c[0]))).toContain([day, info.id, info.name, "rh_ft_search", 8, 1].join("\t"));
    } finally {
      out.mockRestore();
    }
  });
});

describe("PostgreSQL unreachable", () => {
  it("keys verified before keep working from the cache; an unknown key and a new session throw AuthUnavailableError; all recover", async () => {
    const relay = Relay.forUrl(db.url);
    await relay.start();
    const store = open(viaPort(db.url, relay.port), { subscribe: false });
    const { key, info } = await store.create({ name: `down-${randomSuffix()}` });
    expect((await store.check(key)).ok).toBe(true);
    store.recordUsage(info.id, "rh_ft_search", false);
    await relay.cut();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(await store.check(key)).toMatchObject({ ok: true }); // cached before the outage
      const { key: other } = await open(db.url, { subscribe: false }).create();
      await expect(store.check(other)).rejects.toThrow(AuthUnavailableError);
      await expect(store.createSession(info.id)).rejects.toThrow(AuthUnavailableError);
      await expect(store.flushUsage()).rejects.toThrow(AuthUnavailableError); // counts kept for later
      await relay.restore();
      expect((await store.check(other)).ok).toBe(true);
      await store.flushUsage();
      expect((await store.usage({ ref: info.id }))[0]).toMatchObject({ requests: 1, errors: 0 });
    } finally {
      warn.mockRestore();
      await relay.cut();
    }
  });
});
