/** The real-corpus slice built by test/global-setup.ts (INDEX_PATH). */
import { describe, expect, inject, it } from "vitest";
import { indexSql } from "@/test/helpers/index-sql";
import { getIndex, openIndex } from "./index-store";

const store = openIndex(inject("indexPath"));

describe("slice index (real corpus)", () => {
  it("has 民法典 as one regulation with 1,260 articles", () => {
    const [civil] = store.findFamiliesByName("中华人民共和国民法典");
    const fgid = civil!.versions[0]!.fgid;
    const clauses = store.getClauses(fgid);
    expect(clauses).toHaveLength(1260);
    expect(clauses[1259]!.ft_num).toBe("第一千二百六十条");
    const c577 = store.getClause(fgid, "577")!;
    expect(c577.content).toBe("当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。");
    expect(c577.chapter).toBe("第三编 合同 / 第一分编 通则 / 第八章 违约责任");
    expect(store.getRegulation(fgid)).toMatchObject({ fbrq: "2020-05-28", ssrq: "2021-01-01", sxx: "现行有效", xljb_1: "法律" });
    expect(store.findFamiliesByName("民法典").map((f) => f.family)).toEqual(["民法典"]);
  });

  it("finds the articles holding every phrase, anywhere in the index (a quote under the wrong law's name)", () => {
    const hits = store.findClausesWithPhrases(["当事人一方", "采取补救措施", "等违约责任"], 50);
    const civil = store.findFamiliesByName("中华人民共和国民法典")[0]!.versions[0]!.fgid;
    expect(hits.some((c) => c.fgid === civil && c.tid === "577")).toBe(true);
    for (const c of hits) for (const p of ["当事人一方", "采取补救措施", "等违约责任"]) expect(c.content).toContain(p);
    expect(store.findClausesWithPhrases(["当事人一方", "不在任何条文里的一句话"], 50)).toEqual([]);
    expect(store.findClausesWithPhrases([], 50)).toEqual([]);
    expect(store.findClausesWithPhrases(["当事人"], 3).length).toBeLessThanOrEqual(3);
  });

  it("counts the instruments holding a phrase, every version of one once, up to the cap + 1", () => {
    expect(store.phraseSpread("不在任何条文里的一句话", 5)).toBe(0);
    // the 刑法 and the 罪名 list that names its crime
    expect(store.phraseSpread("冒充军人招摇撞骗", 5)).toBe(2);
    expect(store.phraseSpread("冒充军人招摇撞骗", 1)).toBe(2);
    const all = store.phraseSpread("当事人", 1000);
    expect(all).toBeGreaterThan(3);
    expect(store.phraseSpread("当事人", 2)).toBe(3);
  });

  it("parses 第一百二十条之一 of 刑法", () => {
    const [crim] = store.findFamiliesByName("刑法");
    const c = store.getClause(crim!.versions[0]!.fgid, "120-1")!;
    expect(c.ft_num).toBe("第一百二十条之一");
    expect(c.content).toContain("资助恐怖活动");
  });

  it("groups 会计法 and 公司法 versions; the older is 已被修改", () => {
    for (const name of ["会计法", "公司法"]) {
      const fams = store.findFamiliesByName(`中华人民共和国${name}`);
      expect(fams).toHaveLength(1);
      const full = fams[0]!.versions.filter((v) => v.has_fulltext);
      expect(full.length).toBe(2);
      expect(full.map((v) => v.sxx)).toEqual(["现行有效", "已被修改"]);
    }
  });

  it("resolves guiding-case and LeCaRDv2 numbers", () => {
    expect(store.findCasesByNumber("(2009)沪二中民二(民)终字第1508号").map((c) => c.id)).toEqual(["spc-1"]);
    expect(store.getCase("spc-1")).toMatchObject({ court: "上海市第二中级人民法院", judgment_date: "2009-09-04", case_type: "民事" });
    expect(store.findCasesByNumber("（2020）浙0702刑初662号")[0]?.court).toBe("金华市婺城区人民法院");
  });

  it("marks securities regulations and keeps the catalogue", () => {
    const [sec] = store.findFamiliesByName("证券法");
    expect(sec!.versions[0]).toMatchObject({ is_securities: true, has_fulltext: true, fwzh: "主席令第37号" });
    expect(store.findFamiliesByName("民法典")[0]!.versions[0]!.is_securities).toBe(false);
    const n = indexSql(store.path).prepare("SELECT count(*) FROM regulations WHERE has_fulltext = 0 AND source = 'securities'").pluck().get() as number;
    expect(n).toBeGreaterThan(4000);
  });

  it("getIndex() serves INDEX_PATH", () => {
    expect(getIndex().path).toBe(inject("indexPath"));
  });
});

describe("dates, validity and as-of dates (real corpus slice)", () => {
  const reg = (fgmc: string, fbrq: string) => {
    const row = indexSql(store.path).prepare("SELECT fgid FROM regulations WHERE fgmc = ? AND fbrq = ?").get(fgmc, fbrq) as { fgid: string } | undefined;
    if (!row) throw new Error(`slice lacks ${fgmc} ${fbrq}`);
    return store.getRegulation(row.fgid)!;
  };

  it("公司法 2023 → 2024-07-01 from its last article", () => {
    expect(reg("中华人民共和国公司法", "2023-12-29")).toMatchObject({ ssrq: "2024-07-01", ssrq_source: "正文「本法自2024年7月1日起施行。」", sxx: "现行有效" });
    expect(reg("中华人民共和国公司法", "2018-10-26")).toMatchObject({ sxx: "已被修改", expiry: "2024-07-01" });
  });

  it("民事诉讼法 2023 → 2024-01-01; its 2021 version is 已被修改 (the source said 失效), until 2024-01-01", () => {
    const v2023 = reg("中华人民共和国民事诉讼法", "2023-09-01");
    expect(v2023).toMatchObject({ ssrq: "2024-01-01", sxx: "现行有效" });
    expect(v2023.ssrq_source).toContain("本决定自2024年1月1日起施行");
    expect(reg("中华人民共和国民事诉讼法", "2021-12-24")).toMatchObject({ sxx: "已被修改", expiry: "2024-01-01", ssrq: "2022-01-01" });
  });

  it("刑法 takes 2024-03-01 from 刑法修正案（十二）", () => {
    const [crim] = store.findFamiliesByName("中华人民共和国刑法");
    expect(crim!.versions[0]).toMatchObject({ ssrq: "2024-03-01", ssrq_source: expect.stringContaining("修正文件《中华人民共和国刑法修正案（十二）》") });
  });

  it("no family has two versions 现行有效", () => {
    const twice = indexSql(store.path).prepare("SELECT family, dy, count(*) n FROM regulations WHERE sxx = '现行有效' GROUP BY family, dy HAVING n > 1").all();
    expect(twice).toEqual([]);
  });

  it("every 施行日期 and every validity has its provenance; versions whose amendment the file does not describe get a 推定 date that says so", () => {
    const rows = indexSql(store.path).prepare("SELECT fgmc, ssrq, ssrq_source, sxx, sxx_source, data_as_of FROM regulations WHERE has_fulltext = 1").all() as Array<Record<string, string>>;
    expect(rows.filter((r) => r.ssrq && !r.ssrq_source)).toEqual([]);
    expect(rows.filter((r) => !r.sxx_source || !r.data_as_of)).toEqual([]);
    // each file holds only the original's header and closing clause (2008 / 1986); the later amendment
    // its file name dates (2014-07-29 / 2011-01-08) is not described: its 施行日期 is 推定 (the
    // amendment's date, State Council amendments taking effect on publication) and says so
    expect(rows.filter((r) => !r.ssrq).map((r) => r.fgmc)).toEqual([]);
    expect(rows.filter((r) => (r.ssrq_source ?? "").startsWith("推定：版本日期")).map((r) => `${r.fgmc} ${r.ssrq}`).sort()).toEqual([
      "水路货物运输合同实施细则 2011-01-08",
      "证券公司监督管理条例 2014-07-29",
    ]);
    expect(rows.find((r) => r.fgmc === "中华人民共和国会计法" && r.ssrq === "2024-07-01")?.ssrq_source).toContain("本决定自2024年7月1日起施行");
  });

  it("every record carries its source's as-of date: the catalogue 2022-04-29", () => {
    const asOf = indexSql(store.path).prepare("SELECT source, min(data_as_of) lo, max(data_as_of) hi FROM regulations GROUP BY source ORDER BY source").all();
    expect(asOf).toEqual(
      expect.arrayContaining([{ source: "securities", lo: "2022-04-29", hi: "2022-04-29" }]),
    );
    const disclosure = indexSql(store.path).prepare("SELECT sxx, data_as_of FROM regulations WHERE fgmc = '上市公司信息披露管理办法'").get();
    expect(disclosure).toEqual({ sxx: "现行有效", data_as_of: "2022-04-29" });
    const takeover2002 = indexSql(store.path).prepare("SELECT sxx, expiry FROM regulations WHERE fgmc = '上市公司收购管理办法' AND fbrq = '2002-09-28'").get();
    expect(takeover2002).toEqual({ sxx: "已被修改", expiry: expect.any(String) });
  });
});
