/**
 * Types of the citation check (operation 1, POST /open/hall_detect): the intermediate
 * records passed between the pipeline steps (extract → resolve → compare → mark) and the
 * response entries of the interface spec, with the extra fields this service adds.
 *
 * Offsets (`start_index`, `end_index`) are UTF-16 code-unit offsets into the request's
 * `text`, end exclusive: `text.slice(start_index, end_index)` is the cited fragment, as in
 * JavaScript's String.prototype.slice (and CourtListener's citation lookup).
 */
import type { CaseRecord, Clause, Regulation } from "../store/types";

/** The four comparison conclusions (the spec leaves the set open; this is ours). */
export const CONCLUSIONS = ["一致", "部分一致", "不一致", "无法判断"] as const;
export type Conclusion = (typeof CONCLUSIONS)[number];

/** Kinds of the concrete differences listed in 要点. */
export type PointKind = "modal" | "negation" | "number" | "party" | "condition" | "omission" | "addition" | "wording" | "scope";

export interface DiffPoint {
  kind: PointKind;
  /** Authoritative wording ("" when the quote added text). */
  source: string;
  /** The draft's wording ("" when the quote dropped text). */
  quote: string;
  /** One human-readable line, the form put into 要点. */
  text: string;
}

/** `semantic_compare` as in the spec, plus `engine` (who judged) and `差异` (structured points). */
export interface SemanticCompare {
  结论: Conclusion;
  语义相似度: number | null;
  说明: string;
  要点: string[];
  skipped?: boolean;
  skip_reason?: string;
  skip_message?: string;
  /** "builtin-rules-v1" or the chat model's name. */
  engine?: string;
  /** The same differences as 要点, machine-readable. */
  差异?: DiffPoint[];
  /** The phrases the verdict rests on (from the draft and the clause). */
  依据?: string[];
}

/** How a statute citation was written. */
export type CitationShape = "clause" | "list" | "range" | "back_reference" | "name_only";

/**
 * How the draft uses the cited clause (decided by the judge step):
 * quote: the clause's words in quotation marks (or after 规定：); pasted: the clause's text written
 * straight after the number without quotation marks; restatement: the sentence states the clause's
 * rule in its own words; application: the sentence applies the clause to facts (触犯…, 构成…,
 * 应当承担…); bare: a list that says nothing about content (依照……第X条之规定，判决如下), judged
 * against the facts before it when they say enough; none: a name-only citation.
 */
export const CLAIM_STYLES = ["quote", "pasted", "restatement", "application", "bare", "none"] as const;
export type ClaimStyle = (typeof CLAIM_STYLES)[number];

/** A statute citation found in the text (output of extract-citations). */
export interface ExtractedStatute {
  kind: "statute";
  /** Law name as written, without 《》 (for a back-reference: the name it refers back to). */
  name: string;
  /** The fragment naming the law as written, e.g. 《中华人民共和国民法典》, or 该法. */
  nameRaw: string;
  /** Clause as written for this entry, e.g. 第五百七十七条第一款第二项; "" = name only. */
  clause: string;
  /** Canonical clause id ("577", "120-1"); "" for name only. */
  tid: string;
  /** 款 / 项 numbers when cited (1-based). */
  paragraph?: number;
  item?: number;
  /** The name was defined in the draft itself (以下简称《X》): the short form as written. */
  definedAs?: string;
  /** Version year written next to the name, e.g. 《公司法》（2018年修正） → 2018. */
  versionYear?: number;
  shape: CitationShape;
  /** Excerpt the draft attributes to the clause, verbatim. */
  content: string;
  /** True when `content` is the text the draft attributes to the clause (quotation, or text after 规定：); false for the carrying sentence. */
  quoted: boolean;
  /** What the draft says the clause says: the quote, or the part of the sentence after the citation. */
  claim: string;
  /** Offsets of `content` in the input (UTF-16 code units). */
  contentStart: number;
  contentEnd: number;
  /** Offsets of the cited fragment (name + clause, or the clause alone inside a list). */
  start: number;
  end: number;
  /** Entries sharing one quote (a list or range) share a group id. */
  group: number;
  /** Offsets of the whole clause chain (all entries of the group) and of the text that follows it. */
  chainEnd: number;
  /** A topic the draft writes in brackets right after the number (第1091条（离婚损害赔偿）). */
  label?: string;
  /** What the draft says a single article is about, right after it (第九条关于消费者自主决定购买…的规定). */
  about?: string;
}

/** A case number found in the text. */
export interface ExtractedCase {
  kind: "case";
  /** As written. */
  raw: string;
  /** normalizeCaseNumber(raw). */
  normalized: string;
  /** Case name written before the number (…案), "" if none. */
  name: string;
  content: string;
  start: number;
  end: number;
}

export interface Extraction {
  statutes: ExtractedStatute[];
  cases: ExtractedCase[];
  /** Names the draft defines for itself: short form (without 《》) → the full name it stands for. */
  definitions: Map<string, string>;
  /** Citations found beyond the work budget (not returned): counts per kind. */
  overflow: { statutes: number; cases: number };
}

/** The date a check judges versions and validity against, and why. */
export interface ReferenceDate {
  /** yyyy-MM-dd. */
  date: string;
  /** request: the caller's reference_date; document_date: the date the document is dated (落款, 判决日期);
   *  case_number_year: the year of the document's own 案号; today: nothing better was found. */
  basis: "request" | "document_date" | "case_number_year" | "today";
  /** The phrase the date was read from ("" for request / today). */
  evidence: string;
  /** One sentence for the lawyer, e.g. 「以 2024-05-20 为准：文书落款日期「2024年5月20日」」. */
  note: string;
}

/** The narrow read interface the citation check needs from the index (see store-port.ts). */
export interface CitationStore {
  findFamiliesByName(name: string): { family: string; versions: Regulation[] }[];
  /** Every regulation title with its family (for the closest titles of a name the index lacks). */
  listTitles(): { fgid: string; fgmc: string; family: string }[];
  getClauses(fgid: string): Clause[];
  getClause(fgid: string, tid: string): Clause | null;
  findCasesByNumber(raw: string): CaseRecord[];
  /** The regulation of an article found by text (absent: the quote is not looked for in laws the draft does not cite). */
  getRegulation?(fgid: string): Regulation | null;
  /** Articles anywhere in the index holding every phrase (exact substrings); absent in stores that cannot search text. */
  findClausesWithPhrases?(phrases: string[], limit: number): Clause[];
  /** Instruments holding the phrase in an article, counted up to cap + 1 (absent: every phrase counts as rare). */
  phraseSpread?(phrase: string, cap: number): number;
}

/** Where a statute citation led. `law_exists: false` is the no-hit verdict. */
export type MatchStatus =
  /** Regulation and clause found (or regulation found for a name-only citation). */
  | "found"
  /** Regulation found, the cited clause is not in it: a hallucinated clause. */
  | "clause_missing"
  /** No regulation of that name and nothing close: suspected fictitious (no-hit). */
  | "law_not_found"
  /** Not in the knowledge base, but shaped like a real instrument: close to known titles (no-hit, with candidates), or of a kind the index holds only in part (no candidates). */
  | "not_in_index"
  /** A real law known to be repealed whose text the knowledge base does not hold (e.g. 合同法). */
  | "repealed_not_in_corpus"
  /** The regulation exists but the knowledge base holds only its catalogue record (no text). */
  | "no_fulltext";

/** A regulation entry of the response (spec fields first, then ours). */
export interface RegulationEntry {
  name: string;
  clause: string;
  content: string;
  extract_reg_id: string;
  url: string;
  think_tank_content: string;
  source_no_specific_clause: boolean;
  law_exists: boolean;
  think_tank_clause_missing?: boolean;
  publish_date: string;
  implement_date: string;
  /** Where implement_date came from (正文原话, 题注, 数据库字段, 修正决定, or 「推定：…」); "" when none. */
  implement_date_source: string;
  validity_status: string;
  document_number: string;
  semantic_compare: SemanticCompare;
  // --- extensions ---
  start_index: number;
  end_index: number;
  normalized: string;
  match_status: MatchStatus;
  citation_shape: CitationShape;
  /** Matched regulation id and official title ("" on a no-hit). */
  fgid: string;
  official_name: string;
  /** Canonical clause id ("577", "120-1"), "" for a name-only citation. */
  tid: string;
  /** Why this version: "explicit_version" | "draft_date" | "current" | "quote_match" | "only_version" | "". */
  version_basis: string;
  /** One sentence: which version and why. */
  version_note: string;
  /** Other versions of the same instrument (newest first). */
  versions: { fgid: string; fgmc: string; fbrq: string; ssrq: string; sxx: string; data_as_of: string }[];
  /** For a 失效 / 已被修改 version or a repealed law: what replaced it, where known. */
  replaced_by: ReplacedBy | null;
  /** Other regulations the name could mean (ambiguous short names), or the closest titles of a name the index lacks. */
  candidates: { fgid: string; fgmc: string }[];
  /** How the draft uses the clause (see ClaimStyle). */
  claim_style: ClaimStyle;
  /** The part of the draft the verdict judged ("" when none). */
  claim_text: string;
  /** Offsets in think_tank_content of the cited 款 / 项; null when the whole article is cited. */
  think_tank_scope: { start: number; end: number } | null;
  /** The article the claim fits when it does not fit the cited one (suspected wrong article number). */
  wrong_clause: WrongClause | null;
  /** Ours: the verdict in one sentence with what it rests on — the date judged at and why, the version and article compared, then 说明. */
  verdict_basis: string;
  /** As-of date of the source the validity comes from (yyyy-MM-dd; "" when no regulation matched). */
  data_as_of: string;
}

/** Where the draft's claim is found instead of the cited article. */
export interface WrongClause {
  fgid: string;
  fgmc: string;
  tid: string;
  /** e.g. 第五十六条. */
  clause: string;
  content: string;
  url: string;
  /** How well the claim fits that article, [0,1]. */
  similarity: number;
  /** same_version: another article of the version judged; other_version: an article of another version
   *  of the same law; other_law: an article of another law the draft cites. */
  scope: "same_version" | "other_version" | "other_law";
  note: string;
}

export interface ReplacedBy {
  fgid: string;
  fgmc: string;
  sxx: string;
  /** As-of date of the source that sxx comes from ("" when the replacing law is not in the index). */
  data_as_of: string;
  /** The replacing version's matching article ("" when none matches well enough or not known). */
  tid: string;
  clause: string;
  content: string;
  url: string;
  /** Text similarity of the matched article to the cited one, [0,1]; null when not computed. */
  similarity: number | null;
  note: string;
}

/** A case entry: display fields under English and Chinese keys. */
export interface CaseEntry {
  name: string;
  case_number: string;
  案号: string;
  content: string;
  url: string;
  think_tank_content: string;
  case_type: string;
  案例类型: string;
  court: string;
  法院: string;
  judgment_date: string;
  日期: string;
  basic_facts: string;
  基本案情: string;
  judgment_key_points: string;
  裁判要点: string;
  judgment_result: string;
  裁判结果: string;
  judgment_analysis: string;
  裁判分析过程: string;
  typical_significance: string;
  典型意义: string;
  case_commentary: string;
  案例评析: string;
  // --- extensions ---
  extract_reg_id: string;
  case_exists: boolean;
  case_id: string;
  /** The number as written in the draft. */
  cited_case_number: string;
  normalized: string;
  start_index: number;
  end_index: number;
}

export interface HallDetectResponse {
  regulations: RegulationEntry[];
  cases: CaseEntry[];
  highlighted_text: string;
  semantic_compare_error?: string;
  chat_model: string;
  request_id: string;
  /** The date versions and validity were judged against (= reference_date.date), or null when that is today. */
  draft_date: string | null;
  /** The date the check judged against, and why. */
  reference_date: ReferenceDate;
  /** Present when the draft cites more than the per-response limits: counts found and limits. */
  truncated?: { statutes_found: number; cases_found: number; statutes_limit: number; cases_limit: number };
  /** Present when the judging deadline passed: how many clause citations were left unjudged, and the deadline. */
  deadline_exceeded?: { unjudged: number; deadline_ms: number };
}
