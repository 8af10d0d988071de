// POST /open/law_vector_search – semantic clause search
import { defineOperation } from "@/lib/api/define-operation";
import { parseBody } from "@/lib/api/validation";
import { getIndex } from "@/lib/store/index-store";
import { warmSemanticSearch } from "@/lib/search/semantic/warm-up";
import { lawVectorSearch } from "./operation";
import { lawVectorSearchRequest, resolveReturnNum } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = defineOperation({
  name: "law_vector_search",
  family: "vector",
  rateClass: "VECTOR",
  handle: async ({ body, requestId }) => {
    const req = parseBody(lawVectorSearchRequest, body);
    return lawVectorSearch(getIndex(), { ...req, return_num: resolveReturnNum(req.return_num) }, requestId);
  },
  warm: () => warmSemanticSearch(getIndex()),
});
