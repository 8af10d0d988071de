/** The per-law index: support of a claim, and the cache bounded by bytes (over the slice index). */
import { describe, expect, it } from "vitest";
import { claimTerms, lawIndexBytes, lawIndexCacheBytes, lawIndexFor, supportOf, termText, wordPhrases } from "./law-index";
import { citationStore } from "./store-port";

const store = citationStore();
const civil = store.findFamiliesByName("中华人民共和国民法典")[0]!.versions[0]!;
const labour = store.findFamiliesByName("中华人民共和国劳动合同法")[0]!.versions[0]!;
const criminal = store.findFamiliesByName("中华人民共和国刑法")[0]!.versions[0]!;

describe("support", () => {
  const law = lawIndexFor({}, civil.fgid, () => store.getClauses(civil.fgid));
  const i577 = law.byTid.get("577")!;
  const i509 = law.byTid.get("509")!;
  it.each([
    ["a restatement of 第五百七十七条 is supported by it", "不履行合同义务，应当承担继续履行、赔偿损失等违约责任", i577, 0.5, 1],
    ["and hardly by 第五百零九条", "不履行合同义务，应当承担继续履行、赔偿损失等违约责任", i509, 0, 0.3],
  ])("%s", (_n, claim, i, lo, hi) => {
    const s = supportOf(law, i, claimTerms(law, claim));
    expect(s).toBeGreaterThanOrEqual(lo);
    expect(s).toBeLessThanOrEqual(hi);
  });
  it("keeps each article's compared text", () => {
    expect(law.texts[i577]).toBe(termText(law.clauses[i577]!.content));
  });
});

describe("word phrases", () => {
  const law = lawIndexFor({}, labour.fgid, () => store.getClauses(labour.fgid));
  const i38 = law.byTid.get("38")!;
  it("cuts at the claim's word boundaries: no junction of two words (位|未), no joining word at either end", () => {
    const ph = wordPhrases(law, i38, "用人单位未及时足额支付劳动报酬的，劳动者可以解除劳动合同");
    expect(ph).toContain("及时足额支付劳动报酬");
    for (const p of ph) {
      expect(p.startsWith("位")).toBe(false);
      expect(p.startsWith("可以")).toBe(false);
      expect(law.texts[i38]!.includes(p)).toBe(true);
    }
  });
  it("drops runs of numerals and date words", () => {
    expect(wordPhrases(law, i38, "二〇一九年三月")).toEqual([]);
  });
});

describe("lawIndexFor cache", () => {
  it("stays within its byte budget, least recently used out, the newest always kept", () => {
    const handle = {};
    const a = lawIndexFor(handle, labour.fgid, () => store.getClauses(labour.fgid));
    const budget = lawIndexBytes(a) + 1000;
    lawIndexFor(handle, criminal.fgid, () => store.getClauses(criminal.fgid), budget);
    // the criminal law alone is over this budget: it is kept, the older one dropped
    expect(lawIndexCacheBytes(handle)).toBe(lawIndexBytes(lawIndexFor(handle, criminal.fgid, () => [], budget)));
    let built = 0;
    lawIndexFor(handle, labour.fgid, () => (built++, store.getClauses(labour.fgid)), budget);
    expect(built).toBe(1);
    for (const fgid of [civil.fgid, labour.fgid, criminal.fgid]) {
      lawIndexFor(handle, fgid, () => store.getClauses(fgid), 3 * budget);
      expect(lawIndexCacheBytes(handle)).toBeLessThanOrEqual(Math.max(3 * budget, lawIndexBytes(lawIndexFor(handle, fgid, () => [], 3 * budget))));
    }
  });
});
