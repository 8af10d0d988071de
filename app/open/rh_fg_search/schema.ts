import { z } from "zod";
import { keywordRequestFields } from "@/lib/api/keyword-request/request-fields";

/** Request of POST /open/rh_fg_search (spec operation 5); every field optional, but not `{}`. */
export const rhFgSearchRequest = z
  .object(keywordRequestFields)
  .describe("法规检索：keyword 可选（无 keyword 时仅按过滤条件，按公布日期倒序）");
export type RhFgSearchRequest = z.infer<typeof rhFgSearchRequest>;

export const regulationItem = z
  .object({
    id: z.string().describe("法规 ID"),
    fgmc: z.string(),
    title: z.string().describe("同 fgmc"),
    fbbm: z.string(),
    fwzh: z.string(),
    xljb_1: z.string(),
    xljb_2: z.string(),
    sxx: z.string(),
    dy: z.string(),
    fbrq: z.string(),
    ssrq: z.string(),
    url: z.string().describe("/zxt/statuteDetail/detailPage/{id}"),
    _score: z.number().describe("相关度，越大越相关；无 keyword 时为 0"),
    data_as_of: z.string().describe("扩展字段：该法规来源的数据截至日期（yyyy-MM-dd）；sxx 为截至该日的时效性"),
    validity_source: z.string().describe("扩展字段：sxx 的来源或判定规则"),
    implement_date_source: z.string().describe("扩展字段：ssrq 的来源（正文原话、题注、数据库字段或“推定”）"),
    content: z
      .string()
      .optional()
      .describe("仅当传入 keyword 且有高亮命中时出现：约 120 字的片段，命中处以 <em> 包裹，其余已做 HTML 转义"),
  })
  .describe("法规检索结果项（摘要，不含全文）");

export const rhFgSearchResponse = z.object({
  status: z.literal("success"),
  code: z.literal(200),
  message: z.literal("success"),
  data: z.array(regulationItem),
});
export type RhFgSearchResponse = z.infer<typeof rhFgSearchResponse>;
