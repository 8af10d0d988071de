/**
 * The case step of the citation check: a case number found in the draft → the case record that
 * carries it (guiding cases, LeCaRDv2 judgments, JSONL), and the response entry with every
 * display field under its English and Chinese key.
 */
import { caseDetailUrl } from "../links/detail-url";
import type { CaseRecord } from "../store/types";
import { normalizeCaseNumber } from "../text/case-number";
import type { CaseEntry, CitationStore, ExtractedCase } from "./types";

function excerpt(c: CaseRecord): string {
  const s = c.judgment_key_points || c.basic_facts || c.judgment_result || c.full_text || "";
  return s.length > 500 ? `${s.slice(0, 500)}…` : s;
}

export function resolveCase(c: ExtractedCase, store: Pick<CitationStore, "findCasesByNumber">, id: string): CaseEntry {
  const found = store.findCasesByNumber(c.normalized)[0] ?? null;
  const official = found ? (found.case_numbers.find((n) => normalizeCaseNumber(n) === c.normalized) ?? found.case_number ?? c.normalized) : c.normalized;
  const f = (k: keyof CaseRecord) => (found ? String(found[k] ?? "") : "");
  return {
    name: found?.name || c.name,
    case_number: official,
    案号: official,
    content: c.content,
    url: found ? caseDetailUrl(found.id) : "",
    think_tank_content: found ? excerpt(found) : "",
    case_type: f("case_type"),
    案例类型: f("case_type"),
    court: f("court"),
    法院: f("court"),
    judgment_date: f("judgment_date"),
    日期: f("judgment_date"),
    basic_facts: f("basic_facts"),
    基本案情: f("basic_facts"),
    judgment_key_points: f("judgment_key_points"),
    裁判要点: f("judgment_key_points"),
    judgment_result: f("judgment_result"),
    裁判结果: f("judgment_result"),
    judgment_analysis: f("judgment_analysis"),
    裁判分析过程: f("judgment_analysis"),
    typical_significance: f("typical_significance"),
    典型意义: f("typical_significance"),
    case_commentary: f("case_commentary"),
    案例评析: f("case_commentary"),
    extract_reg_id: id,
    case_exists: !!found,
    case_id: found?.id ?? "",
    cited_case_number: c.raw,
    normalized: c.normalized,
    start_index: c.start,
    end_index: c.end,
  };
}
