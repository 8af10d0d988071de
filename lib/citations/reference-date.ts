/**
 * The date a citation check judges versions and validity against (step 2 of the pipeline's
 * context), and the filing date procedural law is judged at. Pure: text in, dates out.
 *
 * Rule (README, "Citation check"):
 * 1. the caller's `reference_date`, when given;
 * 2. else the date the document is dated: a date standing on a line of its own (落款, the
 *    judgment's date line 二〇一九年五月二十日), or one introduced as the document's date
 *    (日期：…, 本判决于…作出, …作出判决); the last such date wins, since a 落款 closes the text;
 * 3. else the year of the document's own 案号 (the first case number in its opening lines):
 *    the last day of that year (never after today);
 * 4. else today.
 * A date merely mentioned in the text (a contract's signing date, an accident) is a fact of the
 * case, never the document's date.
 *
 * Procedural law (诉讼法, 仲裁法, their interpretations) is judged at the filing date the text
 * states (于…立案 / 受理 / 向本院提起诉讼), else the 案号 year, else the reference date.
 */
import { CASE_NUMBER_PATTERN } from "../text/case-number";
import type { ReferenceDate } from "./types";

const DIGIT: Record<string, string> = { 〇: "0", 零: "0", Ｏ: "0", O: "0", 一: "1", 二: "2", 三: "3", 四: "4", 五: "5", 六: "6", 七: "7", 八: "8", 九: "9" };

/** 二〇一九 → 2019, ２０１９ → 2019. */
function yearOf(s: string): number | null {
  const half = s.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
  if (/^\d{4}$/.test(half)) return Number(half);
  const digits = Array.from(half).map((c) => DIGIT[c]);
  return digits.length === 4 && digits.every((d) => d !== undefined) ? Number(digits.join("")) : null;
}

/** 5 → 5, 十二 → 12, 二十一 → 21, 三十 → 30, ０５ → 5. */
function smallNumber(s: string): number | null {
  const half = s.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
  if (/^\d{1,2}$/.test(half)) return Number(half);
  const m = /^([一二三])?(十)?([一二三四五六七八九])?$/.exec(half);
  if (!m || half === "") return null;
  const tens = m[2] ? (m[1] ? Number(DIGIT[m[1]]) : 1) : 0;
  if (!m[2] && m[1]) return m[3] ? null : Number(DIGIT[m[1]]);
  return tens * 10 + (m[3] ? Number(DIGIT[m[3]]) : 0);
}

const Y = "((?:19|20)\\d{2}|[１２][０-９]{3}|[一二][〇零Ｏ一二三四五六七八九]{3})";
const MD = "([0-9０-９]{1,2}|[一二三四五六七八九十]{1,3})";
/** A full date (年月日), Arabic, full-width or Chinese numerals. */
const DATE = new RegExp(`${Y}\\s*年\\s*${MD}\\s*月\\s*${MD}\\s*日`, "g");

export interface FoundDate {
  date: string;
  evidence: string;
  index: number;
}

function toIso(y: string, m: string, d: string): string | null {
  const yy = yearOf(y);
  const mm = smallNumber(m);
  const dd = smallNumber(d);
  if (yy === null || mm === null || dd === null || mm < 1 || mm > 12 || dd < 1 || dd > 31) return null;
  const iso = `${yy}-${String(mm).padStart(2, "0")}-${String(dd).padStart(2, "0")}`;
  const t = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(t.getTime()) || t.toISOString().slice(0, 10) !== iso ? null : iso;
}

/** Phrases that introduce the document's own date. */
const DOC_DATE_BEFORE = /(?:日期|落款|签发|签署日期|写于|作出日期|判决日期|裁定日期|出具日期)\s*[：:]?\s*$/;
const DOC_DATE_AFTER = /^\s*(?:作出|作成|制作|出具|签发|审结|宣判)/;
const JUDGMENT_VERB_BEFORE = /(?:本判决|本裁定|本决定|本院)\s*(?:于|已于)\s*$/;

/** The date the document is dated, or null (see the module comment). */
export function findDocumentDate(text: string): FoundDate | null {
  let best: FoundDate | null = null;
  for (const m of text.matchAll(DATE)) {
    const iso = toIso(m[1]!, m[2]!, m[3]!);
    if (!iso) continue;
    const s = m.index!;
    const e = s + m[0].length;
    const lineStart = text.lastIndexOf("\n", s - 1) + 1;
    let lineEnd = text.indexOf("\n", e);
    if (lineEnd < 0) lineEnd = text.length;
    const before = text.slice(lineStart, s);
    const after = text.slice(e, lineEnd);
    const alone = /^[\s　]*(?:[（(]?(?:落款|签名|签章|盖章)[)）]?)?[\s　]*$/.test(before) && /^[\s　]*[。.]?[\s　]*$/.test(after);
    const introduced = DOC_DATE_BEFORE.test(before) || DOC_DATE_AFTER.test(after) || JUDGMENT_VERB_BEFORE.test(before);
    if (alone || introduced) best = { date: iso, evidence: m[0].replace(/\s+/g, ""), index: s };
  }
  return best;
}

/**
 * The year of the document's own 案号: the first case number in its opening 300 characters, written
 * before anything the document cites (a 《…》 name) and not introduced as a case it cites (参见…).
 */
export function findOwnCaseYear(text: string): { year: number; evidence: string } | null {
  const head = text.slice(0, 300);
  const m = new RegExp(CASE_NUMBER_PATTERN).exec(head);
  if (!m) return null;
  const firstCited = head.indexOf("《");
  if (firstCited >= 0 && firstCited < m.index) return null;
  if (/(?:参见|参照|见|如|引用|案例|指导性案例|援引)[：:\s]*$/.test(head.slice(Math.max(0, m.index - 8), m.index))) return null;
  const y = /(\d{4}|[０-９]{4})/.exec(m[0]);
  const year = y ? yearOf(y[1]!) : null;
  return year && year >= 1980 ? { year, evidence: m[0] } : null;
}

const FILING = new RegExp(`${Y}\\s*年\\s*${MD}\\s*月\\s*${MD}\\s*日\\s*(?:[^。；\\n]{0,12}?)(?:立案|受理|提起诉讼|起诉|申请仲裁|提起上诉|提出上诉)`, "g");

/** The filing date the text states (…于2023年3月5日立案 / 受理 / 向本院提起诉讼), or null. */
export function findFilingDate(text: string): FoundDate | null {
  for (const m of text.matchAll(FILING)) {
    const iso = toIso(m[1]!, m[2]!, m[3]!);
    if (iso) return { date: iso, evidence: m[0].replace(/\s+/g, ""), index: m.index! };
  }
  return null;
}

function endOfYear(year: number, today: string): string {
  const d = `${year}-12-31`;
  return d > today ? today : d;
}

/** Picks the reference date (see the module comment). `requested` must already be a valid yyyy-MM-dd. */
export function referenceDate(text: string, requested: string | null | undefined, today: string): ReferenceDate {
  if (requested) return { date: requested, basis: "request", evidence: "", note: `以 ${requested} 为准：请求指定的参照日期。` };
  const doc = findDocumentDate(text);
  if (doc) return { date: doc.date, basis: "document_date", evidence: doc.evidence, note: `以 ${doc.date} 为准：文书日期「${doc.evidence}」。` };
  const own = findOwnCaseYear(text);
  if (own) {
    const date = endOfYear(own.year, today);
    return { date, basis: "case_number_year", evidence: own.evidence, note: `以 ${date} 为准：文书未写明日期，按其案号「${own.evidence}」的年份。` };
  }
  return { date: today, basis: "today", evidence: "", note: `以今天（${today}）为准：文书未写明日期，也未指定参照日期。` };
}

/** Procedural law: 诉讼法, 仲裁法 and the interpretations applying them (judged at the filing date). */
export function isProceduralLaw(title: string): boolean {
  return /诉讼法|仲裁法|诉讼程序|海事诉讼|执行异议|执行程序|强制执行|适用.{0,16}诉讼法/.test(title);
}

/** The date procedural law is judged at, and a note, given the reference date. */
export function proceduralDate(text: string, ref: ReferenceDate, today: string): { date: string; note: string } {
  if (ref.basis === "request") return { date: ref.date, note: "" };
  const filed = findFilingDate(text);
  if (filed) return { date: filed.date, note: `程序法按立案/起诉日期 ${filed.date}（「${filed.evidence}」）判断。` };
  const own = findOwnCaseYear(text);
  if (own) {
    const date = endOfYear(own.year, today);
    return { date, note: `程序法按案号「${own.evidence}」的年份（${date}）判断。` };
  }
  return { date: today, note: `程序法按今天（${today}）判断：文书未写明立案日期。` };
}

/** Today in China (UTC+8), yyyy-MM-dd. */
export function todayInChina(now: Date = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}
