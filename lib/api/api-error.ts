/**
 * One error type for every operation. Domain code and handlers throw `ApiError`; the
 * operation wrapper (define-operation.ts) turns it into the failure body of the operation's
 * protocol family (see failure-body.ts).
 */
export type ErrorCode =
  | "BAD_JSON" // body is not parsable JSON → 400
  | "EMPTY_BODY" // {} on operations 2/4/5 → 422 请求参数不能为空
  | "VALIDATION_ERROR" // → 422
  | "UNAUTHENTICATED" // missing/unknown/expired/blocked key
  | "FORBIDDEN" // valid key without the right tier
  | "PAYLOAD_TOO_LARGE" // → 413
  | "RATE_LIMITED" // → 429
  | "HTTP_502" // upstream failure → 502
  | "INDEX_UNAVAILABLE" // → 503
  | "AUTH_UNAVAILABLE" // keys database unreachable and the key not verified before → 503
  | "NOT_FOUND" // → 404
  | "INTERNAL_ERROR"; // → 500

/** One entry of a pydantic-style validation detail list. */
export interface ValidationIssue {
  type: string;
  loc: (string | number)[];
  msg: string;
  input: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { status?: number; detail?: unknown; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** HTTP status per code; families may override (see failure-body.ts). */
export const DEFAULT_STATUS: Record<ErrorCode, number> = {
  BAD_JSON: 400,
  EMPTY_BODY: 422,
  VALIDATION_ERROR: 422,
  UNAUTHENTICATED: 403,
  FORBIDDEN: 403,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  HTTP_502: 502,
  INDEX_UNAVAILABLE: 503,
  AUTH_UNAVAILABLE: 503,
  NOT_FOUND: 404,
  INTERNAL_ERROR: 500,
};

/** The answer when the keys database cannot be reached and the key was not verified before (503, Retry-After 5). */
export const AUTH_UNAVAILABLE_MESSAGE = "鉴权服务暂不可用：密钥数据库无法连接，请稍后重试";
