/**
 * Wraps a domain function into an operation with the protocol every operation shares:
 * request id (X-Request-ID echoed or generated), authentication (X-API-Key header, or the
 * browser's HttpOnly session cookie, accepted only from a same-origin request: 403 otherwise,
 * before anything is spent), tier check, rate limit, body-size limit, JSON parsing,
 * error → failure body of the operation's family, and one access-log line per request.
 *
 * Route files stay thin:
 *   export const POST = defineOperation({ name: "rh_ft_search", family: "keyword", rateClass: "SEARCH",
 *     handle: ({ body }) => searchClauses(parseBody(schema, body)) });
 */
import { ApiError, AUTH_UNAVAILABLE_MESSAGE } from "./api-error";
import { failureBody, statusFor, type Family } from "./failure-body";
import { requestIdFrom } from "./request-id";
import { takeTokenShared, type RateClass } from "./rate-limit";
import { readBodyText, type BodyChunks } from "./read-body";
import { logAccess } from "./access-log";
import { JsonText } from "./json-text";
import { CROSS_SITE_MESSAGE, requestOrigin } from "./same-origin";
import { scrubHostDetails } from "../text/scrub-host";
import { getAuthStore } from "../auth/auth-store";
import { readCookie, SESSION_COOKIE } from "../auth/session-cookie";
import { isAuthUnavailable, type ApiKeyInfo, type KeyCheck } from "../auth/types";

export { readCookie, SESSION_COOKIE };

export interface OperationContext {
  body: unknown;
  requestId: string;
  key: ApiKeyInfo;
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
  /** Returns the success body (sent as 200 JSON), or a JsonText already holding it. */
  handle(ctx: OperationContext): unknown | Promise<unknown>;
  /** Optional warm-up run once before the first request (loads indexes, JITs the hot path). */
  warm?(): void | Promise<void>;
}

export const DEFAULT_MAX_BODY = 1024 * 1024;

/**
 * One call as the operation core sees it, independent of the transport: a header lookup and
 * the body's bytes. The Web route handler (Request) and the production server's direct path
 * (node:http, scripts/server.ts) both adapt to this, so both run exactly the same protocol.
 */
export interface OperationCall {
  /** A request header by lower-case name, or null when absent. */
  header(name: string): string | null;
  /**
   * The body's byte chunks (null: none), read at most once, by the core itself under the
   * operation's limit: so the limit and its 413 are the same on every transport.
   */
  body: BodyChunks | null;
}

/** The reply of an operation: status, response headers, and the JSON body as text. */
export interface OperationReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type OperationHandler = ((req: Request) => Promise<Response>) & {
  /** The same operation without Web Request/Response objects (the server's direct path). */
  direct(call: OperationCall): Promise<OperationReply>;
  /**
   * Runs the operation's warm-up, if it has one; resolves to its duration in ms (0 without one).
   * A failing warm-up is logged and ignored: the requests will report the problem.
   */
  warm(): Promise<number>;
};

/** Resolves the caller from X-API-Key, else from the session cookie (the SQLite engine answers synchronously). */
export function authenticate(header: (name: string) => string | null): KeyCheck | Promise<KeyCheck> {
  const store = getAuthStore();
  const key = header("x-api-key");
  if (key !== null) return store.check(key.trim());
  const token = readCookie(header("cookie"), SESSION_COOKIE);
  return token ? store.checkSession(token) : { ok: false, reason: "missing" };
}

const AUTH_MESSAGES: Record<string, string> = {
  missing: "鉴权失败：缺少 X-API-Key",
  unknown: "鉴权失败：X-API-Key 无效",
  expired: "鉴权失败：X-API-Key 已过期",
  blocked: "鉴权失败：该 X-API-Key 已被列入黑名单",
  revoked: "鉴权失败：该 X-API-Key 已被吊销",
};

/** Runs one call of the operation through the shared protocol; never throws. */
export async function runOperation(spec: OperationSpec, call: OperationCall): Promise<OperationReply> {
  const started = performance.now();
  const requestId = requestIdFrom(call.header("x-request-id"));
  let keyId = "";
  let reply: OperationReply;
  try {
    const check = await authenticate(call.header);
    if (!check.ok) throw new ApiError("UNAUTHENTICATED", AUTH_MESSAGES[check.reason] ?? "鉴权失败");
    keyId = check.key.id;
    // the session cookie rides along on any request the browser makes: only same-origin ones count
    if (call.header("x-api-key") === null && requestOrigin(call.header) !== "same") {
      throw new ApiError("FORBIDDEN", CROSS_SITE_MESSAGE, { status: 403 });
    }
    if (spec.membersOnly && check.key.tier !== "member") {
      throw new ApiError("FORBIDDEN", "该操作仅限会员使用：当前 X-API-Key 不是会员密钥");
    }
    const wait = await takeTokenShared(spec.rateClass, check.key.id);
    if (wait > 0) throw new ApiError("RATE_LIMITED", "请求过于频繁，请稍后再试", { retryAfterSeconds: wait });
    const text = await readBodyText(call.body, call.header("content-length"), spec.maxBodyBytes ?? DEFAULT_MAX_BODY);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiError("BAD_JSON", "请求体无法解析：需要 JSON");
    }
    const result = await spec.handle({ body, requestId, key: check.key });
    const json = result instanceof JsonText ? result.json : JSON.stringify(result);
    reply = { status: 200, headers: { "content-type": "application/json" }, body: json };
  } catch (e) {
    reply = errorReply(spec.family, toApiError(e), requestId);
  }
  reply.headers["x-request-id"] = requestId;
  reply.headers["x-content-type-options"] = "nosniff";
  logAccess({ op: spec.name, status: reply.status, ms: performance.now() - started, keyId, requestId });
  if (keyId) recordUsage(keyId, spec.name, reply.status >= 400);
  return reply;
}

/** The route handler (Web Request → Response) of an operation, with its direct form attached. */
export function defineOperation(spec: OperationSpec): OperationHandler {
  const direct = (call: OperationCall): Promise<OperationReply> => runOperation(spec, call);
  const handler = async (req: Request): Promise<Response> => {
    const reply = await direct({
      header: (name) => req.headers.get(name),
      body: req.body as BodyChunks | null, // a Web ReadableStream is async-iterable in Node.js
    });
    return new Response(reply.body, { status: reply.status, headers: reply.headers });
  };
  const warm = async (): Promise<number> => {
    if (!spec.warm) return 0;
    const started = performance.now();
    try {
      await spec.warm();
    } catch (e) {
      console.warn(`[${spec.name}] warm-up failed:`, e instanceof Error ? e.message : e);
    }
    return performance.now() - started;
  };
  return Object.assign(handler, { direct, warm });
}

/** Counts the call in the key's usage record (buffered; never fails the request). */
function recordUsage(keyId: string, operation: string, failed: boolean): void {
  try {
    getAuthStore().recordUsage(keyId, operation, failed);
  } catch (e) {
    console.warn("[usage] not counted:", e instanceof Error ? e.message : e);
  }
}

export function toApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  if (isAuthUnavailable(e)) {
    console.error("[auth unavailable]", e.message);
    return new ApiError("AUTH_UNAVAILABLE", AUTH_UNAVAILABLE_MESSAGE, { retryAfterSeconds: 5 });
  }
  if (e instanceof Error && e.name === "IndexUnavailableError") {
    // never the index file's location: the reason only (the full message goes to the log)
    console.error("[index unavailable]", e.message);
    const pub = (e as Error & { publicMessage?: string }).publicMessage ?? scrubHostDetails(e.message);
    return new ApiError("INDEX_UNAVAILABLE", `索引不可用：${pub}`);
  }
  // Never leak internals beyond a short message; the access log has the request id.
  console.error("[internal error]", e);
  return new ApiError("INTERNAL_ERROR", "处理异常，请稍后重试");
}

export function errorReply(family: Family, err: ApiError, requestId: string): OperationReply {
  const status = statusFor(family, err);
  let payload: string;
  try {
    payload = JSON.stringify(failureBody(family, err, requestId));
  } catch {
    // an unserialisable detail must not turn a 4xx into a crash
    payload = JSON.stringify(failureBody(family, new ApiError(err.code, err.message, { ...err.options, detail: undefined }), requestId));
  }
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (err.options.retryAfterSeconds) headers["retry-after"] = String(err.options.retryAfterSeconds);
  return { status, headers, body: payload };
}
