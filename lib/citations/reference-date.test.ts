/** The reference date step: which date a check judges versions against, and why (table-driven). */
import { describe, expect, it } from "vitest";
import { findDocumentDate, findFilingDate, findOwnCaseYear, isProceduralLaw, proceduralDate, referenceDate, todayInChina } from "./reference-date";

const TODAY = "2026-11-23";

describe("referenceDate", () => {
  const cases: { name: string; text: string; requested?: string; date: string; basis: string; evidence?: string }[] = [
    { name: "the request wins over everything", text: "2020年1月1日", requested: "2019-05-05", date: "2019-05-05", basis: "request" },
    { name: "a date alone on the last line is the 落款", text: "依据《民事诉讼法》第一百二十二条起诉。\n2024年5月20日", date: "2024-05-20", basis: "document_date", evidence: "2024年5月20日" },
    { name: "a contract date inside the brief is a fact, not the brief's date", text: "双方于2022年3月15日签订合同。", date: TODAY, basis: "today" },
    { name: "the contract date and the 落款: the 落款", text: "双方于2022年3月15日签订合同。\n\n二〇二四年五月二十日", date: "2024-05-20", basis: "document_date" },
    { name: "日期： introduces the date", text: "日期：2023年7月1日\n正文", date: "2023-07-01", basis: "document_date" },
    { name: "本判决于…作出", text: "本判决于2021年6月30日作出。", date: "2021-06-30", basis: "document_date" },
    { name: "the own 案号's year (12-31)", text: "浙江省金华市婺城区人民法院\n刑事判决书\n（2020）浙0702刑初662号\n被告人羊某……", date: "2020-12-31", basis: "case_number_year" },
    { name: "a cited case number is not the document's own", text: "参见（2009）虹民三（民）初字第912号。", date: TODAY, basis: "today" },
    { name: "a case number after a cited statute is not the document's own", text: "《民法典》第五百七十七条。（2009）虹民三（民）初字第912号", date: TODAY, basis: "today" },
    { name: "an impossible date is no date", text: "2023年2月30日", date: TODAY, basis: "today" },
  ];
  it.each(cases)("$name", ({ text, requested, date, basis, evidence }) => {
    const r = referenceDate(text, requested, TODAY);
    expect(r.date).toBe(date);
    expect(r.basis).toBe(basis);
    if (evidence) expect(r.evidence).toBe(evidence);
    expect(r.note).toContain(date);
  });

  it("a case number year in the future is clamped to today", () => {
    expect(referenceDate("（2030）京01民初1号 判决书", null, TODAY).date).toBe(TODAY);
  });
});

describe("findDocumentDate / findOwnCaseYear / findFilingDate", () => {
  it("takes the last introduced date (the signature comes last)", () => {
    expect(findDocumentDate("日期：2020年1月1日\n……\n2021年2月2日")?.date).toBe("2021-02-02");
  });
  it("reads the 案号 year only from the opening lines", () => {
    expect(findOwnCaseYear("（2019）渝0109刑初483号")?.year).toBe(2019);
    expect(findOwnCaseYear("x".repeat(400) + "（2019）渝0109刑初483号")).toBeNull();
  });
  it("finds a filing date (立案 / 向本院提起诉讼)", () => {
    expect(findFilingDate("原告于2023年3月5日向本院提起诉讼。")?.date).toBe("2023-03-05");
    expect(findFilingDate("本院于2022年1月4日立案后")?.date).toBe("2022-01-04");
  });
});

describe("procedural law", () => {
  it.each([
    ["中华人民共和国民事诉讼法", true],
    ["最高人民法院关于适用《中华人民共和国民事诉讼法》的解释", true],
    ["中华人民共和国仲裁法", true],
    ["中华人民共和国民法典", false],
    ["中华人民共和国刑法", false],
  ] as const)("%s → %s", (title, procedural) => expect(isProceduralLaw(title)).toBe(procedural));

  it("is judged at the filing date, else the 案号 year, else today; a requested date stands", () => {
    const filed = "原告于2023年3月5日向本院提起诉讼。\n2024年5月20日";
    expect(proceduralDate(filed, referenceDate(filed, null, TODAY), TODAY).date).toBe("2023-03-05");
    const req = referenceDate(filed, "2020-01-01", TODAY);
    expect(proceduralDate(filed, req, TODAY).date).toBe("2020-01-01");
    const none = "依据《民事诉讼法》第一百二十二条起诉。";
    expect(proceduralDate(none, referenceDate(none, null, TODAY), TODAY).date).toBe(TODAY);
  });
});

describe("todayInChina", () => {
  it("is UTC+8", () => {
    expect(todayInChina(new Date("2026-11-23T17:00:00Z"))).toBe("2026-11-24");
    expect(todayInChina(new Date("2026-11-23T15:00:00Z"))).toBe("2026-11-23");
  });
});
