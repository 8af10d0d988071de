/**
 * Sign-in while the keys database cannot be reached (PostgreSQL down, DATABASE_URL): 503 with
 * a clear message — JSON `{ok: false, reason: "unavailable", message}` for JSON callers, a
 * short HTML page linking back to /signin for the form — never a 500.
 */
import { getAuthStore } from "@/lib/auth/auth-store";
import { isAuthUnavailable, type AuthStore } from "@/lib/auth/types";

export const SIGNIN_UNAVAILABLE_MESSAGE = "登录服务暂不可用：密钥数据库无法连接，请稍后重试";

/** Runs `f` on the store; null when the database is unreachable (other errors are thrown). */
export async function withAuthStore<T>(f: (store: AuthStore) => T | Promise<T>): Promise<T | null> {
  try {
    return await f(getAuthStore());
  } catch (e) {
    if (!isAuthUnavailable(e)) throw e;
    console.error("[session] keys database unavailable:", e.message);
    return null;
  }
}

export function signinUnavailable(isForm: boolean): Response {
  const headers = { "Cache-Control": "no-store", "Retry-After": "5" };
  if (!isForm) return Response.json({ ok: false, reason: "unavailable", message: SIGNIN_UNAVAILABLE_MESSAGE }, { status: 503, headers });
  const html =
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>登录暂不可用</title></head><body>` +
    `<main><h1>登录暂不可用</h1><p>${SIGNIN_UNAVAILABLE_MESSAGE}。</p><p><a href="/signin?error=unavailable">返回登录页</a></p></main></body></html>`;
  return new Response(html, { status: 503, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}
