// POST /open/facet_counts – disjunctive facet counts for the keyword searches
import { defineOperation } from "@/lib/api/define-operation";
import { parseBody } from "@/lib/api/validation";
import { parseSearchRequest } from "@/lib/search/keyword/parse-search-request";
import { countFacets, FACET_FIELDS } from "@/lib/search/keyword/count-facets";
import { keywordDb } from "@/lib/search/keyword/keyword-db";
import { successBody } from "@/lib/search/keyword/success-body";
import { warmFacetCounts } from "@/lib/search/keyword/warm-up";
import { facetCountsRequest } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = defineOperation({
  name: "facet_counts",
  family: "keyword",
  rateClass: "SEARCH",
  handle: ({ body }) => {
    const req = parseSearchRequest(facetCountsRequest, body, { keywordRequired: false });
    const { target, facets } = parseBody(facetCountsRequest, body);
    const wanted = facets?.length ? FACET_FIELDS.filter((f) => facets.includes(f)) : FACET_FIELDS;
    return successBody(countFacets(keywordDb(), req, target ?? "fg", wanted));
  },
  warm: () => void warmFacetCounts(keywordDb()),
});
