import { describe, expect, it } from "vitest";
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import Database from "better-sqlite3";
import { AmbiguousKeyNameError, DuplicateKeyNameError, KeysStore } from "./keys-store";
import { runKeys } from "@/scripts/keys";
import { vi } from "vitest";

function tempStore(): { store: KeysStore; file: string } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "keys-")), "keys.sqlite");
  return { store: new KeysStore(file), file };
}

describe("KeysStore", () => {
  it("stores only a hash: the clear key never appears in the database file", () => {
    const { store, file } = tempStore();
    const { key } = store.create({ tier: "member", name: "alice" });
    store.close();
    const bytes = fs.readFileSync(file).toString("latin1") + (fs.existsSync(`${file}-wal`) ? fs.readFileSync(`${file}-wal`).toString("latin1") : "");
    const secret = key.split("_").slice(2).join("_");
    expect(bytes.includes(secret)).toBe(false);
  });

  it("accepts a fresh key with its tier and rejects unknown, blocked, revoked and expired keys", () => {
    const { store } = tempStore();
    const member = store.create({ tier: "member", name: "m" });
    const standard = store.create({ name: "s" });
    const expired = store.create({ name: "old", expires: "2000-01-01" });
    expect(store.check(member.key)).toMatchObject({ ok: true, key: { tier: "member", name: "m" } });
    expect(store.check(standard.key)).toMatchObject({ ok: true, key: { tier: "standard" } });
    expect(store.check("lk_nope")).toEqual({ ok: false, reason: "unknown" });
    expect(store.check("")).toEqual({ ok: false, reason: "missing" });
    expect(store.check(expired.key)).toEqual({ ok: false, reason: "expired" });
    store.setBlocked("m", true);
    expect(store.check(member.key)).toEqual({ ok: false, reason: "blocked" });
    store.setBlocked("m", false);
    expect(store.check(member.key).ok).toBe(true);
    store.revoke(standard.info.id);
    expect(store.check(standard.key)).toEqual({ ok: false, reason: "revoked" });
  });

  it("a key expiring today is still valid today", () => {
    const { store } = tempStore();
    const today = new Date().toISOString().slice(0, 10);
    expect(store.check(store.create({ expires: today }).key).ok).toBe(true);
  });

  it("sessions follow their key, and revoking the key ends them", () => {
    const { store } = tempStore();
    const { info } = store.create({ tier: "member" });
    const token = store.createSession(info.id);
    expect(store.checkSession(token)).toMatchObject({ ok: true, key: { id: info.id } });
    store.setBlocked(info.id, true);
    expect(store.checkSession(token)).toEqual({ ok: false, reason: "blocked" });
    store.setBlocked(info.id, false);
    store.revoke(info.id);
    expect(store.checkSession(token)).toEqual({ ok: false, reason: "unknown" });
  });

  it("one-time sign-in tokens work once", () => {
    const { store } = tempStore();
    const { info } = store.create({ tier: "member" });
    const t = store.createLoginToken(info.id);
    expect(store.consumeLoginToken(t)).toBe(info.id);
    expect(store.consumeLoginToken(t)).toBeNull();
    expect(store.consumeLoginToken("forged")).toBeNull();
  });

  it("refuses a malformed expiry", () => {
    const { store } = tempStore();
    expect(() => store.create({ expires: "tomorrow" })).toThrow(/YYYY-MM-DD/);
  });

  it("caches verified keys for KEYS_CACHE_TTL_MS: a block by another process shows within the TTL, by this one at once", () => {
    const { store, file } = tempStore();
    const { key } = store.create({ name: "cached" });
    const other = new KeysStore(file); // stands for `npm run keys` in another process
    const saved = process.env.KEYS_CACHE_TTL_MS;
    try {
      process.env.KEYS_CACHE_TTL_MS = "60000";
      expect(store.check(key).ok).toBe(true);
      // simulate another process: write straight to the file, bypassing this process's cache invalidation
      const raw = new Database(file);
      raw.prepare("UPDATE api_keys SET blocked = 1").run();
      raw.close();
      expect(store.check(key).ok).toBe(true); // still cached
      process.env.KEYS_CACHE_TTL_MS = "0";
      expect(store.check(key)).toEqual({ ok: false, reason: "blocked" }); // TTL 0: no cache
      process.env.KEYS_CACHE_TTL_MS = "60000";
      other.setBlocked("cached", false); // in this process: the cache is dropped at once
      expect(store.check(key).ok).toBe(true);
      other.revoke("cached");
      expect(store.check(key)).toEqual({ ok: false, reason: "revoked" });
    } finally {
      if (saved === undefined) delete process.env.KEYS_CACHE_TTL_MS;
      else process.env.KEYS_CACHE_TTL_MS = saved;
      other.close();
    }
  });
});

describe("key names (issue 15): unique among live keys, a name only when unambiguous", () => {
  it("create refuses a name taken by a key not revoked; a revoked key's name may be reused", () => {
    const { store } = tempStore();
    const first = store.create({ name: "carol" });
    expect(() => store.create({ name: "carol" })).toThrow(DuplicateKeyNameError);
    expect(() => store.create({ name: "carol" })).toThrow('a key named "carol" already exists (names are unique among keys not revoked)');
    store.create({ name: "" });
    store.create({ name: "" }); // unnamed keys are never in conflict
    expect(store.revoke("carol")).toBe(true);
    const second = store.create({ name: "carol" });
    // the name now means the live key, not the revoked one
    expect(store.find("carol")?.id).toBe(second.info.id);
    expect(store.find(first.info.id)?.revoked).toBe(true);
    expect(store.setBlocked("carol", true)).toBe(true);
    expect(store.find(second.info.id)?.blocked).toBe(true);
    expect(store.find(first.info.id)?.blocked).toBe(false);
  });

  it("a name shared by several live keys (an older database) is refused: use the id", () => {
    const { store, file } = tempStore();
    const a = store.create({ name: "dave" });
    const db = new Database(file);
    db.prepare("INSERT INTO api_keys (id, hash, name, tier, created_at) VALUES ('b0b0b0b0b0b0', 'h', 'dave', 'standard', '2026-01-01')").run();
    db.close();
    expect(() => store.revoke("dave")).toThrow(AmbiguousKeyNameError);
    expect(store.find(a.info.id)?.revoked).toBe(false);
    expect(store.revoke(a.info.id)).toBe(true);
    expect(store.find("dave")?.id).toBe("b0b0b0b0b0b0");
  });

  it("npm run keys: a taken name or an ambiguous one exits 1 with a message, nothing changed", async () => {
    const { store, file } = tempStore();
    const err = vi.spyOn(console, "error").mockImplementation(() => {});
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      expect(await runKeys(["create", "--name", "erin"], store)).toBe(0);
      expect(await runKeys(["create", "--name", "erin"], store)).toBe(1);
      expect(String(err.mock.calls.at(-1)?.[0])).toBe('a key named "erin" already exists (names are unique among keys not revoked)');
      const db = new Database(file);
      db.prepare("INSERT INTO api_keys (id, hash, name, tier, created_at) VALUES ('e0e0e0e0e0e0', 'h2', 'erin', 'standard', '2026-01-01')").run();
      db.close();
      expect(await runKeys(["revoke", "erin"], store)).toBe(1);
      expect(String(err.mock.calls.at(-1)?.[0])).toMatch(/^several keys are named "erin" \(.*e0e0e0e0e0e0.*\): use the id$/);
      expect(store.list().filter((k) => k.revoked)).toHaveLength(0);
    } finally {
      err.mockRestore();
      log.mockRestore();
    }
  });
});
