import { z } from "zod";
import { keywordSuccess, provenanceFields, regulationMeta } from "../_schema/pieces";
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
    fgmc: regulationMeta.fgmc,
    ft_num: z.string().describe("条款名，如 第五百七十七条"),
    llm_content: z.string().describe(" - 《{fgmc}》{ft_num}##{content}"),
    sxx: regulationMeta.sxx,
    dy: regulationMeta.dy,
    xljb_1: regulationMeta.xljb_1,
    xljb_2: regulationMeta.xljb_2,
    ssrq: regulationMeta.ssrq,
    fbrq: regulationMeta.fbrq,
    fbbm: regulationMeta.fbbm,
    fwzh: regulationMeta.fwzh,
    ...provenanceFields,
  })
  .describe("条款检索结果项");

export const rhFtSearchResponse = keywordSuccess(z.array(clauseItem));
export type RhFtSearchResponse = z.infer<typeof rhFtSearchResponse>;
