import { z } from "zod";
import { keywordSuccess } from "../_schema/pieces";

/** Request of POST /open/case_detail (our design): a case by its id, or by a case number (案号). */
export const caseDetailRequest = z
  .object({
    id: z.string().trim().nullish().describe("案例 ID"),
    case_number: z
      .string()
      .trim()
      .nullish()
      .describe("案号；括号与空白按服务端规则归一化；同号多案时返回第一条"),
  })
  .refine((b) => Boolean(b.id) || Boolean(b.case_number), {
    message: "id 或 case_number 参数不可为空",
    path: ["id"],
  })
  .describe("案例详情：按 id 或案号查询；两者都给时以 id 为准");
export type CaseDetailRequest = z.infer<typeof caseDetailRequest>;

export const caseRecord = z
  .object({
    id: z.string(),
    source: z.string(),
    name: z.string(),
    case_number: z.string(),
    case_numbers: z.array(z.string()),
    case_type: z.string(),
    court: z.string(),
    judgment_date: z.string(),
    basic_facts: z.string(),
    judgment_key_points: z.string(),
    judgment_result: z.string(),
    judgment_analysis: z.string(),
    typical_significance: z.string(),
    case_commentary: z.string(),
    related_laws: z.string(),
    keywords: z.array(z.string()),
    source_url: z.string(),
    full_text: z.string(),
  })
  .describe("案例全部字段");

export const caseDetailResponse = keywordSuccess(caseRecord);
export type CaseDetailResponse = z.infer<typeof caseDetailResponse>;
