/**
 * The browser session cookie in one place: its name, its attributes — HttpOnly (no script can
 * read it), SameSite=Strict (never sent on cross-site requests, which is the CSRF defence for
 * the cookie-authenticated /open operations), Path=/, Secure when the request came over https
 * (also behind a proxy, via X-Forwarded-Proto), 7-day lifetime matching the server-side
 * session — and reading it from a Cookie header.
 */
export const SESSION_COOKIE = "lcc_session";
export const SESSION_TTL_SECONDS = 7 * 24 * 3600;

/** The request's scheme as the client saw it (X-Forwarded-Proto first). */
export function isHttps(req: { url: string; headers: { get(name: string): string | null } }): boolean {
  const fwd = req.headers.get("x-forwarded-proto");
  if (fwd) return fwd.split(",")[0]!.trim() === "https";
  return new URL(req.url).protocol === "https:";
}

export function sessionCookie(token: string, req: { url: string; headers: { get(name: string): string | null } }): string {
  const parts = [`${SESSION_COOKIE}=${encodeURIComponent(token)}`, "Path=/", "HttpOnly", "SameSite=Strict", `Max-Age=${SESSION_TTL_SECONDS}`];
  if (isHttps(req)) parts.push("Secure");
  return parts.join("; ");
}

export function clearedSessionCookie(req: { url: string; headers: { get(name: string): string | null } }): string {
  const parts = [`${SESSION_COOKIE}=`, "Path=/", "HttpOnly", "SameSite=Strict", "Max-Age=0"];
  if (isHttps(req)) parts.push("Secure");
  return parts.join("; ");
}

/** A cookie's value from a Cookie header (null when absent); a malformed %-escape stays raw. */
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
