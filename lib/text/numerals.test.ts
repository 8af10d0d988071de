import { describe, expect, it } from "vitest";
import { clauseLabelFromTid, clauseTidFromLabel, parseChineseNumber, toChineseNumber } from "./numerals";

describe("parseChineseNumber", () => {
  it.each([
    ["五百七十七", 577],
    ["一千二百六十", 1260],
    ["十", 10],
    ["十五", 15],
    ["二十", 20],
    ["一百一十", 110],
    ["一百零五", 105],
    ["一千零一", 1001],
    ["两千", 2000],
    ["三十", 30],
    ["577", 577],
    ["５７７", 577],
    ["一万零三", 10003],
    ["〇", 0],
  ])("%s → %d", (input, n) => expect(parseChineseNumber(input)).toBe(n));

  it("rejects non-numerals", () => {
    expect(parseChineseNumber("条")).toBeNull();
    expect(parseChineseNumber("")).toBeNull();
    expect(parseChineseNumber("1千")).toBeNull();
  });
});

describe("toChineseNumber", () => {
  it.each([
    [577, "五百七十七"],
    [1260, "一千二百六十"],
    [10, "十"],
    [15, "十五"],
    [110, "一百一十"],
    [105, "一百零五"],
    [1001, "一千零一"],
    [1010, "一千零一十"],
    [20, "二十"],
  ])("%d → %s", (n, s) => expect(toChineseNumber(n)).toBe(s));

  it("round-trips every clause number up to 2000", () => {
    for (let n = 1; n <= 2000; n++) expect(parseChineseNumber(toChineseNumber(n))).toBe(n);
  });
});

describe("clause labels", () => {
  it("maps labels to tids and back", () => {
    expect(clauseTidFromLabel("第五百七十七条")).toBe("577");
    expect(clauseTidFromLabel("第577条")).toBe("577");
    expect(clauseTidFromLabel("第一百二十条之一")).toBe("120-1");
    expect(clauseTidFromLabel("第 十 条")).toBe("10");
    expect(clauseTidFromLabel("第五章")).toBeNull();
    expect(clauseLabelFromTid("577")).toBe("第五百七十七条");
    expect(clauseLabelFromTid("120-1")).toBe("第一百二十条之一");
  });
});
