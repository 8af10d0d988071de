import { describe, expect, it } from "vitest";
import { emptyState, facetCountsBody, isRunnable, parseSearchParams, searchBody, toSearchParams, unsupportedInMode } from "./search-query";

describe("search URL round trip", () => {
  it("restores the same state from its URL", () => {
    const s = { ...emptyState("fg"), q: "违约 责任", op: "OR" as const, dy: ["北京", "上海"], sxx: ["现行有效"], fbrq_start: "2020-01-01", top_k: 30 };
    const back = parseSearchParams(new URLSearchParams(toSearchParams(s).toString()));
    expect(back).toEqual(s);
  });
  it("rejects bad values", () => {
    const s = parseSearchParams(new URLSearchParams("mode=zzz&op=xor&fbrq_start=2020-1-1&n=999"));
    expect(s.mode).toBe("ft");
    expect(s.op).toBe("AND");
    expect(s.fbrq_start).toBe("");
    expect(s.top_k).toBe(50);
  });
});

describe("request bodies", () => {
  it("joins multi-valued facets with spaces for keyword operations", () => {
    const s = { ...emptyState("ft"), q: "合同", dy: ["北京", "中央"], xljb_1: ["法律"] };
    expect(searchBody(s)).toEqual({ keyword: "合同", search_mode: "AND", dy: "北京 中央", xljb_1: "法律", top_k: 20 });
  });
  it("builds the semantic body with array filters", () => {
    const s = { ...emptyState("vec"), q: "拖欠工资怎么办", sxx: ["现行有效"], xljb_1: ["法律"], valid_start: "2010-01-01" };
    expect(searchBody(s)).toEqual({ query: "拖欠工资怎么办", return_num: 20, fatiao_filter: { sxx: ["现行有效"], effect1: ["法律"], law_start: "2010-01-01" } });
  });
  it("one meaning per date control: 施行日期 is ssrq_* (keyword modes only), 有效期间 is law_* (语义 only)", () => {
    const dates = { ssrq_start: "2010-01-01", ssrq_end: "2020-12-31", valid_start: "2015-01-01", valid_end: "2016-12-31" };
    for (const mode of ["ft", "fg", "zq"] as const) {
      const b = searchBody({ ...emptyState(mode), q: "合同", ...dates });
      expect(b).toMatchObject({ ssrq_start: "2010-01-01", ssrq_end: "2020-12-31" });
      expect(b).not.toHaveProperty("valid_start");
      expect(b).not.toHaveProperty("law_start");
      expect(unsupportedInMode(mode).dates).toEqual(["valid_start", "valid_end"]);
    }
    const v = searchBody({ ...emptyState("vec"), q: "合同", ...dates });
    expect(v).toEqual({ query: "合同", return_num: 20, fatiao_filter: { law_start: "2015-01-01", law_end: "2016-12-31" } });
    expect(unsupportedInMode("vec").dates).toEqual(expect.arrayContaining(["ssrq_start", "ssrq_end", "fbrq_start", "fbrq_end"]));
  });
  it("the validity window survives the URL", () => {
    const s = { ...emptyState("vec"), q: "x", valid_start: "2015-01-01", valid_end: "2016-12-31" };
    expect(parseSearchParams(toSearchParams(s))).toEqual(s);
  });
  it("facet counts carry the target and no top_k", () => {
    expect(facetCountsBody({ ...emptyState("zq"), q: "信息披露" })).toEqual({ keyword: "信息披露", search_mode: "AND", target: "fg_zq" });
    expect(facetCountsBody({ ...emptyState("vec"), q: "x" })).toBeNull();
  });
  it("knows when a search can run", () => {
    expect(isRunnable(emptyState("ft"))).toBe(false);
    expect(isRunnable({ ...emptyState("fg"), dy: ["北京"] })).toBe(true);
    expect(isRunnable({ ...emptyState("vec"), dy: ["北京"] })).toBe(false);
  });
});
