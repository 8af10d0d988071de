/**
 * Wraps a domain function into a route handler with the protocol every operation shares:
 * request id (X-Request-ID echoed or generated), authentication (X-API-Key header, or the
 * browser's HttpOnly session cookie), tier check, rate limit, body-size limit, JSON parsing,
 * error → failure body of the operation's family, and one access-log line per request.
 *
 * Route files stay thin:
 *   export const POST = defineOperation({ name: "rh_ft_search", family: "keyword", rateClass: "SEARCH",
 *     handle: ({ body }) => searchClauses(parseBody(schema, body)) });
 */
import { ApiError } from "./api-error";
import { failureBody, statusFor, type Family } from "./failure-body";
import { requestIdFrom } from "./request-id";
import { takeToken, type RateClass } from "./rate-limit";
import { readBodyText } from "./read-body";
import { logAccess } from "./access-log";
import { getKeysStore, type ApiKeyInfo, type KeyCheck } from "../auth/keys-store";

export const SESSION_COOKIE = "lcc_session";

export interface OperationContext {
  body: unknown;
  requestId: string;
  key: ApiKeyInfo;
  req: Request;
}

export interface OperationSpec {
  /** Operation name for logs, e.g. "rh_ft_search". */
  name: string;
  family: Family;
  rateClass: RateClass;
  /** Only keys of tier "member" may call (the citation check). */
  membersOnly?: boolean;
  /** Largest accepted body in bytes (default 1 MiB). */
  maxBodyBytes?: number;
  /** Returns the success body (sent as 200 JSON) or a Response. */
  handle(ctx: OperationContext): unknown | Promise<unknown>;
}

export const DEFAULT_MAX_BODY = 1024 * 1024;

/** Resolves the caller from X-API-Key, else from the session cookie. */
export function authenticate(req: Request): KeyCheck {
  const store = getKeysStore();
  const header = req.headers.get("x-api-key");
  if (header !== null) return store.check(header.trim());
  const token = readCookie(req.headers.get("cookie"), SESSION_COOKIE);
  return token ? store.checkSession(token) : { ok: false, reason: "missing" };
}

export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw; // malformed %-escape: an unknown token (→ 401/403), never a 500
      }
    }
  }
  return null;
}

const AUTH_MESSAGES: Record<string, string> = {
  missing: "鉴权失败：缺少 X-API-Key",
  unknown: "鉴权失败：X-API-Key 无效",
  expired: "鉴权失败：X-API-Key 已过期",
  blocked: "鉴权失败：该 X-API-Key 已被列入黑名单",
  revoked: "鉴权失败：该 X-API-Key 已被吊销",
};

export function defineOperation(spec: OperationSpec): (req: Request) => Promise<Response> {
  return async (req: Request) => {
    const started = performance.now();
    const requestId = requestIdFrom(req.headers);
    let keyId = "";
    let response: Response;
    try {
      const check = authenticate(req);
      if (!check.ok) throw new ApiError("UNAUTHENTICATED", AUTH_MESSAGES[check.reason] ?? "鉴权失败");
      keyId = check.key.id;
      if (spec.membersOnly && check.key.tier !== "member") {
        throw new ApiError("FORBIDDEN", "该操作仅限会员使用：当前 X-API-Key 不是会员密钥");
      }
      const wait = takeToken(spec.rateClass, check.key.id);
      if (wait > 0) throw new ApiError("RATE_LIMITED", "请求过于频繁，请稍后再试", { retryAfterSeconds: wait });
      const text = await readBodyText(req, spec.maxBodyBytes ?? DEFAULT_MAX_BODY);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new ApiError("BAD_JSON", "请求体无法解析：需要 JSON");
      }
      const result = await spec.handle({ body, requestId, key: check.key, req });
      response = result instanceof Response ? result : Response.json(result, { status: 200 });
    } catch (e) {
      response = errorResponse(spec.family, toApiError(e), requestId);
    }
    response.headers.set("X-Request-ID", requestId);
    response.headers.set("X-Content-Type-Options", "nosniff");
    logAccess({ op: spec.name, status: response.status, ms: performance.now() - started, keyId, requestId });
    return response;
  };
}

export function toApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  if (e instanceof Error && e.name === "IndexUnavailableError") {
    return new ApiError("INDEX_UNAVAILABLE", `索引不可用：${e.message}`);
  }
  // Never leak internals beyond a short message; the access log has the request id.
  console.error("[internal error]", e);
  return new ApiError("INTERNAL_ERROR", "处理异常，请稍后重试");
}

export function errorResponse(family: Family, err: ApiError, requestId: string): Response {
  const status = statusFor(family, err);
  let payload: string;
  try {
    payload = JSON.stringify(failureBody(family, err, requestId));
  } catch {
    // an unserialisable detail must not turn a 4xx into a crash
    payload = JSON.stringify(failureBody(family, new ApiError(err.code, err.message, { ...err.options, detail: undefined }), requestId));
  }
  const res = new Response(payload, { status, headers: { "content-type": "application/json" } });
  if (err.options.retryAfterSeconds) res.headers.set("Retry-After", String(err.options.retryAfterSeconds));
  return res;
}
