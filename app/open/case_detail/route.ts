// POST /open/case_detail – one case in full, by id or by case number
import { defineOperation } from "@/lib/api/define-operation";
import { ApiError } from "@/lib/api/api-error";
import { assertNonEmptyObject, parseBody } from "@/lib/api/validation";
import { successBody } from "@/lib/api/success-body";
import { getIndex } from "@/lib/store/index-store";
import { caseDetailRequest } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = defineOperation({
  name: "case_detail",
  family: "keyword",
  rateClass: "DETAIL",
  handle: ({ body }) => {
    assertNonEmptyObject(body);
    const { id, case_number } = parseBody(caseDetailRequest, body);
    const index = getIndex();
    const found = id ? index.getCase(id) : index.findCasesByNumber(case_number ?? "")[0];
    if (!found) throw new ApiError("NOT_FOUND", `未找到案例: ${id || case_number}`);
    return successBody(found);
  },
});
