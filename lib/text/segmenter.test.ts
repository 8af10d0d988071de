import { describe, expect, it } from "vitest";
import { getJieba, jiebaCut, legalJieba, legalWordsAdded, suggestedFrequency } from "./segmenter";

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

describe("legalJieba: jieba's dictionary plus a legal dictionary", () => {
  const WORDS = ["按份共有", "紧急避险", "劳动合同", "缔约过失责任"];

  it.each([
    ["按份共有人对共有的不动产享有所有权", ["按", "份", "共", "有人", "对", "共有", "的", "不动产", "享有", "所有权"], ["按份共有", "人", "对", "共有", "的", "不动产", "享有", "所有权"]],
    ["因紧急避险造成损害的", ["因", "紧急", "避险", "造成", "损害", "的"], ["因", "紧急避险", "造成", "损害", "的"]],
    ["解除劳动合同", ["解除", "劳动合同"], ["解除", "劳动合同"]],
  ])("%s: default %j, legal %j", (text, byDefault, byLegal) => {
    expect(jiebaCut(text)).toEqual(byDefault);
    expect(legalJieba(WORDS).cut(text, false)).toEqual(byLegal);
  });

  it("adds only the words the default dictionary cuts into pieces, and leaves the shared instance alone", () => {
    expect(legalWordsAdded(WORDS)).toEqual(["按份共有", "紧急避险", "缔约过失责任"]);
    expect(legalJieba(WORDS)).not.toBe(getJieba());
    expect(legalJieba([...WORDS].reverse())).toBe(legalJieba(WORDS)); // the same words: the same instance
  });

  it.each([
    // total × Π P(piece) + 1: just above what the pieces' path scores
    [["按", "份"], { 按: 1000, 份: 2000 }, 1_000_000, 3],
    [["紧急", "避险"], { 紧急: 5000, 避险: 100 }, 1_000_000, 1],
    [["甲", "乙"], {}, 1_000_000, 1], // an unknown piece counts 1
    [["合同"], { 合同: 7000 }, 1_000_000, 7001],
  ])("suggestedFrequency(%j)", (pieces, freq, total, want) => {
    expect(suggestedFrequency(pieces, new Map(Object.entries(freq)), total)).toBe(want);
  });
});
