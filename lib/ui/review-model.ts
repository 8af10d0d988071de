/**
 * The review page's model of one check result: one `ReviewItem` per citation or case (with
 * its verdict), the sanitized draft as a tree of text and marks linked to those items, and
 * the grouping of repeated citations for the side panel (the memo is report.ts). Pure functions over the response, testable under jsdom.
 */
import type { CaseEntry, CheckResult, RegulationEntry } from "./check-types";
import { markClassesOf, type MarkClass } from "./sanitize-html";
import { caseVerdict, countByVerdict, regulationVerdict, validityFlag, type ValidityFlag, type Verdict } from "./verdict";

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

/** Repeated citations of one clause (or one case number), for the side panel. */
export interface ItemGroup {
  key: string;
  label: string;
  kind: "regulation" | "case";
  /** In document order. */
  items: ReviewItem[];
}

function groupKey(it: ReviewItem): string {
  if (it.kind === "case") return `c|${normalizeCaseNumber(caseNumberOf(it.kase!)) || it.key}`;
  const r = it.reg!;
  const law = r.fgid || (r.official_name as string | undefined) || (r.name ?? "").replace(/^《|》$/g, "");
  const clause = r.tid || r.clause || "";
  return `r|${law}|${clause}`;
}

/**
 * Groups the items citing the same clause of the same regulation (or the same case number),
 * first occurrence first. Each occurrence keeps its own verdict: one group may hold a faithful
 * quote and a wrong one.
 */
export function groupItems(items: ReviewItem[]): ItemGroup[] {
  const groups = new Map<string, ItemGroup>();
  for (const it of items) {
    const k = groupKey(it);
    const g = groups.get(k);
    if (g) g.items.push(it);
    else groups.set(k, { key: k, label: it.label, kind: it.kind, items: [it] });
  }
  return [...groups.values()];
}
