/**
 * Detail-page addresses. Operations may return the url as a path or as an absolute address
 * on another base; the desk always links within this app, and adds `#tid-{tid}` so the
 * article is in view even without JavaScript.
 */
import { CASE_DETAIL_PREFIX as CASE_PREFIX, STATUTE_DETAIL_PREFIX as DETAIL_PREFIX, caseDetailUrl, statuteDetailUrl } from "@/lib/links/detail-url";

export function regulationHref(fgid: string, tid?: string): string {
  const url = statuteDetailUrl(fgid, tid);
  return tid ? `${url}#tid-${encodeURIComponent(tid)}` : url;
}

export function caseHref(id: string): string {
  return caseDetailUrl(id);
}

/**
 * Reduces a url from an operation to an in-app path (drops scheme and host) and adds the
 * article fragment for `?text=` links. Returns "" for anything that is not one of our
 * detail pages, so a crafted url can never become a javascript: or off-site link.
 */
export function inAppDetailHref(url: string | undefined | null): string {
  if (!url) return "";
  let u: URL;
  try {
    u = new URL(url, "http://local.invalid");
  } catch {
    return "";
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return "";
  const path = u.pathname;
  if (!path.startsWith(DETAIL_PREFIX) && !path.startsWith(CASE_PREFIX)) return "";
  const tid = u.searchParams.get("text");
  if (path.startsWith(DETAIL_PREFIX) && tid) return `${path}?text=${encodeURIComponent(tid)}#tid-${encodeURIComponent(tid)}`;
  return path + u.search;
}

/** Clause id `{fgid}_{tid}` → tid (the part after the fgid). */
export function tidFromClauseId(clauseId: string, fgid: string): string {
  if (fgid && clauseId.startsWith(fgid + "_")) return clauseId.slice(fgid.length + 1);
  const at = clauseId.lastIndexOf("_");
  return at >= 0 ? clauseId.slice(at + 1) : "";
}
