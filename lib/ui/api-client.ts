/**
 * Browser calls to the /open operations. Authentication rides on the HttpOnly session
 * cookie (credentials: "same-origin"); the page never sees or stores a key. Every call sends
 * its own X-Request-ID so a failure can always be quoted with an id, even when the server
 * never answered.
 */
export class OperationError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly requestId: string,
    /** error_code of the citation check, or the business code of the other families. */
    readonly code: string,
  ) {
    super(message);
    this.name = "OperationError";
  }

  /** The caller is not signed in (or the session expired). */
  get unauthenticated(): boolean {
    return (this.status === 401 || this.status === 403) && this.code !== "FORBIDDEN" && !/会员/.test(this.message);
  }

  /** Signed in, but the operation is for members only. */
  get membersOnly(): boolean {
    return this.status === 403 && (this.code === "FORBIDDEN" || /会员/.test(this.message));
  }
}

function newRequestId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === "function") return c.randomUUID();
  return `req-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export interface PostOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export async function postOperation<T>(path: string, body: unknown, opts: PostOptions = {}): Promise<T> {
  const requestId = newRequestId();
  const ctrl = new AbortController();
  const timer = opts.timeoutMs ? setTimeout(() => ctrl.abort(new DOMException("timeout", "TimeoutError")), opts.timeoutMs) : null;
  const onAbort = () => ctrl.abort(opts.signal?.reason);
  opts.signal?.addEventListener("abort", onAbort);
  let res: Response;
  try {
    res = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json; charset=utf-8", Accept: "application/json", "X-Request-ID": requestId },
      body: JSON.stringify(body),
      signal: ctrl.signal,
    });
  } catch (e) {
    const timedOut = e instanceof DOMException && (e.name === "TimeoutError" || (e.name === "AbortError" && !opts.signal?.aborted));
    if (opts.signal?.aborted) throw e;
    throw new OperationError(timedOut ? "请求超时，请稍后重试" : "网络错误：无法连接服务器", 0, requestId, timedOut ? "TIMEOUT" : "NETWORK");
  } finally {
    if (timer) clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onAbort);
  }
  const rid = res.headers.get("x-request-id") || requestId;
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* non-JSON answer */
  }
  if (!res.ok) {
    const b = (parsed && typeof parsed === "object" ? parsed : {}) as Record<string, unknown>;
    const message = String(b.message ?? b.msg ?? (res.status === 404 ? "接口不存在（服务尚未就绪）" : `请求失败（HTTP ${res.status}）`));
    const code = String(b.error_code ?? b.code ?? res.status);
    throw new OperationError(message, res.status, String(b.request_id ?? rid), code);
  }
  if (parsed === null) throw new OperationError("服务器返回了无法解析的内容", res.status, rid, "BAD_RESPONSE");
  return parsed as T;
}
