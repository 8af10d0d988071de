/**
 * Request and response schemas of the citation check (operation 1, POST /open/hall_detect).
 * The response's full field list is typed in lib/citations/types.ts (HallDetectResponse).
 */
import { z } from "zod";
import { MAX_TEXT_CHARS } from "@/lib/citations/check-draft";

export const HallDetectRequest = z.object({
  text: z.string().describe(`草稿全文（用户文本）。可为空字符串；最长 ${MAX_TEXT_CHARS} 个字符（UTF-16 码元），超出返回 413 PAYLOAD_TOO_LARGE。`),
});
export type HallDetectRequest = z.infer<typeof HallDetectRequest>;

export const SemanticCompareSchema = z
  .object({
    结论: z.enum(["一致", "部分一致", "不一致", "无法判断"]).describe("比对结论"),
    语义相似度: z.number().min(0).max(1).nullable().describe("[0,1]；无可比文本时为 null"),
    说明: z.string().describe("一句话说明"),
    要点: z.array(z.string()).describe("具体差异"),
    skipped: z.boolean().optional(),
    skip_reason: z.string().optional(),
    skip_message: z.string().optional(),
  })
  .passthrough();
