/**
 * Request schema of POST /open/law_vector_search (operation 3). See the README section
 * "Semantic search" for the semantics of every field; in short:
 * - query: required, non-empty after trimming.
 * - rewrite_flag: default false.
 * - fatiao_filter.sxx / effect1: values of the shared enumerations; dy: short or full region
 *   names or 中央 (normalised to the short name); lists combine with OR; empty = no filter.
 * - law_start / law_end: YYYY-MM-DD (a real calendar date), law_start ≤ law_end.
 * - return_num: integer; absent or ≤ 0 → 45; capped at the number retrieved (≤ 100).
 * - null for any optional field means absent (clients that serialise None/nil as null), as
 *   top_k: null does in the keyword family.
 */
import { z } from "zod";
import { DY_VALUES, SXX_VALUES, XLJB1_VALUES } from "@/lib/store/types";
import { DY_ALIASES } from "@/lib/search/semantic/filters";
import { DEFAULT_RETURN_NUM } from "@/lib/search/semantic/search";

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "日期格式应为 YYYY-MM-DD")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, "不是有效日期");

/** An optional field where JSON null means the same as leaving it out. */
function absentIfNull<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((v) => (v === null ? undefined : v));
}

const dyAllowed = [...DY_ALIASES.keys()];
const dyName = z.string().refine((s) => DY_ALIASES.has(s.trim()), {
  message: `dy 取值应为：${DY_VALUES.join("、")}（省、自治区、直辖市也可用全称，如 北京市、广东省、内蒙古自治区、广西壮族自治区）`,
});

export const fatiaoFilterSchema = z
  .object({
    sxx: absentIfNull(z.array(z.enum(SXX_VALUES, { message: `sxx 取值应为：${SXX_VALUES.join("、")}` }))),
    effect1: absentIfNull(z.array(z.enum(XLJB1_VALUES, { message: `effect1 取值应为：${XLJB1_VALUES.join("、")}` }))),
    dy: absentIfNull(z.array(dyName)),
    law_start: absentIfNull(isoDate),
    law_end: absentIfNull(isoDate),
  })
  .refine((f) => !f.law_start || !f.law_end || f.law_start <= f.law_end, { message: "law_start 不能晚于 law_end", path: ["law_start"] });

export const lawVectorSearchRequest = z.object({
  query: z.string({ message: "query 必填，应为字符串" }).refine((s) => s.trim() !== "", "query 不可为空"),
  rewrite_flag: absentIfNull(z.boolean()).transform((v) => v ?? false),
  fatiao_filter: absentIfNull(fatiaoFilterSchema),
  return_num: absentIfNull(z.number().int("return_num 应为整数")),
});

export type LawVectorSearchRequest = z.infer<typeof lawVectorSearchRequest>;

export { dyAllowed };

/** return_num as the search uses it: absent or ≤ 0 → 45; the search caps it at what was retrieved. */
export function resolveReturnNum(n: number | undefined): number {
  return n === undefined || n <= 0 ? DEFAULT_RETURN_NUM : n;
}
