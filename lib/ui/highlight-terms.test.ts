import { describe, expect, it } from "vitest";
import { highlightTerms, mergeTerms, termsOf } from "./highlight-terms";

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

describe("server terms (facet_counts `terms`)", () => {
  it("a concept wording in half-width punctuation marks the full-width clause text", () => {
    const segs = highlightTerms("（一）假借订立合同，恶意进行磋商；", mergeTerms(termsOf("缔约过失"), ["假借订立合同,恶意进行磋商", "缔约", "过失"]));
    expect(segs.filter((s) => s.hit).map((s) => s.text)).toEqual(["假借订立合同，恶意进行磋商"]);
  });
  it("punctuation is matched in either width and never as a regex", () => {
    const segs = highlightTerms("是否(一)有效？还是(二)?", ["(一)", "?"]);
    expect(segs.filter((s) => s.hit).map((s) => s.text)).toEqual(["(一)", "？", "?"]);
  });
  it("mergeTerms keeps the keyword's own terms, adds the server's once, longest first", () => {
    expect(mergeTerms(["职务侵占"], ["职务侵占", "本单位财物非法占为己有", "职务", ""])).toEqual(["本单位财物非法占为己有", "职务侵占", "职务"]);
    expect(mergeTerms(["违约"], undefined)).toEqual(["违约"]);
  });
});
