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
  validity_status?: string;
  document_number?: string;
  semantic_compare?: SemanticCompare;
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
  [extra: string]: unknown;
}

export interface CheckResult {
  regulations: RegulationEntry[];
  cases: CaseEntry[];
  highlighted_text: string;
  semantic_compare_error?: string;
  chat_model?: string;
  request_id?: string;
}

export interface CheckFailure {
  success: false;
  error_code: string;
  message: string;
  request_id: string;
  detail?: unknown;
}
