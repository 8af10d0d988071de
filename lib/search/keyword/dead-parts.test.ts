/**
 * A query that finds nothing (dead-parts.ts): its parts no article holds are left out, then, of three parts or more,
 * the one the fewest articles hold; decided on the query, not the filters. On a hand-made index.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { buildTinyIndex, tinyLaw, type TinyIndex, type TinyReg } from "@/test/helpers/tiny-index";
import { searchClauses } from "./search-clauses";
import { searchRegulations } from "./search-regulations";
import { countFacets } from "./count-facets";
import { liveParts, withoutRarest } from "./dead-parts";
import type { KeywordRequest } from "./types";
import type { RegulationFilters } from "@/lib/store/types";

const REGS: TinyReg[] = [
  tinyLaw("mfd", "中华人民共和国民法典", "法律", [
    ["585", "第五百八十五条", "约定的违约金过分高于造成的损失的，人民法院或者仲裁机构可以根据当事人的请求予以适当减少。"],
    ["1088", "第一千零八十八条", "夫妻一方因抚育子女、照料老年人、协助另一方工作等负担较多义务的，离婚时有权向另一方请求补偿。"],
    ["1076", "第一千零七十六条", "夫妻双方自愿离婚的，应当签订书面离婚协议，并亲自到婚姻登记机关申请离婚登记。"],
    ["183", "第一百八十三条", "因保护他人民事权益使自己受到损害的，由侵权人承担民事责任，受益人可以给予适当补偿。"],
    ["577", "第五百七十七条", "当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。"],
  ]),
  tinyLaw("fnq", "中华人民共和国妇女权益保障法", "法律", [["68", "第六十八条", "夫妻双方应当共同负担家庭义务，共同照顾家庭。国家鼓励和支持夫妻在家务劳动等方面分担。"]]),
];

let db: TinyIndex;
beforeAll(() => {
  db = buildTinyIndex(REGS);
});

const req = (parts: string[], filters: RegulationFilters = {}, mode: "AND" | "OR" = "AND"): KeywordRequest => ({ parts, mode, filters, topK: 10 });
const ids = (xs: { id: string }[]) => xs.map((x) => x.id);

describe("a query that finds nothing", () => {
  it("a part no article holds (酌减) is left out; the others still joined with AND", () => {
    expect(liveParts(db, req(["违约金", "酌减"]))).toEqual(["违约金"]);
    expect(ids(searchClauses(db, req(["违约金", "酌减"])))).toEqual(["mfd_585"]);
  });
  it("of three live parts, the one the fewest articles hold is left out (家务劳动: the statute says 负担较多义务)", () => {
    expect(withoutRarest(db, req(["离婚", "家务劳动", "补偿"]))).toEqual(["离婚", "补偿"]);
    expect(ids(searchClauses(db, req(["离婚", "家务劳动", "补偿"])))).toContain("mfd_1088");
    expect(ids(searchRegulations(db, req(["离婚", "家务劳动", "补偿"]), { securitiesOnly: false }))).toContain("mfd");
    expect(countFacets(db, req(["离婚", "家务劳动", "补偿"]), "ft").total).toBeGreaterThan(0);
  });
  it("never down to one part from two live ones, nor to none", () => {
    expect(withoutRarest(db, req(["离婚", "家务劳动"]))).toBeNull();
    expect(searchClauses(db, req(["离婚", "违约金"]))).toEqual([]);
    expect(searchClauses(db, req(["酌减", "砍头息"]))).toEqual([]);
  });
  it("a query that finds something is left as it is, and OR is never changed", () => {
    expect(ids(searchClauses(db, req(["违约金", "过分高于"])))).toEqual(["mfd_585"]);
    expect(liveParts(db, req(["违约金", "酌减"], {}, "OR"))).toBeNull();
  });
  it("decided on the query, not the filters: nothing under a region filter stays nothing", () => {
    expect(searchClauses(db, req(["违约金", "过分高于"], { dy: ["上海"] }))).toEqual([]);
  });
  it("KEYWORD_DEAD_PARTS=0 turns the rule off", () => {
    process.env.KEYWORD_DEAD_PARTS = "0";
    try {
      expect(searchClauses(db, req(["违约金", "酌减"]))).toEqual([]);
    } finally {
      delete process.env.KEYWORD_DEAD_PARTS;
    }
  });
});
