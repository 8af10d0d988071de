/**
 * Credentials in the URL of an upstream service (CHAT_MODEL_URL, EMBEDDINGS_URL such as
 * http://user:secret@host/v1). fetch() refuses such URLs with an error that quotes the URL, and
 * error texts reach API responses (semantic_compare_error, the vector search notice) and logs.
 * So the credentials are taken out of the URL once, at configuration, and sent as HTTP Basic
 * authentication instead; and every upstream error text passes through redactUrlCredentials.
 */

export interface SplitUrl {
  /** The URL without user name and password. */
  url: string;
  /** "Basic …" when the URL carried credentials, else undefined. */
  basicAuth?: string;
}

export function splitUrlCredentials(raw: string): SplitUrl {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return { url: redactUrlCredentials(raw) }; // not a URL: fetch will report it, without secrets
  }
  if (!u.username && !u.password) return { url: raw };
  const user = decodeURIComponent(u.username);
  const pass = decodeURIComponent(u.password);
  u.username = "";
  u.password = "";
  return { url: u.toString().replace(/\/$/, raw.endsWith("/") ? "/" : ""), basicAuth: `Basic ${Buffer.from(`${user}:${pass}`).toString("base64")}` };
}

/** Replaces the user-info part of every URL in a text with "***". */
export function redactUrlCredentials(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/\s@]+@/gi, "$1***@");
}
