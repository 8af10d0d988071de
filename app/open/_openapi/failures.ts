/**
 * The failure side of the OpenAPI document, derived from the protocol code rather than
 * restated: the HTTP status of every error comes from statusFor(), every example body is a
 * failureBody() output (lib/api/failure-body.ts), and the validation examples are the errors
 * the operations' own validation throws for sample bodies. The body schemas below mirror
 * failureBody(); route.test.ts validates failureBody()'s output for every code against them.
 */
import { CROSS_SITE_MESSAGE } from "@/lib/api/same-origin";
import { z } from "zod";
import { ApiError, AUTH_UNAVAILABLE_MESSAGE, DEFAULT_STATUS, type ErrorCode } from "@/lib/api/api-error";
import { failureBody, statusFor, type Family } from "@/lib/api/failure-body";

export const ERROR_CODES = Object.keys(DEFAULT_STATUS) as ErrorCode[];

/** Shown as `request_id` in the examples. */
export const SAMPLE_REQUEST_ID = "6f1c2a9e-1d2b-4c55-9a1e-3b7f0c8d4e21";

// ------------------------------------------------------------------ body schemas

export const validationIssue = z
  .object({
    type: z.string().describe("如 missing、invalid_type、custom"),
    loc: z.array(z.union([z.string(), z.number()])).describe('出错位置，如 ["body", "text"]'),
    msg: z.string(),
    input: z.unknown().describe("出错的输入（过长时截断）"),
  })
  .describe("pydantic 风格的校验明细");

/** The keyword family's `status` texts: whatever failureBody() says for each error code. */
const keywordStatusTexts = [...new Set(ERROR_CODES.map((code) => String(failureBody("keyword", new ApiError(code, ""), "").status)))];

export const keywordFailure = z
  .object({
    status: z.enum(keywordStatusTexts as [string, ...string[]]),
    code: z.number().int().describe("同 HTTP 状态码"),
    message: z.string(),
  })
  .describe("关键词族（rh_ft_search、rh_fg_search、rh_fg_zq_search 及本服务的 facet_counts、fg_detail、case_detail）的失败体");

export const vectorFailure = z
  .object({
    msg: z.string().describe("错误信息"),
    code: z.number().int().describe("同 HTTP 状态码"),
    extra: z.object({ fatiao: z.array(z.unknown()).max(0) }),
    answer: z.literal(""),
    messageId: z.literal(""),
    style: z.literal(""),
    request_id: z.string().describe("与响应头 X-Request-ID 相同"),
    detail: z.array(validationIssue).optional().describe("仅参数校验失败（422）时出现"),
  })
  .describe("语义检索（law_vector_search）的失败体");

export const citationFailure = z
  .object({
    success: z.literal(false),
    error_code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    request_id: z.string().describe("与响应头 X-Request-ID 相同"),
    detail: z.array(validationIssue).optional().describe("校验明细：422，以及 text 超长的 413"),
  })
  .describe("引用核查（hall_detect）的错误结构");

export const FAILURE_SCHEMA: Record<Family, string> = {
  keyword: "KeywordFailure",
  vector: "VectorFailure",
  citation: "CitationFailure",
};

// ------------------------------------------------------------------ responses per status

const CODE_MEANING: Record<ErrorCode, string> = {
  BAD_JSON: "请求体无法解析为 JSON",
  EMPTY_BODY: "请求体为空对象 {}",
  VALIDATION_ERROR: "参数校验失败",
  UNAUTHENTICATED: "鉴权失败：缺少、无效、过期、被列入黑名单或已吊销的 X-API-Key（或会话）",
  FORBIDDEN: "非会员密钥：本操作仅限会员",
  PAYLOAD_TOO_LARGE: "请求体过大",
  RATE_LIMITED: "超出流量限制；Retry-After 给出等待秒数",
  HTTP_502: "上游对话模型调用失败（仅 CHAT_MODEL_REQUIRED=1 时；默认回退到内置规则）",
  INDEX_UNAVAILABLE: "索引不可用（缺失、损坏或版本不符）",
  AUTH_UNAVAILABLE: "密钥数据库无法连接（DATABASE_URL 部署），且该密钥此前未验证过；Retry-After 给出等待秒数",
  NOT_FOUND: "ID 不存在",
  INTERNAL_ERROR: "程序异常",
};

/** The errors every operation can answer, whatever it does (define-operation.ts). */
export function protocolFailures(maxBodyBytes: number): ApiError[] {
  return [
    new ApiError("BAD_JSON", "请求体无法解析：需要 JSON"),
    new ApiError("UNAUTHENTICATED", "鉴权失败：缺少 X-API-Key"),
    new ApiError("PAYLOAD_TOO_LARGE", `请求体过大：上限 ${maxBodyBytes} 字节`),
    new ApiError("RATE_LIMITED", "请求过于频繁，请稍后再试", { retryAfterSeconds: 1 }),
    new ApiError("INTERNAL_ERROR", "处理异常，请稍后重试"),
    new ApiError("INDEX_UNAVAILABLE", "索引不可用：index unavailable: file not found. Rebuild it with `npm run ingest`."),
    new ApiError("AUTH_UNAVAILABLE", AUTH_UNAVAILABLE_MESSAGE, { retryAfterSeconds: 5 }),
    // the session cookie is accepted only from same-origin requests (lib/api/same-origin.ts)
    new ApiError("FORBIDDEN", CROSS_SITE_MESSAGE, { status: 403 }),
  ];
}

/** The error an operation's validation throws for `body` (which it must reject). */
export function rejection(validate: (body: unknown) => unknown, body: unknown): ApiError {
  try {
    validate(body);
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error(`OpenAPI example: the validation accepted ${JSON.stringify(body)}`);
}

/** The failure responses of an operation: one per HTTP status, with every given error as an example. */
export function failureResponses(family: Family, errors: ApiError[]): Record<string, unknown> {
  const byStatus = new Map<number, ApiError[]>();
  for (const err of errors) {
    const status = statusFor(family, err);
    byStatus.set(status, [...(byStatus.get(status) ?? []), err]);
  }
  const out: Record<string, unknown> = {};
  for (const [status, errs] of [...byStatus].sort(([a], [b]) => a - b)) {
    const codes = [...new Set(errs.map((e) => e.code))];
    const examples: Record<string, unknown> = {};
    for (const err of errs) {
      let name: string = err.code;
      for (let n = 2; name in examples; n++) name = `${err.code}_${n}`;
      examples[name] = { summary: err.message, value: failureBody(family, err, SAMPLE_REQUEST_ID) };
    }
    out[String(status)] = {
      description: codes.map((c) => CODE_MEANING[c]).join("；"),
      headers: {
        "X-Request-ID": { $ref: "#/components/headers/XRequestId" },
        ...(codes.includes("RATE_LIMITED") ? { "Retry-After": { $ref: "#/components/headers/RetryAfter" } } : {}),
      },
      content: { "application/json": { schema: { $ref: `#/components/schemas/${FAILURE_SCHEMA[family]}` }, examples } },
    };
  }
  return out;
}
