/**
 * The index's domain records and the one narrow interface the rest of the app uses to read
 * them. Route handlers, pages and search code depend on these types, never on SQL, so a
 * scale-out engine can implement `IndexStore` later without touching callers.
 */

/** Shared enumerations from the interface spec (kept here so ingest, validation and UI agree). */
export const SXX_VALUES = ["现行有效", "失效", "已被修改", "部分失效", "尚未生效"] as const;
export const XLJB1_VALUES = [
  "宪法", "法律", "司法解释", "行政法规", "监察法规", "部门规章", "党内法规", "军事法规规章",
  "立法机关工作文件", "行政机关工作文件", "行业/团体规范", "地方性法规", "自治条例和单行条例",
  "地方司法文件", "地方政府规章", "地方规范性文件", "地方律协规定",
] as const;
export const DY_VALUES = [
  "中央", "北京", "天津", "河北", "山西", "内蒙古", "辽宁", "吉林", "黑龙江", "上海", "江苏", "浙江",
  "安徽", "福建", "江西", "山东", "河南", "湖北", "湖南", "广东", "广西", "海南", "重庆", "四川",
  "贵州", "云南", "西藏", "陕西", "甘肃", "青海", "宁夏", "新疆",
] as const;
export type Sxx = (typeof SXX_VALUES)[number];

/** One regulation (one version of one instrument). Dates are yyyy-MM-dd or "". */
export interface Regulation {
  fgid: string;
  /** Full official title, e.g. 中华人民共和国民法典. */
  fgmc: string;
  /** Issuing body, "" when the source does not say. */
  fbbm: string;
  /** Document number (发文字号), "" when unknown. */
  fwzh: string;
  xljb_1: string;
  xljb_2: string;
  /** Validity, one of SXX_VALUES or "" when unknown. */
  sxx: string;
  /** Region: 中央 or a province short name. */
  dy: string;
  /** Region including city when the title names one (e.g. 山东省威海市), else same as dy. */
  location: string;
  fbrq: string;
  ssrq: string;
  /** Expiry date if known, else "". */
  expiry: string;
  /** Groups versions of the same instrument: normalised title without version marks. */
  family: string;
  /** Where the record came from: lawrefbook | dlc | securities | jsonl. */
  source: string;
  /** Path relative to the corpus root (or JSONL file + line). */
  source_path: string;
  /** True for securities-industry regulations (see lib/corpus/securities-rule.ts). */
  is_securities: boolean;
  /** False for catalogue-only records (securities catalogue): no body, no clauses. */
  has_fulltext: boolean;
  /** Header lines (promulgation history) as written, joined by "\n". */
  preamble: string;
  /** Where fbrq came from (e.g. "LawRefBook 数据库 publish", "文件名", "题注「…」"), "" when fbrq is "". */
  fbrq_source: string;
  /** Where ssrq came from (e.g. 正文「本法自2024年7月1日起施行。」), "" when ssrq is "". */
  ssrq_source: string;
  /** The rule or source field that set sxx (lib/corpus/validity.ts). */
  sxx_source: string;
  /** yyyy-MM-dd the record's source is current to (latest date it carries; lib/corpus/as-of.ts). */
  data_as_of: string;
}

/** Regulation plus its structured full text, for the detail page / detail operation. */
export interface RegulationDetail extends Regulation {
  /** Body blocks in reading order: headings (编/章/节), articles, and free paragraphs. */
  blocks: BodyBlock[];
  /** Other versions of the same instrument (same family), newest first, including this one. */
  versions: VersionRef[];
}

export type BodyBlock =
  | { kind: "heading"; level: number; text: string }
  | { kind: "clause"; tid: string; ft_num: string; paragraphs: string[] }
  | { kind: "text"; paragraphs: string[] };

export interface VersionRef {
  fgid: string;
  fgmc: string;
  fbrq: string;
  ssrq: string;
  sxx: string;
  /** The version's source as-of date (sxx is as of this date). */
  data_as_of: string;
  /** true for the version in force (现行有效 / 尚未生效 newest). */
  current: boolean;
}

/** One article (条). id = `${fgid}_${tid}`. */
export interface Clause {
  id: string;
  fgid: string;
  /** "577", or "120-1" for 第一百二十条之一; "0" for a document kept as one text block. */
  tid: string;
  /** Order within the regulation, 0-based. */
  ord: number;
  /** Clause label as written, e.g. 第五百七十七条; "" for a text-block document. */
  ft_num: string;
  /** Article text without its label; paragraphs (款) separated by "\n". */
  content: string;
  /** Heading path, e.g. "第三编 合同 / 第八章 违约责任"; "" when none. */
  chapter: string;
}

/**
 * One regulation with its structured text, as the corpus readers produce it and the index
 * writer (lib/store/write-index.ts) stores it. `aliases` are extra names for the family.
 */
export interface RegulationRecord {
  reg: Regulation;
  clauses: Clause[];
  blocks: BodyBlock[];
  aliases: string[];
  /** Date derivation audit (full-text readers): the source field's ssrq before, and a conflict. */
  dates?: { before: { ssrq: string; ssrq_source: string }; conflict: string };
}

/** A court case (guiding case, LeCaRDv2 judgment, LawRefBook case write-up, or JSONL). */
export interface CaseRecord {
  id: string;
  source: string;
  /** Case name / title. */
  name: string;
  /** Primary official case number (normalised brackets), "" if none. */
  case_number: string;
  /** All case numbers found for the case (first instance, appeal, …). */
  case_numbers: string[];
  case_type: string;
  court: string;
  judgment_date: string;
  basic_facts: string;
  judgment_key_points: string;
  judgment_result: string;
  judgment_analysis: string;
  typical_significance: string;
  case_commentary: string;
  related_laws: string;
  keywords: string[];
  source_url: string;
  /** Full text as one string (for cases without sections). */
  full_text: string;
}

/** Filters shared by the keyword operations. Every array is OR within itself. */
export interface RegulationFilters {
  /** Every part must occur in the title. */
  fgmc?: string[];
  xljb_1?: string[];
  sxx?: string[];
  dy?: string[];
  /** Any part as a substring of the issuing body. */
  fbbm?: string[];
  fbrq_start?: string;
  fbrq_end?: string;
  ssrq_start?: string;
  ssrq_end?: string;
  securitiesOnly?: boolean;
}

export interface IndexMeta {
  built_at: string;
  corpus_dir: string;
  regulations: number;
  clauses: number;
  cases: number;
  schema_version: number;
}
