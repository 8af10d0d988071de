/** Result shapes of the search operations as the browser reads them (interface spec). */
export interface ClauseHit {
  id: string;
  fgid: string;
  tid: string;
  url?: string;
  content: string;
  fgmc: string;
  ft_num: string;
  sxx?: string;
  dy?: string;
  xljb_1?: string;
  ssrq?: string;
  fbrq?: string;
  fbbm?: string;
  fwzh?: string;
  _score?: number;
  /** Documented extra field: the source's as-of date. */
  data_as_of?: string;
  /** Documented extra field: where ssrq came from (「推定：…」 for an inferred date). */
  implement_date_source?: string;
}

export interface RegulationHit {
  id: string;
  fgmc: string;
  fbbm?: string;
  fwzh?: string;
  xljb_1?: string;
  xljb_2?: string;
  sxx?: string;
  dy?: string;
  fbrq?: string;
  ssrq?: string;
  url?: string;
  content?: string;
  _score?: number;
  data_as_of?: string;
  implement_date_source?: string;
}

export interface VectorHit {
  ftid: string;
  fgid: string;
  fgtitle: string | string[];
  num?: string;
  content: string;
  sxx?: string;
  effect1?: string;
  dy?: string;
  location?: string;
  start?: number;
  score?: number;
  data_as_of?: string;
}

export interface KeywordResponse<T> {
  status: string;
  code: number;
  message: string;
  data: T[];
}

export interface VectorResponse {
  msg: string;
  code: number;
  extra: { fatiao?: VectorHit[] };
}

export interface FacetValue {
  value: string;
  count: number;
}

export interface FacetCountsResponse {
  status: string;
  code: number;
  message: string;
  /** terms: what the keyword matched as (its parts, concept wordings, words), for highlighting. */
  data: { total: number; facets: Partial<Record<"xljb_1" | "sxx" | "dy" | "fbbm", FacetValue[]>>; terms?: string[] };
}
