/**
 * The session cookie's attributes in one place: HttpOnly (no script can read it),
 * SameSite=Strict (never sent on cross-site requests, which is the CSRF defence for the
 * cookie-authenticated /open operations), Path=/, Secure when the request came over https,
 * 7-day lifetime matching the server-side session.
 */
import { SESSION_COOKIE } from "@/lib/api/define-operation";
import { requestOrigin } from "@/lib/api/same-origin";

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
 * Rejects cross-origin form posts (login CSRF, forced sign-out): Sec-Fetch-Site or Origin
 * (lib/api/same-origin.ts) must say same-origin. A request with neither (curl, tests) is
 * allowed here: signing in needs the key (or one-time token) in the body, signing out spends nothing.
 */
export function sameOrigin(req: Request): boolean {
  return requestOrigin((name) => req.headers.get(name)) !== "cross";
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
