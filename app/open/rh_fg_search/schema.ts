import { z } from "zod";
import { keywordSuccess, provenanceFields, regulationMeta } from "../_schema/pieces";
import { keywordRequestFields } from "@/lib/api/keyword-request/request-fields";

/** Request of POST /open/rh_fg_search (spec operation 5); every field optional, but not `{}`. */
export const rhFgSearchRequest = z
  .object(keywordRequestFields)
  .describe("法规检索：keyword 可选（无 keyword 时仅按过滤条件，按公布日期倒序）");
export type RhFgSearchRequest = z.infer<typeof rhFgSearchRequest>;

export const regulationItem = z
  .object({
    id: z.string().describe("法规 ID"),
    fgmc: regulationMeta.fgmc,
    title: z.string().describe("同 fgmc"),
    fbbm: regulationMeta.fbbm,
    fwzh: regulationMeta.fwzh,
    xljb_1: regulationMeta.xljb_1,
    xljb_2: regulationMeta.xljb_2,
    sxx: regulationMeta.sxx,
    dy: regulationMeta.dy,
    fbrq: regulationMeta.fbrq,
    ssrq: regulationMeta.ssrq,
    url: z.string().describe("/zxt/statuteDetail/detailPage/{id}"),
    _score: z.number().describe("相关度，越大越相关；无 keyword 时为 0"),
    ...provenanceFields,
    content: z
      .string()
      .optional()
      .describe("仅当传入 keyword 且有高亮命中时出现：约 120 字的片段，命中处以 <em> 包裹，其余已做 HTML 转义"),
  })
  .describe("法规检索结果项（摘要，不含全文）");

export const rhFgSearchResponse = keywordSuccess(z.array(regulationItem));
export type RhFgSearchResponse = z.infer<typeof rhFgSearchResponse>;
