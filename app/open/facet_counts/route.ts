// POST /open/facet_counts – disjunctive facet counts for the keyword searches
import { defineOperation } from "@/lib/api/define-operation";
import { parseSearchBody } from "@/lib/api/keyword-request/parse-search-request";
import { countFacets, FACET_FIELDS } from "@/lib/search/keyword/count-facets";
import { keywordDb } from "@/lib/search/keyword/keyword-db";
import { successBody } from "@/lib/api/success-body";
import { warmFacetCounts } from "@/lib/search/keyword/warm-up";
import { facetCountsRequest } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = defineOperation({
  name: "facet_counts",
  family: "keyword",
  rateClass: "SEARCH",
  handle: ({ body }) => {
    const { request: req, body: { target, facets } } = parseSearchBody(facetCountsRequest, body, { keywordRequired: false });
    const wanted = facets?.length ? FACET_FIELDS.filter((f) => facets.includes(f)) : FACET_FIELDS;
    return successBody(countFacets(keywordDb(), req, target ?? "fg", wanted));
  },
  warm: () => void warmFacetCounts(keywordDb()),
});
