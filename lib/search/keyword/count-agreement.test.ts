/**
 * The counts (count-facets.ts) agree with the hits the searches return and a page can reach, over
 * the real corpus slice: relaxed and named-law hits included (search-clauses.ts extraHits), the
 * clauses the ranking drops at a word boundary left out (keptMatches). For every case and target,
 * a search with top_k 50 returns min(50, total) hits, and each facet value's count is what the
 * search returns once that value is chosen (the facet's own filter replaced by it). fbbm is left
 * out of the per-value check: as a filter it matches any issuing body holding the value (a
 * substring, split on spaces), not the value alone.
 */
import { describe, expect, it } from "vitest";
import type { RegulationFilters } from "@/lib/store/types";
import { keywordDb } from "./keyword-db";
import { extraHits, searchClauses } from "./search-clauses";
import { searchRegulations } from "./search-regulations";
import { compileFtsQuery } from "./compile-fts-query";
import { useIndexConcepts } from "./index-concepts";
import { countFacets, type FacetTarget } from "./count-facets";
import type { KeywordRequest } from "./types";

const req = (keyword: string, filters: RegulationFilters = {}, topK = 50, mode: "AND" | "OR" = "AND"): KeywordRequest => ({
  parts: keyword.split(/\s+/u).filter(Boolean),
  mode,
  filters,
  topK,
});

function search(r: KeywordRequest, target: FacetTarget): Array<{ id: string }> {
  const db = keywordDb();
  return target === "ft" ? searchClauses(db, r) : searchRegulations(db, r, { securitiesOnly: target === "fg_zq" });
}

/** How the case's hits come about, so the table covers each kind (checked, not assumed). */
function kinds(r: KeywordRequest): { strict: number; extra: number } {
  const db = keywordDb();
  useIndexConcepts(db);
  const q = compileFtsQuery(r.parts, r.mode);
  if (!q) return { strict: 0, extra: 0 };
  return { strict: db.clauseMatchIds(q.full, 10_000).length, extra: extraHits(db, q, r).length };
}

type Kind = "relaxed or named-law only" | "strict and extra" | "strict only" | "none";
const CASES: Array<[string, string, RegulationFilters, Kind, ("AND" | "OR")?]> = [
  ["relaxed only: 小区车位 归属 (民法典 第二百七十五条 says 车位 … 归属)", "小区车位 归属", {}, "relaxed or named-law only"],
  ["relaxed only, more than a page: 委托合同 任意解除", "委托合同 任意解除", {}, "relaxed or named-law only"],
  ["relaxed only, level filter: 委托合同 任意解除 法律", "委托合同 任意解除", { xljb_1: ["法律"] }, "relaxed or named-law only"],
  ["relaxed only, region filter keeps none: 小区车位 归属 北京", "小区车位 归属", { dy: ["北京"] }, "none"],
  ["a part naming a law: 国家赔偿 精神损害抚慰金", "国家赔偿 精神损害抚慰金", {}, "relaxed or named-law only"],
  ["a part naming a law, level filter: 国家赔偿 精神损害抚慰金 司法解释", "国家赔偿 精神损害抚慰金", { xljb_1: ["司法解释"] }, "relaxed or named-law only"],
  ["strict and relaxed: 环境污染 举证责任", "环境污染 举证责任", {}, "strict and extra"],
  ["strict and relaxed, validity filter: 不服一审判决 上诉 现行有效", "不服一审判决 上诉", { sxx: ["现行有效"] }, "strict and extra"],
  ["strict only, word boundaries dropping matches: 定金", "定金", {}, "strict only"],
  ["strict and subject candidates: 解除合同 违约金", "解除合同 违约金", {}, "strict and extra"],
  ["strict only, OR: 定金 违约金", "定金 违约金", {}, "strict only", "OR"],
  ["neither strict nor relaxed: 小区车位 停车费", "小区车位 停车费", {}, "none"],
];

describe("counts agree with the hits a search returns", () => {
  it.each(CASES)("%s", (_name, keyword, filters, kind, mode = "AND") => {
    const db = keywordDb();
    const r = req(keyword, filters, 50, mode);
    const k = kinds(r);
    const found: Kind = k.strict === 0 && k.extra === 0 ? "none" : k.strict === 0 ? "relaxed or named-law only" : k.extra === 0 ? "strict only" : "strict and extra";
    expect(found).toBe(kind); // the table covers what it says
    for (const target of ["ft", "fg", "fg_zq"] as const) {
      const c = countFacets(db, r, target);
      const hits = search(r, target);
      expect(hits.length, `${target} total ${c.total}`).toBe(Math.min(50, c.total));
      if (kind === "none" && target === "ft") expect(c.total).toBe(0);
      for (const f of ["xljb_1", "sxx", "dy"] as const) {
        for (const { value, count } of c.facets[f]!) {
          expect(count).toBeGreaterThan(0);
          const chosen = req(keyword, { ...filters, [f]: [value] }, 50, mode);
          expect(search(chosen, target).length, `${target} ${f}=${value}`).toBe(Math.min(50, count));
          expect(countFacets(db, chosen, target, []).total, `${target} ${f}=${value}`).toBe(count);
        }
      }
    }
  });

  it("a relaxed result pages: top_k 20 extends top_k 10 (page 2), and its total covers both pages", () => {
    const first = searchClauses(keywordDb(), req("委托合同 任意解除", {}, 10));
    const two = searchClauses(keywordDb(), req("委托合同 任意解除", {}, 20));
    expect(two.slice(0, 10).map((h) => h.id)).toEqual(first.map((h) => h.id));
    expect(two.length).toBe(20);
    expect(new Set(two.map((h) => h.id)).size).toBe(20);
    expect(countFacets(keywordDb(), req("委托合同 任意解除"), "ft").total).toBeGreaterThanOrEqual(20);
    // the same on a level filter
    const law = req("委托合同 任意解除", { xljb_1: ["法律"] }, 20);
    const lawHits = searchClauses(keywordDb(), law);
    expect(lawHits.every((h) => h.xljb_1 === "法律")).toBe(true);
    expect(lawHits.length).toBe(Math.min(20, countFacets(keywordDb(), law, "ft").total));
  });

  it("the 法规 tab lists the regulations of relaxed hits beyond the clause ranking's page, after the others", () => {
    const r = req("委托合同 任意解除", {}, 50);
    const c = countFacets(keywordDb(), r, "fg");
    const hits = searchRegulations(keywordDb(), r, { securitiesOnly: false });
    expect(hits.length).toBe(Math.min(50, c.total));
    for (let i = 1; i < hits.length; i++) expect(hits[i]!._score).toBeLessThanOrEqual(hits[i - 1]!._score);
  });
});
