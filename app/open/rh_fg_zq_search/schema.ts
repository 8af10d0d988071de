import { z } from "zod";
import { keywordRequestFields } from "@/lib/api/keyword-request/request-fields";

export { regulationItem, rhFgSearchResponse as rhFgZqSearchResponse } from "../rh_fg_search/schema";

/**
 * Request of POST /open/rh_fg_zq_search (spec operation 4): the same fields as rh_fg_search,
 * over securities-industry regulations only (is_securities, lib/corpus/securities-rule.ts).
 */
export const rhFgZqSearchRequest = z
  .object(keywordRequestFields)
  .describe("证券法规检索：同 rh_fg_search，范围限于证券期货行业法规（含仅有目录信息、无全文的法规）");
export type RhFgZqSearchRequest = z.infer<typeof rhFgZqSearchRequest>;
