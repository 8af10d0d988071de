/**
 * 施行日期 / 公布日期 from an instrument's own words, with where each value came from.
 *
 * Header events (「…通过」, 「…公布」, 「…修正」, 「…修订」, 「… 施行」) give the version's history;
 * the body's closing clause (「本法自2024年7月1日起施行」, 「本规定自公布之日起施行」) gives the date
 * the text took effect. A consolidated text after a 修正 keeps the original's closing clause
 * (民事诉讼法 2023 still says 「本法自公布之日起施行」 of 1991), so the body is trusted only when it
 * belongs to this version: its date is not before the version's last amendment, or, for
 * 「自公布之日起施行」, the last header event is not a 修正. The amending decision's own
 * 「本决定自…起施行」 is taken from the decision when the corpus holds it, else from the small
 * table in data/amending-decisions.json (decisions quoted verbatim, each with its source).
 *
 * ssrq precedence (first that answers): amending decision → header 「… 施行」 line → body
 * closing clause of this version → the source's database field (LawRefBook valid_from).
 * A database value that disagrees with a text-derived one is a conflict (reported by the ingest).
 */
import decisionData from "../../data/amending-decisions.json";
import { halfWidthDigits, parseChineseDate } from "./header-meta";
import type { Clause, BodyBlock } from "../store/types";
import { familyKey } from "./family";

export type HeaderAction = "通过" | "公布" | "发布" | "修正" | "修订" | "批准" | "施行" | "其他";

export interface HeaderEvent {
  date: string;
  action: HeaderAction;
  text: string;
  /** A city's rule adopted on one day and approved by the province later (「…通过并经2010年11月25日…批准」): the adoption date; `date` is the approval. */
  adopted?: string;
}

/**
 * Each dated header event; the action is the last keyword the event names. A line that holds
 * several events (「…第一次修正根据2010年7月30日…第二次修正」, 「…修订  2019年7月25日…批准」) is
 * split where a new date follows an action word, 「根据」, 「；」 or a run of spaces
 * (「…公告第14号公布自2014年1月1日施行」 → the publication and the 施行 line).
 */
export function headerEvents(header: string[]): HeaderEvent[] {
  const out: HeaderEvent[] = [];
  for (const raw of header) {
    for (const line of splitEvents(halfWidthDigits(raw).trim())) {
      const date = parseChineseDate(line);
      if (!date) continue;
      let action: HeaderAction = "其他";
      let at = -1;
      for (const [re, a] of ACTIONS) {
        const m = [...line.matchAll(re)].pop();
        if (m && m.index! >= at) {
          at = m.index!;
          action = a;
        }
      }
      const approved = APPROVED_LATER.exec(line);
      const approval = approved ? parseChineseDate(approved[1]!) : "";
      if (approval && approval > date) out.push({ date: approval, action, text: line, adopted: date });
      else out.push({ date, action, text: line });
    }
  }
  return out;
}

const EVENT_DATE = /[0-9〇零一二三四五六七八九]{4}\s*年\s*[0-9一二三十]{1,3}\s*月\s*[0-9一二三四五六七八九十]{1,3}\s*日/g;
/** 「…通过并经2010年11月25日山东省…批准的…」: the province's approval of a city's act, part of the same event. */
const APPROVED_LATER = /并经\s*([0-9〇零一二三四五六七八九]{4}\s*年[^日]{1,6}日)[^。；]*?批准/;
const EVENT_END = /(?:通过|批准|修正|修订|修改|施行|公布|发布)[）)]?\s*(?:根据|自)?\s*$|根据\s*$|[；;]\s*$|[\s\u3000]{2,}$/;

/** One header line → its events (see headerEvents). */
export function splitEvents(line: string): string[] {
  const cuts: number[] = [0];
  for (const m of line.matchAll(EVENT_DATE)) {
    if (m.index! > 0 && EVENT_END.test(line.slice(0, m.index))) cuts.push(m.index!);
  }
  return cuts.map((c, i) => line.slice(c, cuts[i + 1] ?? line.length).replace(/^根据\s*/, "").trim()).filter(Boolean);
}

const ACTIONS: Array<[RegExp, HeaderAction]> = [
  [/通过/g, "通过"],
  [/批准/g, "批准"],
  [/公布/g, "公布"],
  [/发布|印发/g, "发布"],
  [/修正|修改/g, "修正"],
  [/修订/g, "修订"],
  [/(?:施行|实施|执行)[）)。]?$/g, "施行"],
];

const DATE_SRC = "([0-9〇零一二三四五六七八九]{4}\\s*年[0-9一二三十\\s]{1,4}月[0-9一二三四五六七八九十\\s]{1,4}日)";
/**
 * 「本法自2024年7月1日起施行」, 「本规定自公布之日起施行」; also 实施/生效/执行/实行, 从/于 for 自,
 * no 起 (「本条例自2018年1月1日施行」), an approval in between (「本条例经上海市人民代表大会常务委员会
 * 通过，自1986年10月1日起施行」), 「自修订发布之日」 and 「自国务院批准之日」 (→ the header's 批准 date).
 */
const CLOSING = new RegExp(
  `(?:^|[。；;、\\s])(本(?:[\\u4e00-\\u9fa5]{0,12}?))?(?:经[^。；;，,自]{2,40}?(?:通过|批准)[，,]\\s*)?(?:自|从|于)\\s*(?:${DATE_SRC}|(?:修订|修改)?(公布|发布|印发|颁布|通过)之日|([\\u4e00-\\u9fa5]{0,10}批准)之日)\\s*起?\\s*(?:施行|实施|生效|执行|实行)(?!的)`,
);

export interface ClosingClause {
  /** yyyy-MM-dd, "publication" for 「自公布之日起施行」, "approval" for 「自国务院批准之日起施行」. */
  date: string;
  text: string;
}

/**
 * The closing 施行 clause: searched from the last article backwards (at most the last 8
 * paragraphs), so a transitional 「自…起施行」 inside the body is not mistaken for it; then the
 * opening paragraph of the last two articles (an appendix may follow the closing article).
 */
export function closingClause(clauses: Pick<Clause, "content">[], blocks: BodyBlock[] = []): ClosingClause | null {
  const paras: string[] = [];
  for (const c of clauses) paras.push(...c.content.split("\n"));
  // documents without 第…条 keep their text in blocks (clause 0 holds it too); trailing text blocks
  if (clauses.length === 0) for (const b of blocks) if (b.kind === "text") paras.push(...b.paragraphs);
  for (let i = paras.length - 1, seen = 0; i >= 0 && seen < 8; i--) {
    const p = paras[i]!.trim();
    if (!p) continue;
    seen++;
    const found = closingIn(p);
    if (found) return found;
  }
  // an appendix (附件, tables) after the last article pushes its closing sentence further back: the
  // opening paragraph of the last two articles
  if (clauses.length >= 2) {
    for (const c of clauses.slice(-2).reverse()) {
      const found = closingIn(c.content.split("\n")[0]!.trim());
      if (found) return found;
    }
  }
  return null;
}

function closingIn(raw: string): ClosingClause | null {
  const p = halfWidthDigits(raw);
  const m = CLOSING.exec(p);
  if (!m) return null;
  // 「本办法自…」 / 「自…」 only: 「原…自…起施行」 or 「…规定自…起废止」 are not this text's date
  if (m[1] && /(?:原|前|修改|废止)/.test(m[1])) return null;
  const text = sentenceAt(p, m.index + m[0].length - 1);
  if (m[2]) {
    const d = parseChineseDate(m[2]);
    return d ? { date: d, text } : null;
  }
  return { date: m[4] ? "approval" : "publication", text };
}

/** The sentence of `p` holding position `at`, with its closing 。 (quoted as provenance). */
function sentenceAt(p: string, at: number): string {
  const start = Math.max(p.lastIndexOf("。", at - 1), p.lastIndexOf("；", at - 1)) + 1;
  const stop = p.indexOf("。", at);
  return p.slice(start, stop < 0 ? p.length : stop + 1).trim();
}

/**
 * One amending decision whose text is not in the corpus (data/amending-decisions.json). The
 * adoption date is in the corpus (the amended law's header); the effective date is quoted from
 * the official text and `basis` says what confirms it: "corpus" (a corpus file states it, quoted
 * in `corpus_evidence`) or "legal_knowledge" (entered from the official gazette by a person, not
 * confirmed by any corpus file; a human must verify it, and ssrq_source says so).
 */
export interface AmendingDecision {
  /** Title of the amended instrument (matched by family key). */
  title: string;
  /** Date the decision was adopted = the consolidated version's header date. */
  adopted: string;
  /** yyyy-MM-dd, from the decision's 「本决定自…起施行」 (its publication date for 自公布之日起施行). */
  effective: string;
  decision: string;
  quote: string;
  source: string;
  basis: "corpus" | "legal_knowledge";
  /** Where the corpus states the effective date (basis "corpus"): file path and the words quoted. */
  corpus_evidence?: { path: string; quote: string };
}

let decisionTable: Array<AmendingDecision & { family: string }> | null = null;
/** data/amending-decisions.json with each entry's family key. */
export function amendingDecisions(): Array<AmendingDecision & { family: string }> {
  decisionTable ??= (decisionData as { decisions: AmendingDecision[] }).decisions.map((d) => ({ ...d, family: familyKey(d.title) }));
  return decisionTable;
}

/** Prefix of an ssrq_source that is an inference, not a date the sources state. */
export const INFERRED = "推定";
/** Marks a date from data/amending-decisions.json that no corpus file confirms. */
export const UNVERIFIED_DECISION = "（据官方公报录入，语料未载，待人工核实）";

export interface DerivedDates {
  ssrq: string;
  ssrq_source: string;
  /** Text-derived value that the database field contradicted ("" when none). */
  conflict: string;
}


/**
 * 施行日期 of one full-text version by the precedence above. `dbValidFrom` is the source's
 * database field ("" when absent), `fbrq` the version's publication date.
 */
export function deriveImplementationDate(input: {
  family: string;
  header: string[];
  fbrq: string;
  dbValidFrom: string;
  clauses: Pick<Clause, "content">[];
  blocks?: BodyBlock[];
  /** 宪法/法律 (xljb_1): no 推定 from a single amending decision. */
  nationalLaw?: boolean;
  /** The title: a 决议/决定 without a 施行 clause takes effect when adopted (推定). */
  title?: string;
}): DerivedDates {
  const events = headerEvents(input.header);
  const closing = closingClause(input.clauses, input.blocks);
  const textual = fromText(input, events, closing);
  if (textual) {
    const conflict = input.dbValidFrom && input.dbValidFrom !== textual.ssrq ? `数据库 valid_from ${input.dbValidFrom} ≠ ${textual.ssrq_source} ${textual.ssrq}` : "";
    return { ...textual, conflict };
  }
  if (input.dbValidFrom) return { ssrq: input.dbValidFrom, ssrq_source: "LawRefBook 数据库 valid_from", conflict: "" };
  return { ...(inferred(input, events, closing) ?? { ssrq: "", ssrq_source: "" }), conflict: "" };
}

/** An amendment made by a decision (修正, or a 修订/修改 that names the 《…决定》 or 《…修正案》), not a re-enacted text. */
function byDecision(e: HeaderEvent): boolean {
  return e.action === "修正" || ((e.action === "修订" || e.action === "其他") && /(?:决定|修正案)》/.test(e.text));
}

/** A decision amending many instruments at once (「…等N件…」, 「…部分…」, 「若干」). */
const OMNIBUS = /等[一二三四五六七八九十百\d]+[件部项个]|部分|若干/;

/**
 * 推定 rules, used only when neither the text nor the source's field gives a date; each result's
 * ssrq_source starts with 推定 and names the rule (the UI and the API show it):
 * 1. 修正决定自公布之日起施行: the version is an amendment made by a decision the corpus does not
 *    hold (its last header event is a 修正, a 修订 naming the 决定, or a second 通过 whose text keeps
 *    an earlier version's closing clause), dated fbrq or up to 92 days before it (a city's rule
 *    approved by the province, then published). Only omnibus decisions for 宪法/法律 (a single
 *    NPC amendment often names a later date); State Council and local decisions usually say
 *    「本决定自公布之日起施行」.
 * 2. 题注未载的修改: fbrq is later than every header event (the file is a later version whose
 *    amendment the header omits) and the text's own closing clause is an earlier version's or
 *    absent; not for 宪法/法律. The version took effect on fbrq.
 * 3. 决议/决定/修正案自通过之日起生效: a 决议, 决定 or 修正案 (by title) with no 施行 clause at all,
 *    adopted on fbrq.
 */
function inferred(
  input: { fbrq: string; nationalLaw?: boolean; title?: string },
  events: HeaderEvent[],
  closing: ClosingClause | null,
): { ssrq: string; ssrq_source: string } | null {
  const fbrq = input.fbrq;
  const dated = events.filter((e) => e.action !== "施行");
  const last = dated.at(-1);
  if (!fbrq || !last) return null;
  // the text's own closing clause is an earlier version's (checked by fromText: it did not answer)
  const closingIsOlder = closing !== null;
  const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
  const amendment =
    byDecision(last) || (closingIsOlder && (last.action === "通过" || last.action === "批准") && dated.some((e) => e.date < (last.adopted ?? last.date) && e.action === "通过"));
  if (amendment && last.date <= fbrq && days(last.date, fbrq) <= 92 && (!input.nationalLaw || OMNIBUS.test(last.text))) {
    const when = last.date === fbrq ? "修正决定通过之日" : `版本公布日期（修正决定 ${last.date} 通过/批准）`;
    return { ssrq: fbrq, ssrq_source: `${INFERRED}：${when}；决定全文不在语料中，按修改决定通常「自公布之日起施行」推定` };
  }
  // a later version: the text keeps an earlier version's closing clause, or the header shows amendments
  const laterVersion = (closing !== null && closing.date !== "approval") || dated.some((e) => byDecision(e) || e.action === "修订");
  if (!input.nationalLaw && laterVersion && dated.every((e) => e.date < fbrq)) {
    return { ssrq: fbrq, ssrq_source: `${INFERRED}：版本日期 ${fbrq} 晚于题注所列各次制定/修改（${last.date}），题注未载该次修改；按修改决定通常「自公布之日起施行」推定` };
  }
  if (!closing && input.title && /(?:决议|决定|修正案)(?:[（(][^）)]*[）)])?$/.test(input.title) && last.action === "通过" && last.date === fbrq) {
    return { ssrq: fbrq, ssrq_source: `${INFERRED}：决议/决定/修正案正文无施行条款，自通过之日起生效` };
  }
  return null;
}

function fromText(
  input: { family: string; header: string[]; fbrq: string },
  events: HeaderEvent[],
  closing: ClosingClause | null,
): { ssrq: string; ssrq_source: string } | null {
  const amendments = events.filter((e) => e.action === "修正" || e.action === "修订" || byDecision(e));
  const last = events.filter((e) => e.action !== "施行").pop();
  const lastAmend = amendments.pop();
  // 1. the amending decision of this version: its header's last amendment is a decision of the
  //    version's date, or the header omits it (every event is older than the version)
  const omitted = input.fbrq !== "" && events.every((e) => e.date < input.fbrq);
  if (input.fbrq && ((lastAmend && byDecision(lastAmend) && lastAmend.date === input.fbrq) || omitted)) {
    const adopted = omitted ? input.fbrq : (lastAmend!.adopted ?? lastAmend!.date);
    const d = amendingDecisions().find((x) => x.family === input.family && x.adopted === adopted);
    if (d) return { ssrq: d.effective, ssrq_source: `修正决定${d.basis === "corpus" ? "" : UNVERIFIED_DECISION}：${d.decision}「${d.quote}」` };
  }
  // 2. header 「yyyy年m月d日 施行」 or 「yyyy年m月d日 …公告…公布施行」 (the last such line)
  const implLine = events.filter((e) => e.action === "施行" && /^[^，,]*日(?:\s*起|[^，,]*?(?:公布|发布))?\s*(?:施行|实施|执行)[）)。]?$/.test(e.text)).pop();
  if (implLine && (!input.fbrq || implLine.date >= input.fbrq) && (!lastAmend || implLine.date >= lastAmend.date)) return { ssrq: implLine.date, ssrq_source: `题注「${implLine.text}」` };
  // 3. the body's closing clause, when it belongs to this version
  if (closing) {
    if (closing.date === "publication") {
      const published = input.fbrq || last?.date || "";
      if (published && (!last || !byDecision(last))) return { ssrq: published, ssrq_source: `正文「${closing.text}」→ 公布日期` };
    } else if (closing.date === "approval") {
      const approval = events.filter((e) => e.action === "批准").pop();
      if (approval && (!lastAmend || approval.date >= lastAmend.date)) return { ssrq: approval.date, ssrq_source: `正文「${closing.text}」→ 题注批准日期「${approval.text}」` };
    } else if ((!lastAmend || closing.date >= lastAmend.date) && (!input.fbrq || closing.date >= input.fbrq)) {
      // a date before this version's publication is an earlier version's (header lines may omit the amendment)
      return { ssrq: closing.date, ssrq_source: `正文「${closing.text}」` };
    }
  }
  return null;
}

/** 「…《中华人民共和国刑法修正案（十二）》」 / 「…《关于修改〈…〉的决定》修正」 → the instruments named. */
function namedInstruments(text: string): string[] {
  return [...text.matchAll(/《([^《》]{4,120})》/g)].map((m) => m[1]!);
}

interface DatedReg {
  fgmc: string;
  fbrq: string;
  ssrq: string;
  ssrq_source: string;
  preamble: string;
  has_fulltext: boolean;
}

/** True when ssrq came from the text's own words (not a database field, not 推定, not empty). */
export function textDerived(source: string): boolean {
  return source !== "" && !source.startsWith(INFERRED) && !source.startsWith("LawRefBook 数据库");
}

/**
 * The amending instrument in the corpus: a version whose latest header event names an
 * instrument (《刑法修正案（十二）》, 《关于修改〈…〉的决定》) that the corpus holds, adopted that same
 * day, with its own 施行日期 from its text (「本修正案自2024年3月1日起施行」), takes that date,
 * unless its own date already came from its own words. Returns how many versions changed.
 */
export function datesFromAmendingInstruments(regs: DatedReg[], key: (title: string) => string): number {
  const byDate = new Map<string, DatedReg[]>();
  for (const r of regs) {
    if (!r.has_fulltext || !textDerived(r.ssrq_source)) continue;
    const d = r.fbrq || headerEvents(r.preamble.split("\n"))[0]?.date || "";
    if (!d) continue;
    const list = byDate.get(d);
    if (list) list.push(r);
    else byDate.set(d, [r]);
  }
  let changed = 0;
  for (const r of regs) {
    if (!r.has_fulltext || textDerived(r.ssrq_source)) continue;
    const last = headerEvents(r.preamble.split("\n")).filter((e) => e.action !== "施行").pop();
    if (!last || (r.fbrq && last.date !== r.fbrq)) continue;
    const candidates = byDate.get(last.date) ?? [];
    for (const name of namedInstruments(last.text)) {
      const k = key(name);
      const hit = candidates.find((c) => c !== r && key(c.fgmc).endsWith(k));
      if (!hit) continue;
      r.ssrq = hit.ssrq;
      r.ssrq_source = `修正文件《${hit.fgmc}》${hit.ssrq_source}`;
      changed++;
      break;
    }
  }
  return changed;
}
