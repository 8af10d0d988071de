import { describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { execFileSync } from "node:child_process";
import { clauseBm25 } from "./clause-bm25";
import { sqliteKeywordIndex } from "./keyword-index";

/** Whether this machine has a C compiler (the extension's only requirement beyond better-sqlite3's headers). */
function hasCompiler(): boolean {
  try {
    execFileSync(process.env.CC || "cc", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/**
 * Expressions of every shape the keyword search compiles (compile-fts-query.ts: phrases of one or
 * more bigrams, prefixes, concepts as OR groups, AND / OR of parts, the words tier's NOT, the
 * relaxed expression's nested groups), over tokens taken from the index's own clauses.
 */
function expressions(db: Database.Database): string[] {
  const texts = db.prepare("SELECT content FROM clauses ORDER BY cid LIMIT 40").pluck().all() as string[];
  const runs: string[] = [];
  for (const t of texts) for (const m of t.matchAll(/[\u4e00-\u9fa5]{2,5}/g)) runs.push(m[0]);
  const phrase = (s: string) => `"${Array.from({ length: s.length - 1 }, (_v, i) => s.slice(i, i + 2)).join(" ")}"`;
  const out = new Set<string>(['"合同"', '"应当"', '"合同 同解 解除"', '"级以 以上"', '"zzzz"', '"合"*', '"委员 员会"', '"有关"']);
  for (let i = 0; i + 2 < Math.min(runs.length, 120); i += 3) {
    const [a, b, c] = [phrase(runs[i]!), phrase(runs[i + 1]!), phrase(runs[i + 2]!)];
    out.add(a);
    out.add(`${a} AND ${b}`);
    out.add(`${a} OR ${b}`);
    out.add(`(${a} OR ${c}) AND ${b}`);
    out.add(`(${a} OR (${b} AND ${c})) NOT ${c}`);
    out.add(`((${b} AND ${c}) OR ${a}) NOT (${a} OR "合同")`);
    out.add(`${a} OR "${runs[i]![0]}"*`);
  }
  return [...out];
}

describe("clause_bm25 (the native bm25 of clause_fts: sizes and phrase counts from memory)", () => {
  it("ranks every compiled shape exactly as bm25(clause_fts): the same rows, doubles and order, ties included, with and without filters", () => {
    if (!hasCompiler()) {
      console.warn("no C compiler: clause_bm25 not built, bm25() ranks (nothing to compare)");
      return;
    }
    const db = new Database(process.env.INDEX_PATH!, { readonly: true });
    const plain = new Database(process.env.INDEX_PATH!, { readonly: true });
    try {
      const native = clauseBm25(db);
      expect(native).not.toBeNull();
      expect(native!.score('"合"*')).toBe("clause_bm25(clause_fts, 0)"); // a prefix's count is not kept
      expect(native!.score('"合同"')).toBe("clause_bm25(clause_fts, 1)");
      expect(native!.gated('"合同"')).toBe("clause_bm25(clause_fts, 1, @limit)");
      const ix = sqliteKeywordIndex(db);
      const want = plain.prepare("SELECT rowid, bm25(clause_fts) AS bm FROM clause_fts WHERE clause_fts MATCH ? ORDER BY bm LIMIT ?").raw();
      const exprs = expressions(db);
      let rows = 0;
      let tied = 0;
      // twice: the second pass takes the phrases' row counts from the connection's table
      for (const pass of [1, 2]) {
        for (const e of exprs) {
          for (const limit of [1001, 5]) {
            const w = want.all(e, limit) as Array<[number, number]>;
            expect(ix.rankClauses(e, limit), `${e} (pass ${pass})`).toEqual(w);
            rows += w.length;
            if (w.some((r, i) => i > 0 && r[1] === w[i - 1]![1])) tied++;
          }
        }
      }
      expect(rows).toBeGreaterThan(5000);
      expect(tied).toBeGreaterThan(10);
      // with filters (the SQL join): the same as bm25() with the same join
      const plainIx = sqliteKeywordIndex(plain);
      process.env.KEYWORD_NATIVE_BM25 = "0";
      const base = exprs.slice(0, 40).map((e) => plainIx.rankClauses(e, 50, { sxx: ["现行有效"] }));
      delete process.env.KEYWORD_NATIVE_BM25;
      exprs.slice(0, 40).forEach((e, i) => expect(ix.rankClauses(e, 50, { sxx: ["现行有效"] }), e).toEqual(base[i]));
    } finally {
      delete process.env.KEYWORD_NATIVE_BM25;
      db.close();
      plain.close();
    }
  });

  it("on another FTS5 table (other row sizes) asks FTS5 for the sizes: the same values as bm25()", () => {
    if (!hasCompiler()) return;
    const db = new Database(":memory:");
    try {
      db.exec("CREATE VIRTUAL TABLE clause_fts USING fts5(tokens); CREATE VIRTUAL TABLE other_fts USING fts5(tokens);");
      const ins = db.prepare("INSERT INTO clause_fts (rowid, tokens) VALUES (?, ?)");
      const other = db.prepare("INSERT INTO other_fts (rowid, tokens) VALUES (?, ?)");
      const docs = ["合同 同解 解除", "合同 违约", "违约 责任 合同 合同", "解除 合同", "应当 合同 同解 解除 合同"];
      docs.forEach((d, i) => {
        ins.run(i + 1, d);
        other.run(i + 1, `${d} ${"填充 ".repeat(i * 3)}`);
      });
      expect(clauseBm25(db)).not.toBeNull();
      for (const [table, e] of [["clause_fts", '"合同"'], ["other_fts", '"合同"'], ["other_fts", '"合同 同解" OR "违约"'], ["clause_fts", '"合同" AND "解除"']] as const) {
        const w = db.prepare(`SELECT rowid, bm25(${table}) FROM ${table} WHERE ${table} MATCH ? ORDER BY 2`).raw().all(e);
        const got = db.prepare(`SELECT rowid, clause_bm25(${table}, 1) FROM ${table} WHERE ${table} MATCH ? ORDER BY 2`).raw().all(e);
        expect(got, `${table} ${e}`).toEqual(w);
      }
    } finally {
      db.close();
    }
  });

  it("is off with KEYWORD_NATIVE_BM25=0 (rankClauses then asks bm25())", () => {
    process.env.KEYWORD_NATIVE_BM25 = "0";
    try {
      expect(clauseBm25(new Database(":memory:"))).toBeNull();
    } finally {
      delete process.env.KEYWORD_NATIVE_BM25;
    }
  });
});
