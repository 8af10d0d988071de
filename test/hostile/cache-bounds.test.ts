/**
 * Memory by bytes (issue 15): the request-driven caches are filled with hostile data (long
 * distinct claims, many distinct keywords, every clause of the slice index) and each must stay
 * within its byte budget, their sum within the documented total (README "Memory").
 */
import { beforeAll, describe, expect, it } from "vitest";
import { byteCaches } from "@/lib/text/byte-lru";
import { containment, diceSimilarity, SIMILARITY_BIGRAM_BYTES, SIMILARITY_COMPACT_BYTES } from "@/lib/citations/similarity";
import { compilePart, PART_CACHE_BYTES } from "@/lib/search/keyword/compile-fts-query";
import { ROW_CACHE_BYTES } from "@/lib/search/keyword/search-clauses";
import { FRAGMENT_CACHE_BYTES } from "@/lib/api/keyword-request/clause-success-json";
import { callHandler, createKey } from "@/test/helpers/api";
import { POST as ftSearch } from "@/app/open/rh_ft_search/route";

/** The documented total of the byte-bounded caches (README "Memory"), per process. */
const DOCUMENTED_TOTAL = 84 * 1024 * 1024;

let key = "";
beforeAll(() => {
  key = createKey("member");
});

function report(name: string) {
  const r = byteCaches().find((c) => c.name === name);
  expect(r, name).toBeDefined();
  return r!;
}

/** A pseudo-random CJK text of n characters (distinct bigrams, as a hostile claim would be). */
function noise(seed: number, n: number): string {
  let x = seed * 2654435761;
  let s = "";
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    s += String.fromCharCode(0x4e00 + (x % 3000));
  }
  return s;
}

describe("caches stay within their byte budgets", () => {
  it("similarity: 600 distinct 20,000-character claims (~1 GB unbounded)", () => {
    const clause = noise(1, 300);
    for (let i = 0; i < 600; i++) {
      const claim = noise(i + 2, 20_000);
      diceSimilarity(claim, clause);
      containment(claim, clause);
    }
    const compact = report("similarity.compact");
    const bigrams = report("similarity.bigrams");
    expect(compact.maxBytes).toBe(SIMILARITY_COMPACT_BYTES);
    expect(bigrams.maxBytes).toBe(SIMILARITY_BIGRAM_BYTES);
    expect(compact.bytes).toBeLessThanOrEqual(SIMILARITY_COMPACT_BYTES);
    expect(bigrams.bytes).toBeLessThanOrEqual(SIMILARITY_BIGRAM_BYTES);
    expect(bigrams.entries).toBeGreaterThan(0); // the cache still works: it holds what fits
    expect(bigrams.entries).toBeLessThan(600);
  }, 120_000);

  it("compiled keyword parts: 100,000 distinct parts", () => {
    for (let i = 0; i < 100_000; i++) compilePart(noise(i, 40));
    const r = report("keyword.compiled-parts");
    expect(r.maxBytes).toBe(PART_CACHE_BYTES);
    expect(r.bytes).toBeLessThanOrEqual(PART_CACHE_BYTES);
    expect(r.entries).toBeLessThan(100_000);
  }, 120_000);

  it("clause rows and clause JSON: searches over many keywords", async () => {
    for (const keyword of ["合同", "公司", "应当", "劳动", "人民", "法院", "规定", "管理", "责任", "国家", "证券", "行政"]) {
      const r = await callHandler(ftSearch, { keyword, top_k: 50 }, { key });
      expect(r.status).toBe(200);
    }
    const rows = report("keyword.clause-rows");
    const json = report("keyword.clause-json");
    expect(rows.entries).toBeGreaterThan(0);
    expect(json.entries).toBeGreaterThan(0);
    expect(rows.bytes).toBeLessThanOrEqual(ROW_CACHE_BYTES);
    expect(json.bytes).toBeLessThanOrEqual(FRAGMENT_CACHE_BYTES);
  });

  it("the sum of the budgets is the documented total", () => {
    const names = ["similarity.compact", "similarity.bigrams", "keyword.compiled-parts", "keyword.clause-rows", "keyword.clause-json"];
    const total = names.map((n) => report(n).maxBytes).reduce((a, b) => a + b, 0);
    expect(total).toBe(DOCUMENTED_TOTAL);
    expect(names.map((n) => report(n).bytes).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(DOCUMENTED_TOTAL);
  });
});
