import { describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { bestAscending, fts5Bm25, oneTokenExpression } from "./fts5-bm25";
import { sqliteKeywordIndex } from "./keyword-index";

describe("bestAscending", () => {
  it("keeps the `limit` smallest, ordered by value then by position (ties in input order), also across the cut", () => {
    const cid = [10, 11, 12, 13, 14, 15, 16, 17];
    const bm = Float64Array.from([-1, -3, -2, -3, -1, -3, -0.5, -2]);
    expect(bestAscending(cid, bm, 100)).toEqual([[11, -3], [13, -3], [15, -3], [12, -2], [17, -2], [10, -1], [14, -1], [16, -0.5]]);
    // a tie at the cut: the first ones in input order
    expect(bestAscending(cid, bm, 2)).toEqual([[11, -3], [13, -3]]);
    expect(bestAscending(cid, bm, 4)).toEqual([[11, -3], [13, -3], [15, -3], [12, -2]]);
    expect(bestAscending(cid, bm, 0)).toEqual([]);
  });

  it("agrees with a full stable sort on random data with many ties", () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let round = 0; round < 50; round++) {
      const n = 1 + Math.floor(rand() * 400);
      const bm = Float64Array.from({ length: n }, () => -Math.floor(rand() * 20) / 4);
      const cid = Array.from({ length: n }, (_v, i) => i * 3);
      const full = [...cid.keys()].sort((i, j) => bm[i]! - bm[j]! || i - j).map((i) => [cid[i]!, bm[i]!]);
      for (const limit of [1, 5, 50, n, n + 3]) expect(bestAscending(cid, bm, limit)).toEqual(full.slice(0, limit));
    }
  });
});

describe("oneTokenExpression", () => {
  it("reads the compiled shapes over one-token phrases and nothing else", () => {
    expect(oneTokenExpression('"违约" AND ("过高" OR "高于")')).toEqual({ op: "AND", groups: [["违约"], ["过高", "高于"]] });
    expect(oneTokenExpression('"合同" OR "abc1"')).toEqual({ op: "OR", groups: [["合同"], ["abc1"]] });
    expect(oneTokenExpression('("合同" OR "契约")')).toEqual({ op: "AND", groups: [["合同", "契约"]] });
    for (const bad of ['"合同 同解"', '"合同" NOT "解除"', '("合同" AND "解除") OR "违约"', '"合同" AND "解除" OR "违约"', '"合"*', '"合同" AND', '"合" AND "同"', '"合同" "解除"', ""])
      expect(oneTokenExpression(bad), bad).toBeNull();
  });
});

describe("rankClauses without bm25() (KeywordIndex, one-token phrases and ORs of them)", () => {
  it("returns exactly what ORDER BY bm25(clause_fts) LIMIT returns: the same rows, doubles and order, ties included", () => {
    const db = new Database(process.env.INDEX_PATH!, { readonly: true });
    try {
      const ix = sqliteKeywordIndex(db);
      const sql = db.prepare("SELECT rowid, bm25(clause_fts) AS bm FROM clause_fts WHERE clause_fts MATCH ? ORDER BY bm LIMIT ?").raw();
      const texts = db.prepare("SELECT content FROM clauses ORDER BY cid LIMIT 60").pluck().all() as string[];
      const tokens = new Set<string>(["合同", "应当", "zzzz", "不存"]);
      for (const t of texts) for (const m of t.matchAll(/[\u4e00-\u9fa5]{2}/g)) tokens.add(m[0]);
      let compared = 0;
      let tied = 0;
      for (const t of tokens) {
        for (const limit of [1000, 3]) {
          const want = sql.all(`"${t}"`, limit) as Array<[number, number]>;
          expect(fts5Bm25(db)!.rankPhrase(`"${t}"`, limit), t).toEqual(want);
          expect(ix.rankClauses(`"${t}"`, limit), t).toEqual(want);
          compared += want.length;
          if (want.some((r, i) => i > 0 && r[1] === want[i - 1]![1])) tied++;
        }
      }
      expect(compared).toBeGreaterThan(1000);
      expect(tied).toBeGreaterThan(10);
      // ORs of one-token phrases (a concept and its wordings, parts joined by OR), a phrase repeated among them
      const list = [...tokens];
      let ors = 0;
      for (let i = 0; i + 3 < Math.min(list.length, 90); i += 3) {
        const [a, b, c] = [list[i]!, list[i + 1]!, list[i + 2]!];
        for (const e of [`"${a}" OR "${b}"`, `("${a}" OR "${b}") OR "${c}"`, `("${a}" OR "${b}" OR "${c}")`, `"${a}" OR ("${a}" OR "${c}")`, `"合同" OR "${b}"`]) {
          for (const limit of [1000, 4]) {
            const want = sql.all(e, limit) as Array<[number, number]>;
            expect(ix.rankClauses(e, limit), e).toEqual(want);
            ors += want.length;
          }
        }
      }
      expect(ors).toBeGreaterThan(1000);
      // longer phrases, prefixes, AND of several groups and NOT are left to bm25()
      for (const e of ['"合同 同解 解除"', '"合"*', '"合同" AND "解除"', '("合同" OR "违约") AND "解除"', '"合同" NOT "解除"']) expect(fts5Bm25(db)!.rankPhrase(e, 10)).toBeNull();
    } finally {
      db.close();
    }
  });
});
