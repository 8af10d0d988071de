/**
 * The search page's whole query lives in the URL (bookmarkable, shareable, back/forward).
 * This module is the one mapping between the URL, the page state and the request bodies of
 * the operations (rh_ft_search, rh_fg_search, rh_fg_zq_search, law_vector_search,
 * facet_counts). Multi-valued facets are repeated URL parameters; the keyword operations
 * take them space-joined ("any match suffices"), the semantic search as arrays.
 */
export type Mode = "ft" | "fg" | "zq" | "vec";
export const MODES: readonly Mode[] = ["ft", "fg", "zq", "vec"];
export const MODE_LABEL: Record<Mode, string> = { ft: "法条", fg: "法规", zq: "证券法规", vec: "语义" };
export const MODE_PATH: Record<Mode, string> = {
  ft: "/open/rh_ft_search",
  fg: "/open/rh_fg_search",
  zq: "/open/rh_fg_zq_search",
  vec: "/open/law_vector_search",
};
/** facet_counts `target` per mode; the semantic search has no counts. */
export const FACET_TARGET: Record<Mode, "ft" | "fg" | "fg_zq" | null> = { ft: "ft", fg: "fg", zq: "fg_zq", vec: null };

export type FacetField = "xljb_1" | "sxx" | "dy" | "fbbm";
export const FACET_FIELDS: readonly FacetField[] = ["xljb_1", "sxx", "dy", "fbbm"];
export const FACET_LABEL: Record<FacetField, string> = { xljb_1: "效力级别", sxx: "时效性", dy: "地域", fbbm: "发布机关" };

/**
 * The page's date controls, one meaning each in every mode (issue 16); a mode whose
 * operation cannot express a control's meaning shows it disabled and sends nothing for it:
 *   fbrq_start/fbrq_end    公布日期 in [start, end]      keyword modes (fbrq_*); not 语义
 *   ssrq_start/ssrq_end    施行日期 in [start, end]      keyword modes (ssrq_*); not 语义
 *   valid_start/valid_end  有效期间: in force at some time in [start, end] (implemented on or
 *                          before end, not expired before start)   语义 only (law_start/law_end);
 *                          the keyword operations have no such filter
 */
export type DateField = "fbrq_start" | "fbrq_end" | "ssrq_start" | "ssrq_end" | "valid_start" | "valid_end";
export const DATE_FIELDS: readonly DateField[] = ["fbrq_start", "fbrq_end", "ssrq_start", "ssrq_end", "valid_start", "valid_end"];
/** The date fields the keyword operations take (same names in their bodies). */
const KEYWORD_DATE_FIELDS = ["fbrq_start", "fbrq_end", "ssrq_start", "ssrq_end"] as const;

export interface SearchState {
  mode: Mode;
  q: string;
  op: "AND" | "OR";
  fgmc: string;
  xljb_1: string[];
  sxx: string[];
  dy: string[];
  fbbm: string[];
  fbrq_start: string;
  fbrq_end: string;
  ssrq_start: string;
  ssrq_end: string;
  valid_start: string;
  valid_end: string;
  top_k: number;
}

export const DEFAULT_TOP_K = 20;

export function emptyState(mode: Mode = "ft"): SearchState {
  return {
    mode, q: "", op: "AND", fgmc: "", xljb_1: [], sxx: [], dy: [], fbbm: [],
    fbrq_start: "", fbrq_end: "", ssrq_start: "", ssrq_end: "", valid_start: "", valid_end: "", top_k: DEFAULT_TOP_K,
  };
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

interface ParamsLike {
  get(name: string): string | null;
  getAll(name: string): string[];
}

export function parseSearchParams(sp: ParamsLike): SearchState {
  const mode = (MODES as readonly string[]).includes(sp.get("mode") ?? "") ? (sp.get("mode") as Mode) : "ft";
  const s = emptyState(mode);
  s.q = (sp.get("q") ?? "").slice(0, 500);
  s.op = (sp.get("op") ?? "").toUpperCase() === "OR" ? "OR" : "AND";
  s.fgmc = (sp.get("fgmc") ?? "").slice(0, 200);
  for (const f of FACET_FIELDS) s[f] = uniq(sp.getAll(f).map((v) => v.trim()).filter(Boolean)).slice(0, 50);
  for (const d of DATE_FIELDS) {
    const v = sp.get(d) ?? "";
    s[d] = DATE_RE.test(v) ? v : "";
  }
  const n = Number(sp.get("n"));
  s.top_k = Number.isInteger(n) && n > 0 ? Math.min(n, 50) : DEFAULT_TOP_K;
  return s;
}

export function toSearchParams(s: SearchState): URLSearchParams {
  const p = new URLSearchParams();
  p.set("mode", s.mode);
  if (s.q) p.set("q", s.q);
  if (s.op === "OR") p.set("op", "OR");
  if (s.fgmc) p.set("fgmc", s.fgmc);
  for (const f of FACET_FIELDS) for (const v of s[f]) p.append(f, v);
  for (const d of DATE_FIELDS) if (s[d]) p.set(d, s[d]);
  if (s.top_k !== DEFAULT_TOP_K) p.set("n", String(s.top_k));
  return p;
}

function uniq(xs: string[]): string[] {
  return [...new Set(xs)];
}

export function hasFilters(s: SearchState): boolean {
  return Boolean(s.fgmc || FACET_FIELDS.some((f) => s[f].length) || DATE_FIELDS.some((d) => s[d]));
}

/** Whether the state is a runnable search for its mode (keyword required for 法条 and 语义). */
export function isRunnable(s: SearchState): boolean {
  if (s.mode === "ft" || s.mode === "vec") return s.q.trim().length > 0;
  return s.q.trim().length > 0 || hasFilters(s);
}

/** Body for rh_ft_search / rh_fg_search / rh_fg_zq_search (fields shared with facet_counts). */
export function keywordBody(s: SearchState): Record<string, unknown> {
  const b: Record<string, unknown> = {};
  if (s.q.trim()) b.keyword = s.q.trim();
  b.search_mode = s.op;
  if (s.fgmc.trim()) b.fgmc = s.fgmc.trim();
  for (const f of FACET_FIELDS) if (s[f].length) b[f] = s[f].join(" ");
  for (const d of KEYWORD_DATE_FIELDS) if (s[d]) b[d] = s[d];
  b.top_k = s.top_k;
  return b;
}

export function vectorBody(s: SearchState): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  if (s.sxx.length) filter.sxx = s.sxx;
  if (s.xljb_1.length) filter.effect1 = s.xljb_1;
  if (s.dy.length) filter.dy = s.dy;
  if (s.valid_start) filter.law_start = s.valid_start;
  if (s.valid_end) filter.law_end = s.valid_end;
  return { query: s.q.trim(), return_num: s.top_k, ...(Object.keys(filter).length ? { fatiao_filter: filter } : {}) };
}

export function searchBody(s: SearchState): Record<string, unknown> {
  return s.mode === "vec" ? vectorBody(s) : keywordBody(s);
}

export function facetCountsBody(s: SearchState): Record<string, unknown> | null {
  const target = FACET_TARGET[s.mode];
  if (!target) return null;
  const { top_k: _drop, ...rest } = keywordBody(s);
  void _drop;
  return { ...rest, target };
}

/** Filters the semantic search cannot apply (shown disabled in that mode). */
export function unsupportedInMode(mode: Mode): { facets: FacetField[]; dates: DateField[]; fgmc: boolean; op: boolean } {
  if (mode === "vec") return { facets: ["fbbm"], dates: ["fbrq_start", "fbrq_end", "ssrq_start", "ssrq_end"], fgmc: true, op: true };
  return { facets: [], dates: ["valid_start", "valid_end"], fgmc: false, op: false };
}
