// POST /open/rh_fg_zq_search – securities regulation keyword and filter search
import { defineOperation } from "@/lib/api/define-operation";
import { parseSearchRequest } from "@/lib/api/keyword-request/parse-search-request";
import { searchRegulations } from "@/lib/search/keyword/search-regulations";
import { keywordDb } from "@/lib/search/keyword/keyword-db";
import { successBody } from "@/lib/api/success-body";
import { rhFgZqSearchRequest } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = defineOperation({
  name: "rh_fg_zq_search",
  family: "keyword",
  rateClass: "SEARCH",
  handle: ({ body }) => {
    const req = parseSearchRequest(rhFgZqSearchRequest, body, { keywordRequired: false });
    return successBody(searchRegulations(keywordDb(), req, { securitiesOnly: true }));
  },
});
