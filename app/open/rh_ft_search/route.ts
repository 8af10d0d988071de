// POST /open/rh_ft_search – clause keyword search
import { defineOperation } from "@/lib/api/define-operation";
import { parseSearchRequest } from "@/lib/api/keyword-request/parse-search-request";
import { searchClauses } from "@/lib/search/keyword/search-clauses";
import { keywordDb } from "@/lib/search/keyword/keyword-db";
import { clauseSuccessJson } from "@/lib/api/keyword-request/clause-success-json";
import { warmKeywordSearch } from "@/lib/search/keyword/warm-up";
import { rhFtSearchRequest } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = defineOperation({
  name: "rh_ft_search",
  family: "keyword",
  rateClass: "SEARCH",
  handle: ({ body }) => {
    const req = parseSearchRequest(rhFtSearchRequest, body, { keywordRequired: true });
    const db = keywordDb();
    return clauseSuccessJson(db, searchClauses(db, req));
  },
  warm: () => void warmKeywordSearch(keywordDb()),
});
