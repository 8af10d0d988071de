import { describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { sqliteIndexStore } from "./index-store";

describe("phraseContributions (SemanticIndex)", () => {
  it("gives exactly FTS5's bm25() of the phrase, negated: the same clauses, order and doubles, with or without bm25()", () => {
    const db = new Database(process.env.INDEX_PATH!, { readonly: true });
    try {
      const store = sqliteIndexStore(db);
      // every bigram of some clauses (one-token phrases: computed without bm25()), and longer phrases (bm25())
      const texts = db.prepare("SELECT content FROM clauses ORDER BY cid LIMIT 40").pluck().all() as string[];
      const phrases = new Set<string>(['"合同"', '"劳动"', '"合同 同解 解除"', '"违约 约金"', '"zzzz"', '"不存"']);
      for (const t of texts) for (const m of t.matchAll(/[\u4e00-\u9fff]{2}/g)) phrases.add(`"${m[0]}"`);
      let compared = 0;
      let oneToken = 0;
      for (const p of phrases) {
        const rows = store.phraseBm25(p);
        const { cid, w } = store.phraseContributions(p);
        expect(Array.from(cid), p).toEqual(rows.map((r) => r[0]));
        expect(Array.from(w), p).toEqual(rows.map((r) => -r[1]));
        compared += rows.length;
        if (!p.includes(" ")) oneToken += rows.length;
      }
      expect(compared).toBeGreaterThan(1000);
      // the one-token phrases were read from the instance table (not bm25())
      expect(db.prepare("SELECT count(*) FROM temp.sqlite_master WHERE name = 'clause_fts_instances'").pluck().get()).toBe(1);
      expect(oneToken).toBeGreaterThan(1000);
      // rows where a token occurs more than once (tf > 1) are among them
      const repeated = db.prepare("SELECT count(*) FROM clauses WHERE content LIKE '%合同%合同%'").pluck().get() as number;
      expect(repeated).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  });
});
