/**
 * Types of the keyword-search family (rh_ft_search, rh_fg_search, rh_fg_zq_search,
 * facet_counts). Requests arrive as loose JSON, are validated once at the edge by
 * `parseSearchRequest` (lib/api/keyword-request), and every domain function below works on `KeywordRequest`.
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

/**
 * Documented extra fields (beyond the spec) on every search item: how current the owning
 * regulation's source is and where its validity and 施行日期 came from (README "Dates and
 * validity").
 */
export interface ProvenanceFields {
  /** yyyy-MM-dd the regulation's source is current to; sxx is as of this date. */
  data_as_of: string;
  /** The rule or source field that set sxx. */
  validity_source: string;
  /** Where ssrq came from (the text's own words, a header line, a database field, 推定…). */
  implement_date_source: string;
}

/** The stored provenance fields of a regulation (lib/store/keyword-index.ts) that fill ProvenanceFields. */
export type { ProvenanceRow } from "@/lib/store/keyword-index";
import type { ProvenanceRow } from "@/lib/store/keyword-index";
export function provenanceOf(row: ProvenanceRow): ProvenanceFields {
  return { data_as_of: row.data_as_of, validity_source: row.sxx_source, implement_date_source: row.ssrq_source };
}

/** One rh_ft_search item, fields exactly as in the spec (plus RegulationMetaFields and ProvenanceFields). */
export interface ClauseItem extends RegulationMetaFields, ProvenanceFields {
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
export interface RegulationItem extends RegulationMetaFields, ProvenanceFields {
  id: string;
  title: string;
  url: string;
  _score: number;
  content?: string;
}
