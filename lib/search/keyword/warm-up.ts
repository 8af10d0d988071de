/**
 * Warms a worker's keyword search before it takes traffic: loads the regulation metadata and
 * its title index, the clause → regulation map of the ranking cache, and runs a few common
 * searches so the first requests after a (re)start do not pay for that and for the JIT; reads the
 * answered questions of learned-anchors.ts (≈0.25 s).
 * Run by the production server before it takes requests (the rh_ft_search route's `warm`,
 * scripts/server.ts; OPERATION_WARMUP=0 skips it).
 */
import type { KeywordIndex } from "@/lib/store/keyword-index";
import { searchClauses } from "./search-clauses";
import { searchRegulations } from "./search-regulations";
import { countFacets } from "./count-facets";
import type { KeywordRequest } from "./types";
import { learnedAnchors, learnedAnchorsOn } from "./learned-anchors";

const TERMS = ["合同", "违约", "劳动", "解除", "赔偿", "证券", "行政处罚", "责任"];

export function warmKeywordSearch(db: KeywordIndex, rounds = 10): number {
  const started = performance.now();
  if (learnedAnchorsOn()) learnedAnchors(db);
  const reqs: KeywordRequest[] = TERMS.flatMap((t, i) => [
    { parts: [t], mode: "AND", filters: {}, topK: 10 },
    { parts: [t, TERMS[(i + 1) % TERMS.length]!], mode: i % 2 ? "OR" : "AND", filters: { sxx: ["现行有效"] }, topK: 10 },
  ]);
  for (let r = 0; r < rounds; r++) {
    for (const req of reqs) {
      searchClauses(db, req);
      if (r % 5 === 0) searchRegulations(db, req, { securitiesOnly: r % 10 === 5 });
    }
  }
  return performance.now() - started;
}

/** The same for the facet counts of the search page (its own route, so its own warm-up). */
export function warmFacetCounts(db: KeywordIndex): number {
  const started = performance.now();
  for (const t of TERMS.slice(0, 4)) {
    for (const target of ["ft", "fg"] as const) countFacets(db, { parts: [t], mode: "AND", filters: { sxx: ["现行有效"] }, topK: 10 }, target);
  }
  countFacets(db, { parts: [], mode: "AND", filters: {}, topK: 10 }, "fg");
  return performance.now() - started;
}
