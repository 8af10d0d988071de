import { describe, expect, it } from "vitest";
import { canonicalNumbers, numberVariants } from "./number-variants";

describe("number variants", () => {
  it.each([
    ["七天", ["七日", "7天", "7日"]],
    ["7天", ["七天", "七日", "7日"]],
    ["十五天", ["十五日", "15天", "15日"]],
    ["18岁", ["十八岁", "十八周岁", "18周岁"]],
    ["十八周岁", ["18周岁"]],
    ["30%", ["百分之三十"]],
    ["3倍", ["三倍"]],
    ["六个月", ["6个月"]],
  ])("%s → %j", (text, variants) => {
    expect(numberVariants(text)).toEqual(variants);
  });

  it.each(["合同解除", "第五百八十五条", "每天", "星期天", "gb"])("no number before a unit: %s has none", (text) => {
    expect(numberVariants(text)).toEqual([]);
  });

  it("canonical form: Arabic numbers before a unit as Chinese numerals, the rest unchanged", () => {
    expect(canonicalNumbers("7天无理由退货")).toBe("七天无理由退货");
    expect(canonicalNumbers("2023年")).toBe("二千零二十三年");
    expect(canonicalNumbers("gb2312")).toBe("gb2312");
  });
});
