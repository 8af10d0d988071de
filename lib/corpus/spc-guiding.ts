/**
 * Reader for cases/spc-guiding/guiding-cases.jsonl (Supreme People's Court guiding cases).
 * Court, judgment date and case numbers are not structured upstream: they are parsed from
 * 裁判结果 (then 基本案情). The primary number is the last ruling named in 裁判结果 (the
 * effective judgment); every number found is kept in case_numbers for look-up.
 */
import type { CaseRecord } from "../store/types";
import { findCaseNumbers } from "../text/case-number";
import { emptyCase, findRulings } from "./case-fields";
import type { CorpusProblem } from "./types";

interface GuidingLine {
  number: number;
  title: string;
  released?: string;
  source_url?: string;
  keywords?: string[];
  sections?: Record<string, string>;
}

export function parseGuidingCase(line: GuidingLine): CaseRecord {
  const s = line.sections ?? {};
  const rec = emptyCase(`spc-${line.number}`, "spc-guiding");
  rec.name = line.title.includes("：") ? line.title.slice(line.title.indexOf("：") + 1) : line.title;
  rec.keywords = line.keywords ?? [];
  rec.case_type = rec.keywords[0] ?? "";
  rec.basic_facts = s["基本案情"] ?? "";
  rec.judgment_key_points = s["裁判要点"] ?? "";
  rec.judgment_result = s["裁判结果"] ?? "";
  rec.judgment_analysis = s["裁判理由"] ?? "";
  rec.related_laws = s["相关法条"] ?? "";
  rec.source_url = line.source_url ?? "";
  rec.case_numbers = [...new Set([...findCaseNumbers(rec.judgment_result), ...findCaseNumbers(rec.basic_facts)])];
  const rulings = findRulings(rec.judgment_result);
  const last = rulings[rulings.length - 1];
  rec.case_number = last?.caseNumber ?? rec.case_numbers[0] ?? "";
  rec.court = last?.court ?? "";
  rec.judgment_date = last?.date ?? "";
  return rec;
}

export function readGuidingCases(text: string, relPath: string): { cases: CaseRecord[]; problems: CorpusProblem[] } {
  const cases: CaseRecord[] = [];
  const problems: CorpusProblem[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (!raw.trim()) return;
    try {
      const line = JSON.parse(raw) as GuidingLine;
      if (typeof line.number !== "number" || typeof line.title !== "string") throw new Error("missing number or title");
      cases.push(parseGuidingCase(line));
    } catch (e) {
      problems.push({ path: `${relPath}:${i + 1}`, kind: "unparsed", reason: (e as Error).message });
    }
  });
  return { cases, problems };
}
