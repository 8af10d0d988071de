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
 * A note closing a written name that carries a document number or a revision, not part of the
 * title: （法释〔2015〕1号，2020修正）, （2018年10月26日修正）, (国务院令第588号).
 */
const NAME_NOTE = /[（(]([^（）()]{1,60})[)）]\s*$/;
const NOTE_WORDS = /〔\d{4}〕|\[\d{4}\]|\d+\s*号|令|修正|修订|修改|施行|公布/;
const NOTE_YEAR = /((?:19|20)\d{2})\s*年?\s*(?:\d{1,2}\s*月(?:\s*\d{1,2}\s*日)?)?\s*(?:第?[一二三四五六七八九十]+次)?(?:修正|修订|修改)/;

/**
 * Splits a version mark off a written name: 公司法（2018年修正） → {name: 公司法, year: 2018};
 * 《…解释（法释〔2015〕1号，2020修正）》 → {name: …解释, year: 2020}.
 * Numbered series (…规定（三）) and （试行） are not version marks and stay in the name.
 */
export function splitVersionMark(name: string): { name: string; year: number | null } {
  const m = VERSION_MARK.exec(name);
  if (m) {
    const y = /^\d+$/.test(m[1]!) ? Number(m[1]) : yearFromChinese(m[1]!);
    return { name: name.slice(0, m.index).trim(), year: y };
  }
  const n = NAME_NOTE.exec(name);
  if (n && NOTE_WORDS.test(n[1]!) && n.index > 0) {
    const y = NOTE_YEAR.exec(n[1]!);
    return { name: name.slice(0, n.index).trim(), year: y ? Number(y[1]) : null };
  }
  return { name, year: null };
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

/* ---------- names derived from a title's structure ---------- */

/** The aliases the table gives for each official title key (民事诉讼法 → 民诉法). */
let REVERSE: Map<string, string[]> | null = null;
function aliasesOfTitle(titleKey: string): string[] {
  if (!REVERSE) {
    REVERSE = new Map();
    for (const [k, v] of ALIASES) {
      const t = aliasKey(v);
      if (k === t) continue;
      REVERSE.set(t, [...(REVERSE.get(t) ?? []), k]);
    }
  }
  return REVERSE.get(titleKey) ?? [];
}

/** Instrument words a derived short name ends with. */
const SHORT_TYPE = /(解释|规定|意见|批复|决定|办法)$/;
const SERIES = /(\((?:[一二三四五六七八九十]+|试行|暂行)\))$/;

/**
 * The everyday short names a judicial instrument's title gives by its structure, as alias keys
 * (aliasKey: no brackets, no 中华人民共和国), derived generically, never listed by hand:
 * - 关于适用《Y》[Z][若干问题]的解释[（N）] → Y[Z]解释[N], Y[Z]司法解释[N], and the same with each
 *   short name the alias table gives Y (民事诉讼法 → 民诉法解释; 婚姻法解释三);
 * - 关于[人民法院][审理|办理|处理]X[案件][适用法律|具体应用法律][若干]问题的规定|解释|意见[（N）]
 *   → X规定[N] (刑事赔偿解释, 民间借贷规定, 执行异议和复议规定), X without 和/与/及 (执行异议复议规定),
 *   X without a closing 纠纷 / 刑事 / 民事 / 行政 (买卖合同解释), and X司法解释 for a 解释.
 * （试行）/（暂行） are optional in the short name. Titles without 关于 give nothing (a law's own
 * title is already its name).
 */
export function derivedShortNames(title: string): string[] {
  const raw = stripVersionMarksLoose(title).replace(/〈/g, "《").replace(/〉/g, "》").replace(/中华人民共和国/g, "").replace(/（/g, "(").replace(/）/g, ")").replace(/\s+/g, "");
  const at = raw.indexOf("关于");
  if (at < 0 || at > 40 || raw.slice(0, at).includes("《")) return [];
  let core = raw.slice(at + 2);
  let series = "";
  const sm = SERIES.exec(core);
  if (sm) {
    series = sm[1]!;
    core = core.slice(0, sm.index);
  }
  const tm = SHORT_TYPE.exec(core);
  if (!tm) return [];
  const type = tm[1]!;
  // 婚姻家庭编的解释 is written with its 的 too
  const typeDe = /的$/.test(core.slice(0, tm.index));
  core = core.slice(0, tm.index).replace(/的$/, "");
  const seriesForms = series ? (/试行|暂行/.test(series) ? [series, ""] : [series]) : [""];
  const stems: string[] = [];
  const applied = /^(?:适用|执行|贯彻执行|实施)《([^》]+)》(.*)$/.exec(core);
  if (applied) {
    const y = applied[1]!;
    const rest = applied[2]!.replace(/(?:若干)?问题$/, "").replace(/若干$/, "");
    if (rest.includes("《")) return [];
    // the table's shorter names of Y only (民诉法 for 民事诉讼法; not 民法典物权编 for 民法典)
    const yk = aliasKey(y);
    // (时间效力的若干规定 → 民法典时间效力规定 as well as 民法典时间效力的规定)
    const rests = [...new Set([rest, rest.replace(/的$/, "")])].filter((r) => r !== "" || rest === "");
    for (const name of [y, ...aliasesOfTitle(yk).filter((a) => a.length < yk.length)]) for (const r of rests) stems.push(name + r);
  } else {
    if (core.includes("《")) return [];
    let x = core.replace(/^人民法院/, "").replace(/^(?:审理|办理|处理)/, "");
    for (let prev = ""; prev !== x; ) {
      prev = x;
      x = x.replace(/(?:若干问题|问题|若干|中|适用法律|具体应用法律|应用法律|案件)$/, "");
    }
    if (x.length < 2 || x.length > 20) return [];
    stems.push(x);
    const joinless = x.replace(/[和与及]/g, "");
    if (joinless.length >= 2) stems.push(joinless);
    const kindless = x.replace(/纠纷$/, "").replace(/(?:刑事|民事|行政)$/, "");
    if (kindless.length >= 2 && kindless !== x) stems.push(kindless);
  }
  const out = new Set<string>();
  for (const stem of stems) {
    for (const s of seriesForms) {
      const tail = s.replace(/[()]/g, "");
      out.add(aliasKey(`${stem}${type}${tail}`));
      if (typeDe && applied) out.add(aliasKey(`${stem}的${type}${tail}`));
      // a 规定 that interprets a law is called its 解释 too (公司法解释（三）for …公司法》若干问题的规定（三）)
      if (type === "解释" || (type === "规定" && applied)) {
        out.add(aliasKey(`${stem}解释${tail}`));
        out.add(aliasKey(`${stem}司法解释${tail}`));
      }
    }
  }
  return [...out];
}

function stripVersionMarksLoose(title: string): string {
  return title.replace(/[（(]\s*\d{4}\s*年?(?:\d{1,2}月(?:\d{1,2}日)?)?\s*(?:第?[一二三四五六七八九十]+次)?(?:修正|修订|修改|版|本)\s*[）)]/g, "").trim();
}

/**
 * Does a written short name abbreviate a derived one by leaving characters out (异议复议规定 for
 * 执行异议和复议规定)? Same instrument word and series at the end; the written stem has 4 to 6
 * characters, covers more than half of the derived stem, ends with its last character (the head word)
 * and is a subsequence of it. The caller
 * accepts it only when exactly one instrument qualifies.
 */
export function abbreviates(written: string, derived: string): boolean {
  const w = splitTail(written);
  const d = splitTail(derived);
  if (!w || !d || w.tail !== d.tail || w.stem === d.stem) return false;
  // a short name is short: a longer written stem inside another title is another instrument's name
  if (w.stem.length < 4 || w.stem.length > 6 || w.stem.length * 2 <= d.stem.length) return false;
  // the head word stays (异议复议 for 执行异议和复议): 民事诉讼法 is not short for 民事诉讼法执行程序
  if (w.stem[w.stem.length - 1] !== d.stem[d.stem.length - 1]) return false;
  let j = 0;
  for (const ch of d.stem) if (ch === w.stem[j]) j++;
  return j === w.stem.length;
}

/** The bucket a short-name key falls in for `abbreviates` (instrument word, series, head character), or null. */
export function abbreviationBucket(key: string): string | null {
  const t = splitTail(key);
  return t && t.stem ? `${t.tail}|${t.stem[t.stem.length - 1]}` : null;
}

function splitTail(key: string): { stem: string; tail: string } | null {
  const m = /(司法解释|解释|规定|意见|批复|决定|办法)([一二三四五六七八九十]*)$/.exec(key);
  if (!m) return null;
  return { stem: key.slice(0, m.index), tail: (m[1] === "司法解释" ? "解释" : m[1]!) + m[2]! };
}

/* ---------- near spellings of a full title ---------- */

/**
 * A title key with the words documents drop or add without changing the instrument: 的, 关于 and
 * the 、 between joint issuers (…若干问题解释 for …若干问题的解释; 最高人民法院审理… for
 * 最高人民法院关于审理…).
 */
export function looseTitleKey(name: string): string {
  return aliasKey(splitVersionMark(name).name).replace(/关于|的|[、，,；;：:“”]/g, "");
}

/** Characters whose swap makes another instrument (河南/河北, 规定（一）/（二）, 不…). */
const CONTRASTIVE = new Set(Array.from("东南西北上下中内外前后大小新旧正副总分甲乙丙丁一二三四五六七八九十百千零〇0123456789不非无未反省市县区州半全双单多少高低长短早晚先初终首末再补民刑"));
/** Characters that stand for one the writer (or an anonymiser) left out. */
const PLACEHOLDER = new Set(Array.from("某×xX*＊?？"));
const INSTRUMENT_END = /(法典|法|条例|规定|解释|办法|细则|决定|规则|批复|意见|通知|纪要|答复|公约)$/;

/**
 * Is a written full title the index's title misspelt by one character (侵犯/侵害, 寻衅滋事罪/寻衅滋事,
 * 解某 for 解释), or with two to four characters in another order (法律关系/关系法律), both as loose keys? Only for titles of 10 or more characters; never within the
 * first 3 characters (a place or issuer: 河南省/湖南省), never a swap, insertion or loss of a numeral,
 * a direction, a negation or an administrative unit, and both must end with the same instrument word
 * (unless the written one ends with a placeholder such as 某).
 */
export function nearTitle(written: string, title: string): boolean {
  const a = Array.from(written);
  const b = Array.from(title);
  if (b.length < 10 || Math.abs(a.length - b.length) > 1) return false;
  const endA = INSTRUMENT_END.exec(written)?.[1];
  const endB = INSTRUMENT_END.exec(title)?.[1];
  if (!endB || (endA !== endB && !PLACEHOLDER.has(a[a.length - 1]!))) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === a.length && i === b.length) return false;
  if (i < 3) return false;
  // inside a leading place name (山东省济南市…, 济宁市…): another place, another instrument
  const place = /^[\u4e00-\u9fa5]{1,10}?(?:省|自治区|市|县|自治州|区)/.exec(title);
  if (place && !/^(?:最高|国务院|全国|国家)/.test(title) && i < place[0].length) return false;
  let ea = a.length - 1;
  let eb = b.length - 1;
  while (ea >= i && eb >= i && a[ea] === b[eb]) {
    ea--;
    eb--;
  }
  const da = a.slice(i, ea + 1);
  const db = b.slice(i, eb + 1);
  // a changed character in a short title changes too much of it
  if (da.length === 1 && db.length === 1 && b.length < 16 && !PLACEHOLDER.has(da[0]!)) return false;
  const changed = [...da, ...db];
  if (changed.some((c) => CONTRASTIVE.has(c))) return false;
  // two words written the other way round (涉外民事法律关系适用法 for …关系法律适用法)
  if (da.length === db.length && da.length >= 2 && da.length <= 4) return [...da].sort().join("") === [...db].sort().join("");
  if (da.length > 1 || db.length > 1) return false;
  if (da.length === 1 && db.length === 1 && PLACEHOLDER.has(da[0]!)) return true;
  return changed.every((c) => !PLACEHOLDER.has(c));
}

/**
 * Issuers whose name documents leave out when they cite the instrument (最高人民法院 / 两高 / 国务院 …
 * and joint issuers among them): a title written without its issuer is looked for among theirs only
 * (an exchange's or a ministry's notice without its issuer may be anyone's).
 */
export function isUsualIssuer(prefix: string): boolean {
  return /^(?:(?:最高人民法院|最高人民检察院|公安部|司法部|国家安全部|国务院|全国人民代表大会常务委员会)[、，,和与及]?)+$/.test(prefix);
}
