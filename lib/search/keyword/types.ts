/**
 * Types of the keyword-search family (rh_ft_search, rh_fg_search, rh_fg_zq_search,
 * facet_counts). Requests arrive as loose JSON, are validated once by
 * `parseSearchRequest`, and every domain function below works on `KeywordRequest`.
 */
import type { Regulation, RegulationFilters } from "@/lib/store/types";

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

/** The owning regulation's metadata that every search result carries (spec field names). */
export type RegulationMetaFields = Pick<Regulation, "fgmc" | "fbbm" | "fwzh" | "xljb_1" | "xljb_2" | "sxx" | "dy" | "fbrq" | "ssrq">;

/** One rh_ft_search item, fields exactly as in the spec (plus RegulationMetaFields). */
export interface ClauseItem extends RegulationMetaFields {
  id: string;
  _score: number;
  ftmc: string;
  title: string;
  fgid: string;
  tid: string;
  url: string;
  content: string;
  ft_num: string;
  llm_content: string;
}

/** One rh_fg_search / rh_fg_zq_search item; `content` only for a keyword request with a highlight. */
export interface RegulationItem extends RegulationMetaFields {
  id: string;
  title: string;
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
