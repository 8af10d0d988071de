import { describe, expect, it } from "vitest";
import {
  deriveDocumentNumber,
  deriveIssuingBody,
  headerImplementationDate,
  headerPublicationDate,
  isGovernmentRule,
  parseChineseDate,
} from "./header-meta";
import { familyKey } from "./family";
import { isSecuritiesRegulation } from "./securities-rule";

describe("dates", () => {
  it("parses half-width, full-width and Chinese-numeral dates", () => {
    expect(parseChineseDate("２０１２年１２月３日 施行")).toBe("2012-12-03");
    expect(parseChineseDate("2019年3月1日")).toBe("2019-03-01");
    expect(parseChineseDate("一九八二年十二月四日通过")).toBe("1982-12-04");
    expect(parseChineseDate("没有日期")).toBe("");
  });
  it("single-digit Chinese months and days, ○ for 〇, l typed for 1, and no impossible days", () => {
    expect(parseChineseDate("本规定自一九九五年一月一日起执行")).toBe("1995-01-01");
    expect(parseChineseDate("二○○四年十月一日")).toBe("2004-10-01");
    expect(parseChineseDate("本办法自1995年8月l日起施行")).toBe("1995-08-01");
    expect(parseChineseDate("一九九三年二月三十日")).toBe("");
  });
  it("takes ssrq from a 施行 line and fbrq from the latest other event", () => {
    const header = ["1991年3月4日 中华人民共和国国务院令第76号发布", "2018年11月6日 中华人民共和国国务院令第706号公布", "2019年3月1日 施行"];
    expect(headerImplementationDate(header)).toBe("2019-03-01");
    expect(headerPublicationDate(header)).toBe("2018-11-06");
    expect(deriveDocumentNumber(header, "")).toBe("国务院令第706号");
  });
});

describe("issuing body and document number", () => {
  it("follows the README examples", () => {
    expect(deriveIssuingBody("中华人民共和国公司法", ["2023年12月29日 第十四届全国人民代表大会常务委员会第七次会议修订"], "法律")).toBe("全国人民代表大会常务委员会");
    expect(deriveIssuingBody("专利代理条例", ["1991年3月4日 中华人民共和国国务院令第76号发布"], "行政法规")).toBe("国务院");
    expect(deriveIssuingBody("最高人民法院 最高人民检察院关于办理案件的解释", [], "司法解释")).toBe("最高人民法院、最高人民检察院");
    expect(deriveIssuingBody("浙江省信息化促进条例", ["2010年7月30日 浙江省第十一届人民代表大会常务委员会第十九次会议通过"], "地方性法规")).toBe("浙江省人民代表大会常务委员会");
    expect(deriveIssuingBody("公安机关办理刑事案件程序规定", ["2020年7月20日 中华人民共和国公安部令第159号公布"], "部门规章")).toBe("公安部");
    expect(deriveDocumentNumber(["2020年7月20日 中华人民共和国公安部令第159号公布"], "")).toBe("公安部令第159号");
    expect(deriveDocumentNumber(["2010年7月30日 浙江省第十一届人民代表大会常务委员会公告第54号公布"], "")).toBe("浙江省第十一届人民代表大会常务委员会公告第54号");
    expect(deriveDocumentNumber([], "最高人民法院公告 法释〔2023〕12号 现予公布")).toBe("法释〔2023〕12号");
    expect(deriveDocumentNumber(["2020年1月1日 通过"], "正文没有文号")).toBe("");
  });
  it("recognises a local government rule", () => {
    expect(isGovernmentRule(["2006年11月17日 北京市人民政府第56次常务会议审议通过"])).toBe(true);
    expect(isGovernmentRule(["2006年11月17日 北京市人民代表大会常务委员会通过"])).toBe(false);
  });
});

describe("family and securities rule", () => {
  it("groups versions, keeps distinct instruments apart", () => {
    expect(familyKey("中华人民共和国证券法(2019修订)")).toBe(familyKey("中华人民共和国证券法"));
    expect(familyKey("中华人民共和国公司法（2018年修正）")).toBe("公司法");
    expect(familyKey("宪法修正案（1988年）")).not.toBe(familyKey("宪法修正案（1993年）"));
    expect(familyKey("刑法修正案（十一）")).not.toBe(familyKey("刑法修正案（十）"));
  });
  it("classifies securities regulations", () => {
    expect(isSecuritiesRegulation("中华人民共和国证券法", "全国人民代表大会常务委员会")).toBe(true);
    expect(isSecuritiesRegulation("中华人民共和国民法典", "全国人民代表大会")).toBe(false);
    expect(isSecuritiesRegulation("社会保险基金管理办法", "")).toBe(false);
    expect(isSecuritiesRegulation("某业务指引", "上海证券交易所")).toBe(true);
  });
});
