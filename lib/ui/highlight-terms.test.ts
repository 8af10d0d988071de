import { describe, expect, it } from "vitest";
import { highlightTerms, termsOf } from "./highlight-terms";

describe("highlightTerms", () => {
  it("splits into hit and plain segments", () => {
    expect(highlightTerms("违约责任与违约金", termsOf("违约"))).toEqual([
      { text: "违约", hit: true },
      { text: "责任与", hit: false },
      { text: "违约", hit: true },
      { text: "金", hit: false },
    ]);
  });
  it("prefers the longest term", () => {
    expect(highlightTerms("劳动合同法", termsOf("劳动 劳动合同"))).toEqual([
      { text: "劳动合同", hit: true },
      { text: "法", hit: false },
    ]);
  });
  it("treats regex and markup characters literally", () => {
    const segs = highlightTerms("a.b <img> (x)", termsOf("(x) <img>"));
    expect(segs.filter((s) => s.hit).map((s) => s.text)).toEqual(["<img>", "(x)"]);
  });
  it("returns the text unchanged without terms", () => {
    expect(highlightTerms("文本", [])).toEqual([{ text: "文本", hit: false }]);
    expect(termsOf("  ")).toEqual([]);
  });
});
