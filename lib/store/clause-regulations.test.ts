import { describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { sqliteIndexStore } from "./index-store";

describe("clauseRegulations (KeywordIndex and SemanticIndex)", () => {
  it("maps every clause rowid to its regulation rowid, once per handle", () => {
    const db = new Database(process.env.INDEX_PATH!, { readonly: true });
    try {
      const store = sqliteIndexStore(db);
      const map = store.clauseRegulations();
      const rows = db.prepare("SELECT cid, rid FROM clauses").raw().all() as [number, number][];
      expect(rows.length).toBeGreaterThan(0);
      for (const [cid, rid] of rows) expect(map[cid]).toBe(rid);
      expect(store.clauseRegulations()).toBe(map);
    } finally {
      db.close();
    }
  });
});
