import { describe, expect, it } from "vitest";
import { buildTinyIndex } from "@/test/helpers/tiny-index";
import { warmFacetCounts, warmKeywordSearch } from "./warm-up";
import { rankingCacheStats } from "./ranking-cache";

describe("warmKeywordSearch", () => {
  it("runs the searches and leaves their rankings cached", () => {
    const db = buildTinyIndex();
    expect(warmKeywordSearch(db, 2)).toBeGreaterThan(0);
    expect(rankingCacheStats(db).lists).toBeGreaterThan(0);
    expect(warmFacetCounts(db)).toBeGreaterThan(0);
  });
});
