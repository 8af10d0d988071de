import { ApiError } from "@/lib/api/api-error";

/**
 * Splits a space-separated request field into its parts. The spec says "split on spaces";
 * users paste from Chinese input methods, so the ideographic space (U+3000), tabs and
 * newlines count as spaces too. Empty parts are dropped.
 */
export function splitParts(value: string | null | undefined): string[] {
  if (!value) return [];
  return value.split(/[\s\u3000]+/u).filter((p) => p.length > 0);
}

/** Most parts of one multi-part filter field (fgmc, fbbm, xljb_1, sxx, dy). */
export const MAX_FILTER_PARTS = 16;
/** Longest part of a filter field (characters); longer than any regulation title (75) or issuing body (213) in the corpus. */
export const MAX_FILTER_PART_CHARS = 256;
/**
 * Most one-character CJK parts in a keyword: a single character is a prefix query over every
 * bigram that starts with it (法* reaches a large share of the index), so their number is capped.
 */
export const MAX_SINGLE_CHAR_PARTS = 2;

/** The multi-part filter fields and their parts, checked against the limits above. */
export function splitFilterField(field: string, value: string | null | undefined): string[] {
  const parts = splitParts(value);
  if (parts.length > MAX_FILTER_PARTS) {
    throw new ApiError("VALIDATION_ERROR", `${field} 片段过多：最多 ${MAX_FILTER_PARTS} 个（按空格拆分）`);
  }
  for (const p of parts) {
    if (Array.from(p).length > MAX_FILTER_PART_CHARS) {
      throw new ApiError("VALIDATION_ERROR", `${field} 片段过长：每个片段最多 ${MAX_FILTER_PART_CHARS} 个字符`);
    }
  }
  return parts;
}
