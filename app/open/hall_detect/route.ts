// POST /open/hall_detect – citation check
import { defineOperation } from "@/lib/api/define-operation";
import { parseBody } from "@/lib/api/validation";
import { ApiError } from "@/lib/api/api-error";
import { chatModelFromEnv } from "@/lib/citations/chat-model";
import { checkDraft, ChatModelRequiredError, MAX_TEXT_CHARS } from "@/lib/citations/check-draft";
import { citationStore } from "@/lib/citations/store-port";
import { scrubHostDetails } from "@/lib/text/scrub-host";
import { HallDetectRequest } from "./schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * Longest draft excerpt (`content`) an entry carries in the response. Guard at the edge: a
 * 300,000-character chain of clause ranges (第1至49条、第1至49条、…) is one sentence, so each of
 * its 2,000 entries carried the whole draft, and serialising 600 MB killed the worker. The
 * excerpt is cut here (marked with …); the offsets (start_index, end_index) are unchanged.
 */
const MAX_ENTRY_CONTENT_CHARS = 2_000;

/** Body limit: MAX_TEXT_CHARS Chinese characters as \uXXXX escapes fit (6 bytes each) plus slack. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

export const POST = defineOperation({
  name: "hall_detect",
  family: "citation",
  rateClass: "CITATION",
  membersOnly: true,
  maxBodyBytes: MAX_BODY_BYTES,
  async handle({ body, requestId }) {
    const { text, reference_date } = parseBody(HallDetectRequest, body);
    if (text.length > MAX_TEXT_CHARS) {
      throw new ApiError("PAYLOAD_TOO_LARGE", `text 过长：${text.length} 个字符，上限 ${MAX_TEXT_CHARS}`, {
        detail: [{ type: "string_too_long", loc: ["body", "text"], msg: `String should have at most ${MAX_TEXT_CHARS} characters`, input: null }],
      });
    }
    try {
      const result = await checkDraft(text, { store: citationStore(), requestId, chat: chatModelFromEnv(), referenceDate: reference_date ?? null });
      // an upstream's error text may name its address: never in a response
      if (result.semantic_compare_error) result.semantic_compare_error = scrubHostDetails(result.semantic_compare_error);
      for (const e of result.regulations) {
        if (e.content.length > MAX_ENTRY_CONTENT_CHARS) e.content = `${e.content.slice(0, MAX_ENTRY_CONTENT_CHARS)}…`;
      }
      return result;
    } catch (e) {
      if (e instanceof ChatModelRequiredError) throw new ApiError("HTTP_502", `上游模型调用失败：${scrubHostDetails(e.message)}`);
      throw e;
    }
  },
});
