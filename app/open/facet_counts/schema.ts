import { z } from "zod";
import { keywordSuccess } from "../_schema/pieces";
import { keywordRequestFields } from "@/lib/api/keyword-request/request-fields";
import { FACET_FIELDS, FACET_TARGETS } from "@/lib/search/keyword/count-facets";

/**
 * Request of POST /open/facet_counts (our design, for the search UI's facets): the fields
 * of rh_fg_search plus the result set to count and the facets wanted.
 */
export const facetCountsRequest = z
  .object({
    ...keywordRequestFields,
    target: z
      .enum(FACET_TARGETS)
      .nullish()
      .describe("计数对象：ft 条款（rh_ft_search）、fg 法规（rh_fg_search，默认）、fg_zq 证券法规（rh_fg_zq_search）"),
    facets: z
      .array(z.enum(FACET_FIELDS))
      .nullish()
      .describe("需要的分面，默认全部：xljb_1、sxx、dy、fbbm"),
  })
  .describe("分面计数：每个分面的计数应用除该分面自身外的全部过滤条件（disjunctive）");
export type FacetCountsRequest = z.infer<typeof facetCountsRequest>;

const facetValues = z.array(z.object({ value: z.string(), count: z.number().int() }));

export const facetCountsResponse = keywordSuccess(
  z.object({
    total: z.number().int().describe("应用全部过滤条件后的命中数（ft 为条款数，fg/fg_zq 为法规数）"),
    facets: z
      .object({
        xljb_1: facetValues.optional(),
        sxx: facetValues.optional(),
        dy: facetValues.optional(),
        fbbm: facetValues.optional().describe("最多 30 个，按计数倒序"),
      })
      .describe("各分面取值及计数，按计数倒序；空值不计"),
    terms: z
      .array(z.string())
      .describe("关键词实际匹配的词（供高亮）：各关键词、其概念的法定表述（如 缔约过失 → 假借订立合同,恶意进行磋商）及分词，长者在前，已规范化（半角标点）；无关键词时为空"),
  }),
);
export type FacetCountsResponse = z.infer<typeof facetCountsResponse>;
