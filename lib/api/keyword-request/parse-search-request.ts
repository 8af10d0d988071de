/**
 * The edge of the keyword family: validates a request body into the domain's typed
 * `KeywordRequest` (lib/search/keyword/types.ts), in the order that yields the
 * spec's messages:
 *   1. not a JSON object (array, string, number, null)  → 422 VALIDATION_ERROR
 *   2. `{}`                                              → 422 EMPTY_BODY 请求参数不能为空
 *   3. wrong JSON types (keyword: 5)                     → 422 VALIDATION_ERROR (zod)
 *   4. keyword missing/blank when required               → 422 keyword 参数不可为空!
 *   5. search_mode not AND/OR, enumeration value unknown, malformed or impossible date
 *                                                        → 422 naming the field and allowed values
 *   6. a filter field (fgmc, fbbm, xljb_1, sxx, dy) with more than MAX_FILTER_PARTS parts or a
 *      part longer than MAX_FILTER_PART_CHARS           → 422 naming the field and the limit
 *   7. a keyword with more than MAX_SINGLE_CHAR_PARTS one-character parts (each a prefix query
 *      over every bigram starting with that character) → 422
 */
import type { z } from "zod";
import { ApiError } from "@/lib/api/api-error";
import { assertNonEmptyObject, parseBody } from "@/lib/api/validation";
import { DY_VALUES, SXX_VALUES, XLJB1_VALUES, type RegulationFilters } from "@/lib/store/types";
import type { KeywordRequestBody } from "./request-fields";
import { SEARCH_MODES, type KeywordRequest, type SearchMode } from "@/lib/search/keyword/types";
import { splitFilterField, splitParts, MAX_SINGLE_CHAR_PARTS } from "./split-parts";
import { bigramPhrase } from "@/lib/text/bigrams";

export { MAX_FILTER_PARTS, MAX_FILTER_PART_CHARS, MAX_SINGLE_CHAR_PARTS } from "./split-parts";
import { normalizeTopK } from "./normalize-top-k";
import { validateEnumValues } from "./validate-enum-values";
import { validateDate } from "./validate-date";

export { EMPTY_BODY_MESSAGE } from "@/lib/api/validation";
export const EMPTY_KEYWORD_MESSAGE = "keyword 参数不可为空!";
/** Longest accepted keyword (characters); longer input is a 422, it is never a legal term. */
export const MAX_KEYWORD_CHARS = 200;
/** Most keyword parts; each part adds FTS5 phrases, so the query cost stays bounded. */
export const MAX_KEYWORD_PARTS = 16;
export interface ParseOptions {
  /** rh_ft_search: keyword is required. */
  keywordRequired: boolean;
}


export function parseSearchMode(value: string | null | undefined): SearchMode {
  const s = value?.trim().toUpperCase();
  if (!s) return "AND";
  if ((SEARCH_MODES as readonly string[]).includes(s)) return s as SearchMode;
  throw new ApiError("VALIDATION_ERROR", `search_mode 参数取值无效: ${value}；可选值: ${SEARCH_MODES.join("、")}`);
}

export function parseFilters(b: KeywordRequestBody): RegulationFilters {
  const filters: RegulationFilters = {};
  const fgmc = splitFilterField("fgmc", b.fgmc);
  if (fgmc.length) filters.fgmc = fgmc;
  const xljb = validateEnumValues("xljb_1", b.xljb_1, XLJB1_VALUES);
  if (xljb) filters.xljb_1 = xljb;
  const sxx = validateEnumValues("sxx", b.sxx, SXX_VALUES);
  if (sxx) filters.sxx = sxx;
  const dy = validateEnumValues("dy", b.dy, DY_VALUES);
  if (dy) filters.dy = dy;
  const fbbm = splitFilterField("fbbm", b.fbbm);
  if (fbbm.length) filters.fbbm = fbbm;
  for (const f of ["fbrq_start", "fbrq_end", "ssrq_start", "ssrq_end"] as const) {
    const d = validateDate(f, b[f]);
    if (d) filters[f] = d;
  }
  return filters;
}

export function parseSearchRequest<S extends z.ZodType<KeywordRequestBody>>(
  schema: S,
  body: unknown,
  opts: ParseOptions,
): KeywordRequest {
  return parseSearchBody(schema, body, opts).request;
}

/**
 * parseSearchRequest that also returns the parsed body, for an operation whose schema adds
 * fields of its own (facet_counts: target, facets): the body is parsed once.
 */
export function parseSearchBody<S extends z.ZodType<KeywordRequestBody>>(
  schema: S,
  body: unknown,
  opts: ParseOptions,
): { request: KeywordRequest; body: z.infer<S> } {
  assertNonEmptyObject(body);
  const parsed = parseBody(schema, body);
  const b = parsed as KeywordRequestBody;
  const keyword = b.keyword ?? "";
  if (opts.keywordRequired && keyword.trim() === "") throw new ApiError("VALIDATION_ERROR", EMPTY_KEYWORD_MESSAGE);
  if (Array.from(keyword).length > MAX_KEYWORD_CHARS) {
    throw new ApiError("VALIDATION_ERROR", `keyword 过长：最多 ${MAX_KEYWORD_CHARS} 个字符`);
  }
  const parts = splitParts(keyword);
  if (parts.length > MAX_KEYWORD_PARTS) {
    throw new ApiError("VALIDATION_ERROR", `keyword 片段过多：最多 ${MAX_KEYWORD_PARTS} 个（按空格拆分）`);
  }
  if (parts.filter((p) => bigramPhrase(p)?.endsWith("*")).length > MAX_SINGLE_CHAR_PARTS) {
    throw new ApiError("VALIDATION_ERROR", `keyword 单字片段过多：最多 ${MAX_SINGLE_CHAR_PARTS} 个单个汉字的片段`);
  }
  return { request: { parts, mode: parseSearchMode(b.search_mode), filters: parseFilters(b), topK: normalizeTopK(b.top_k) }, body: parsed };
}
