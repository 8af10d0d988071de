import { describe, expect, it } from "vitest";
import { caseDetailUrl, statuteDetailUrl } from "./detail-url";
import { caseHref, inAppDetailHref, regulationHref } from "@/lib/ui/detail-url";

describe("detail URLs (one builder for the operations and the pages)", () => {
  it.each([
    ["abc123", undefined, "/zxt/statuteDetail/detailPage/abc123"],
    ["abc123", "577", "/zxt/statuteDetail/detailPage/abc123?text=577"],
    ["a b/c?d#e", "12#2", "/zxt/statuteDetail/detailPage/a%20b%2Fc%3Fd%23e?text=12%232"],
    ["民法典", "五百七十七", "/zxt/statuteDetail/detailPage/%E6%B0%91%E6%B3%95%E5%85%B8?text=%E4%BA%94%E7%99%BE%E4%B8%83%E5%8D%81%E4%B8%83"],
  ])("statute %s, article %s → %s", (fgid, tid, url) => {
    expect(statuteDetailUrl(fgid, tid)).toBe(url);
    // the desk's links and the in-app reading of an operation's url agree with it
    expect(regulationHref(fgid, tid)).toBe(tid ? `${url}#tid-${encodeURIComponent(tid)}` : url);
    expect(inAppDetailHref(url)).toBe(regulationHref(fgid, tid));
  });

  it("encodes a case id", () => {
    expect(caseDetailUrl("（2020）京01民终1号")).toBe(`/zxt/caseDetail/${encodeURIComponent("（2020）京01民终1号")}`);
    expect(caseHref("a/b")).toBe("/zxt/caseDetail/a%2Fb");
  });
});
