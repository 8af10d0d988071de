/** The real-corpus slice built by test/global-setup.ts (INDEX_PATH). */
import { describe, expect, inject, it } from "vitest";
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
    const n = store.raw().prepare("SELECT count(*) FROM regulations WHERE has_fulltext = 0 AND source = 'securities'").pluck().get() as number;
    expect(n).toBeGreaterThan(4000);
  });

  it("getIndex() serves INDEX_PATH", () => {
    expect(getIndex().path).toBe(inject("indexPath"));
  });
});
