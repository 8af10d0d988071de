import { z } from "zod";
import { keywordRequestFields } from "@/lib/api/keyword-request/request-fields";

/** Request of POST /open/rh_ft_search (spec operation 2); `keyword` is required (checked with the spec's message). */
export const rhFtSearchRequest = z
  .object(keywordRequestFields)
  .describe("条款关键词检索：keyword 必填，其余为法规过滤条件与 top_k");
export type RhFtSearchRequest = z.infer<typeof rhFtSearchRequest>;

export const clauseItem = z
  .object({
    id: z.string().describe("条款 ID：{fgid}_{tid}"),
    _score: z.number().describe("相关度，越大越相关（-bm25，逐字命中加 1000）"),
    ftmc: z.string().describe("法规名称 + 条款名"),
    title: z.string().describe("同 ftmc"),
    fgid: z.string(),
    tid: z.string().describe("条款号"),
    url: z.string().describe("/zxt/statuteDetail/detailPage/{fgid}?text={tid}"),
    content: z.string().describe("条款正文"),
    fgmc: z.string(),
    ft_num: z.string().describe("条款名，如 第五百七十七条"),
    llm_content: z.string().describe(" - 《{fgmc}》{ft_num}##{content}"),
    sxx: z.string(),
    dy: z.string(),
    xljb_1: z.string(),
    xljb_2: z.string(),
    ssrq: z.string(),
    fbrq: z.string(),
    fbbm: z.string(),
    fwzh: z.string(),
    data_as_of: z.string().describe("扩展字段：该法规来源的数据截至日期（yyyy-MM-dd）；sxx 为截至该日的时效性"),
    validity_source: z.string().describe("扩展字段：sxx 的来源或判定规则"),
    implement_date_source: z.string().describe("扩展字段：ssrq 的来源（正文原话、题注、数据库字段或“推定”）"),
  })
  .describe("条款检索结果项");

export const rhFtSearchResponse = z.object({
  status: z.literal("success"),
  code: z.literal(200),
  message: z.literal("success"),
  data: z.array(clauseItem),
});
export type RhFtSearchResponse = z.infer<typeof rhFtSearchResponse>;
