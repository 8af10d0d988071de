/**
 * What a case-number check searched, in words, and the court of the judgment a case number names
 * (a guiding case's record names one court, usually the last instance's; a draft may cite the
 * first-instance number, whose court the record's 裁判结果 names next to it).
 */
import type { CaseEntry } from "./check-types";

export interface CaseCollectionView {
  source: string;
  count: number;
}

const COLLECTION_LABEL: Record<string, string> = {
  "spc-guiding": "最高人民法院指导性案例",
  lecardv2: "LeCaRDv2 裁判文书",
  lawrefbook: "法律法规库所附案例",
  jsonl: "其他案例集",
};

export function collectionLabel(source: string): string {
  return COLLECTION_LABEL[source] ?? source;
}

/** 「最高人民法院指导性案例 278 件、LeCaRDv2 裁判文书 160 件（共 438 件）」, "" when unknown. */
export function caseScopeText(cols: CaseCollectionView[]): string {
  if (!cols.length) return "";
  const total = cols.reduce((s, c) => s + c.count, 0);
  const parts = cols.map((c) => `${collectionLabel(c.source)} ${c.count.toLocaleString("zh-CN")} 件`);
  return `${parts.join("、")}（共 ${total.toLocaleString("zh-CN")} 件）`;
}

function norm(s: string): string {
  return s
    .replace(/\s+/g, "")
    .replace(/[（〔［【\[]/g, "(")
    .replace(/[）〕］】\]]/g, ")")
    .replace(/[－—–]/g, "-");
}

const COURT = /(最高人民法院|[\u4e00-\u9fa5]{2,12}?(?:省|自治区|市)[\u4e00-\u9fa5]{0,14}?人民法院|[\u4e00-\u9fa5]{2,10}?(?:中级|高级|海事|铁路运输|知识产权)?人民法院)/g;

/**
 * The court that decided the case number cited (from the sentence of the case's record naming
 * that number), or "" when the record does not say.
 */
export function courtOfCitedNumber(c: CaseEntry): string {
  const cited = norm(String(c.cited_case_number ?? c.case_number ?? ""));
  if (!cited) return "";
  for (const field of [c.judgment_result, c.basic_facts, c.judgment_analysis, c.think_tank_content]) {
    const text = norm(typeof field === "string" ? field : "");
    const at = text.indexOf(cited);
    if (at < 0) continue;
    const before = text.slice(0, at);
    const sentence = before.slice(Math.max(before.lastIndexOf("。"), before.lastIndexOf("；")) + 1);
    const courts = [...sentence.matchAll(COURT)].map((m) => m[1]!);
    if (courts.length) return courts[courts.length - 1]!;
  }
  return "";
}
