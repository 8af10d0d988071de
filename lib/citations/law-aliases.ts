/**
 * Law-name rules and the alias table (data/law-aliases.json). A name as written in a draft
 * (《中华人民共和国民法典》, 《民法典》, 《民间借贷司法解释》, 《公司法》（2018年修正）) is reduced to a
 * lookup key by rule (lawNameKey: no 中华人民共和国, no 《》〈〉, unified brackets; plus no version
 * mark), then mapped through the table to an official title when it is a known short name.
 * The table is data so that lawyers can extend it without touching code.
 */
import table from "../../data/law-aliases.json";
import { lawNameKey } from "../text/normalize";
import { parseChineseNumber } from "../text/numerals";

interface RepealedLaw {
  name: string;
  status: string;
  repealed_on: string;
  replaced_by: string;
  note: string;
}

interface AliasTable {
  /** Title, or the title with where the name is used as written. */
  aliases: Record<string, string | { title: string; source: string }>;
  repealed: RepealedLaw[];
}

const data = table as unknown as AliasTable;

/** Alias-table key: lawNameKey without brackets (劳动争议司法解释（一） → 劳动争议司法解释一). */
export function aliasKey(name: string): string {
  return lawNameKey(name).replace(/[()]/g, "");
}

const ALIASES = new Map<string, string>(Object.entries(data.aliases).map(([k, v]) => [aliasKey(k), typeof v === "string" ? v : v.title]));
const REPEALED = new Map<string, RepealedLaw>(data.repealed.map((r) => [aliasKey(r.name), r]));

/** The official title a known short name stands for, or null. */
export function lookupAlias(name: string): string | null {
  return ALIASES.get(aliasKey(name)) ?? null;
}

/** A real but repealed law that the knowledge base does not hold (合同法 …), or null. */
export function lookupRepealed(name: string): RepealedLaw | null {
  return REPEALED.get(aliasKey(name)) ?? null;
}

/** Every alias and repealed name as written in the table (for unbracketed-name detection). */
export function tableNames(): string[] {
  return [...Object.keys(data.aliases), ...data.repealed.map((r) => r.name), ...data.repealed.map((r) => r.name.replace(/^中华人民共和国/, ""))];
}

const VERSION_MARK = /[（(]\s*(\d{4}|[〇零一二三四五六七八九]{4})\s*年?\s*(?:修正|修订|修改|版|年版)?(?:本)?\s*[)）]\s*$/;

/**
 * Splits a version mark off a written name: 公司法（2018年修正） → {name: 公司法, year: 2018}.
 * Numbered series (…规定（三）) are not version marks and stay in the name.
 */
export function splitVersionMark(name: string): { name: string; year: number | null } {
  const m = VERSION_MARK.exec(name);
  if (!m) return { name, year: null };
  const y = /^\d+$/.test(m[1]!) ? Number(m[1]) : yearFromChinese(m[1]!);
  return { name: name.slice(0, m.index).trim(), year: y };
}

function yearFromChinese(s: string): number | null {
  const digits = Array.from(s).map((c) => parseChineseNumber(c === "〇" ? "零" : c));
  if (digits.some((d) => d === null)) return null;
  return Number(digits.join(""));
}

const ISSUERS = ["最高人民法院", "最高人民检察院", "最高人民法院、最高人民检察院", "国务院", "全国人民代表大会常务委员会"];

/**
 * The ways a document may write an instrument's name that the index writes otherwise, in the
 * order they are tried: as written; 两高 → 最高人民法院、最高人民检察院; joint issuers without 、
 * (最高人民法院最高人民检察院关于…); a title written without its issuer (关于处理自首和立功…的解释)
 * with each usual issuer put back.
 */
export function nameVariants(name: string): string[] {
  const out = [name];
  const n = name.replace(/^两高/, "最高人民法院、最高人民检察院");
  if (n !== name) out.push(n);
  const joint = n.replace(/^(最高人民法院|最高人民检察院)\s*[和与及,，]?\s*(最高人民法院|最高人民检察院)(?=关于)/, "$1、$2");
  if (joint !== n) out.push(joint);
  const swapped = joint.replace(/^最高人民检察院、最高人民法院/, "最高人民法院、最高人民检察院");
  if (swapped !== joint) out.push(swapped);
  if (/^关于/.test(n)) for (const issuer of ISSUERS) out.push(issuer + n);
  return [...new Set(out)];
}

/** A name shaped like a legal instrument (the suffixes real titles end with). */
export function hasInstrumentShape(name: string): boolean {
  return /(?:法典|法|条例|规定|解释|办法|细则|决定|规则|批复|修正案|宪法|公约|条约|协定|意见|通知|纪要|答复|准则|规程|标准|指引)(?:[（(][一二三四五六七八九十]+[)）])?$/.test(splitVersionMark(name.trim()).name);
}

/**
 * Does a bracketed name look like a statute (so 《借款合同》, 《起诉状》 are not taken for laws)?
 * True for names ending like a legal instrument, or known to the alias table.
 */
export function looksLikeLawName(name: string): boolean {
  const n = splitVersionMark(name.trim()).name;
  if (lookupAlias(n) || lookupRepealed(n)) return true;
  return /(?:法典|法|条例|规定|解释|办法|细则|决定|规则|批复|修正案|宪法)(?:[（(][一二三四五六七八九十]+[)）])?$/.test(n) && n.length >= 2;
}
