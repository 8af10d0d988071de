/**
 * Turns the citation check's per-entry fields into one verdict per citation, the single
 * vocabulary the marks, the hover cards, the side panel and the Markdown report share.
 *
 * Order of precedence (first that applies):
 *   name-only citation: law_exists === false → missing; else name-only
 *   clause cited but absent from the source (think_tank_clause_missing) → missing
 *   no authoritative text and no url → missing (no hit)
 *   semantic_compare.结论: 一致 → consistent, 部分一致 → partial, 不一致 → inconsistent
 *   otherwise → unknown (无法判断)
 * Validity (失效 / 已被修改 / 部分失效 / 尚未生效) is a separate flag shown beside the verdict.
 */
import type { CaseEntry, RegulationEntry } from "./check-types";

export type Verdict = "consistent" | "partial" | "inconsistent" | "missing" | "name-only" | "unknown";

export const VERDICTS: readonly Verdict[] = ["consistent", "partial", "inconsistent", "missing", "name-only", "unknown"];

export const VERDICT_LABEL: Record<Verdict, string> = {
  consistent: "一致",
  partial: "部分一致",
  inconsistent: "不一致",
  missing: "未找到",
  "name-only": "仅引名称",
  unknown: "无法判断",
};

/** One-line explanation for screen readers and the report. */
export const VERDICT_HINT: Record<Verdict, string> = {
  consistent: "引文与权威文本一致",
  partial: "引文与权威文本部分一致",
  inconsistent: "引文与权威文本不一致",
  missing: "知识库中未找到该法规或条款",
  "name-only": "仅引用法规名称，未引具体条款",
  unknown: "无法判断引文是否一致",
};

export function regulationVerdict(e: RegulationEntry): Verdict {
  if (e.source_no_specific_clause) return e.law_exists === false ? "missing" : "name-only";
  if (e.think_tank_clause_missing) return "missing";
  if (e.law_exists === false) return "missing";
  if (!e.think_tank_content && !e.url) return "missing";
  switch ((e.semantic_compare?.结论 ?? "").trim()) {
    case "一致":
      return "consistent";
    case "部分一致":
      return "partial";
    case "不一致":
      return "inconsistent";
    default:
      return "unknown";
  }
}

/** A case number is verified when the source has the case (url or authoritative text filled). */
export function caseVerdict(e: CaseEntry): Verdict {
  return e.url || e.think_tank_content ? "consistent" : "missing";
}

export type ValidityFlag = "repealed" | "amended" | "partly-repealed" | "not-yet" | null;

export function validityFlag(status: string | undefined): ValidityFlag {
  switch ((status ?? "").trim()) {
    case "失效":
      return "repealed";
    case "已被修改":
      return "amended";
    case "部分失效":
      return "partly-repealed";
    case "尚未生效":
      return "not-yet";
    default:
      return null;
  }
}

export const VALIDITY_LABEL: Record<Exclude<ValidityFlag, null>, string> = {
  repealed: "已失效",
  amended: "已被修改",
  "partly-repealed": "部分失效",
  "not-yet": "尚未生效",
};

export function countByVerdict(verdicts: Iterable<Verdict>): Record<Verdict, number> {
  const counts: Record<Verdict, number> = { consistent: 0, partial: 0, inconsistent: 0, missing: 0, "name-only": 0, unknown: 0 };
  for (const v of verdicts) counts[v] += 1;
  return counts;
}

/** Similarity as a percentage string, or "" when absent. Accepts 0–1 or 0–100 scales. */
export function formatSimilarity(v: number | null | undefined): string {
  if (typeof v !== "number" || !Number.isFinite(v)) return "";
  const pct = v <= 1 ? v * 100 : v;
  return `${Math.round(pct)}%`;
}

/** 要点 items may be strings or small objects; render them as text. */
export function keyPointText(p: unknown): string {
  if (typeof p === "string") return p;
  if (p && typeof p === "object") {
    return Object.values(p as Record<string, unknown>)
      .filter((v) => typeof v === "string" || typeof v === "number")
      .join("：");
  }
  return String(p ?? "");
}
