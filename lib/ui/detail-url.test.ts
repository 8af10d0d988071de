import { describe, expect, it } from "vitest";
import { inAppDetailHref, regulationHref, tidFromClauseId } from "./detail-url";

describe("detail urls", () => {
  it("keeps in-app detail paths and adds the article fragment", () => {
    expect(inAppDetailHref("/zxt/statuteDetail/detailPage/abc?text=577")).toBe("/zxt/statuteDetail/detailPage/abc?text=577#tid-577");
    expect(inAppDetailHref("https://other.example/zxt/statuteDetail/detailPage/abc")).toBe("/zxt/statuteDetail/detailPage/abc");
    expect(inAppDetailHref("/zxt/caseDetail/c1")).toBe("/zxt/caseDetail/c1");
  });
  it("refuses anything else", () => {
    expect(inAppDetailHref("javascript:alert(1)")).toBe("");
    expect(inAppDetailHref("https://evil.example/x")).toBe("");
    expect(inAppDetailHref("")).toBe("");
  });
  it("builds hrefs and splits clause ids", () => {
    expect(regulationHref("f1", "120-1")).toBe("/zxt/statuteDetail/detailPage/f1?text=120-1#tid-120-1");
    expect(tidFromClauseId("f_1_577", "f_1")).toBe("577");
  });
});
