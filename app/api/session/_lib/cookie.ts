/**
 * The session routes' HTTP-edge checks: same-origin posts only, and safe redirect targets.
 * The cookie itself (name, attributes) lives in lib/auth/session-cookie.ts.
 */
import { requestOrigin } from "@/lib/api/same-origin";

export { clearedSessionCookie, isHttps, SESSION_TTL_SECONDS, sessionCookie } from "@/lib/auth/session-cookie";

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
