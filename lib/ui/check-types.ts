/**
 * The citation check's response as the browser reads it (interface spec, operation 1).
 * Fields the spec marks "may be absent" are optional; the client tolerates extra fields.
 */
export interface SemanticCompare {
  结论?: string;
  语义相似度?: number | null;
  说明?: string;
  要点?: unknown[];
  skipped?: boolean;
  skip_reason?: string;
  skip_message?: string;
  /** The phrases the verdict rests on (from the draft and the clause). */
  依据?: string[];
}

/** How the draft uses the cited clause (see lib/citations/types.ts ClaimStyle). */
export type ClaimStyle = "quote" | "pasted" | "restatement" | "application" | "bare" | "none";

/** The article the claim fits when it does not fit the cited one. */
export interface WrongClause {
  fgid?: string;
  fgmc?: string;
  tid?: string;
  clause: string;
  content: string;
  url: string;
  similarity: number;
  scope: "same_version" | "other_version" | "other_law";
  note: string;
}

export interface ReplacedBy {
  fgid?: string;
  fgmc?: string;
  sxx?: string;
  tid?: string;
  clause?: string;
  content?: string;
  url?: string;
  similarity?: number | null;
  note?: string;
}

/** The date the check judged versions and validity against, and why. */
export interface ReferenceDate {
  date: string;
  basis: "request" | "document_date" | "case_number_year" | "today";
  evidence: string;
  note: string;
}

export interface RegulationEntry {
  name: string;
  clause: string;
  content: string;
  extract_reg_id: string;
  url?: string;
  think_tank_content?: string;
  source_no_specific_clause?: boolean;
  law_exists?: boolean;
  think_tank_clause_missing?: boolean;
  publish_date?: string;
  implement_date?: string;
  /** Extension: where implement_date came from (「推定：…」 for an inferred date). */
  implement_date_source?: string;
  validity_status?: string;
  /** Extension: as-of date of the source the validity comes from. */
  data_as_of?: string;
  document_number?: string;
  semantic_compare?: SemanticCompare;
  // --- extensions this service adds ---
  start_index?: number;
  end_index?: number;
  match_status?: string;
  fgid?: string;
  official_name?: string;
  tid?: string;
  version_note?: string;
  replaced_by?: ReplacedBy | null;
  claim_style?: ClaimStyle;
  claim_text?: string;
  /** The verdict in one sentence with what it rests on: date judged at, version and article compared, then 说明. */
  verdict_basis?: string;
  /** Offsets in think_tank_content of the cited 款 / 项; null when the whole article is cited. */
  think_tank_scope?: { start: number; end: number } | null;
  wrong_clause?: WrongClause | null;
  [extra: string]: unknown;
}

export interface CaseEntry {
  name?: string;
  case_number?: string;
  content?: string;
  url?: string;
  think_tank_content?: string;
  case_type?: string;
  court?: string;
  judgment_date?: string;
  judgment_key_points?: string;
  start_index?: number;
  case_exists?: boolean;
  [extra: string]: unknown;
}

export interface CheckResult {
  regulations: RegulationEntry[];
  cases: CaseEntry[];
  highlighted_text: string;
  semantic_compare_error?: string;
  chat_model?: string;
  request_id?: string;
  reference_date?: ReferenceDate;
  truncated?: { statutes_found: number; cases_found: number; statutes_limit: number; cases_limit: number };
  deadline_exceeded?: { unjudged: number; deadline_ms: number };
}

export interface CheckFailure {
  success: false;
  error_code: string;
  message: string;
  request_id: string;
  detail?: unknown;
}
