/**
 * The three protocol families of the spec and their failure bodies:
 * - "keyword" (operations 2, 4, 5 and the detail/facet operations): {status, code, message}
 * - "vector" (operation 3): {msg, code, extra, answer, messageId, style, request_id}
 * - "citation" (operation 1): {success: false, error_code, message, request_id, detail?}
 * Authentication failures differ per family: 403 (keyword), 401 (vector), 401/403 (citation).
 */
import { ApiError, DEFAULT_STATUS, type ErrorCode } from "./api-error";

export type Family = "keyword" | "vector" | "citation";

/** HTTP status for an error in a family. */
export function statusFor(family: Family, err: ApiError): number {
  if (err.options.status) return err.options.status;
  if (err.code === "UNAUTHENTICATED") return family === "keyword" ? 403 : 401;
  return DEFAULT_STATUS[err.code];
}

const KEYWORD_STATUS_TEXT: Partial<Record<ErrorCode, string>> = {
  EMPTY_BODY: "param verification failed",
  VALIDATION_ERROR: "param verification failed",
  UNAUTHENTICATED: "forbidden",
  FORBIDDEN: "forbidden",
  RATE_LIMITED: "too many requests",
  PAYLOAD_TOO_LARGE: "payload too large",
  BAD_JSON: "bad request",
  NOT_FOUND: "not found",
};

export function failureBody(family: Family, err: ApiError, requestId: string): Record<string, unknown> {
  const status = statusFor(family, err);
  switch (family) {
    case "keyword":
      return { status: KEYWORD_STATUS_TEXT[err.code] ?? "failed", code: status, message: err.message };
    case "vector":
      return {
        msg: err.message,
        code: status,
        extra: { fatiao: [] },
        answer: "",
        messageId: "",
        style: "",
        request_id: requestId,
        ...(err.options.detail !== undefined ? { detail: err.options.detail } : {}),
      };
    case "citation":
      return {
        success: false,
        error_code: err.code,
        message: err.message,
        request_id: requestId,
        ...(err.options.detail !== undefined ? { detail: err.options.detail } : {}),
      };
  }
}
