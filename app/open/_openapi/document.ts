/**
 * The OpenAPI 3.1 document of the JSON API (served by app/open/openapi.json/route.ts).
 *
 * Generated, not written: request bodies are the zod schemas the handlers validate with
 * (z.toJSONSchema, io "input"), success bodies the response schemas beside them (io
 * "output"), failures come from the protocol code (./failures.ts). The hand-written part is
 * the table below: which schemas, family and extra errors each operation has, and example
 * bodies. route.test.ts checks the table against the handlers (every route documented, every
 * example answered as documented).
 */
import { z } from "zod";
import packageJson from "@/package.json";
import { ApiError } from "@/lib/api/api-error";
import { DEFAULT_MAX_BODY } from "@/lib/api/define-operation";
import type { Family } from "@/lib/api/failure-body";
import { assertNonEmptyObject, parseBody } from "@/lib/api/validation";
import { MAX_TEXT_CHARS } from "@/lib/citations/check-draft";
import {
  MAX_FILTER_PART_CHARS,
  MAX_FILTER_PARTS,
  MAX_KEYWORD_CHARS,
  MAX_KEYWORD_PARTS,
  MAX_SINGLE_CHAR_PARTS,
  parseSearchRequest,
} from "@/lib/api/keyword-request/parse-search-request";
import { MAX_STATUTE_ENTRIES, MAX_CASE_ENTRIES, JUDGE_DEADLINE_MS } from "@/lib/citations/check-draft";
import { MAX_FILTER_VALUES, MAX_QUERY_CHARS } from "../law_vector_search/schema";
import { caseDetailRequest, caseDetailResponse, caseRecord } from "../case_detail/schema";
import { facetCountsRequest, facetCountsResponse } from "../facet_counts/schema";
import { fgDetailRequest, fgDetailResponse, regulationDetail } from "../fg_detail/schema";
import { caseEntry, HallDetectRequest, hallDetectResponse, regulationEntry, semanticCompareOutput } from "../hall_detect/schema";
import { fatiaoFilterSchema, fatiaoItem, lawVectorSearchRequest, lawVectorSearchResponse } from "../law_vector_search/schema";
import { regulationItem, rhFgSearchRequest, rhFgSearchResponse } from "../rh_fg_search/schema";
import { rhFgZqSearchRequest } from "../rh_fg_zq_search/schema";
import { clauseItem, rhFtSearchRequest, rhFtSearchResponse } from "../rh_ft_search/schema";
import { citationFailure, failureResponses, keywordFailure, protocolFailures, rejection, validationIssue, vectorFailure } from "./failures";

/** Components generated from request schemas (io "input"). */
const REQUEST_SCHEMAS: Record<string, z.ZodType> = {
  RhFtSearchRequest: rhFtSearchRequest,
  RhFgSearchRequest: rhFgSearchRequest,
  RhFgZqSearchRequest: rhFgZqSearchRequest,
  LawVectorSearchRequest: lawVectorSearchRequest,
  FatiaoFilter: fatiaoFilterSchema,
  HallDetectRequest,
  FacetCountsRequest: facetCountsRequest,
  FgDetailRequest: fgDetailRequest,
  CaseDetailRequest: caseDetailRequest,
};

/** Components generated from response schemas (io "output"). */
const RESPONSE_SCHEMAS: Record<string, z.ZodType> = {
  RhFtSearchResponse: rhFtSearchResponse,
  ClauseItem: clauseItem,
  RegulationSearchResponse: rhFgSearchResponse, // rh_fg_search and rh_fg_zq_search
  RegulationItem: regulationItem,
  LawVectorSearchResponse: lawVectorSearchResponse,
  FatiaoItem: fatiaoItem,
  HallDetectResponse: hallDetectResponse,
  RegulationEntry: regulationEntry,
  CaseEntry: caseEntry,
  SemanticCompare: semanticCompareOutput,
  FacetCountsResponse: facetCountsResponse,
  FgDetailResponse: fgDetailResponse,
  RegulationDetail: regulationDetail,
  CaseDetailResponse: caseDetailResponse,
  CaseRecord: caseRecord,
  KeywordFailure: keywordFailure,
  VectorFailure: vectorFailure,
  CitationFailure: citationFailure,
  ValidationIssue: validationIssue,
};

export interface OperationDoc {
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  family: Family;
  /** Component names of the request and success bodies. */
  request: string;
  response: string;
  /** The handler's validation of a body (throws the ApiError the handler answers). */
  validate(body: unknown): unknown;
  /** Valid example bodies, by name. */
  examples: Record<string, { summary: string; value: unknown }>;
  /** Bodies the validation rejects: their errors are the 422 (or 413) examples. */
  rejected: unknown[];
  /** Errors beyond the protocol's and the validation's (403 members only, 404, 502, …). */
  errors: ApiError[];
  maxBodyBytes: number;
}

/** A regulation id and a case number of the corpus, for the examples. */
const SAMPLE_FGID = "a9c817a7059a152e8eb094a9d137ba09"; // 中华人民共和国民法典
const SAMPLE_CASE_NUMBER = "（2009）虹民三（民）初字第912号";
/** Ids that exist nowhere, for the 404 examples. */
export const MISSING_FGID = "0123456789abcdef0123456789abcdef";
export const MISSING_CASE_ID = "no-such-case";

const HALL_DETECT_MAX_BODY = 2 * 1024 * 1024; // app/open/hall_detect/route.ts

const keywordSearch = (schema: z.ZodType, keywordRequired: boolean) => (body: unknown) =>
  parseSearchRequest(schema as Parameters<typeof parseSearchRequest>[0], body, { keywordRequired });
const detailLookup = (schema: z.ZodType) => (body: unknown) => {
  assertNonEmptyObject(body);
  return parseBody(schema, body);
};

const hallDetect: Omit<OperationDoc, "path" | "operationId" | "summary" | "description"> = {
  tag: "引用核查",
  family: "citation",
  request: "HallDetectRequest",
  response: "HallDetectResponse",
  validate: (body) => parseBody(HallDetectRequest, body),
  examples: {
    clause: {
      summary: "引用民法典条文与案号",
      value: {
        text:
          "根据《中华人民共和国民法典》第五百七十七条规定：“当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。”" +
          "参见（2009）虹民三（民）初字第912号。",
      },
    },
    hallucinated: { summary: "不存在的法律", value: { text: "依据《中华人民共和国数据资产法》第十条，数据资产归国家所有。" } },
    empty: { summary: "空文本：空结果", value: { text: "" } },
  },
  rejected: [{}, { text: 42 }],
  errors: [
    new ApiError("FORBIDDEN", "该操作仅限会员使用：当前 X-API-Key 不是会员密钥"),
    new ApiError("PAYLOAD_TOO_LARGE", `text 过长：${MAX_TEXT_CHARS + 1} 个字符，上限 ${MAX_TEXT_CHARS}`, {
      detail: [{ type: "string_too_long", loc: ["body", "text"], msg: `String should have at most ${MAX_TEXT_CHARS} characters`, input: null }],
    }),
    new ApiError("HTTP_502", "上游模型调用失败：chat model gpt-4o-mini answered HTTP 500"),
  ],
  maxBodyBytes: HALL_DETECT_MAX_BODY,
};

export const OPERATIONS: OperationDoc[] = [
  {
    path: "/open/hall_detect",
    operationId: "hall_detect",
    summary: "引用核查",
    description:
      "从文本中抽取法条与案号引用，逐条对照知识库原文做语义比对，返回时效等元数据和带 <span> 标注的 HTML。仅限会员密钥。耗时较长，建议客户端超时 300 秒。",
    ...hallDetect,
  },
  {
    path: "/open/hall_detect/api/extract",
    operationId: "hall_detect_api_extract",
    summary: "引用核查（/api/extract 别名）",
    description: "与 POST /open/hall_detect 完全相同（部分客户端示例在地址后追加 /api/extract）。",
    ...hallDetect,
  },
  {
    path: "/open/rh_ft_search",
    operationId: "rh_ft_search",
    tag: "关键词检索",
    summary: "法条关键词检索",
    description: "按关键词检索条款，可按法规名称、效力级别、时效性、地域、发布部门、日期过滤；返回条款列表。keyword 必填（缺失或为空：keyword 参数不可为空!）。",
    family: "keyword",
    request: "RhFtSearchRequest",
    response: "RhFtSearchResponse",
    validate: keywordSearch(rhFtSearchRequest, true),
    examples: {
      keyword: { summary: "关键词", value: { keyword: "违约责任" } },
      filtered: {
        summary: "OR 组合与过滤条件",
        value: { keyword: "个人信息 处理者", search_mode: "or", xljb_1: "法律 行政法规", sxx: "现行有效", dy: "中央", fbrq_start: "2016-01-01", top_k: 20 },
      },
    },
    rejected: [
      {},
      { keyword: "" },
      { keyword: "违约责任", sxx: "有效" },
      { keyword: "违约责任", fgmc: Array.from({ length: MAX_FILTER_PARTS + 1 }, (_, i) => `法${i}`).join(" ") },
      { keyword: "违约责任", fbbm: "部".repeat(MAX_FILTER_PART_CHARS + 1) },
      { keyword: "法 规 条" },
    ],
    errors: [],
    maxBodyBytes: DEFAULT_MAX_BODY,
  },
  {
    path: "/open/rh_fg_search",
    operationId: "rh_fg_search",
    tag: "关键词检索",
    summary: "法规检索",
    description: "按关键词与过滤条件检索法规，返回法规摘要（不含全文）。keyword 可选，但请求体不能为空对象。",
    family: "keyword",
    request: "RhFgSearchRequest",
    response: "RegulationSearchResponse",
    validate: keywordSearch(rhFgSearchRequest, false),
    examples: {
      keyword: { summary: "关键词", value: { keyword: "证券法" } },
      filters: { summary: "仅过滤条件（按公布日期倒序）", value: { xljb_1: "法律", sxx: "现行有效", top_k: 5 } },
    },
    rejected: [{}, { fbrq_start: "2020/01/01" }, { dy: Array(MAX_FILTER_PARTS + 1).fill("中央").join(" ") }],
    errors: [],
    maxBodyBytes: DEFAULT_MAX_BODY,
  },
  {
    path: "/open/rh_fg_zq_search",
    operationId: "rh_fg_zq_search",
    tag: "关键词检索",
    summary: "证券法规检索",
    description: "同 rh_fg_search，范围限于证券期货行业法规。",
    family: "keyword",
    request: "RhFgZqSearchRequest",
    response: "RegulationSearchResponse",
    validate: keywordSearch(rhFgZqSearchRequest, false),
    examples: {
      keyword: { summary: "关键词", value: { keyword: "上市公司 信息披露", top_k: 5 } },
      filters: { summary: "仅过滤条件", value: { fbbm: "中国证券监督管理委员会", sxx: "现行有效" } },
    },
    rejected: [{}, { dy: "火星" }],
    errors: [],
    maxBodyBytes: DEFAULT_MAX_BODY,
  },
  {
    path: "/open/law_vector_search",
    operationId: "law_vector_search",
    tag: "语义检索",
    summary: "法条语义检索",
    description: "自然语言问题的条款级语义检索（向量与 BM25 融合），可按时效性、效力级别、地域和施行期间过滤。结果在 extra.fatiao。",
    family: "vector",
    request: "LawVectorSearchRequest",
    response: "LawVectorSearchResponse",
    validate: (body) => parseBody(lawVectorSearchRequest, body),
    examples: {
      question: { summary: "问题", value: { query: "公司拖欠工资不给加班费怎么办" } },
      filtered: {
        summary: "改写查询与过滤条件",
        value: {
          query: "老板炒鱿鱼要赔钱吗",
          rewrite_flag: true,
          fatiao_filter: { sxx: ["现行有效"], effect1: ["法律"], dy: ["中央"], law_start: "2008-01-01", law_end: "2030-12-31" },
          return_num: 10,
        },
      },
    },
    rejected: [
      {},
      { query: "加班费", fatiao_filter: { sxx: ["有效"] } },
      { query: "加".repeat(MAX_QUERY_CHARS + 1) },
      { query: "加班费", fatiao_filter: { dy: Array(MAX_FILTER_VALUES + 1).fill("北京") } },
    ],
    errors: [],
    maxBodyBytes: DEFAULT_MAX_BODY,
  },
  {
    path: "/open/facet_counts",
    operationId: "facet_counts",
    tag: "关键词检索",
    summary: "分面计数（本服务扩展）",
    description: "rh_fg_search 的字段加上 target 与 facets；每个分面的计数应用除其自身外的全部过滤条件。",
    family: "keyword",
    request: "FacetCountsRequest",
    response: "FacetCountsResponse",
    validate: (body) => {
      keywordSearch(facetCountsRequest, false)(body);
      return parseBody(facetCountsRequest, body);
    },
    examples: {
      clauses: { summary: "条款结果的分面", value: { keyword: "违约责任", target: "ft", facets: ["xljb_1", "sxx"] } },
    },
    rejected: [{}, { keyword: "违约责任", target: "cases" }],
    errors: [],
    maxBodyBytes: DEFAULT_MAX_BODY,
  },
  {
    path: "/open/fg_detail",
    operationId: "fg_detail",
    tag: "详情",
    summary: "法规详情（本服务扩展）",
    description: "按法规 ID 返回元数据、题注、结构化正文与全部版本。",
    family: "keyword",
    request: "FgDetailRequest",
    response: "FgDetailResponse",
    validate: detailLookup(fgDetailRequest),
    examples: { regulation: { summary: "中华人民共和国民法典", value: { fgid: SAMPLE_FGID } } },
    rejected: [{}, { fgid: " " }],
    errors: [new ApiError("NOT_FOUND", `未找到法规: ${MISSING_FGID}`)],
    maxBodyBytes: DEFAULT_MAX_BODY,
  },
  {
    path: "/open/case_detail",
    operationId: "case_detail",
    tag: "详情",
    summary: "案例详情（本服务扩展）",
    description: "按案例 ID 或案号返回案例全部字段。",
    family: "keyword",
    request: "CaseDetailRequest",
    response: "CaseDetailResponse",
    validate: detailLookup(caseDetailRequest),
    examples: { caseNumber: { summary: "按案号", value: { case_number: SAMPLE_CASE_NUMBER } } },
    rejected: [{}, { id: "" }],
    errors: [new ApiError("NOT_FOUND", `未找到案例: ${MISSING_CASE_ID}`)],
    maxBodyBytes: DEFAULT_MAX_BODY,
  },
];

/** Every per-request limit, for the document's description (README "Limits" has the same table). */
const LIMITS_TEXT =
  "\n\n限制（每个请求的工作量有界）：" +
  `请求体 ${DEFAULT_MAX_BODY} 字节（引用核查 ${HALL_DETECT_MAX_BODY} 字节；/api/session 与 /api/session/token 8192 字节），超出为 413，超出部分不会被读取；` +
  `keyword 最多 ${MAX_KEYWORD_CHARS} 个字符、${MAX_KEYWORD_PARTS} 个片段，其中单个汉字的片段最多 ${MAX_SINGLE_CHAR_PARTS} 个；` +
  `fgmc、fbbm、xljb_1、sxx、dy 每个字段最多 ${MAX_FILTER_PARTS} 个片段、每个片段最多 ${MAX_FILTER_PART_CHARS} 个字符；` +
  `query 最多 ${MAX_QUERY_CHARS} 个字符，fatiao_filter 每个列表最多 ${MAX_FILTER_VALUES} 个值；以上超出均为 422，message 指明字段。` +
  `引用核查：text 最多 ${MAX_TEXT_CHARS} 个字符（超出 413）；最多返回 ${MAX_STATUTE_ENTRIES} 条法条引用、${MAX_CASE_ENTRIES} 条案号，超出时响应含 truncated；` +
  `逐条比对限时 ${JUDGE_DEADLINE_MS} 毫秒，超时未比对的条目数见 deadline_exceeded。` +
  "以会话 Cookie 调用时只接受同源请求（Sec-Fetch-Site 为 same-origin/none，或 Origin 为本站），否则 403。";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** z.toJSONSchema over a set of named schemas; cross-references become components $refs. */
function components(schemas: Record<string, z.ZodType>, io: "input" | "output"): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const out = z.toJSONSchema(registry, { io, unrepresentable: "any", uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(Object.entries(out.schemas).map(([id, schema]) => [id, tidy(schema)]));
}

/** Drops what OpenAPI does not need: per-schema $schema/$id and zod's safe-integer bounds. */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === "$schema" || k === "$id") continue;
    if ((k === "minimum" && v === Number.MIN_SAFE_INTEGER) || (k === "maximum" && v === Number.MAX_SAFE_INTEGER)) continue;
    out[k] = tidy(v);
  }
  return out;
}

function operationObject(op: OperationDoc): Record<string, unknown> {
  const failures = [...op.rejected.map((body) => rejection(op.validate, body)), ...protocolFailures(op.maxBodyBytes), ...op.errors];
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    description: op.description,
    parameters: [{ $ref: "#/components/parameters/XRequestId" }],
    requestBody: {
      required: true,
      content: { "application/json": { schema: ref(op.request), examples: op.examples } },
    },
    responses: {
      "200": {
        description: "成功",
        headers: { "X-Request-ID": { $ref: "#/components/headers/XRequestId" } },
        content: { "application/json": { schema: ref(op.response) } },
      },
      ...failureResponses(op.family, failures),
    },
  };
}

export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const op of OPERATIONS) paths[op.path] = { post: operationObject(op) };
  paths["/open/openapi.json"] = {
    get: {
      operationId: "openapi_document",
      tags: ["文档"],
      summary: "本 OpenAPI 文档",
      description: "无需密钥。",
      security: [],
      responses: { "200": { description: "OpenAPI 3.1 文档", content: { "application/json": { schema: { type: "object" } } } } },
    },
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "法规引用核查 API",
      version: packageJson.version,
      description:
        "法规引用核查（幻觉引用检测）与法条、法规检索的 JSON 接口。请求体与成功响应体由处理程序校验所用的同一组 zod schema 生成。" +
        "失败体的形状取决于操作所属的协议族：关键词族 {status, code, message}；语义检索 {msg, code, extra, …}；引用核查 {success: false, error_code, message, request_id, detail?}。" +
        LIMITS_TEXT,
    },
    servers: [{ url: "/" }],
    security: [{ apiKey: [] }, { session: [] }],
    tags: [
      { name: "引用核查", description: "检测文本中的法条、案例引用是否真实、与原文是否一致" },
      { name: "关键词检索", description: "法条、法规、证券法规的关键词与过滤检索" },
      { name: "语义检索", description: "自然语言问题的法条检索" },
      { name: "详情", description: "法规与案例全文（本服务扩展）" },
      { name: "文档", description: "本文档" },
    ],
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "X-API-Key", description: "API 密钥（npm run keys -- create）" },
        session: { type: "apiKey", in: "cookie", name: "lcc_session", description: "浏览器登录后的 HttpOnly 会话 Cookie（/signin）。只接受同源请求：Sec-Fetch-Site 为 same-origin 或 none，或无该头时 Origin 为本站；否则（两者皆无亦然）403，message 为「跨站请求被拒绝：会话 Cookie 只接受同源请求（Origin 或 Sec-Fetch-Site 须为本站）」" },
      },
      parameters: {
        XRequestId: {
          name: "X-Request-ID",
          in: "header",
          required: false,
          description: "客户端请求 ID：符合 [A-Za-z0-9._:-]{1,128} 时原样回显，否则由服务端生成 UUID",
          schema: { type: "string" },
        },
      },
      headers: {
        XRequestId: { description: "请求 ID（客户端所给或服务端生成）；引用核查与语义检索的响应体 request_id 与之相同", schema: { type: "string" } },
        RetryAfter: { description: "重试前应等待的秒数", schema: { type: "integer", minimum: 1 } },
      },
      schemas: { ...components(REQUEST_SCHEMAS, "input"), ...components(RESPONSE_SCHEMAS, "output") },
    },
  };
}
