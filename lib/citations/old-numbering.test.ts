/**
 * Old numbering against wrong numbers (judge-citations.ts): a draft dated before a revision whose
 * version the index lacks may use the old numbers — unless the article holding its quote is too far
 * from the cited number for any revision to have moved it (mayBeOldNumber, measured on the index's
 * own version pairs). Table-driven: the range, then quotes through the pipeline over the slice
 * index (公司法 2018 and 2023 only; a draft of 2010 read the 2005 text).
 */
import { describe, expect, it } from "vitest";
import { checkDraft } from "./check-draft";
import { mayBeOldNumber, mayBeReadoptedNumber, OLD_NUMBER_RANGE, READOPTION_SHIFT, REVISED_SIMILARITY, RENUMBER_SIMILARITY } from "./judge-citations";
import { citationStore } from "./store-port";

describe("mayBeOldNumber: could an article now numbered M have been numbered N before a revision?", () => {
  const rows: { cited: string; now: string; want: boolean; why: string }[] = [
    { cited: "35", now: "34", want: true, why: "one article deleted before it (公司法 2013)" },
    { cited: "112", now: "115", want: true, why: "three inserted (民事诉讼法 2012)" },
    { cited: "96", now: "147", want: true, why: "a thorough revision (食品安全法 2015: 104 → 154 articles)" },
    { cited: "215", now: "246", want: true, why: "民事诉讼法 2012" },
    { cited: "58", now: "54", want: true, why: "four deleted (地方性法规, measured)" },
    { cited: "282", now: "115", want: false, why: "more than twice the number" },
    { cited: "48", now: "246", want: false, why: "under half the number" },
    { cited: "20", now: "147", want: false, why: "under half the number" },
    { cited: "89", now: "73", want: false, why: "beyond 1.1 × M + 5" },
    { cited: "6", now: "11", want: true, why: "small numbers: within the slack" },
    { cited: "263-1", now: "263", want: true, why: "之一 articles by their base number" },
  ];
  it.each(rows)("$cited → $now: $want ($why)", ({ cited, now, want }) => {
    expect(mayBeOldNumber(cited, now)).toBe(want);
  });
  it("the range is generous on both sides", () => {
    expect(OLD_NUMBER_RANGE.low).toBeLessThanOrEqual(0.5);
    expect(OLD_NUMBER_RANGE.high).toBeGreaterThanOrEqual(1.1);
    expect(REVISED_SIMILARITY).toBeLessThan(RENUMBER_SIMILARITY);
  });
});

const A34 = "股东按照实缴的出资比例分取红利；公司新增资本时，股东有权优先按照实缴的出资比例认缴出资。但是，全体股东约定不按照出资比例分取红利或者不按照出资比例优先认缴出资的除外。";

describe("old numbering through the pipeline (公司法, a draft of 2010)", () => {
  const rows: { name: string; text: string; date: string; verdict: string; wrong?: string | null; says?: string }[] = [
    { name: "a quote at a number a revision could have moved it from: 无法判断 (the existing caveat)", text: `《中华人民共和国公司法》第三十五条规定：“${A34}”`, date: "2010-05-01", verdict: "无法判断", wrong: "34", says: "条文序号可能已变动" },
    { name: "a quote at a number no revision could have moved it from: 不一致 naming the article", text: `《中华人民共和国公司法》第一百零二条规定：“${A34}”`, date: "2010-05-01", verdict: "不一致", wrong: "34", says: "相距过远" },
    { name: "far below: 不一致 too", text: `《中华人民共和国公司法》第八条规定：“${A34}”`, date: "2010-05-01", verdict: "不一致", wrong: "34", says: "不似修订造成的序号变动" },
    { name: "pasted text at a far number", text: `《中华人民共和国公司法》第一百零二条规定，${A34}`, date: "2010-05-01", verdict: "不一致", wrong: "34", says: "所附条文" },
    { name: "revised wording at a far number: the article holding most of it is named", text: "《中华人民共和国公司法》第一百零二条规定：“股东按照实缴的出资比例分取红利；公司新增资本时，股东可以优先按照实缴的出资比例认缴出资。”", date: "2010-05-01", verdict: "不一致", wrong: "34", says: "文字有出入" },
    { name: "revised wording at a near number stays 无法判断", text: "《中华人民共和国公司法》第三十五条规定：“股东按照实缴的出资比例分取红利；公司新增资本时，股东可以优先按照实缴的出资比例认缴出资。”", date: "2010-05-01", verdict: "无法判断" },
    { name: "an application nearly all held (≥ SUPPORT_ACROSS_REVISIONS) by an article far from the cited number: 不一致", text: "原告作为股东，依照《中华人民共和国公司法》第一百零二条，在公司新增资本时有权优先按照实缴的出资比例认缴出资。", date: "2010-05-01", verdict: "不一致", wrong: "34", says: "援引句所述内容" },
    { name: "the same application at a near number stays 无法判断", text: "原告作为股东，依照《中华人民共和国公司法》第三十五条，在公司新增资本时有权优先按照实缴的出资比例认缴出资。", date: "2010-05-01", verdict: "无法判断", wrong: "34", says: "条文序号可能已变动" },
    { name: "a correct quote is never touched", text: `《中华人民共和国公司法》第三十四条规定：“${A34}”`, date: "2010-05-01", verdict: "一致" },
    { name: "another law's words (刑法 正当防卫) under the 公司法's name: no revision moves them there, 不一致 naming that law", text: "《中华人民共和国公司法》第二十条第二款规定：“正当防卫明显超过必要限度造成重大损害的，应当负刑事责任，但是应当减轻或者免除处罚。”", date: "2010-05-01", verdict: "不一致", wrong: "20", says: "而与《中华人民共和国刑法》第二十条一致（相似度 1），两者规范的并非同一事项" },
  ];
  it.each(rows)("$name", async (row) => {
    const r = await checkDraft(row.text, { store: citationStore(), requestId: "old", referenceDate: row.date });
    const e = r.regulations[0]!;
    expect(e.match_status).toBe("found");
    expect(e.semantic_compare.结论, e.semantic_compare.说明).toBe(row.verdict);
    if (row.wrong !== undefined) expect(e.wrong_clause?.tid ?? null).toBe(row.wrong);
    if (row.says) expect(e.semantic_compare.说明).toContain(row.says);
  });
});

describe("a number the version lacks, under old numbering (clause_missing)", () => {
  const rows: { name: string; text: string; says: string; wrong: string }[] = [
    { name: "near the article holding the quote: maybe the old number", text: "《中华人民共和国公司法》第二百二十条规定：“外商投资的有限责任公司和股份有限公司适用本法；有关外商投资的法律另有规定的，适用其规定。”", says: "条文序号可能已变动", wrong: "217" },
    { name: "far from it: a wrong number", text: `《中华人民共和国公司法》第三百条规定：“${A34}”`, says: "疑似条号错误", wrong: "34" },
  ];
  it.each(rows)("$name", async (row) => {
    const r = await checkDraft(row.text, { store: citationStore(), requestId: "old", referenceDate: "2010-05-01" });
    const e = r.regulations[0]!;
    expect(e.match_status).toBe("clause_missing");
    expect(e.semantic_compare.说明).toContain(row.says);
    expect(e.wrong_clause?.tid).toBe(row.wrong);
  });
});

describe("mayBeReadoptedNumber: a re-adoption deletes articles, so the old number is a little above the new one", () => {
  const rows: { cited: string; now: string; want: boolean }[] = [
    { cited: "23", now: "21", want: true },
    { cited: "15", now: "12", want: true },
    { cited: "16", now: "16", want: false },
    { cited: "12", now: "14", want: false },
    { cited: "30", now: "14", want: false },
    { cited: "25-1", now: "21", want: true },
  ];
  it.each(rows)("$cited → $now: $want", ({ cited, now, want }) => {
    expect(mayBeReadoptedNumber(cited, now)).toBe(want);
    expect(READOPTION_SHIFT).toBeGreaterThanOrEqual(3);
  });
});

// 民间借贷规定 (slice: the 2020-12-29 text only; its header shows re-adoptions on 2020-08-18 and 2020-12-23, no 修正 line)
const LOAN = (n: string) => `本案中，原告以借据为依据提起民间借贷诉讼，被告依据基础法律关系提出抗辩，并提供证据证明债权纠纷非民间借贷行为引起，依照《最高人民法院关于审理民间借贷案件适用法律若干问题的规定》${n}，本院按照基础法律关系审理。`;

describe("a restatement under a re-adopted version (民间借贷规定, words of 第十四条)", () => {
  const rows: { name: string; text: string; date: string; verdict: string; says: string }[] = [
    { name: "a draft of 2019 citing a number a little above: maybe the old number (无法判断, where the content is now)", text: LOAN("第十六条"), date: "2019-05-01", verdict: "无法判断", says: "条文序号可能已变动，无法按文书日期核对第十六条；现行版本该内容在第十四条" },
    { name: "a draft of 2019 citing a number below it: a re-adoption deletes, so a wrong number", text: LOAN("第十二条"), date: "2019-05-01", verdict: "不一致", says: "该法规第十四条" },
    { name: "a draft of 2023 (the version judged was in force): a wrong number", text: LOAN("第十六条"), date: "2023-05-01", verdict: "不一致", says: "该法规第十四条" },
  ];
  it.each(rows)("$name", async (row) => {
    const r = await checkDraft(row.text, { store: citationStore(), requestId: "readopted", referenceDate: row.date });
    const e = r.regulations[0]!;
    expect(e.match_status).toBe("found");
    expect(e.semantic_compare.结论, e.semantic_compare.说明).toBe(row.verdict);
    expect(e.semantic_compare.说明).toContain(row.says);
    expect(e.wrong_clause?.tid).toBe("14");
  });
});
