/**
 * LawRefBook 案例/ write-ups: headline-style summaries with sections such as 案情回顾,
 * 裁判结果, 典型意义, 法官解读. They carry no 案号, court or date (README §1), so those
 * fields stay empty; known section headings are mapped onto the CaseRecord fields and the
 * whole body is kept in full_text.
 */
import type { CaseRecord } from "../store/types";
import { cleanLine, INFO_END } from "./law-markdown";
import type { FileContext } from "./lawrefbook-meta";

type SectionField = "basic_facts" | "judgment_key_points" | "judgment_result" | "judgment_analysis" | "typical_significance" | "case_commentary" | "related_laws";

/** Heading keyword → field; first matching rule wins. */
const SECTION_RULES: Array<[RegExp, SectionField]> = [
  [/裁判要[点旨]|要旨/, "judgment_key_points"],
  [/案情|案件事实|基本事实/, "basic_facts"],
  [/相关法条/, "related_laws"],
  [/裁判结果|判决结果|处理结果|审理结果|裁判结论|法院裁判/, "judgment_result"],
  [/裁判理由|法院认为|裁判分析/, "judgment_analysis"],
  [/典型意义|指导意义/, "typical_significance"],
  [/评析|解读|点评|分析|解析|说法|提示/, "case_commentary"],
];

export type CaseReadResult = { ok: true; record: CaseRecord } | { ok: false; reason: string };

export function readLawrefbookCase(text: string, ctx: FileContext, id: string): CaseReadResult {
  const cut = text.indexOf(INFO_END);
  const head = (cut >= 0 ? text.slice(0, cut) : "").split(/\r?\n/).map(cleanLine);
  const title = (head.find((l) => /^#\s/.test(l)) ?? "").replace(/^#\s+/, "").trim();
  if (cut < 0) return { ok: false, reason: `no "${INFO_END}" header marker` };
  if (!title) return { ok: false, reason: "no '# ' title line" };
  const fields: Record<SectionField, string[]> = {
    basic_facts: [], judgment_key_points: [], judgment_result: [], judgment_analysis: [], typical_significance: [], case_commentary: [], related_laws: [],
  };
  const all: string[] = [];
  let target: SectionField | null = null;
  for (const raw of text.slice(cut + INFO_END.length).split(/\r?\n/)) {
    const line = cleanLine(raw);
    if (!line) continue;
    const h = /^#{1,6}\s*(.*)$/.exec(line);
    if (h) {
      target = SECTION_RULES.find(([re]) => re.test(h[1]!))?.[1] ?? null;
      all.push(h[1]!);
      continue;
    }
    all.push(line);
    if (target) fields[target].push(line);
  }
  if (all.length === 0) return { ok: false, reason: "no body text" };
  return {
    ok: true,
    record: {
      id,
      source: "lawrefbook",
      name: title,
      case_number: "",
      case_numbers: [],
      case_type: "",
      court: "",
      judgment_date: "",
      basic_facts: fields.basic_facts.join("\n"),
      judgment_key_points: fields.judgment_key_points.join("\n"),
      judgment_result: fields.judgment_result.join("\n"),
      judgment_analysis: fields.judgment_analysis.join("\n"),
      typical_significance: fields.typical_significance.join("\n"),
      case_commentary: fields.case_commentary.join("\n"),
      related_laws: fields.related_laws.join("\n"),
      keywords: ctx.row?.tags ? ctx.row.tags.split(",").map((t) => t.trim()).filter(Boolean) : [],
      source_url: "",
      full_text: all.join("\n"),
    },
  };
}
