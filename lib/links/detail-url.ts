/**
 * The addresses of the detail pages, in the shape the operations return them (spec: `url` of
 * rh_ft_search / rh_fg_search items, hall_detect entries) and the pages link to. Every part is
 * URL-encoded. The one place that builds them: the searches, the citation check and the
 * browser helpers (lib/ui/detail-url.ts) all call it. Imports nothing.
 */
export const STATUTE_DETAIL_PREFIX = "/zxt/statuteDetail/detailPage/";
export const CASE_DETAIL_PREFIX = "/zxt/caseDetail/";

/** `/zxt/statuteDetail/detailPage/{fgid}`, with `?text={tid}` for an article. */
export function statuteDetailUrl(fgid: string, tid?: string): string {
  const base = STATUTE_DETAIL_PREFIX + encodeURIComponent(fgid);
  return tid ? `${base}?text=${encodeURIComponent(tid)}` : base;
}

/** `/zxt/caseDetail/{id}`. */
export function caseDetailUrl(id: string): string {
  return CASE_DETAIL_PREFIX + encodeURIComponent(id);
}
