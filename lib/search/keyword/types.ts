/**
 * Types of the keyword-search family (rh_ft_search, rh_fg_search, rh_fg_zq_search,
 * facet_counts). Requests arrive as loose JSON, are validated once by
 * `parseSearchRequest`, and every domain function below works on `KeywordRequest`.
 */
import type { RegulationFilters } from "@/lib/store/types";

export type SearchMode = "AND" | "OR";
export const SEARCH_MODES: readonly SearchMode[] = ["AND", "OR"];

/** A validated keyword-family request. */
export interface KeywordRequest {
  /** Keyword parts as sent (split on ASCII and ideographic spaces); empty when no keyword. */
  parts: string[];
  mode: SearchMode;
  filters: RegulationFilters;
  /** Result size after the spec's rules: 1..50. */
  topK: number;
}

/** One rh_ft_search item, fields exactly as in the spec. */
export interface ClauseItem {
  id: string;
  _score: number;
  ftmc: string;
  title: string;
  fgid: string;
  tid: string;
  url: string;
  content: string;
  fgmc: string;
  ft_num: string;
  llm_content: string;
  sxx: string;
  dy: string;
  xljb_1: string;
  xljb_2: string;
  ssrq: string;
  fbrq: string;
  fbbm: string;
  fwzh: string;
}

/** One rh_fg_search / rh_fg_zq_search item; `content` only for a keyword request with a highlight. */
export interface RegulationItem {
  id: string;
  fgmc: string;
  title: string;
  fbbm: string;
  fwzh: string;
  xljb_1: string;
  xljb_2: string;
  sxx: string;
  dy: string;
  fbrq: string;
  ssrq: string;
  url: string;
  _score: number;
  content?: string;
}

/** Success body of the keyword family. */
export interface SuccessBody<T> {
  status: "success";
  code: 200;
  message: "success";
  data: T;
}
