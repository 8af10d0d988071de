import { describe, expect, it } from "vitest";
import { getJieba, jiebaCut } from "./segmenter";

describe("segmenter: the one jieba of the project", () => {
  it.each([
    ["解除劳动合同", ["解除", "劳动合同"]],
    ["用人单位未及时足额支付劳动报酬", ["用人单位", "未", "及时", "足额", "支付", "劳动报酬"]],
  ])("precise mode cuts %s into dictionary words that concatenate to it", (text, want) => {
    const words = jiebaCut(text);
    expect(words).toEqual(want);
    expect(words.join("")).toBe(text);
  });

  it("is one instance, shared by its callers", () => {
    expect(getJieba()).toBe(getJieba());
  });
});
