/**
 * The relaxed match (compile-fts-query.ts `relaxed`, search-clauses.ts withRelaxedCandidates) and
 * the numbers as a statute writes them (number-variants.ts), on a hand-made index where every
 * expectation can be read off the fixture.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { buildTinyIndex, tinyLaw, type TinyIndex, type TinyReg } from "@/test/helpers/tiny-index";
import { searchClauses } from "./search-clauses";
import { EXACT_BONUS } from "./rank-tiers";
import type { KeywordRequest } from "./types";
import type { RegulationFilters } from "@/lib/store/types";

const REGS: TinyReg[] = [
  tinyLaw("mfd", "中华人民共和国民法典", "法律", [
    ["275", "第二百七十五条", "建筑区划内，规划用于停放汽车的车位、车库的归属，由当事人通过出售、附赠或者出租等方式约定。"],
    ["933", "第九百三十三条", "委托人或者受托人可以随时解除委托合同。"],
    ["919", "第九百一十九条", "委托合同是委托人和受托人约定，由受托人处理委托人事务的合同。"],
  ]),
  tinyLaw("xbf", "中华人民共和国消费者权益保护法", "法律", [
    ["25", "第二十五条", "经营者采用网络、电视、电话、邮购等方式销售商品，消费者有权自收到商品之日起七日内退货，且无需说明理由。"],
  ]),
  {
    fgid: "shwy",
    fgmc: "上海市住宅物业管理规定",
    xljb_1: "地方性法规",
    sxx: "现行有效",
    dy: "上海",
    fbrq: "2020-01-01",
    clauses: [["50", "第五十条", "小区车位的归属，由业主与建设单位约定。"]],
  },
];

let db: TinyIndex;
beforeAll(() => {
  db = buildTinyIndex(REGS);
});

const req = (parts: string[], filters: RegulationFilters = {}, mode: "AND" | "OR" = "AND"): KeywordRequest => ({ parts, mode, filters, topK: 10 });
const ids = (xs: { id: string }[]) => xs.map((x) => x.id);

describe("relaxed match: the national article when no national article matches every part's concept", () => {
  it("小区车位 归属: the local rule says 小区车位, 民法典 第二百七十五条 says 车位 and 归属, and ranks first", () => {
    const hits = searchClauses(db, req(["小区车位", "归属"]));
    expect(ids(hits)).toEqual(["mfd_275", "shwy_50"]);
    expect(hits[0]!._score).toBeGreaterThan(EXACT_BONUS);
    expect(hits[0]!._score).toBeGreaterThanOrEqual(hits[1]!._score);
  });

  it("委托合同 任意解除: one of 任意解除's two words is enough beside the other part (第九百三十三条, 随时解除委托合同)", () => {
    expect(ids(searchClauses(db, req(["委托合同", "任意解除"])))).toEqual(["mfd_933"]);
  });

  it("a filter to a region keeps no national article: the region's own matches only", () => {
    expect(ids(searchClauses(db, req(["小区车位", "归属"], { dy: ["上海"] })))).toEqual(["shwy_50"]);
  });

  it("under OR nothing is relaxed", () => {
    expect(ids(searchClauses(db, req(["小区车位", "任意解除"], {}, "OR")))).toEqual(["shwy_50"]);
  });

  it("a part's words are still needed: nothing shares 归属 with 停车费", () => {
    // (with the rule for a query that finds nothing off: dead-parts.ts)
    process.env.KEYWORD_DEAD_PARTS = "0";
    try {
      expect(searchClauses(db, req(["小区车位", "停车费"]))).toEqual([]);
    } finally {
      delete process.env.KEYWORD_DEAD_PARTS;
    }
  });

  it("a part no article holds (停车费 here) is left out when the query finds nothing: the other part's article", () => {
    expect(ids(searchClauses(db, req(["小区车位", "停车费"])))).toContain("shwy_50");
  });

  it("七天无理由退货 / 7天无理由退货: the law says 七日 (number-variants.ts)", () => {
    expect(ids(searchClauses(db, req(["七天无理由退货"])))).toEqual(["xbf_25"]);
    expect(ids(searchClauses(db, req(["7天无理由退货"])))).toEqual(["xbf_25"]);
  });
});

describe("relaxed match above the best level the exact matches reach", () => {
  const LAWS: TinyReg[] = [
    tinyLaw("msss", "中华人民共和国民事诉讼法", "法律", [
      ["171", "第一百七十一条", "当事人不服地方人民法院第一审判决的，有权在判决书送达之日起十五日内向上一级人民法院提起上诉。"],
    ]),
    tinyLaw("ssfy", "诉讼费用交纳办法", "行政法规", [["17", "第十七条", "对财产案件提起上诉的，按照不服一审判决部分的上诉请求数额交纳案件受理费。"]]),
    tinyLaw("msjs", "最高人民法院关于适用《中华人民共和国民事诉讼法》的解释", "司法解释", [
      ["161", "第一百六十一条", "对当事人不服一审判决提起上诉的案件，在第二审人民法院接到报送的案件之前，当事人有转移、隐匿、出卖或者毁损财产等行为，必须采取保全措施的，由第一审人民法院依当事人申请或者依职权采取。"],
    ]),
  ];
  let laws: TinyIndex;
  beforeAll(() => {
    laws = buildTinyIndex(LAWS);
  });

  it("不服一审判决 上诉: only a 行政法规 and a 司法解释 quote the phrase; the statute's 第一审判决 joins them, first", () => {
    const hits = searchClauses(laws, req(["不服一审判决", "上诉"]));
    expect(ids(hits)[0]).toBe("msss_171");
    expect(ids(hits).sort()).toEqual(["msjs_161", "msss_171", "ssfy_17"]);
  });

  it("nothing relaxed when a 法律 article matches every part: 上诉 alone", () => {
    expect(ids(searchClauses(laws, req(["上诉", "十五日"])))).toEqual(["msss_171"]);
  });

  it("a filter to the lower level keeps its own matches only", () => {
    expect(ids(searchClauses(laws, req(["不服一审判决", "上诉"], { xljb_1: ["行政法规"] })))).toEqual(["ssfy_17"]);
  });
});

describe("a part that names a law is matched by the article's regulation title (law-parts.ts)", () => {
  const LAWS: TinyReg[] = [
    tinyLaw("ldht", "中华人民共和国劳动合同法", "法律", [
      ["19", "第十九条", "劳动合同期限三个月以上不满一年的，试用期不得超过一个月。"],
      ["20", "第二十条", "劳动者在试用期的工资不得低于本单位相同岗位最低档工资。"],
    ]),
    tinyLaw("ldhtss", "中华人民共和国劳动合同法实施条例", "行政法规", [["15", "第十五条", "劳动者在试用期的工资不得低于本单位相同岗位最低档工资的80%，并不得低于用人单位所在地的最低工资标准。"]]),
    tinyLaw("gjpc", "中华人民共和国国家赔偿法", "法律", [["35", "第三十五条", "致人精神损害，造成严重后果的，应当支付相应的精神损害抚慰金。"]]),
    tinyLaw("sfpc", "最高人民法院关于审理司法赔偿案件的解释", "司法解释", [["11", "第十一条", "依照国家赔偿法的规定支付精神损害抚慰金。"]]),
  ];
  let laws: TinyIndex;
  beforeAll(() => {
    laws = buildTinyIndex(LAWS);
  });

  it("劳动合同法 试用期: the law's own articles, though their text does not say 劳动合同法, before its implementing rules", () => {
    expect(ids(searchClauses(laws, req(["劳动合同法", "试用期"]))).slice(0, 2).sort()).toEqual(["ldht_19", "ldht_20"]);
  });

  it("国家赔偿 精神损害抚慰金: 国家赔偿 names 国家赔偿法 (with 法 added), whose 第三十五条 comes first", () => {
    const hits = searchClauses(laws, req(["国家赔偿", "精神损害抚慰金"]));
    expect(ids(hits)).toEqual(["gjpc_35", "sfpc_11"]);
  });

  it("alone, a law's name is an ordinary keyword (the 法规 tab finds the law by its title)", () => {
    expect(ids(searchClauses(laws, req(["国家赔偿"])))).toEqual(["sfpc_11"]);
  });

  it("a region filter still applies to the law's articles", () => {
    expect(searchClauses(laws, req(["国家赔偿", "精神损害抚慰金"], { dy: ["上海"] }))).toEqual([]);
  });
});
