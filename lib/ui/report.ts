/**
 * The review as a memo: one structure that the Markdown copy, the Word (.docx) export and the
 * printed report all render, so the three carry the same content in the same order.
 *
 *   title · reference date (and why) · summary table of problems by severity · every citation,
 *   most severe first (document order within a category), with its verdict, the authoritative
 *   text (the cited 款/项 only, when the draft cites one), the suggested correction and
 *   absolute links (built from the page's origin, never a hard-coded host).
 *
 * Severity order: 不一致, 部分一致, 疑似虚构, 已失效/已被修改, 未收录, 无法判断, 仅引名称, 一致.
 */
import { courtOfCitedNumber } from "./case-scope";
import type { ReferenceDate } from "./check-types";
import type { ReviewItem, ReviewModel } from "./review-model";
import { formatSimilarity, keyPointText, VALIDITY_LABEL, VERDICT_LABEL } from "./verdict";
import { implementDateText, validityView } from "./validity-as-of";

export type ReportCategory = "inconsistent" | "partial" | "fictitious" | "outdated" | "not-in-kb" | "unknown" | "name-only" | "consistent";

export const CATEGORY_ORDER: readonly ReportCategory[] = ["inconsistent", "partial", "fictitious", "outdated", "not-in-kb", "unknown", "name-only", "consistent"];

export const CATEGORY_LABEL: Record<ReportCategory, string> = {
  inconsistent: "不一致",
  partial: "部分一致",
  fictitious: "疑似虚构",
  outdated: "已失效/已被修改",
  "not-in-kb": "未收录",
  unknown: "无法判断",
  "name-only": "仅引名称",
  consistent: "一致",
};

/** Categories that need the lawyer's attention (everything but 一致 and 仅引名称). */
export function isProblem(c: ReportCategory): boolean {
  return c !== "consistent" && c !== "name-only";
}

/** The memo category of one citation (first that applies, in severity order). */
export function categoryOf(item: ReviewItem): ReportCategory {
  if (item.kind === "case") return item.verdict === "consistent" ? "consistent" : "not-in-kb";
  const r = item.reg!;
  if (item.verdict === "inconsistent") return "inconsistent";
  if (item.verdict === "partial") return "partial";
  if (r.match_status === "law_not_found" || r.match_status === "clause_missing" || r.think_tank_clause_missing) return "fictitious";
  if (item.validity === "repealed" || item.validity === "amended" || item.validity === "partly-repealed") return "outdated";
  if (item.verdict === "missing") return "not-in-kb";
  if (item.verdict === "unknown") return "unknown";
  if (item.verdict === "name-only") return "name-only";
  return "consistent";
}

export interface ReportLink {
  text: string;
  href: string;
}

export interface ReportEntry {
  /** 1-based number in the memo (severity order). */
  n: number;
  /** The item's number in document order. */
  docN: number;
  kind: "regulation" | "case";
  category: ReportCategory;
  label: string;
  /** 结论 as the page shows it, with the validity flag when there is one. */
  verdict: string;
  /** What the draft says (the quote or the sentence judged), "" when nothing. */
  claim: string;
  /** The authoritative text: the cited 款/项 when the draft cites one, else the article. */
  authoritative: string;
  /** Why (说明, version note, 依据 phrases, 要点). */
  facts: string[];
  /** The suggested correction ("" when none is needed). */
  suggestion: string;
  suggestionLink: ReportLink | null;
  link: ReportLink | null;
}

export interface Report {
  title: string;
  referenceDate: ReferenceDate | null;
  checkedAt: string;
  requestId: string;
  total: number;
  /** Categories that occur, in severity order, with their counts. */
  summary: { category: ReportCategory; label: string; count: number }[];
  entries: ReportEntry[];
  /** Notes on what the check did not cover (limits, deadline). */
  notices: string[];
}

export interface ReportMeta {
  requestId?: string;
  checkedAt?: string;
  /** The page's origin (window.location.origin): links become absolute with it. */
  origin?: string;
  referenceDate?: ReferenceDate | null;
  notices?: string[];
  /** What a case-number check searched (case-scope.ts caseScopeText). */
  caseScope?: string;
}

export function absoluteUrl(url: string | undefined, origin: string | undefined): string {
  if (!url) return "";
  if (/^https?:\/\//.test(url)) return url;
  return origin && url.startsWith("/") ? origin.replace(/\/$/, "") + url : url;
}

/** The authoritative text of the cited 款/项 (think_tank_scope), else the whole article. */
export function citedText(item: ReviewItem): string {
  const r = item.reg;
  if (!r) return "";
  const t = r.think_tank_content ?? "";
  const s = r.think_tank_scope;
  if (s && s.start >= 0 && s.end <= t.length && s.end > s.start) return t.slice(s.start, s.end);
  return t;
}

/** A note as one sentence ending in 。 */
function sentence(s: string): string {
  const t = s.trim();
  return /[。！？]$/.test(t) ? t : `${t}。`;
}

/** A fact without its closing 。 (facts are joined with ；). */
function clause(s: string): string {
  return s.trim().replace(/[。；]+$/, "");
}

function suggestionOf(item: ReviewItem, category: ReportCategory, meta: ReportMeta): { text: string; link: ReportLink | null } {
  const origin = meta.origin;
  if (item.kind === "case") {
    if (category === "consistent") return { text: "", link: null };
    return { text: `知识库中未找到该案号${meta.caseScope ? `（检索范围：${meta.caseScope}）` : ""}：请核实案号，或以裁判文书原件为准。`, link: null };
  }
  const r = item.reg!;
  const sc = r.semantic_compare ?? {};
  const wc = r.wrong_clause;
  if (wc && wc.clause) {
    const name = wc.fgmc || r.official_name || r.name;
    const href = absoluteUrl(wc.url, origin);
    return {
      text: `改引《${name.replace(/^《|》$/g, "")}》${wc.clause}。${wc.note ? sentence(wc.note) : ""}`,
      link: href ? { text: `《${name.replace(/^《|》$/g, "")}》${wc.clause}`, href } : null,
    };
  }
  const rb = r.replaced_by;
  if (rb && rb.fgmc && (category === "outdated" || item.validity)) {
    const href = absoluteUrl(rb.url, origin);
    const target = `《${rb.fgmc}》${rb.clause ?? ""}`;
    return { text: `改引现行规定${target}。${rb.note ? sentence(rb.note) : ""}`, link: href ? { text: target, href } : null };
  }
  switch (category) {
    case "inconsistent":
    case "partial":
      return r.claim_style === "quote" || r.claim_style === "pasted"
        ? { text: "按权威文本改正引文。", link: null }
        : { text: `核对所述内容与条文是否相符${sc.说明 ? `：${sc.说明}` : "。"}`, link: null };
    case "fictitious":
      if (r.match_status === "law_not_found") {
        const alt = (Array.isArray(r.candidates) ? (r.candidates as { fgmc?: unknown }[]) : []).map((c) => c.fgmc).filter((x): x is string => typeof x === "string");
        return { text: `知识库中没有该法规，疑似虚构：删除或核实名称${alt.length ? `（相近名称：${alt.slice(0, 3).map((a) => `《${a}》`).join("、")}）` : ""}。`, link: null };
      }
      return { text: "该法规没有所引条款，疑似虚构：核实条号。", link: null };
    case "outdated":
      return { text: `所引版本${item.validity ? VALIDITY_LABEL[item.validity] : "已失效"}：核实应适用的版本，改引现行规定。`, link: null };
    case "not-in-kb":
      return { text: "知识库未收录该法规全文：请以官方文本人工核实。", link: null };
    case "unknown":
      return { text: "无法自动判断：请人工核对。", link: null };
    default:
      return { text: "", link: null };
  }
}

function entryOf(item: ReviewItem, category: ReportCategory, meta: ReportMeta): Omit<ReportEntry, "n"> {
  const origin = meta.origin;
  const sug = suggestionOf(item, category, meta);
  if (item.kind === "case") {
    const c = item.kase!;
    const s = (v: unknown) => (typeof v === "string" ? v : "");
    const facts: string[] = [];
    if (s(c.name)) facts.push(`案例名称：${s(c.name)}`);
    const court = courtOfCitedNumber(c) || s(c.court);
    if (court) facts.push(`法院：${court}`);
    if (s(c.judgment_date)) facts.push(`日期：${s(c.judgment_date)}`);
    if (s(c.case_type)) facts.push(`案例类型：${s(c.case_type)}`);
    const href = absoluteUrl(c.url, origin);
    return {
      docN: item.n,
      kind: "case",
      category,
      label: item.label,
      verdict: item.verdict === "consistent" ? "案号已核实" : "案号未找到",
      claim: "",
      authoritative: s(c.judgment_key_points) || s(c.think_tank_content),
      facts,
      suggestion: sug.text,
      suggestionLink: sug.link,
      link: href ? { text: "案例详情", href } : null,
    };
  }
  const r = item.reg!;
  const sc = r.semantic_compare ?? {};
  const facts: string[] = [];
  if (r.validity_status) {
    // the validity with its source's as-of date, marked when more than a year old (never a bare 现行有效)
    const v = validityView(r.validity_status, r.data_as_of);
    facts.push(`时效性：${v.badge}（${v.asOfText}）`);
  }
  if (r.implement_date) facts.push(`施行日期：${implementDateText(r.implement_date, r.implement_date_source)}`);
  if (typeof r.version_note === "string" && r.version_note) facts.push(`版本：${clause(r.version_note)}`);
  const sim = formatSimilarity(sc.语义相似度);
  if (sim && (r.claim_style === "quote" || r.claim_style === "pasted" || !r.claim_style)) facts.push(`相似度：${sim}`);
  if (sc.说明) facts.push(`说明：${clause(sc.说明)}`);
  if (sc.依据?.length) facts.push(`依据：${sc.依据.map((p) => `「${p}」`).join("、")}`);
  const points = (sc.要点 ?? []).map(keyPointText).filter(Boolean);
  if (points.length && !points.every((p) => (sc.说明 ?? "").includes(clause(p)))) facts.push(`要点：${points.map(clause).join("；")}`);
  const href = absoluteUrl(r.url, origin);
  return {
    docN: item.n,
    kind: "regulation",
    category,
    label: item.label,
    verdict: `${VERDICT_LABEL[item.verdict]}${item.validity ? `（${VALIDITY_LABEL[item.validity]}）` : ""}`,
    claim: draftWords(r),
    authoritative: citedText(item),
    facts,
    suggestion: sug.text,
    suggestionLink: sug.link,
    link: href ? { text: "法规全文", href } : null,
  };
}

/**
 * What the memo shows as the draft's words: the quote or pasted text itself; for a restatement or an application the
 * sentence as the draft wrote it (`content`), not `claim_text`, which is what was compared — the sentence with its
 * citations and boilerplate cut out (「开设赌场、敲诈勒索，对，数罪并罚」), unreadable in a memo.
 */
function draftWords(r: NonNullable<ReviewModel["items"][number]["reg"]>): string {
  const quoted = r.claim_style === "quote" || r.claim_style === "pasted";
  return ((quoted ? r.claim_text || r.content : r.content || r.claim_text) || "").trim();
}

export function buildReport(model: ReviewModel, meta: ReportMeta = {}): Report {
  const withCat = model.items.map((item) => ({ item, category: categoryOf(item) }));
  const rank = (c: ReportCategory) => CATEGORY_ORDER.indexOf(c);
  withCat.sort((a, b) => rank(a.category) - rank(b.category) || a.item.n - b.item.n);
  const entries = withCat.map(({ item, category }, i) => ({ n: i + 1, ...entryOf(item, category, meta) }));
  const summary = CATEGORY_ORDER.map((category) => ({ category, label: CATEGORY_LABEL[category], count: entries.filter((e) => e.category === category).length })).filter(
    (s) => s.count > 0,
  );
  return {
    title: "引用核查备忘录",
    referenceDate: meta.referenceDate ?? null,
    checkedAt: meta.checkedAt ?? "",
    requestId: meta.requestId ?? "",
    total: entries.length,
    summary,
    entries,
    notices: meta.notices ?? [],
  };
}

/** One line: 「以 2024-05-20 为准：…」 (the API's note), or "" when unknown. */
export function referenceLine(rd: ReferenceDate | null): string {
  if (!rd) return "";
  return rd.note || `以 ${rd.date} 为准`;
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

/** The memo as Markdown (pastes cleanly into Word, WPS or a wiki). */
export function reportMarkdown(report: Report): string {
  const lines: string[] = [`# ${report.title}`, ""];
  const rd = referenceLine(report.referenceDate);
  if (rd) lines.push(`- 参照日期：${mdEscape(rd)}`);
  if (report.checkedAt) lines.push(`- 核查时间：${report.checkedAt}`);
  if (report.requestId) lines.push(`- 请求编号：${report.requestId}`);
  lines.push(`- 引用总数：${report.total}`);
  for (const n of report.notices) lines.push(`- 注意：${mdEscape(n)}`);
  lines.push("", "## 问题摘要", "", "| 类别 | 数量 | 引用 |", "| --- | --- | --- |");
  for (const s of report.summary) {
    const refs = report.entries.filter((e) => e.category === s.category).map((e) => `${e.n}`);
    lines.push(`| ${s.label} | ${s.count} | ${refs.join("、")} |`);
  }
  lines.push("", "## 逐条核查", "");
  for (const e of report.entries) {
    lines.push(`### ${e.n}. ${mdEscape(e.label)} — ${CATEGORY_LABEL[e.category]}`, "");
    lines.push(`- 结论：${e.verdict}`);
    lines.push(`- 文中位置：第 ${e.docN} 处引用`);
    for (const f of e.facts) lines.push(`- ${mdEscape(f)}`);
    lines.push("");
    if (e.claim) lines.push(e.kind === "regulation" ? "文稿所述：" : "文稿：", "", quoteBlock(e.claim), "");
    if (e.authoritative) lines.push(e.kind === "case" ? "裁判要点：" : "权威文本：", "", quoteBlock(e.authoritative), "");
    if (e.suggestion) lines.push(`建议修改：${mdEscape(e.suggestion)}${e.suggestionLink ? ` ${e.suggestionLink.href}` : ""}`, "");
    if (e.link) lines.push(`链接：${e.link.href}`, "");
  }
  return lines.join("\n").replace(/\n{3,}/g, "\n\n").trim() + "\n";
}
