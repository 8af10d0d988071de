/**
 * Request and response schemas of the citation check (operation 1, POST /open/hall_detect).
 * The response's full field list is typed in lib/citations/types.ts (HallDetectResponse);
 * `hallDetectResponse` below describes it for the OpenAPI document and is checked against it.
 */
import { z } from "zod";
import { MAX_TEXT_CHARS } from "@/lib/citations/check-draft";
import type { HallDetectResponse, SemanticCompare } from "@/lib/citations/types";

/** yyyy-MM-dd that is a real calendar date. */
export function isIsoDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export const HallDetectRequest = z.object({
  text: z.string().describe(`草稿全文（用户文本）。可为空字符串；最长 ${MAX_TEXT_CHARS} 个字符（UTF-16 码元），超出返回 413 PAYLOAD_TOO_LARGE。`),
  reference_date: z
    .string()
    .refine(isIsoDate, { message: "reference_date 日期格式无效：应为 yyyy-MM-dd 的有效日期" })
    .nullish()
    .describe("参照日期（yyyy-MM-dd，可选）：按该日施行的版本判断效力与条文；缺省时按文书自身日期（落款/判决日期、案号年份），再缺省按今天。"),
});
export type HallDetectRequest = z.infer<typeof HallDetectRequest>;

export const SemanticCompareSchema = z
  .object({
    结论: z.enum(["一致", "部分一致", "不一致", "无法判断"]).describe("比对结论"),
    语义相似度: z.number().min(0).max(1).nullable().describe("[0,1]；无可比文本时为 null"),
    说明: z.string().describe("一句话说明"),
    要点: z.array(z.string()).describe("具体差异"),
    skipped: z.boolean().optional(),
    skip_reason: z.string().optional(),
    skip_message: z.string().optional(),
  })
  .passthrough();

/*
 * The success body, for the OpenAPI document (app/open/_openapi): the handler builds it in
 * lib/citations/check-draft.ts, typed HallDetectResponse. The type assertions at the end keep
 * the two in step: a field added to or removed from the type fails `tsc` here.
 */

const diffPoint = z
  .object({
    kind: z.enum(["modal", "negation", "number", "party", "condition", "omission", "addition", "wording", "scope"]),
    source: z.string().describe("权威原文措辞（引文多出的内容时为空）"),
    quote: z.string().describe("草稿措辞（引文遗漏的内容时为空）"),
    text: z.string().describe("可读的一行，即 要点 中的文字"),
  })
  .describe("结构化差异点");

export const semanticCompareOutput = z
  .object({
    ...SemanticCompareSchema.shape,
    engine: z.string().optional().describe("判定引擎：builtin-rules-v1 或对话模型名称"),
    差异: z.array(diffPoint).optional().describe("与 要点 相同的差异，结构化"),
    依据: z.array(z.string()).optional().describe("结论所依据的词句（草稿与条文共有的表述）"),
  })
  .describe("引文与权威条文的语义比对（skipped 为 true 时未比对）");

const versionSummary = z.object({
  fgid: z.string(),
  fgmc: z.string(),
  fbrq: z.string(),
  ssrq: z.string(),
  sxx: z.string(),
  data_as_of: z.string().describe("该版本 sxx 来源的数据截至日期（yyyy-MM-dd）"),
});

const replacedBy = z
  .object({
    fgid: z.string(),
    fgmc: z.string(),
    sxx: z.string(),
    data_as_of: z.string().describe("sxx 来源的数据截至日期（yyyy-MM-dd）；替代者不在知识库中时为空串"),
    tid: z.string().describe("替代版本中对应的条款号；无则为空"),
    clause: z.string(),
    content: z.string(),
    url: z.string(),
    similarity: z.number().min(0).max(1).nullable().describe("与所引条文的文本相似度；未计算时为 null"),
    note: z.string(),
  })
  .describe("失效 / 已被修改版本或已废止法律的替代者（已知时）");

const wrongClause = z
  .object({
    fgid: z.string(),
    fgmc: z.string(),
    tid: z.string(),
    clause: z.string().describe("如 第五十六条"),
    content: z.string(),
    url: z.string(),
    similarity: z.number().min(0).max(1),
    scope: z.enum(["same_version", "other_version", "other_law"]).describe("同一版本、同一法规的其他版本、或草稿引用的其他法规"),
    note: z.string(),
  })
  .describe("草稿所述内容实际所在的条文（疑似条号错误时）");

const referenceDate = z
  .object({
    date: z.string().describe("yyyy-MM-dd"),
    basis: z.enum(["request", "document_date", "case_number_year", "today"]).describe("request 请求指定；document_date 文书日期（落款/判决日期）；case_number_year 文书案号年份；today 今天"),
    evidence: z.string().describe("日期取自的原文片段；request/today 为空"),
    note: z.string().describe("一句话说明"),
  })
  .describe("判断版本与效力所依据的参照日期及理由");

export const regulationEntry = z
  .object({
    name: z.string().describe("法规名称，可能带书名号"),
    clause: z.string().describe("条款号；空字符串表示只引用了法规名称"),
    content: z.string().describe("草稿中的原文摘录"),
    extract_reg_id: z.string().describe("服务端生成的 UUID"),
    url: z.string().describe("命中时的详情地址，否则为空字符串"),
    think_tank_content: z.string().describe("命中时的权威条文，否则为空字符串"),
    source_no_specific_clause: z.boolean().describe("只引用法规名称、无条款号时为 true"),
    law_exists: z.boolean().describe("false：知识库中没有该法规（未命中）"),
    think_tank_clause_missing: z.boolean().optional().describe("true：法规存在但没有所引条款"),
    publish_date: z.string(),
    implement_date: z.string(),
    implement_date_source: z.string().describe("扩展字段：implement_date 的来源（正文原话、题注、数据库字段、修正决定或以“推定”开头的推定规则）"),
    validity_status: z.string(),
    document_number: z.string(),
    semantic_compare: semanticCompareOutput,
    start_index: z.number().int().describe("所引片段在 text 中的起点（UTF-16 码元）"),
    end_index: z.number().int().describe("终点（不含）"),
    normalized: z.string().describe("规范写法，如 中华人民共和国民法典 第577条"),
    match_status: z
      .enum(["found", "clause_missing", "law_not_found", "not_in_index", "repealed_not_in_corpus", "no_fulltext"])
      .describe("found 命中；clause_missing 条款不存在；law_not_found 疑似虚构（无相近名称）；not_in_index 知识库未收录（candidates 为相近名称，可为空）；repealed_not_in_corpus 已废止且未收录原文；no_fulltext 仅有目录"),
    citation_shape: z.enum(["clause", "list", "range", "back_reference", "name_only"]),
    fgid: z.string().describe("命中的法规 ID；未命中为空"),
    official_name: z.string(),
    tid: z.string().describe("规范条款号，如 577、120-1；仅名称时为空"),
    version_basis: z.string().describe("版本选择依据：explicit_version、draft_date、current、quote_match、only_version 或空"),
    version_note: z.string(),
    versions: z.array(versionSummary).describe("同一法规的其他版本，新者在前"),
    replaced_by: replacedBy.nullable(),
    candidates: z.array(z.object({ fgid: z.string(), fgmc: z.string() })).describe("简称可能指向的其他法规；未收录时为名称最相近的法规"),
    claim_style: z
      .enum(["quote", "pasted", "restatement", "application", "bare", "none"])
      .describe("草稿如何使用该条：quote 引号引用；pasted 条号后直接粘贴条文；restatement 转述；application 适用于事实；bare 仅列条号；none 仅有名称"),
    claim_text: z.string().describe("被比对的草稿内容；无则为空"),
    data_as_of: z.string().describe("效力信息来源的数据截至日期（yyyy-MM-dd）；未匹配法规时为空串"),
    think_tank_scope: z.object({ start: z.number().int(), end: z.number().int() }).nullable().describe("think_tank_content 中所引款/项的位置（UTF-16，终点不含）；引用全条时为 null"),
    wrong_clause: wrongClause.nullable(),
    verdict_basis: z.string().describe("一句话说明结论的依据：按哪一日期（及理由）适用的版本、对照哪一版本的哪一条，以及比对说明；未作比对时即说明"),
  })
  .describe("法规引用条目");

export const caseEntry = z
  .object({
    name: z.string(),
    case_number: z.string().describe("案号（归一化；命中时为官方案号）"),
    案号: z.string(),
    content: z.string(),
    url: z.string(),
    think_tank_content: z.string(),
    case_type: z.string(),
    案例类型: z.string(),
    court: z.string(),
    法院: z.string(),
    judgment_date: z.string(),
    日期: z.string(),
    basic_facts: z.string(),
    基本案情: z.string(),
    judgment_key_points: z.string(),
    裁判要点: z.string(),
    judgment_result: z.string(),
    裁判结果: z.string(),
    judgment_analysis: z.string(),
    裁判分析过程: z.string(),
    typical_significance: z.string(),
    典型意义: z.string(),
    case_commentary: z.string(),
    案例评析: z.string(),
    extract_reg_id: z.string(),
    case_exists: z.boolean(),
    case_id: z.string(),
    cited_case_number: z.string().describe("草稿中的原始写法"),
    normalized: z.string(),
    start_index: z.number().int(),
    end_index: z.number().int(),
  })
  .describe("案例引用条目：展示字段同时以英文键和中文别名键给出");

export const hallDetectResponse = z.object({
  regulations: z.array(regulationEntry),
  cases: z.array(caseEntry),
  highlighted_text: z.string().describe("转义后的输入文本，引用片段以 <span> 标注（HTML）"),
  semantic_compare_error: z.string().optional().describe("仅当语义比对（对话模型）失败时出现"),
  chat_model: z.string().describe("所用模型名称；未使用对话模型时为 builtin-rules-v1"),
  request_id: z.string().describe("与响应头 X-Request-ID 相同"),
  draft_date: z.string().nullable().describe("参照日期（同 reference_date.date）；按今天判断时为 null"),
  reference_date: referenceDate,
  truncated: z
    .object({
      statutes_found: z.number().int(),
      cases_found: z.number().int(),
      statutes_limit: z.number().int(),
      cases_limit: z.number().int(),
    })
    .optional()
    .describe("引用数超过每次响应上限时出现"),
  deadline_exceeded: z
    .object({ unjudged: z.number().int(), deadline_ms: z.number().int() })
    .optional()
    .describe("处理时限已到、部分条文未作内容比对时出现"),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type HallDetectResponseAgrees = Assert<Same<z.output<typeof hallDetectResponse>, HallDetectResponse>>;
export type SemanticCompareAgrees = Assert<Same<z.output<typeof semanticCompareOutput>, SemanticCompare>>;
