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
}

/** Each dated header line as an event; the action is the last keyword the line names. */
export function headerEvents(header: string[]): HeaderEvent[] {
  const out: HeaderEvent[] = [];
  for (const raw of header) {
    const line = halfWidthDigits(raw).trim();
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
    out.push({ date, action, text: line });
  }
  return out;
}

const ACTIONS: Array<[RegExp, HeaderAction]> = [
  [/通过/g, "通过"],
  [/批准/g, "批准"],
  [/公布/g, "公布"],
  [/发布|印发/g, "发布"],
  [/修正|修改/g, "修正"],
  [/修订/g, "修订"],
  [/施行[）)。]?$/g, "施行"],
];

const DATE_SRC = "([0-9〇零一二三四五六七八九]{4}\\s*年[0-9一二三十\\s]{1,4}月[0-9一二三四五六七八九十\\s]{1,4}日)";
/** 「本法自2024年7月1日起施行」, 「本规定自公布之日起施行」, also 实施/生效 and 「自…之日起施行」. */
const CLOSING = new RegExp(
  `(?:^|[。；;、\\s])(本(?:[\\u4e00-\\u9fa5]{0,12}?))?自\\s*(?:${DATE_SRC}|(公布|发布|印发|颁布|通过)之日)\\s*起\\s*(?:施行|实施|生效|执行)`,
);

export interface ClosingClause {
  /** yyyy-MM-dd, or "publication" for 「自公布之日起施行」. */
  date: string;
  text: string;
}

/**
 * The closing 施行 clause: searched from the last article backwards (at most the last 8
 * paragraphs), so a transitional 「自…起施行」 inside the body is not mistaken for it.
 */
export function closingClause(clauses: Pick<Clause, "content">[], blocks: BodyBlock[] = []): ClosingClause | null {
  const paras: string[] = [];
  for (const c of clauses) paras.push(...c.content.split("\n"));
  // documents without 第…条 keep their text in blocks (clause 0 holds it too); trailing text blocks
  if (clauses.length === 0) for (const b of blocks) if (b.kind === "text") paras.push(...b.paragraphs);
  for (let i = paras.length - 1, seen = 0; i >= 0 && seen < 8; i--) {
    const p = halfWidthDigits(paras[i]!.trim());
    if (!p) continue;
    seen++;
    const m = CLOSING.exec(p);
    if (!m) continue;
    // 「本办法自…」 / 「自…」 only: 「原…自…起施行」 or 「…规定自…起废止」 are not this text's date
    if (m[1] && /(?:原|前|修改|废止)/.test(m[1])) continue;
    const text = sentenceAt(p, m.index + m[0].length - 1);
    if (m[2]) {
      const d = parseChineseDate(m[2]);
      if (d) return { date: d, text };
    } else return { date: "publication", text };
  }
  return null;
}

/** The sentence of `p` holding position `at`, with its closing 。 (quoted as provenance). */
function sentenceAt(p: string, at: number): string {
  const start = Math.max(p.lastIndexOf("。", at - 1), p.lastIndexOf("；", at - 1)) + 1;
  const stop = p.indexOf("。", at);
  return p.slice(start, stop < 0 ? p.length : stop + 1).trim();
}

/** One amending decision whose text is not in the corpus, quoted from the official text. */
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
}

let decisionTable: Array<AmendingDecision & { family: string }> | null = null;
/** data/amending-decisions.json with each entry's family key. */
export function amendingDecisions(): Array<AmendingDecision & { family: string }> {
  decisionTable ??= (decisionData as { decisions: AmendingDecision[] }).decisions.map((d) => ({ ...d, family: familyKey(d.title) }));
  return decisionTable;
}

/** Prefix of an ssrq_source that is an inference, not a date the sources state. */
export const INFERRED = "推定";

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
}): DerivedDates {
  const events = headerEvents(input.header);
  const textual = fromText(input, events);
  if (textual) {
    const conflict = input.dbValidFrom && input.dbValidFrom !== textual.ssrq ? `数据库 valid_from ${input.dbValidFrom} ≠ ${textual.ssrq_source} ${textual.ssrq}` : "";
    return { ...textual, conflict };
  }
  if (input.dbValidFrom) return { ssrq: input.dbValidFrom, ssrq_source: "LawRefBook 数据库 valid_from", conflict: "" };
  // 4. a 修正 version whose decision the corpus lacks: the decision's adoption date, marked 推定
  const lastAmend = events.filter((e) => e.action === "修正").pop();
  const lastOther = events.filter((e) => e.action !== "施行").pop();
  // only where such decisions as a rule take effect on publication: omnibus decisions
  // (「…等N件/部分…的决定」) and the State Council's and local congresses' amendments; a single
  // NPC/NPCSC amendment often names a later date (立法法 2023: 3月15日), so 法律 are left blank
  const omnibus = lastAmend && /等[一二三四五六七八九十百\d]+[件部项个]|部分|若干/.test(lastAmend.text);
  if (lastAmend && lastAmend === lastOther && (!input.fbrq || lastAmend.date === input.fbrq) && (omnibus || !input.nationalLaw)) {
    return { ssrq: lastAmend.date, ssrq_source: `${INFERRED}：修正决定通过之日（决定全文不在语料中，未核实其施行条款）`, conflict: "" };
  }
  return { ssrq: "", ssrq_source: "", conflict: "" };
}

function fromText(
  input: { family: string; header: string[]; fbrq: string; clauses: Pick<Clause, "content">[]; blocks?: BodyBlock[] },
  events: HeaderEvent[],
): { ssrq: string; ssrq_source: string } | null {
  const amendments = events.filter((e) => e.action === "修正" || e.action === "修订");
  const last = events.filter((e) => e.action !== "施行").pop();
  const lastAmend = amendments.pop();
  // 1. the amending decision of this version
  if (lastAmend && lastAmend.action === "修正" && lastAmend.date === input.fbrq) {
    const d = amendingDecisions().find((x) => x.family === input.family && x.adopted === lastAmend.date);
    if (d) return { ssrq: d.effective, ssrq_source: `修正决定：${d.decision}「${d.quote}」` };
  }
  // 2. header 「yyyy年m月d日 施行」 (the last such line)
  const implLine = events.filter((e) => e.action === "施行" && /^[^，,]*日\s*(?:起\s*)?施行[）)。]?$/.test(e.text)).pop();
  if (implLine && (!input.fbrq || implLine.date >= input.fbrq) && (!lastAmend || implLine.date >= lastAmend.date)) return { ssrq: implLine.date, ssrq_source: `题注「${implLine.text}」` };
  // 3. the body's closing clause, when it belongs to this version
  const closing = closingClause(input.clauses, input.blocks);
  if (closing) {
    if (closing.date === "publication") {
      const published = input.fbrq || last?.date || "";
      if (published && (!last || last.action !== "修正")) return { ssrq: published, ssrq_source: `正文「${closing.text}」→ 公布日期` };
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
