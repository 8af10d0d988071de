/**
 * The hand-made drafts set (test/fixtures/drafts/*.json) and how a check result is scored
 * against it; shared by the drafts test and the benchmark (precision / recall of 不一致 and no-hit).
 *
 * A draft: { text, expected: [{ cite, verdict, status? }] } where `cite` is an entry's
 * `normalized` form (statutes, e.g. "中华人民共和国民法典 第577条 第1款") or a case number in
 * normalised form, and `verdict` one of 一致 | 部分一致 | 不一致 | 无法判断 (semantic_compare.结论),
 * no-hit (law_exists false / case not found), clause-missing (think_tank_clause_missing),
 * name-only (source_no_specific_clause + skipped), hit (case found). `status` checks validity_status.
 */
import fs from "node:fs";
import path from "node:path";
import type { HallDetectResponse } from "@/lib/citations/types";

export type DraftVerdict = "一致" | "部分一致" | "不一致" | "无法判断" | "no-hit" | "clause-missing" | "name-only" | "hit";

export interface Draft {
  file: string;
  text: string;
  expected: { cite: string; verdict: DraftVerdict; status?: string }[];
}

export function loadDrafts(dir = path.join(process.cwd(), "test/fixtures/drafts")): Draft[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => ({ file: f, ...(JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as Omit<Draft, "file">) }));
}

export interface Judged {
  cite: string;
  /** What the check said, in the drafts' vocabulary ("missing" when the citation was not extracted). */
  actual: DraftVerdict | "missing";
  status: string | null;
}

/** The check's verdict per cited thing, keyed by normalized form (statutes) or case number. */
export function verdictsOf(res: HallDetectResponse): Map<string, Judged> {
  const out = new Map<string, Judged>();
  for (const r of res.regulations) {
    const cite = r.source_no_specific_clause ? r.official_name || r.normalized : r.normalized;
    let actual: DraftVerdict;
    if (!r.law_exists) actual = "no-hit";
    else if (r.think_tank_clause_missing) actual = "clause-missing";
    else if (r.source_no_specific_clause) actual = "name-only";
    else actual = r.semantic_compare.结论;
    if (!out.has(cite)) out.set(cite, { cite, actual, status: r.validity_status });
  }
  for (const c of res.cases) {
    const judged: Judged = { cite: c.normalized, actual: c.case_exists ? "hit" : "no-hit", status: null };
    if (!out.has(c.normalized)) out.set(c.normalized, judged);
  }
  return out;
}

export interface Score {
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
}

/** Precision / recall of one verdict over all drafts' expectations and all reported citations. */
export function scoreVerdict(pairs: { expected: Draft["expected"]; got: Map<string, Judged> }[], verdict: DraftVerdict): Score {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const { expected, got } of pairs) {
    const exp = new Map(expected.map((e) => [e.cite, e.verdict]));
    for (const e of expected) {
      const a = got.get(e.cite)?.actual;
      if (e.verdict === verdict && a === verdict) tp++;
      else if (e.verdict === verdict) fn++;
    }
    for (const [cite, j] of got) if (j.actual === verdict && exp.get(cite) !== verdict) fp++;
  }
  return { tp, fp, fn, precision: tp + fp ? tp / (tp + fp) : 1, recall: tp + fn ? tp / (tp + fn) : 1 };
}
