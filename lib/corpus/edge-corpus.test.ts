/** The hand-made edge tree in test/fixtures/corpus-edge: exact records and problems. */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readCorpus } from "./read-corpus";

const EDGE = path.resolve("test/fixtures/corpus-edge");
const corpus = readCorpus({ corpusDir: EDGE, jsonl: [path.join(EDGE, "jsonl/firm.jsonl")], today: "2025-01-01" });
const reg = (fgid: string) => corpus.regulations.find((r) => r.reg.fgid === fgid)!;

describe("edge corpus: statutes", () => {
  it("joins the DB row, parses 之一, items, 附则 and a full-width header", () => {
    const r = reg("11111111111111111111111111111111");
    expect(r.reg).toMatchObject({
      fgmc: "中华人民共和国边界测试法", fbbm: "全国人民代表大会常务委员会", xljb_1: "法律", xljb_2: "民法商法",
      dy: "中央", fbrq: "2021-06-10", ssrq: "2021-09-01", sxx: "现行有效", family: "边界测试法",
      // filled from the securities catalogue row of the same version
      fwzh: "主席令第88号",
    });
    expect(r.clauses.map((c) => c.id)).toEqual(["1", "2", "2-1", "3"].map((t) => `11111111111111111111111111111111_${t}`));
    expect(r.clauses[1]!.content).toBe("下列情形适用本法：\n（一）第一种情形；\n（二）第二种情形。\n前款规定的情形，另有规定的除外。");
    expect(r.clauses[3]!.chapter).toBe("第二章 附则");
    expect(r.blocks[0]).toEqual({ kind: "text", paragraphs: ["为了测试，制定本法。这是一段序言。"] });
  });

  it("marks the older version 已被修改 and the DB-expired one 失效", () => {
    expect(reg("22222222222222222222222222222222").reg.sxx).toBe("已被修改");
    expect(reg("33333333333333333333333333333333").reg.sxx).toBe("失效");
  });

  it("keeps a document without articles as one clause tid 0 and text blocks", () => {
    const r = reg("33333333333333333333333333333333");
    expect(r.clauses).toEqual([
      { id: "33333333333333333333333333333333_0", fgid: "33333333333333333333333333333333", tid: "0", ord: 0, ft_num: "", content: "一、第一项决定内容。\n二、第二项决定内容。", chapter: "" },
    ]);
    expect(r.blocks).toEqual([{ kind: "text", paragraphs: ["一、第一项决定内容。", "二、第二项决定内容。"] }]);
    expect(r.reg).toMatchObject({ fbbm: "国务院", fwzh: "国务院令第999号", xljb_1: "行政法规" });
  });

  it("derives joint issuers, a body 法释 number, city location", () => {
    const si = corpus.regulations.find((r) => r.reg.fgmc.startsWith("最高人民法院、最高人民检察院关于测试"))!;
    expect(si.reg).toMatchObject({ fbbm: "最高人民法院、最高人民检察院", fwzh: "法释〔2022〕7号", xljb_1: "司法解释" });
    const city = corpus.regulations.find((r) => r.reg.fgmc === "威海市测试条例")!;
    expect(city.reg).toMatchObject({ dy: "山东", location: "山东省威海市", xljb_1: "地方性法规", fbbm: "威海市人民代表大会常务委员会", source: "dlc" });
  });
});

describe("edge corpus: problems", () => {
  it("reports every file or line it could not parse, with the reason", () => {
    const unparsed = corpus.problems.filter((p) => p.kind === "unparsed").map((p) => [p.path, p.reason]);
    expect(unparsed).toEqual([
      ["lawrefbook/司法解释/无标题(2020-01-01).md", "no '# ' title line before the header marker"],
      ["lawrefbook/司法解释/缺少标记的文件.md", 'no "<!-- INFO END -->" header marker'],
      ["lawrefbook/经济法/空文件.md", "empty file"],
      ["lawrefbook/经济法/非UTF8编码(2020-01-01).md", "not valid UTF-8"],
      ["cases/spc-guiding/guiding-cases.jsonl:2", expect.stringContaining("JSON")],
      [`${path.join(EDGE, "jsonl/firm.jsonl")}:3`, expect.stringContaining("fgmc")],
      [`${path.join(EDGE, "jsonl/firm.jsonl")}:4`, expect.stringContaining("invalid JSON")],
      [`${path.join(EDGE, "jsonl/firm.jsonl")}:5`, expect.stringContaining("judgment_date")],
    ]);
  });
});

describe("edge corpus: cases and catalogue", () => {
  it("parses guiding-case court, date and numbers", () => {
    const c = corpus.cases.find((k) => k.id === "spc-1")!;
    expect(c).toMatchObject({
      name: "甲公司诉乙居间合同纠纷案", case_type: "民事", court: "上海市第二中级人民法院", judgment_date: "2009-09-04",
      case_number: "（2009）沪二中民二（民）终字第1508号", related_laws: "《中华人民共和国合同法》第四百二十四条",
    });
    expect(c.case_numbers).toEqual(["（2009）虹民三（民）初字第912号", "（2009）沪二中民二（民）终字第1508号"]);
  });

  it("parses and dedupes LeCaRDv2 queries", () => {
    const l = corpus.cases.filter((k) => k.source === "lecardv2");
    expect(l.map((k) => [k.id, k.name, k.court, k.case_number])).toEqual([
      ["lecard-7", "张三盗窃罪一审刑事判决书", "北京市海淀区人民法院", "（2019）京0108刑初123号"],
      ["lecard-8", "重庆市北碚区人民法院刑事判决书", "重庆市北碚区人民法院", "（2019）渝0109刑初483号"],
    ]);
    expect(corpus.stats.lecardRepeatedRows).toBe(1);
  });

  it("maps LawRefBook case sections", () => {
    const c = corpus.cases.find((k) => k.source === "lawrefbook")!;
    expect(c).toMatchObject({ id: "44444444444444444444444444444444", basic_facts: "张某主张加班费。", judgment_result: "支持张某的请求。", typical_significance: "明确举证责任。", keywords: ["加班费", "举证"] });
  });

  it("reads the catalogue with quoted fields, dedupes ids and full-text twins", () => {
    const cat = corpus.regulations.filter((r) => r.reg.source === "securities");
    expect(cat.map((r) => r.reg.fgid)).toEqual(["aaaa0000aaaa0000aaaa0000aaaa0001", "aaaa0000aaaa0000aaaa0000aaaa0002"]);
    expect(cat[1]!.reg).toMatchObject({ fgmc: '关于"测试"的通知, 含逗号\n和换行', sxx: "失效", xljb_1: "行业/团体规范", fbrq: "2021-01-01", has_fulltext: false, is_securities: true });
    expect(cat[0]!.reg).toMatchObject({ fwzh: "中国证券监督管理委员会令第166号", xljb_1: "部门规章", fbrq: "2020-03-20", dy: "中央" });
    expect(corpus.stats).toMatchObject({ catalogueRepeatedRows: 1, catalogueDuplicatesOfFullText: 1, enrichedFromCatalogue: 1 });
  });

  it("loads valid JSONL lines", () => {
    const j = corpus.regulations.find((r) => r.reg.source === "jsonl")!;
    expect(j.clauses.map((c) => [c.tid, c.content])).toEqual([["1", "内部规定一。"], ["2", "内部规定二。"]]);
    const jc = corpus.cases.find((k) => k.source === "jsonl")!;
    expect(jc).toMatchObject({ case_number: "（2021）京01民终999号", court: "北京市第一中级人民法院" });
  });
});
