/**
 * Is a browser request same-origin? The CSRF check for everything the session cookie can do
 * (SameSite=Strict is the first guard, this the second): Fetch Metadata first, Origin second.
 * - Sec-Fetch-Site (every current browser): "same-origin" or "none" (typed into the address
 *   bar) is same-origin; "same-site" and "cross-site" are not.
 * - else Origin: its host must be the request's Host (X-Forwarded-Host behind a proxy);
 *   "null" (sandboxed frames, some redirects) is cross-origin.
 * - neither header: "unknown" (not a browser, or a very old one). Callers decide: the
 *   cookie-authenticated operations refuse it, the sign-in routes (where the body carries the
 *   key or nothing is spent) allow it.
 */
export type OriginVerdict = "same" | "cross" | "unknown";

export const CROSS_SITE_MESSAGE = "跨站请求被拒绝：会话 Cookie 只接受同源请求（Origin 或 Sec-Fetch-Site 须为本站）";

export function requestOrigin(header: (name: string) => string | null): OriginVerdict {
  const site = header("sec-fetch-site");
  if (site !== null) return site === "same-origin" || site === "none" ? "same" : "cross";
  const origin = header("origin");
  if (origin === null) return "unknown";
  if (origin === "null") return "cross";
  const host = header("x-forwarded-host") ?? header("host");
  try {
    return new URL(origin).host === host ? "same" : "cross";
  } catch {
    return "cross";
  }
}
