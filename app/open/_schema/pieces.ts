/**
 * The pieces the operations' zod schemas are built from, so each shape is declared once:
 * the keyword family's success envelope, a regulation's metadata fields and the documented
 * provenance fields every search item carries. The domain types (lib/search/keyword/types.ts,
 * lib/store/types.ts, lib/citations/types.ts) and the browser's copies (components/search/types.ts,
 * lib/ui/check-types.ts) are checked against these schemas at compile time (./agreement.ts).
 */
import { z } from "zod";

/** {status: "success", code: 200, message: "success", data} (lib/api/success-body.ts). */
export function keywordSuccess<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.literal("success"),
    code: z.literal(200),
    message: z.literal("success"),
    data,
  });
}

/** A regulation's metadata fields as every operation names them (spec field names). */
export const regulationMeta = {
  fgmc: z.string(),
  fbbm: z.string(),
  fwzh: z.string(),
  xljb_1: z.string(),
  xljb_2: z.string(),
  sxx: z.string(),
  dy: z.string(),
  fbrq: z.string(),
  ssrq: z.string(),
};

/** Documented extra fields of every search item (README "Dates and validity"). */
export const provenanceFields = {
  data_as_of: z.string().describe("扩展字段：该法规来源的数据截至日期（yyyy-MM-dd）；sxx 为截至该日的时效性"),
  validity_source: z.string().describe("扩展字段：sxx 的来源或判定规则"),
  implement_date_source: z.string().describe("扩展字段：ssrq 的来源（正文原话、题注、数据库字段或“推定”）"),
};

/** Compile-time agreement of two types (both ways). */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compile-time: every A is a B (the browser reads a subset of what the server sends). */
export type Extends<A, B> = [A] extends [B] ? true : false;
export type Assert<T extends true> = T;
