// POST /open/rh_fg_search – regulation keyword and filter search
import { defineOperation } from "@/lib/api/define-operation";
import { parseSearchRequest } from "@/lib/api/keyword-request/parse-search-request";
import { searchRegulations } from "@/lib/search/keyword/search-regulations";
import { keywordDb } from "@/lib/search/keyword/keyword-db";
import { successBody } from "@/lib/api/success-body";
import { rhFgSearchRequest } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = defineOperation({
  name: "rh_fg_search",
  family: "keyword",
  rateClass: "SEARCH",
  handle: ({ body }) => {
    const req = parseSearchRequest(rhFgSearchRequest, body, { keywordRequired: false });
    return successBody(searchRegulations(keywordDb(), req, { securitiesOnly: false }));
  },
});
