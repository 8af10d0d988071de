/**
 * The session cookie's attributes in one place: HttpOnly (no script can read it),
 * SameSite=Strict (never sent on cross-site requests, which is the CSRF defence for the
 * cookie-authenticated /open operations), Path=/, Secure when the request came over https,
 * 7-day lifetime matching the server-side session.
 */
import { SESSION_COOKIE } from "@/lib/api/define-operation";

export const SESSION_TTL_SECONDS = 7 * 24 * 3600;

export function isHttps(req: Request): boolean {
  const fwd = req.headers.get("x-forwarded-proto");
  if (fwd) return fwd.split(",")[0]!.trim() === "https";
  return new URL(req.url).protocol === "https:";
}

export function sessionCookie(token: string, req: Request): string {
  const parts = [`${SESSION_COOKIE}=${encodeURIComponent(token)}`, "Path=/", "HttpOnly", "SameSite=Strict", `Max-Age=${SESSION_TTL_SECONDS}`];
  if (isHttps(req)) parts.push("Secure");
  return parts.join("; ");
}

export function clearedSessionCookie(req: Request): string {
  const parts = [`${SESSION_COOKIE}=`, "Path=/", "HttpOnly", "SameSite=Strict", "Max-Age=0"];
  if (isHttps(req)) parts.push("Secure");
  return parts.join("; ");
}

/**
 * Rejects cross-origin form posts (login CSRF, forced sign-out). Browsers send Origin on
 * POST; a request without it (curl, tests) is allowed.
 */
export function sameOrigin(req: Request): boolean {
  const origin = req.headers.get("origin");
  if (!origin || origin === "null") return origin === null;
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** Only same-site relative paths may be redirect targets. */
export function safeNext(next: unknown): string {
  if (typeof next !== "string" || !next.startsWith("/") || next.length > 2000) return "/";
  // Resolve as a browser would (tabs/newlines stripped, "\\" read as "/"): "/\t/evil.example"
  // becomes "//evil.example", so only a result on our own origin counts, re-serialised.
  const base = "http://same-site.invalid";
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return "/";
  }
  if (url.origin !== base) return "/";
  return url.pathname + url.search + url.hash;
}

/** A tiny HTML page that moves on to `to`: a same-site navigation, so the Strict cookie just set is sent. */
export function continuePage(to: string, cookie: string, message: string): Response {
  const esc = to.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${esc}"><title>${message}</title></head><body><p>${message}，<a href="${esc}">继续</a></p></body></html>`;
  return new Response(html, {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Set-Cookie": cookie, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });
}
