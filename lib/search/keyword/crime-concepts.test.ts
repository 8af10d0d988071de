/**
 * Crime names as keyword concepts (crime-concepts.ts) and the chapter/section opener term of the
 * lawyer's ranking (lawyer-rank.ts OPENS_HEADING), on hand-made indexes whose expectations can be
 * read off the fixture (the texts are the real articles' wording).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { buildTinyIndex, tinyLaw, type TinyIndex } from "@/test/helpers/tiny-index";
import { actWording, crimeConcepts } from "./crime-concepts";
import { useIndexConcepts } from "./index-concepts";
import { searchClauses } from "./search-clauses";
import { headingSubject, headingSubjects, lastHeading } from "./lawyer-rank";
import { searchRegulations } from "./search-regulations";
import { compileFtsQuery, highlightTerms } from "./compile-fts-query";
import type { KeywordRequest } from "./types";

const A271 = "公司、企业或者其他单位的工作人员，利用职务上的便利，将本单位财物非法占为己有，数额较大的，处三年以下有期徒刑或者拘役，并处罚金。";
const A264 = "盗窃公私财物，数额较大的，或者多次盗窃、入户盗窃、携带凶器盗窃、扒窃的，处三年以下有期徒刑、拘役或者管制，并处或者单处罚金。";
const A2872 = "明知他人利用信息网络实施犯罪，为其犯罪提供互联网接入、服务器托管、网络存储、通讯传输等技术支持，或者提供广告推广、支付结算等帮助，情节严重的，处三年以下有期徒刑或者拘役，并处或者单处罚金。";

describe("actWording", () => {
  it.each([
    ["the stretch sharing most with the name", A271, "职务侵占", "利用职务上的便利"],
    ["stock phrases (数额较大, 情节严重) never", A2872, "帮助信息网络犯罪活动", "明知他人利用信息网络实施犯罪"],
    ["half-width punctuation (normalised text)", A271.replace(/，/g, ","), "职务侵占罪", "利用职务上的便利"],
    ["the 款 sharing most with the name", `${A264}\n以暴力相威胁的，依照前款的规定处罚。`, "盗窃公私财物", "盗窃公私财物"],
    ["nothing usable", "情节严重的，处三年以下有期徒刑。", "某某罪", null],
  ])("%s", (_what, article, name, want) => expect(actWording(article, name)).toBe(want));
});

const reg = tinyLaw;

const CRIMINAL_LAW = reg("xf", "中华人民共和国刑法", "法律", [
  ["81", "第八十一条", "被判处有期徒刑的犯罪分子，执行原判刑期二分之一以上，如果认真遵守监规，没有再犯罪的危险的，可以假释。", "第一编 总则 / 第四章 刑罚的具体运用 / 第七节 假释"],
  ["82", "第八十二条", "对于犯罪分子的假释，依照本法第七十九条规定的程序进行。非经法定程序不得假释。假释的考验期限，为没有执行完毕的刑期。", "第一编 总则 / 第四章 刑罚的具体运用 / 第七节 假释"],
  ["264", "第二百六十四条", A264, "第二编 分则 / 第五章 侵犯财产罪"],
  ["271", "第二百七十一条", A271, "第二编 分则 / 第五章 侵犯财产罪"],
  ["287-2", "第二百八十七条之二", A2872, "第二编 分则 / 第六章 妨害社会管理秩序罪"],
]);
const OLD_CRIMINAL_LAW = reg("xf1997", "中华人民共和国刑法", "法律", [["271", "第二百七十一条", A271, "第二编 分则 / 第五章 侵犯财产罪"]], "已被修改");
const CRIME_LIST = reg("zmyj", "最高人民检察院关于适用刑法分则规定的犯罪的罪名的意见", "司法解释", [
  ["1", "第一条", "1．盗窃罪（第264条） 2．职务侵占罪（第271条第1款） 3．帮助信息网络犯罪活动罪（第287条之二）"],
]);
const INTERPRETATION = reg("sfjs", "最高人民法院关于办理职务侵占刑事案件适用法律若干问题的解释", "司法解释", [
  ["1", "第一条", "职务侵占罪中的“数额较大”，职务侵占罪的追诉标准，依照职务侵占罪的有关规定执行。"],
  ["2", "第二条", "对职务侵占罪的犯罪分子，可以并处罚金。"],
  ["3", "第三条", "为他人实施电信网络诈骗提供支付结算帮助的，以帮助信息网络犯罪活动罪论处。"],
]);

const req = (parts: string[]): KeywordRequest => ({ parts, mode: "AND", filters: {}, topK: 10 });
const ids = (xs: { id: string }[]) => xs.map((x) => x.id);
const idsOf = (ix: TinyIndex, cids: Iterable<number>) => [...cids].map((cid) => ix.clauseRow(cid)!.id).sort();

let withList: TinyIndex;
let withoutList: TinyIndex;
beforeAll(() => {
  withList = buildTinyIndex([CRIMINAL_LAW, OLD_CRIMINAL_LAW, CRIME_LIST, INTERPRETATION]);
  withoutList = buildTinyIndex([CRIMINAL_LAW, INTERPRETATION]);
});

describe("crimeConcepts", () => {
  it("each listed crime, with and without 罪, names its 分则 article in every 刑法 version", () => {
    const m = crimeConcepts(withList);
    expect(idsOf(withList, m.get("职务侵占罪")!.articles)).toEqual(["xf1997_271", "xf_271"]);
    expect(m.get("职务侵占")!.terms).toEqual(["利用职务上的便利"]);
    expect(idsOf(withList, m.get("帮助信息网络犯罪活动罪")!.articles)).toEqual(["xf_287-2"]);
  });
  it("no wording where the article already holds the name (盗窃), but the article still defines it", () => {
    const m = crimeConcepts(withList);
    expect(m.get("盗窃")!.terms).toEqual([]);
    expect(idsOf(withList, m.get("盗窃")!.articles)).toEqual(["xf_264"]);
  });
  it("none without a 罪名 list in the index", () => {
    expect(crimeConcepts(withoutList).size).toBe(0);
  });
});

describe("crime names in the keyword searches", () => {
  it("the defining 刑法 article first, above the interpretation that repeats the name, with and without 罪", () => {
    expect(ids(searchClauses(withList, req(["职务侵占"])))[0]).toBe("xf_271");
    expect(ids(searchClauses(withList, req(["职务侵占罪"])))[0]).toBe("xf_271");
    expect(ids(searchClauses(withList, req(["职务侵占罪"])))).toContain("sfjs_1");
  });
  it("the highlighting shows the wording that matched", () => {
    useIndexConcepts(withList);
    const q = compileFtsQuery(["帮助信息网络犯罪活动"], "AND")!;
    expect(highlightTerms(q)).toContain("明知他人利用信息网络实施犯罪");
  });
  it("another index handle has its own concepts: without a list the name has no concept wording", () => {
    const q = req(["帮助信息网络犯罪活动罪"]);
    const withConcept = searchClauses(withList, q);
    expect(ids(withConcept)[0]).toBe("xf_287-2");
    useIndexConcepts(withoutList);
    expect(highlightTerms(compileFtsQuery(["帮助信息网络犯罪活动罪"], "AND")!)).not.toContain("明知他人利用信息网络实施犯罪");
    // the interpretation holds the name literally; no 法律 article does, so the 刑法 article joins
    // as a relaxed candidate (all but one of the name's words: 帮助, 信息网络, 犯罪), at a lower score
    // than through the crime's concept
    const literal = searchClauses(withoutList, q);
    expect(ids(literal)).toEqual(["xf_287-2", "sfjs_3"]);
    expect(literal[0]!._score).toBeLessThan(withConcept[0]!._score);
    expect(ids(searchClauses(withList, q))[0]).toBe("xf_287-2");
  });
  it("the 法规 tab finds the 刑法 through the crime's concept", () => {
    expect(searchRegulations(withList, req(["帮助信息网络犯罪活动罪"]), { securitiesOnly: false }).map((r) => r.fgmc)).toContain("中华人民共和国刑法");
  });
});

const CIVIL_CODE = reg("mfd", "中华人民共和国民法典", "法律", [
  ["40", "第四十条", "自然人下落不明满二年的，利害关系人可以向人民法院申请宣告该自然人为失踪人。", "第一编 总则 / 第二章 自然人 / 第四节 宣告失踪和宣告死亡"],
  ["46", "第四十六条", "自然人有下列情形之一的，利害关系人可以向人民法院申请宣告该自然人死亡：（一）下落不明满四年；（二）因意外事件，下落不明满二年。因意外事件下落不明，经有关机关证明该自然人不可能生存的，申请宣告死亡不受二年时间的限制。", "第一编 总则 / 第二章 自然人 / 第四节 宣告失踪和宣告死亡"],
  ["50", "第五十条", "被宣告死亡的人重新出现，经本人或者利害关系人申请，人民法院应当撤销死亡宣告。", "第一编 总则 / 第二章 自然人 / 第四节 宣告失踪和宣告死亡"],
]);
const PROCEDURE = reg("mss", "中华人民共和国民事诉讼法", "法律", [
  ["190", "第一百九十条", "公民下落不明满二年，利害关系人申请宣告其失踪的，向下落不明人住所地基层人民法院提出。申请宣告失踪，应当写明失踪的事实。", "第十五章 特别程序 / 第三节 宣告失踪、宣告死亡案件"],
]);
const SURRENDER = reg("xf2", "中华人民共和国刑法修正案", "法律", [
  ["67", "第六十七条", "犯罪以后自动投案，如实供述自己的罪行的，是自首。", "第四章 刑罚的具体运用 / 第三节 自首和立功"],
  ["68", "第六十八条", "犯罪分子有揭发他人犯罪行为，查证属实的，或者提供重要线索，从而得以侦破其他案件等立功表现的，可以从轻或者减轻处罚。", "第四章 刑罚的具体运用 / 第三节 自首和立功"],
]);

describe("headingSubject, lastHeading", () => {
  it.each([
    ["第一编 总则 / 第二章 自然人 / 第四节 宣告失踪和宣告死亡", "第四节 宣告失踪和宣告死亡", "宣告失踪和宣告死亡"],
    ["第二十八章 无因管理", "第二十八章 无因管理", "无因管理"],
    ["第三分编 准合同 / 第二十八章 无因管理", "第二十八章 无因管理", "无因管理"],
  ])("%s", (chapter, last, subject) => {
    expect(lastHeading(chapter)).toBe(last);
    expect(headingSubject(last)).toBe(subject);
  });
});

describe("headingSubjects: the subjects a heading lists", () => {
  it.each([
    ["第四节 宣告失踪和宣告死亡", ["宣告失踪", "宣告死亡"]],
    ["第三节 宣告失踪、宣告死亡案件", ["宣告失踪", "宣告死亡案件"]],
    ["第一节 一般抵押权", ["一般抵押权"]],
    ["第三节 自首和立功", ["自首", "立功"]],
  ])("%s", (heading, want) => expect(headingSubjects(heading)).toEqual(want));
});

describe("an article whose section heading begins with the term is a candidate, though its text lacks it", () => {
  let ix: TinyIndex;
  beforeAll(() => {
    ix = buildTinyIndex([CIVIL_CODE, PROCEDURE, SURRENDER]);
  });
  it("宣告失踪: 民法典 第四十条 (opens 第四节 宣告失踪和宣告死亡) above the procedure that says 宣告失踪 twice", () => {
    expect(ids(searchClauses(ix, req(["宣告失踪"])))[0]).toBe("mfd_40");
  });
  it("宣告死亡: 第四十六条, the section's first article to hold it, above 第五十条, a shorter text that holds it", () => {
    expect(ids(searchClauses(ix, req(["宣告死亡"]))).slice(0, 2)).toEqual(["mfd_46", "mfd_50"]);
  });
  it("only the heading's first subject: 宣告死亡 does not take in 第四十条, 立功 does not put 第六十七条 first", () => {
    expect(ids(searchClauses(ix, req(["宣告死亡"])))).not.toContain("mfd_40");
    expect(ids(searchClauses(ix, req(["立功"])))[0]).toBe("xf2_68");
  });
});

describe("an article that opens the section its heading names", () => {
  it("假释: 第八十一条 (opens 第七节 假释) above 第八十二条, which says 假释 more often", () => {
    const hits = ids(searchClauses(withList, req(["假释"])));
    expect(hits.slice(0, 2)).toEqual(["xf_81", "xf_82"]);
  });
});
