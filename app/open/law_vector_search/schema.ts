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
import { DEFAULT_RETURN_NUM, type FatiaoItem } from "@/lib/search/semantic/search";

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

/** Longest accepted query (characters): a question, not a document; longer is a 422. */
export const MAX_QUERY_CHARS = 1000;
/** Most values in one fatiao_filter list (more than every allowed spelling of every value). */
export const MAX_FILTER_VALUES = 100;

function boundedList<T extends z.ZodType>(field: string, item: T) {
  return z.array(item).max(MAX_FILTER_VALUES, `${field} 取值过多：最多 ${MAX_FILTER_VALUES} 个`);
}
const dyName = z.string().refine((s) => DY_ALIASES.has(s.trim()), {
  message: `dy 取值应为：${DY_VALUES.join("、")}（省、自治区、直辖市也可用全称，如 北京市、广东省、内蒙古自治区、广西壮族自治区）`,
});

export const fatiaoFilterSchema = z
  .object({
    sxx: absentIfNull(boundedList("sxx", z.enum(SXX_VALUES, { message: `sxx 取值应为：${SXX_VALUES.join("、")}` }))).describe("时效性，多个取值为 OR"),
    effect1: absentIfNull(boundedList("effect1", z.enum(XLJB1_VALUES, { message: `effect1 取值应为：${XLJB1_VALUES.join("、")}` }))).describe(
      "效力级别（一级），多个取值为 OR",
    ),
    dy: absentIfNull(boundedList("dy", dyName)).describe(`地域，多个取值为 OR：${DY_VALUES.join("、")}；省级也可用全称（北京市、广西壮族自治区）`),
    law_start: absentIfNull(isoDate).describe("施行期间起，YYYY-MM-DD：法规有效期与 [law_start, law_end] 有交集即可"),
    law_end: absentIfNull(isoDate).describe("施行期间止，YYYY-MM-DD，不早于 law_start"),
  })
  .refine((f) => !f.law_start || !f.law_end || f.law_start <= f.law_end, { message: "law_start 不能晚于 law_end", path: ["law_start"] });

export const lawVectorSearchRequest = z.object({
  query: z
    .string({ message: "query 必填，应为字符串" })
    .refine((s) => s.trim() !== "", "query 不可为空")
    .refine((s) => s.length <= MAX_QUERY_CHARS, `query 过长：最多 ${MAX_QUERY_CHARS} 个字符`)
    .describe(`问题或查询文本，不可为空，最多 ${MAX_QUERY_CHARS} 个字符`),
  rewrite_flag: absentIfNull(z.boolean())
    .transform((v) => v ?? false)
    .describe("是否改写口语化查询（默认 false）；改写结果见响应的 answer"),
  fatiao_filter: absentIfNull(fatiaoFilterSchema).describe("过滤条件，各项之间为 AND"),
  return_num: absentIfNull(z.number().int("return_num 应为整数")).describe("返回条数：缺省或 <= 0 为 45；最多 100，且不超过检索到的条数"),
});

export type LawVectorSearchRequest = z.infer<typeof lawVectorSearchRequest>;

export { dyAllowed };

/** return_num as the search uses it: absent or ≤ 0 → 45; the search caps it at what was retrieved. */
export function resolveReturnNum(n: number | undefined): number {
  return n === undefined || n <= 0 ? DEFAULT_RETURN_NUM : n;
}

/*
 * The success body, for the OpenAPI document (app/open/_openapi): built by lawVectorSearch
 * (./operation.ts); the items are FatiaoItem (lib/search/semantic/search.ts),
 * checked against the schema by the type assertion below.
 */
export const fatiaoItem = z
  .object({
    ftid: z.string().describe("条款 ID"),
    fgid: z.string().describe("法规 ID"),
    fgtitle: z.string().describe("法规名称（规范写作字符串数组，样例与本服务为字符串）"),
    num: z.string().describe("条款号，如 第五百七十七条"),
    content: z.string(),
    type: z.number().int().describe("内容类型：1 条款（本服务只返回条款）"),
    sxx: z.string(),
    effect1: z.string(),
    effect2: z.string(),
    dy: z.string(),
    location: z.string().describe("地域（含市）"),
    start: z.number().int().describe("施行日期 yyyyMMdd（无则公布日期，未知为 0）"),
    end: z.number().int().describe("失效日期 yyyyMMdd，未知为 99991231"),
    score: z.number().describe("相似度 [0,1]，越大越相关"),
    tag: z.array(z.string()),
    data_as_of: z.string().describe("扩展字段：该法规来源的数据截至日期（yyyy-MM-dd）；sxx 为截至该日的时效性"),
    validity_source: z.string().describe("扩展字段：sxx 的来源或判定规则"),
    implement_date_source: z.string().describe("扩展字段：ssrq 的来源（正文原话、题注、数据库字段或“推定”）"),
  })
  .describe("语义检索结果项（条款）");

const emptyList = z.array(z.unknown()).max(0).describe("其他数据源，恒为空列表");

export const lawVectorSearchResponse = z.object({
  msg: z.literal("success"),
  code: z.literal(200),
  extra: z.object({ fatiao: z.array(fatiaoItem), law: emptyList, case: emptyList, qa: emptyList }),
  answer: z.string().describe("rewrite_flag 为 true 时为改写后的查询，否则为空字符串"),
  messageId: z.string().describe("同 request_id"),
  style: z.literal(""),
  request_id: z.string().describe("与响应头 X-Request-ID 相同"),
  search_mode: z.enum(["hybrid", "bm25"]).describe("实际运行的检索：hybrid，或向量部分不可用时的 bm25"),
  notice: z.string().describe("降级为 bm25 的原因；否则为空字符串"),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type FatiaoItemAgrees = Assert<Same<z.output<typeof fatiaoItem>, FatiaoItem>>;
