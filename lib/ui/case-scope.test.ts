import { describe, expect, it } from "vitest";
import { caseScopeText, courtOfCitedNumber } from "./case-scope";

const RESULT =
  "江苏省南京市中级人民法院于2009年2月25日以（2008）宁刑初字第49号刑事判决，认定被告人潘玉梅犯受贿罪。宣判后，潘玉梅、陈宁提出上诉。" +
  "江苏省高级人民法院于2009年11月30日以同样的事实和理由作出（2009）苏刑二终字第0028号刑事裁定，驳回上诉，维持原判。";

describe("case scope", () => {
  it("names the court of the judgment the cited number belongs to", () => {
    const base = { court: "江苏省南京市中级人民法院", judgment_result: RESULT };
    expect(courtOfCitedNumber({ ...base, cited_case_number: "(2009)苏刑二终字第0028号" })).toBe("江苏省高级人民法院");
    expect(courtOfCitedNumber({ ...base, cited_case_number: "（2008）宁刑初字第49号" })).toBe("江苏省南京市中级人民法院");
    expect(courtOfCitedNumber({ ...base, cited_case_number: "（2010）京01民终1号" })).toBe("");
  });
  it("says which collections were searched and their sizes", () => {
    expect(caseScopeText([{ source: "spc-guiding", count: 278 }, { source: "lecardv2", count: 160 }])).toBe(
      "最高人民法院指导性案例 278 件、LeCaRDv2 裁判文书 160 件（共 438 件）",
    );
    expect(caseScopeText([])).toBe("");
  });
});
