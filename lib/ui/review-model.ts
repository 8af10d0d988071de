/**
 * The review page's model of one check result: one `ReviewItem` per citation or case (with
 * its verdict), the sanitized draft as a tree of text and marks linked to those items, and
 * the Markdown report. Pure functions over the response, testable under jsdom.
 */
import type { CaseEntry, CheckResult, RegulationEntry } from "./check-types";
import { markClassesOf, type MarkClass } from "./sanitize-html";
import {
  caseVerdict,
  countByVerdict,
  formatSimilarity,
  keyPointText,
  regulationVerdict,
  validityFlag,
  VALIDITY_LABEL,
  VERDICT_LABEL,
  VERDICTS,
  type ValidityFlag,
  type Verdict,
} from "./verdict";

export interface ReviewItem {
  key: string;
  kind: "regulation" | "case";
  /** 1-based number in document order. */
  n: number;
  verdict: Verdict;
  validity: ValidityFlag;
  label: string;
  reg?: RegulationEntry;
  kase?: CaseEntry;
  /** DOM id of the item's first mark in the draft, "" when the draft has no mark for it. */
  markId: string;
}

export interface MarkNode {
  type: "mark";
  item: ReviewItem | null;
  classes: MarkClass[];
  /** DOM id when this is the item's first mark. */
  id: string;
  text: string;
  children: DraftNode[];
}
export type DraftNode = string | MarkNode;

export function regulationLabel(e: RegulationEntry): string {
  const name = (e.name ?? "").replace(/^《|》$/g, "");
  return `《${name}》${e.clause ?? ""}`;
}

export function normalizeCaseNumber(s: string): string {
  return s
    .replace(/\s+/g, "")
    .replace(/[（〔［【\[]/g, "(")
    .replace(/[）〕］】\]]/g, ")");
}

function caseNumberOf(c: CaseEntry): string {
  return String(c.case_number ?? c["案号"] ?? "");
}

export function caseLabel(c: CaseEntry): string {
  return caseNumberOf(c) || c.name || (c.content ?? "").slice(0, 30) || "案例";
}

interface Index {
  items: ReviewItem[];
  byRegId: Map<string, ReviewItem>;
  byCaseNo: Map<string, ReviewItem>;
  caseItems: ReviewItem[];
}

function buildIndex(result: CheckResult): Index {
  const items: ReviewItem[] = [];
  const byRegId = new Map<string, ReviewItem>();
  const byCaseNo = new Map<string, ReviewItem>();
  const caseItems: ReviewItem[] = [];
  (result.regulations ?? []).forEach((r, i) => {
    const item: ReviewItem = {
      key: `r-${r.extract_reg_id || i}`,
      kind: "regulation",
      n: 0,
      verdict: regulationVerdict(r),
      validity: validityFlag(r.validity_status),
      label: regulationLabel(r),
      reg: r,
      markId: "",
    };
    items.push(item);
    if (r.extract_reg_id) byRegId.set(r.extract_reg_id, item);
  });
  (result.cases ?? []).forEach((c, i) => {
    const item: ReviewItem = {
      key: `c-${i}`,
      kind: "case",
      n: 0,
      verdict: caseVerdict(c),
      validity: null,
      label: caseLabel(c),
      kase: c,
      markId: "",
    };
    items.push(item);
    caseItems.push(item);
    for (const idKey of ["extract_reg_id", "extract_case_id", "extract_id", "id"]) {
      const v = c[idKey];
      if (typeof v === "string" && v) byRegId.set(v, item);
    }
    for (const no of [caseNumberOf(c), ...(Array.isArray(c["case_numbers"]) ? (c["case_numbers"] as unknown[]) : [])]) {
      if (typeof no === "string" && no) byCaseNo.set(normalizeCaseNumber(no), item);
    }
    const original = c["original_case_number"] ?? c["input_case_number"];
    if (typeof original === "string" && original) byCaseNo.set(normalizeCaseNumber(original), item);
  });
  return { items, byRegId, byCaseNo, caseItems };
}

function resolveMark(el: Element, classes: MarkClass[], idx: Index): ReviewItem | null {
  const ds = (el as HTMLElement).dataset ?? {};
  for (const key of ["extractRegId", "extractCaseId", "extractId", "caseId", "regId"]) {
    const v = ds[key];
    if (v && idx.byRegId.has(v)) return idx.byRegId.get(v)!;
  }
  const isCase = classes.includes("hl-case-ref") || classes.includes("case-hit");
  if (isCase) {
    const idxAttr = ds.caseIndex;
    if (idxAttr && /^\d+$/.test(idxAttr)) {
      const it = idx.caseItems[Number(idxAttr)];
      if (it) return it;
    }
    const no = normalizeCaseNumber(ds.caseNumber || el.textContent || "");
    if (idx.byCaseNo.has(no)) return idx.byCaseNo.get(no)!;
    for (const it of idx.caseItems) {
      const cn = normalizeCaseNumber(caseNumberOf(it.kase!));
      const content = normalizeCaseNumber(it.kase!.content ?? "");
      if ((cn && (no.includes(cn) || cn.includes(no))) || (content && no && content.includes(no))) return it;
    }
  }
  return null;
}

export interface ReviewModel {
  items: ReviewItem[];
  nodes: DraftNode[];
  counts: Record<Verdict, number>;
}

/**
 * Builds the model from a result and its sanitized draft fragment (null when there is no
 * DOM, e.g. during server rendering: the draft then renders empty until hydration).
 */
export function buildReviewModel(result: CheckResult, fragment: Node | null): ReviewModel {
  const idx = buildIndex(result);
  const order: ReviewItem[] = [];
  const seen = new Set<ReviewItem>();
  let markCount = 0;

  const walk = (node: Node): DraftNode[] => {
    const out: DraftNode[] = [];
    node.childNodes.forEach((child) => {
      if (child.nodeType === 3) {
        const t = child.nodeValue ?? "";
        if (t) out.push(t);
        return;
      }
      if (child.nodeType !== 1) return;
      const el = child as Element;
      const classes = markClassesOf(el.getAttribute("class") ?? "");
      const children = walk(el);
      if (el.tagName.toLowerCase() !== "span" || classes.length === 0) {
        out.push(...children);
        return;
      }
      const item = resolveMark(el, classes, idx);
      let id = "";
      if (item && !seen.has(item)) {
        seen.add(item);
        order.push(item);
        id = `mark-${item.key}`;
        item.markId = id;
      } else if (!item) {
        id = `mark-x${markCount}`;
      }
      markCount++;
      out.push({ type: "mark", item, classes, id, text: el.textContent ?? "", children });
    });
    return out;
  };
  const nodes = fragment ? walk(fragment) : [];
  const unmarked = idx.items.filter((it) => !seen.has(it));
  const items = [...order, ...unmarked];
  items.forEach((it, i) => (it.n = i + 1));
  return { items, nodes, counts: countByVerdict(items.map((i) => i.verdict)) };
}

/** Verdict for a mark the response does not explain (falls back on the span class). */
export function verdictOfMark(m: MarkNode): Verdict {
  if (m.item) return m.item.verdict;
  if (m.classes.includes("missing-ref")) return "missing";
  if (m.classes.includes("case-hit")) return "consistent";
  return "unknown";
}

function mdEscape(s: string): string {
  return s.replace(/([\\`*_[\]<>|#])/g, "\\$1").replace(/\r?\n/g, " ");
}

function quoteBlock(s: string): string {
  return s
    .split(/\r?\n/)
    .map((l) => `> ${mdEscape(l)}`)
    .join("\n");
}

export interface ReportMeta {
  requestId?: string;
  checkedAt?: string;
  origin?: string;
}

/** The report as Markdown (pastes cleanly into Word, WPS or a wiki). */
export function reportMarkdown(model: ReviewModel, meta: ReportMeta = {}): string {
  const lines: string[] = ["# 引用核查报告", ""];
  if (meta.checkedAt) lines.push(`- 核查时间：${meta.checkedAt}`);
  if (meta.requestId) lines.push(`- 请求编号：${meta.requestId}`);
  lines.push(`- 引用总数：${model.items.length}`);
  lines.push("", "| 结论 | 数量 |", "| --- | --- |");
  for (const v of VERDICTS) if (model.counts[v]) lines.push(`| ${VERDICT_LABEL[v]} | ${model.counts[v]} |`);
  const abs = (u: string | undefined) => (u ? (u.startsWith("/") && meta.origin ? meta.origin + u : u) : "");
  const regs = model.items.filter((i) => i.kind === "regulation");
  const cases = model.items.filter((i) => i.kind === "case");
  if (regs.length) {
    lines.push("", "## 法规引用", "");
    for (const it of regs) {
      const r = it.reg!;
      const sc = r.semantic_compare ?? {};
      const validity = it.validity ? `（${VALIDITY_LABEL[it.validity]}）` : "";
      lines.push(`### ${it.n}. ${mdEscape(it.label)} — ${VERDICT_LABEL[it.verdict]}${validity}`, "");
      if (r.content) lines.push("引文：", "", quoteBlock(r.content), "");
      if (r.think_tank_content) lines.push("权威文本：", "", quoteBlock(r.think_tank_content), "");
      const facts: string[] = [];
      if (r.validity_status) facts.push(`时效性：${r.validity_status}`);
      if (r.implement_date) facts.push(`施行日期：${r.implement_date}`);
      if (r.publish_date) facts.push(`公布日期：${r.publish_date}`);
      if (r.document_number) facts.push(`发文字号：${mdEscape(r.document_number)}`);
      const sim = formatSimilarity(sc.语义相似度);
      if (sim) facts.push(`语义相似度：${sim}`);
      if (facts.length) lines.push(facts.map((f) => `- ${f}`).join("\n"), "");
      if (sc.说明) lines.push(`说明：${mdEscape(sc.说明)}`, "");
      const points = (sc.要点 ?? []).map(keyPointText).filter(Boolean);
      if (points.length) lines.push("要点：", "", points.map((p) => `- ${mdEscape(p)}`).join("\n"), "");
      if (r.url) lines.push(`链接：${abs(r.url)}`, "");
    }
  }
  if (cases.length) {
    lines.push("", "## 案例引用", "");
    for (const it of cases) {
      const c = it.kase!;
      lines.push(`### ${it.n}. ${mdEscape(it.label)} — ${it.verdict === "consistent" ? "已核实" : "未找到"}`, "");
      const facts: string[] = [];
      if (c.court) facts.push(`法院：${mdEscape(String(c.court))}`);
      if (c.judgment_date) facts.push(`日期：${c.judgment_date}`);
      if (c.case_type) facts.push(`案例类型：${mdEscape(String(c.case_type))}`);
      if (c.name) facts.push(`案例名称：${mdEscape(String(c.name))}`);
      if (facts.length) lines.push(facts.map((f) => `- ${f}`).join("\n"), "");
      if (c.judgment_key_points) lines.push("裁判要点：", "", quoteBlock(String(c.judgment_key_points)), "");
      if (c.url) lines.push(`链接：${abs(c.url)}`, "");
    }
  }
  return lines.join("\n").replace(/\n{3,}/g, "\n\n").trim() + "\n";
}
