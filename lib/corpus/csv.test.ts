import { describe, expect, it } from "vitest";
import { parseCsv, parseCsvObjects } from "./csv";
import { beijingDate, catalogueLevels } from "./securities-catalogue";

describe("parseCsv", () => {
  it("handles quoted commas, newlines, doubled quotes and CRLF", () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi""\nthere"\n1,\n')).toEqual([
      ["a", "b"],
      ["x, y", 'say "hi"\nthere'],
      ["1", ""],
    ]);
    expect(parseCsvObjects("k,v\n1,2")).toEqual([{ k: "1", v: "2" }]);
  });
});

describe("securities catalogue mapping", () => {
  it("maps epoch ms to the Beijing date", () => {
    expect(beijingDate("1577491200000.0")).toBe("2019-12-28");
    expect(beijingDate("")).toBe("");
  });
  it("maps issuers to levels, highest tier of joint issuers", () => {
    expect(catalogueLevels(["全国人民代表大会常务委员会"], "证券法", "主席令第37号").xljb_1).toBe("法律");
    expect(catalogueLevels(["中国证券监督管理委员会"], "上市公司收购管理办法", "中国证券监督管理委员会令第166号")).toEqual({ xljb_1: "部门规章", xljb_2: "部门规章" });
    expect(catalogueLevels(["中国证券监督管理委员会"], "关于…的公告", "中国证券监督管理委员会公告〔2020〕1号")).toEqual({ xljb_1: "部门规章", xljb_2: "部门规范性文件" });
    expect(catalogueLevels(["上海证券交易所", "中国证券登记结算有限责任公司"], "业务指引", "").xljb_1).toBe("行业/团体规范");
    expect(catalogueLevels(["中国证券监督管理委员会", "最高人民法院"], "通知", "").xljb_1).toBe("司法解释");
    expect(catalogueLevels(["国务院"], "证券公司监督管理条例", "国务院令第522号")).toEqual({ xljb_1: "行政法规", xljb_2: "行政法规" });
    expect(catalogueLevels(["中国共产党中央委员会"], "意见", "").xljb_1).toBe("");
  });
});
