/**
 * The keyword search's legal dictionary (legal-words.ts, keyword-segmenter.ts): words the index
 * teaches, and the word-boundary check and any-order words that use them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { buildTinyIndex, tinyLaw, type TinyIndex } from "@/test/helpers/tiny-index";
import { definedTerms, headingWords, legalWords } from "./legal-words";
import { keywordJieba, setLegalWords } from "./keyword-segmenter";
import { useIndexConcepts } from "./index-concepts";
import { crossesWordEnd } from "./word-boundary";
import { searchClauses } from "./search-clauses";
import { getJieba, jiebaCut } from "@/lib/text/segmenter";
import type { KeywordRequest } from "./types";

describe("definedTerms: what a statute's sentence names", () => {
  it.each([
    ["本法所称商品房预售，是指房地产开发企业将正在建设中的房屋预先出售给买受人。", ["商品房预售"]],
    ["无固定期限劳动合同，是指用人单位与劳动者约定无确定终止时间的劳动合同。", ["无固定期限劳动合同"]],
    ["前款所称恶意透支，是指持卡人以非法占有为目的。", ["恶意透支"]],
    ["不能完全辨认自己行为的成年人为限制民事行为能力人，实施民事法律行为由其法定代理人代理。", []],
    ["八周岁以上的未成年人，为限制民事行为能力人；", ["限制民事行为能力人"]],
    ["国务院证券监督管理机构（以下简称证监会）依法履行职责。", ["证监会"]],
    ["共有包括按份共有和共同共有。", ["共有", "按份共有", "共同共有"]],
    ["赔偿费用包括医疗费、护理费、交通费等为治疗和康复支出的合理费用。", []],
    ["当事人对合同条款的理解有争议的，应当按照所使用的词句确定。", []],
    ["当事人为自然人的，是指其住所地。", []],
  ])("%s → %j", (text, want) => {
    expect(definedTerms(text)).toEqual(want);
  });
});

describe("headingWords: the subjects a heading names", () => {
  it.each([
    ["第七节 假释", ["假释"]],
    ["第四节 宣告失踪和宣告死亡", ["宣告失踪", "宣告死亡"]],
    ["第三节 自首和立功", ["自首", "立功"]],
    ["第二章 保险合同", ["保险合同"]],
    ["第一章 总则", ["总则"]],
    ["附则", ["附则"]],
    ["第三节 分支机构的设立", []], // a phrase, not a word
    ["第二节 罚款数额三万元以上", []],
  ])("%s → %j", (heading, want) => {
    expect(headingWords(heading)).toEqual(want);
  });
});

let ix: TinyIndex;
beforeAll(() => {
  ix = buildTinyIndex([
    tinyLaw("mfd", "中华人民共和国民法典", "法律", [
      ["297", "第二百九十七条", "不动产或者动产可以由两个以上组织、个人共有。共有包括按份共有和共同共有。", "第二编 物权 / 第八章 共有"],
      ["298", "第二百九十八条", "按份共有人对共有的不动产或者动产按照其份额享有所有权。", "第二编 物权 / 第八章 共有"],
      ["305", "第三百零五条", "按份共有人可以转让其享有的共有的不动产或者动产份额。其他共有人在同等条件下享有优先购买的权利。", "第二编 物权 / 第八章 共有"],
    ]),
    tinyLaw("xf", "中华人民共和国刑法", "法律", [["81", "第八十一条", "被判处有期徒刑的犯罪分子，执行原判刑期二分之一以上，可以假释。", "第一编 总则 / 第四章 刑罚的具体运用 / 第七节 假释"]]),
    // a local regulation and a superseded version teach nothing
    { ...tinyLaw("zz", "某市房屋登记条例", "地方性法规", [["8", "第八条", "本条例所称房屋附属设施，是指与房屋相连的设施。"]]), dy: "河南" },
    tinyLaw("old", "中华人民共和国物权法", "法律", [["93", "第九十三条", "本法所称旧时共有，是指旧的共有。"]], "已废止"),
  ]);
});

const req = (parts: string[]): KeywordRequest => ({ parts, mode: "AND", filters: {}, topK: 10 });

describe("legalWords: the dictionary an index teaches", () => {
  it("takes the current national texts' definitions and headings, not a local regulation's or a repealed law's", () => {
    const words = legalWords(ix, []);
    expect(words).toEqual(expect.arrayContaining(["按份共有", "共同共有", "假释"]));
    expect(words).not.toContain("房屋附属设施");
    expect(words).not.toContain("旧时共有");
  });

  it("a match jieba's default dictionary ran into a longer word now counts (按份共有 in 按份共有人, default 按|份|共|有人)", () => {
    const text = "按份共有人对共有的不动产或者动产按照其份额享有所有权。";
    expect(jiebaCut("按份共有人对")).toEqual(["按", "份", "共", "有人", "对"]);
    useIndexConcepts(ix);
    expect(keywordJieba().cut("按份共有人对", false)).toEqual(["按份共有", "人", "对"]);
    expect(crossesWordEnd(text, 0, 4)).toBe(false);
    const ids = searchClauses(ix, req(["按份共有"])).map((h) => h.id);
    expect(ids).toEqual(expect.arrayContaining(["mfd_297", "mfd_298", "mfd_305"]));
  });

  it("leaves the shared default segmenter (semantic search, citation check) as it was", () => {
    useIndexConcepts(ix);
    expect(keywordJieba()).not.toBe(getJieba());
    expect(jiebaCut("按份共有人")).toEqual(["按", "份", "共", "有人"]);
  });

  it("KEYWORD_LEGAL_DICT=0 segments with the default dictionary only", () => {
    process.env.KEYWORD_LEGAL_DICT = "0";
    try {
      setLegalWords(legalWords(ix, []));
      expect(keywordJieba()).toBe(getJieba());
    } finally {
      delete process.env.KEYWORD_LEGAL_DICT;
      setLegalWords(legalWords(ix, []));
    }
    expect(keywordJieba()).not.toBe(getJieba());
  });
});
