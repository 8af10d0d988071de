/**
 * Validates a keyword-family body into a `KeywordRequest`, in the order that yields the
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
import { parseBody } from "@/lib/api/validation";
import { DY_VALUES, SXX_VALUES, XLJB1_VALUES, type RegulationFilters } from "@/lib/store/types";
import type { KeywordRequestBody } from "./request-fields";
import { SEARCH_MODES, type KeywordRequest, type SearchMode } from "./types";
import { splitFilterField, splitParts, MAX_SINGLE_CHAR_PARTS } from "./split-parts";
import { bigramPhrase } from "@/lib/text/bigrams";

export { MAX_FILTER_PARTS, MAX_FILTER_PART_CHARS, MAX_SINGLE_CHAR_PARTS } from "./split-parts";
import { normalizeTopK } from "./normalize-top-k";
import { validateEnumValues } from "./validate-enum-values";
import { validateDate } from "./validate-date";

export const EMPTY_BODY_MESSAGE = "请求参数不能为空";
export const EMPTY_KEYWORD_MESSAGE = "keyword 参数不可为空!";
/** Longest accepted keyword (characters); longer input is a 422, it is never a legal term. */
export const MAX_KEYWORD_CHARS = 200;
/** Most keyword parts; each part adds FTS5 phrases, so the query cost stays bounded. */
export const MAX_KEYWORD_PARTS = 16;
export interface ParseOptions {
  /** rh_ft_search: keyword is required. */
  keywordRequired: boolean;
}

/** Checks steps 1–2 (object, non-empty) for any keyword-family body. */
export function assertNonEmptyObject(body: unknown): asserts body is Record<string, unknown> {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new ApiError("VALIDATION_ERROR", "请求体必须是 JSON 对象");
  }
  if (Object.keys(body).length === 0) throw new ApiError("EMPTY_BODY", EMPTY_BODY_MESSAGE);
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
  assertNonEmptyObject(body);
  const b = parseBody(schema, body) as KeywordRequestBody;
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
  return { parts, mode: parseSearchMode(b.search_mode), filters: parseFilters(b), topK: normalizeTopK(b.top_k) };
}
