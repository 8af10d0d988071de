/** Helpers shared by the case readers: an empty CaseRecord and court/date extraction. */
import type { CaseRecord } from "../store/types";
import { CASE_NUMBER_PATTERN, normalizeCaseNumber } from "../text/case-number";
import { parseChineseDate } from "./header-meta";

export function emptyCase(id: string, source: string): CaseRecord {
  return {
    id, source, name: "", case_number: "", case_numbers: [], case_type: "", court: "", judgment_date: "",
    basic_facts: "", judgment_key_points: "", judgment_result: "", judgment_analysis: "",
    typical_significance: "", case_commentary: "", related_laws: "", keywords: [], source_url: "", full_text: "",
  };
}

/**
 * "X法院于2009年9月4日作出（2009）沪二中民二（民）终字第1508号民事判决": the court, date and
 * number of each ruling named in a 裁判结果 text, in order.
 */
const RULING = new RegExp(
  `(?:^|[。；;，,：:\\n])([^。；;，,：:\\n“”]{2,40}?(?:法院|法庭|赔偿委员会))(?:于([0-9０-９]{4}年[0-9０-９]{1,2}月[0-9０-９]{1,2}日))?(?:作出|以)\\s*(${CASE_NUMBER_PATTERN})`,
  "g",
);

export interface Ruling {
  court: string;
  date: string;
  caseNumber: string;
}

export function findRulings(text: string): Ruling[] {
  return [...text.matchAll(RULING)].map((m) => ({
    court: m[1]!.replace(/^(?:宣判后|此后|后|经审理|随后|其后)/, "").trim(),
    date: m[2] ? parseChineseDate(m[2]) : "",
    caseNumber: normalizeCaseNumber(m[3]!),
  }));
}
