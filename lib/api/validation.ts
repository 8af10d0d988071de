/**
 * zod → ApiError. Every operation validates its body with a zod schema; the issues are
 * turned into a pydantic-style `detail` list (type, loc, msg, input) and one readable
 * message naming the first offending field.
 */
import type { z } from "zod";
import { ApiError, type ValidationIssue } from "./api-error";

export function toValidationIssues(error: z.ZodError, input: unknown): ValidationIssue[] {
  return error.issues.map((issue) => {
    const loc = ["body", ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))];
    let value: unknown = input;
    for (const p of issue.path) {
      value = value !== null && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[p as PropertyKey] : undefined;
    }
    const missing = value === undefined && issue.code === "invalid_type";
    return {
      type: missing ? "missing" : issue.code,
      loc,
      msg: missing ? "Field required" : issue.message,
      input: boundInput(missing ? (input !== null && typeof input === "object" ? input : null) : value === undefined ? null : value),
    };
  });
}

export const EMPTY_BODY_MESSAGE = "请求参数不能为空";

/** Steps 1–2 of every keyword-family body (search and detail): a JSON object, and not `{}`. */
export function assertNonEmptyObject(body: unknown): asserts body is Record<string, unknown> {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new ApiError("VALIDATION_ERROR", "请求体必须是 JSON 对象");
  }
  if (Object.keys(body).length === 0) throw new ApiError("EMPTY_BODY", EMPTY_BODY_MESSAGE);
}

/** Parses `body` with `schema` or throws a 422 VALIDATION_ERROR ApiError. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const detail = toValidationIssues(result.error, body);
  const first = detail[0];
  const field = first ? first.loc.slice(1).join(".") : "";
  const message = first ? `${field || "body"}: ${first.msg}` : "参数校验失败";
  throw new ApiError("VALIDATION_ERROR", message, { detail });
}

/**
 * A bounded copy of an offending input for the `detail` list: hostile bodies (deep nesting,
 * huge arrays or strings) must not make the error response itself expensive or unserialisable.
 */
export function boundInput(value: unknown, depth = 3): unknown {
  if (typeof value === "string") return value.length > 200 ? `${value.slice(0, 200)}…` : value;
  if (value === null || typeof value !== "object") return value;
  if (depth <= 0) return Array.isArray(value) ? "[…]" : "{…}";
  if (Array.isArray(value)) {
    const items = value.slice(0, 10).map((v) => boundInput(v, depth - 1));
    return value.length > 10 ? [...items, `… ${value.length - 10} more`] : items;
  }
  const out: Record<string, unknown> = {};
  let n = 0;
  for (const [k, v] of Object.entries(value)) {
    if (n++ >= 20) {
      out["…"] = "more fields";
      break;
    }
    out[k.length > 100 ? `${k.slice(0, 100)}…` : k] = boundInput(v, depth - 1);
  }
  return out;
}
