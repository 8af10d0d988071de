// POST /open/fg_detail – one regulation in full (metadata, preamble, structured text, versions)
import { defineOperation } from "@/lib/api/define-operation";
import { ApiError } from "@/lib/api/api-error";
import { assertNonEmptyObject, parseBody } from "@/lib/api/validation";
import { successBody } from "@/lib/api/success-body";
import { getIndex } from "@/lib/store/index-store";
import { fgDetailRequest } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = defineOperation({
  name: "fg_detail",
  family: "keyword",
  rateClass: "DETAIL",
  handle: ({ body }) => {
    assertNonEmptyObject(body);
    const { fgid } = parseBody(fgDetailRequest, body);
    const detail = getIndex().getRegulationDetail(fgid);
    if (!detail) throw new ApiError("NOT_FOUND", `未找到法规: ${fgid}`);
    return successBody(detail);
  },
});
