import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { buildTinyIndex } from "@/test/helpers/tiny-index";
import { compileFtsQuery, highlightTerms } from "./compile-fts-query";

describe("compileFtsQuery", () => {
  it("a multi-word term matches as the exact phrase or its jieba words in any order", () => {
    const q = compileFtsQuery(["合同解除"], "AND")!;
    expect(q.exact).toBe('"合同 同解 解除"');
    expect(q.full).toBe('("合同 同解 解除" OR ("合同" AND "解除"))');
    expect(q.expanded).toBe(true);
    expect(highlightTerms(q)).toEqual(["合同解除", "合同", "解除"]);
  });

  it("the expansion is symmetric: long dictionary words split into their search-mode sub-words", () => {
    expect(compileFtsQuery(["解除合同"], "AND")!.full).toBe('("解除 除合 合同" OR ("解除" AND "合同"))');
    expect(compileFtsQuery(["劳动合同"], "AND")!.full).toBe('("劳动 动合 合同" OR ("劳动" AND "合同"))');
  });

  it("a dictionary word stays one phrase; parts join with the mode", () => {
    const q = compileFtsQuery(["违约", "证券法"], "OR")!;
    expect(q.exact).toBe('"违约" OR "证券 券法"');
    expect(q.full).toBe(q.exact);
    expect(q.expanded).toBe(false);
  });

  it("normalises full-width, traditional and upper-case input", () => {
    expect(compileFtsQuery(["違約"], "AND")!.exact).toBe('"违约"');
    expect(compileFtsQuery(["ＧＢ"], "AND")!.exact).toBe('"gb"');
  });

  it("single-character jieba words are not used as alternatives", () => {
    const q = compileFtsQuery(["个人信息处理者"], "AND")!;
    expect(q.full).toBe('("个人 人信 信息 息处 处理 理者" OR ("个人" AND "信息" AND "处理"))');
    expect(q.full).not.toContain('"者"');
  });

  it("punctuation-only parts are dropped, and nothing at all gives null", () => {
    expect(compileFtsQuery(["!!!", "合同"], "AND")!.exact).toBe('"合同"');
    expect(compileFtsQuery(['"', "*", "^", "(", "NEAR("], "AND")!.exact).toBe('"near"');
    expect(compileFtsQuery(["（）", "——"], "OR")).toBeNull();
  });

  it("FTS5 syntax in the input is inert: column filters, NEAR, quotes, stars, carets", () => {
    for (const evil of ['tokens:合同', 'NEAR(合同 违约)', '"合同" OR *', '^合同', '合同" OR "1', "{tokens}:x", "a AND b"]) {
      const q = compileFtsQuery([evil], "AND")!;
      // the only quotes are ours, around bigram/word tokens
      expect(q.full).toMatch(/^[("][\u3400-\u9fffa-z0-9" ()ANDOR*]*$/u);
    }
  });

  it("every compiled query is valid FTS5 (property, over arbitrary and hostile strings)", () => {
    const db = buildTinyIndex();
    const st = db.sqlite.prepare("SELECT count(*) AS n FROM clause_fts WHERE clause_fts MATCH ?");
    const hostile = fc.constantFrom('"', "*", "^", ":", "(", ")", "NEAR", "AND", "OR", "NOT", "{", "}", "+", "-", "合同", "違約", "\\", "$", "[", "]", "\u3000", "ｓｅｃ");
    const part = fc.oneof(fc.string({ maxLength: 12 }), fc.array(hostile, { maxLength: 6 }).map((a) => a.join("")), fc.string({ unit: "binary", maxLength: 8 }));
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 5 }), fc.constantFrom("AND" as const, "OR" as const), (parts, mode) => {
        const q = compileFtsQuery(parts, mode);
        if (!q) return;
        expect(() => st.get(q.full)).not.toThrow();
        expect(() => st.get(`(${q.full}) NOT (${q.exact})`)).not.toThrow();
        expect(() => st.get(q.rest)).not.toThrow();
        if (q.relaxed) expect(() => st.get(q.relaxed!)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it("the second tier's expression is `(full) NOT (exact)`, or the words alone when exact is an OR of concepts", () => {
    const one = compileFtsQuery(["合同解除"], "AND")!;
    expect(one.rest).toBe('(("合同" AND "解除")) NOT ("合同 同解 解除")');
    const or = compileFtsQuery(["合同解除", "违约"], "OR")!;
    expect(or.rest).toBe('(("合同" AND "解除")) NOT ("合同 同解 解除" OR "违约")');
    const and = compileFtsQuery(["合同解除", "违约"], "AND")!;
    expect(and.rest).toBe(`(${and.full}) NOT (${and.exact})`);
  });

  it("the second tier's expression selects and scores exactly as (full) NOT (exact) (property, same rows, same bm25, same order)", () => {
    const db = buildTinyIndex();
    const rank = db.sqlite.prepare("SELECT rowid, bm25(clause_fts) AS bm FROM clause_fts WHERE clause_fts MATCH ? ORDER BY bm").raw();
    const term = fc.constantFrom("合同解除", "解除合同", "劳动合同", "个人信息处理者", "违约金", "过高", "违约", "合同", "解除", "赔偿损失", "用人单位", "经济补偿", "试用期");
    let compared = 0;
    fc.assert(
      fc.property(fc.array(term, { minLength: 1, maxLength: 3 }), fc.constantFrom("AND" as const, "OR" as const), (parts, mode) => {
        const q = compileFtsQuery(parts, mode)!;
        const before = rank.all(`(${q.full}) NOT (${q.exact})`);
        expect(rank.all(q.rest)).toEqual(before);
        if (before.length) compared++;
      }),
      { numRuns: 300 },
    );
    expect(compared).toBeGreaterThan(10);
  });

  it.each([
    // [parts, relaxed expression]
    [["小区车位", "归属"], '("小区 区车 车位" OR "车位" OR "小区") AND "归属"'],
    [["日常家事代理"], '("日常 常家 家事 事代 代理" OR ("家事" AND "代理") OR ("日常" AND "代理") OR ("日常" AND "家事"))'],
    // a lone two-word part keeps both words (one of them alone would match nearly anything)
    [["整治条例"], '("整治 治条 条例" OR ("整治" AND "条例"))'],
  ] as const)("the relaxed expression of %j lets a part match all but one of its words", (parts, relaxed) => {
    expect(compileFtsQuery([...parts], "AND")!.relaxed).toBe(relaxed);
  });

  it("no relaxed expression under OR or without words", () => {
    expect(compileFtsQuery(["小区车位", "归属"], "OR")!.relaxed).toBeNull();
    expect(compileFtsQuery(["违约", "证券法"], "AND")!.relaxed).toBeNull();
  });

  it.each([
    ["七天无理由退货", ["七天", "理由", "退货"], ["七日", "7天", "7日"]],
    ["7天无理由退货", ["七天", "理由", "退货"], ["七日", "7天", "7日"]],
  ])("numbers as a statute writes them: %s", (part, words, firstWordings) => {
    const q = compileFtsQuery([part], "AND")!;
    expect(q.parts[0]!.words).toEqual(words);
    expect(q.parts[0]!.wordSynonyms[0]).toEqual(firstWordings);
    expect(highlightTerms(q)).toContain("七日");
  });
});
