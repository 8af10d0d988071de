/**
 * Step 1 of the citation check: finds statute citations and case numbers in a draft,
 * deterministically (no model), with their offsets.
 *
 * Shapes recognised (table-tested in extract-citations.test.ts):
 * - 《中华人民共和国民法典》第五百七十七条, 《民法典》第577条, 民法典第五百七十七条第一款第二项
 *   (an unbracketed name counts when it is known: alias table, index, or 中华人民共和国… prefix);
 * - a book, chapter or section named between name and number (《民法典》侵权责任编第1165条,
 *   《民法典》第三编合同第八章违约责任第五百七十七条); a topic in brackets after the number
 *   (第1091条（离婚损害赔偿）: `label`, the chain goes on after it); 项 without 第 or as a list (第一款（一）、（二）项);
 * - lists 第二十条、第二十一条 / 第二十条和第二十一条 / 第一款、第二款, and ranges 第二十至二十三条,
 *   第二十条至第二十三条 (one entry per clause; a range of MAX_RANGE or more yields its two ends);
 * - back-references 该法 / 同法 / 本法 / 该条例 / 该解释 / 上述法律 … 第X条 → the last named law;
 * - 第一百二十条之一; judicial interpretations by full name (bracketed or not, with 〈〉 or nested
 *   《》 inside) and by short names (alias table);
 * - name-only citations: a bracketed name that looks like a statute and is cited nowhere in the
 *   draft with a clause (one entry per law, at its first mention);
 * - case numbers (CASE_NUMBER_PATTERN) with bracket, width and whitespace variants.
 *
 * `content` is the quoted text after 规定：“…” (or the unquoted text after 规定：), else the
 * sentence that carries the citation, verbatim. Offsets are UTF-16 code units, end exclusive.
 */
import { CASE_NUMBER_PATTERN, normalizeCaseNumber } from "../text/case-number";
import { normalizeForOffsets } from "../text/normalize";
import { NUMERAL_CHARS, parseChineseNumber, toChineseNumber } from "../text/numerals";
import { looksLikeLawName, lookupAlias, lookupRepealed, splitVersionMark } from "./law-aliases";
import { termText } from "./law-index";
import type { CitationShape, ExtractedCase, ExtractedStatute, Extraction } from "./types";

export interface ExtractOptions {
  /** Is this (unbracketed) string the name of a law? Default: alias table and 中华人民共和国 prefix. */
  isKnownName?: (name: string) => boolean;
  /** Statute entries kept; the scan goes on counting the rest without building them (work budget). */
  maxStatutes?: number;
  /** Case entries kept; likewise. */
  maxCases?: number;
}

/** Default entry budgets (the check's response limits). */
export const MAX_STATUTE_ENTRIES = 2_000;
export const MAX_CASE_ENTRIES = 500;

/** Largest range expanded into entries (第一条至第九百条 is not a citation worth 900 lookups). */
export const MAX_RANGE = 50;

const NUM = `[${NUMERAL_CHARS}]+`;
const ZHI = "之[一二三四五六七八九十]+";
const ART = `第\\s*(${NUM})\\s*条(${ZHI})?`;
const PARA = `第\\s*(${NUM})\\s*款`;
const ITEM = `第\\s*[（(]?\\s*(${NUM})\\s*[)）]?\\s*项`;
const SEP = "\\s*(?:、|，|,|以及|及|和|与|或者|或|并)\\s*";
const RANGE_JOIN = "\\s*(?:至|到|—|－|-|～|~)\\s*";

/** 第X条(之Y)?(第Z款)?(第W项)? at the current position; courts also write the 款 without 第 (第三百八十二条一款). */
const PARA_AFTER_ART = `第?\\s*(${NUM})\\s*款`;
const RE_ART = new RegExp(`${ART}(?:\\s*${PARA_AFTER_ART})?(?:\\s*${ITEM})?`, "y");
/** …条一款 written as …条第一款 in the entry's label. */
const PARA_WITHOUT_DI = new RegExp(`条(${NUM})款`);
/** 第X条至第Y条 / 第X至Y条 / 第X条至Y条. */
const RE_RANGE = new RegExp(`第\\s*(${NUM})\\s*条?${RANGE_JOIN}第?\\s*(${NUM})\\s*条`, "y");
const RE_PARA = new RegExp(`${PARA}(?:\\s*${ITEM})?`, "y");
/** 第一、三款 / 第一、二、三款: several 款 of one article written as one list. */
const RE_PARA_MULTI = new RegExp(`第\\s*(${NUM}(?:\\s*[、，,]\\s*${NUM})+)\\s*款`, "y");
const RE_ITEM = new RegExp(ITEM, "y");
/** A book, part, chapter or section named between a law's name and the article: 侵权责任编, 第三编合同, 第八章违约责任. */
const CN_ORDINAL = "第[一二三四五六七八九十百]+";
const PART_BEFORE_ARTICLE = new RegExp(
  `\\s*(?:[\\u4e00-\\u9fa5]{2,8}?编|${CN_ORDINAL}编(?:\\s*[\\u4e00-\\u9fa5]{1,8}?)?)(?:\\s*${CN_ORDINAL}(?:分编|章|节)(?:\\s*[\\u4e00-\\u9fa5]{1,12}?)?)*\\s*(?=第\\s*${NUM}\\s*条)`,
  "y",
);
/** 项 written after the article or 款 without 第, or as a list: 第一款（一）、（二）、（三）项 / 第一、二项 / (二)项. */
const ITEM_ONE = `(?:第\\s*[（(]?\\s*${NUM}\\s*[)）]?|[（(]\\s*${NUM}\\s*[)）])`;
const RE_ITEM_LIST = new RegExp(`\\s*(${ITEM_ONE}(?:\\s*[、，,]\\s*(?:第\\s*)?[（(]?\\s*${NUM}\\s*[)）]?)*)\\s*项`, "y");
const RE_SEP = new RegExp(SEP, "y");
/** 第二十五、二十六条 / 第25、26、67条: several articles written under one 第…条 (not 条件 / 条例). */
const RE_ART_MULTI = new RegExp(`第\\s*(${NUM}(?:\\s*[、，,]\\s*${NUM})+)\\s*条(?![件例])`, "y");
/** An article written without 第 after a separator in a chain (第二十五条、二十六条), groups as RE_ART's. */
const RE_ART_BARE = new RegExp(`(${NUM})\\s*条(${ZHI})?(?![件例文])(?:\\s*${PARA_AFTER_ART})?(?:\\s*${ITEM})?`, "y");
const BARE_ARTICLE_AHEAD = new RegExp(`^${NUM}\\s*条(?![件例文])`);
/** A parenthetical note right after a law's name (a definition, a document number, a version). */
const NAME_NOTE = /\s*[（(]((?:[^（）()\n]|[（(][一二三四五六七八九十]{1,3}[)）]){1,60})[)）]\s*/y;
const RE_VERSION_AFTER = /[（(]\s*(\d{4})\s*年?\s*(?:修正|修订|修改|版)?本?\s*[)）]/y;

const BACK_REF = /(?:该|同|本|上述|前述|前引|此)(?:法律|法|条例|司法解释|解释|规定|办法|细则)/g;

/** Unbracketed full names of judicial interpretations, which may carry 《》 inside. */
const JI_NAME = /最高人民(?:法院|检察院)(?:、最高人民(?:法院|检察院))?关于[^。；;，,\n：:“”"]{2,80}?(?:解释|规定|批复|决定)(?:[（(][一二三四五六七八九十]+[)）])?/g;

/** Candidate unbracketed names: a run of CJK text ending like a law, right before 第X条. */
const UNBRACKETED = new RegExp(`([\\u4e00-\\u9fa5]{1,40}?(?:法典|法|条例|规定|解释|办法|细则))\\s*(?=第\\s*${NUM}\\s*条)`, "g");

const QUOTE_PAIRS: Record<string, string> = { "“": "”", '"': '"', "「": "」", "『": "』", "‘": "’" };
const INTRO = /\s*(?:中|之|的)?(?:的)?(?:明确|亦|也|同时|进一步|均|则|分别)?(?:规定|约定|载明|指出|明确|写明|表述为|明文规定)(?:了|为|的是)?\s*([：:，,]?)\s*/y;
const SENTENCE_END = /[。！？；!?;\n]/;
/** A "sentence" without punctuation is cut at this many characters either side of the citation. */
const SENTENCE_WINDOW = 300;

interface NameMention {
  /** Name without 《》 and without a version mark. */
  name: string;
  raw: string;
  start: number;
  end: number;
  versionYear: number | null;
  bracketed: boolean;
  backRef: boolean;
  /** The mention is a short name the draft defined (以下简称《X》): X as written. */
  definedAs?: string;
  /** A bare 第X条 after a lead word (并可依据第六百七十六条), standing for the law named last in its sentence. */
  bare?: boolean;
}

interface ClauseHit {
  clause: string;
  tid: string;
  paragraph?: number;
  item?: number;
  start: number;
  end: number;
  shape: CitationShape;
  /** A topic written in brackets right after the number (第1091条（离婚损害赔偿）). */
  label?: string;
  /** What a single article is said to be about right after it (第九条关于…的规定). */
  about?: string;
}

/**
 * A topic in brackets right after an article (第1091条（离婚损害赔偿）, 第1091条【离婚损害赔偿】, as annotated
 * editions and LLM answers write): Chinese words only, not a 项 number, a version (2018年修正) nor a definition (以下简称).
 */
const CLAUSE_LABEL = /\s*(?:[（(]([\u4e00-\u9fa5、，,]{2,24})[)）]|【([\u4e00-\u9fa5、，,]{2,24})】)/y;
/** 关于 / 有关 … 的规定 right after an article: the words between, without quotation marks or clause breaks. */
const ABOUT = /\s*(?:中|之)?(?:关于|有关)([\u4e00-\u9fa5、0-9%％]{2,40}?)的(?:规定|内容)/y;
const NOT_A_LABEL = /^[一二三四五六七八九十]+$|以下简称|下称|简称|修正|修订|修改|施行|公布|废止|失效|有效|略|节选|摘录|试行|草案|第[一二三四五六七八九十百千零〇两]+[条款项章节编]|^原|参见|参照|同上|即/;

export function extractCitations(original: string, opts: ExtractOptions = {}): Extraction {
  // Match on a same-length normalised copy (simplified characters, half-width digits), so
  // 第５７７條 and 《民法典》 written in traditional characters are found; copy out of the original.
  const normalized = normalizeForOffsets(original);
  const text = normalized.length === original.length ? normalized : original;
  const maxStatutes = opts.maxStatutes ?? MAX_STATUTE_ENTRIES;
  const maxCases = opts.maxCases ?? MAX_CASE_ENTRIES;
  const definitions = new Map<string, string>();
  const baseKnown = opts.isKnownName ?? defaultKnownName;
  const isKnown = (n: string) => definitions.has(n) || baseKnown(n);
  const mentions = findNameMentions(text, isKnown, definitions);
  const statutes: ExtractedStatute[] = [];
  const nameOnly: { m: NameMention; idx: number }[] = [];
  const citedWithClause = new Set<string>();
  let lastNamed: NameMention | null = null;
  let group = 0;
  let overflow = 0;

  const inQuote = new Uint8Array(text.length + 1);
  for (const m of mentions) {
    // a law's own cross-references inside a quoted clause (依照本法第四十九条) are not the draft's citations
    if (inQuote[m.start]) continue;
    let target = m;
    if (m.backRef) {
      if (!lastNamed) continue;
      // a bare 第X条 stands for the law named last only in the same sentence, after that law's own citation
      // (or in a later sentence of its paragraph, close after it: 「依据《民法典》第五百三十八条，…；但根据第五百四十条，…」 —
      // eleventh session, LLM answers name the law once — unless a contract's or a charter's clause is meant: 依照第五条约定)
      if (m.bare) {
        const prev = statutes[statutes.length - 1];
        if (!prev || prev.name !== lastNamed.name) continue;
        const between = text.slice(prev.end, m.start);
        const sameSentence = !/[。；;！!？?\n]/.test(between);
        if (!sameSentence && (/\n/.test(between) || between.length > BARE_REACH || AGREED_CLAUSE.test(text.slice(m.start, m.start + 24)) || /合同|协议|章程|约定/.test(between.slice(Math.max(between.search(/[。；;！!？?][^。；;！!？?]*$/), 0))))) continue;
      }
      // 本解释 / 本规定 / 本条例 … is the writer's own instrument (an interpretation citing 民事诉讼法 and then 本解释第八十七条):
      // it names the last instrument only when that one is of the same kind
      const own = /^本(解释|规定|条例|办法|细则)$/.exec(m.raw);
      if (own && !lastNamed.name.includes(own[1]!)) continue;
      target = { ...lastNamed, raw: m.raw, start: m.start, end: m.end, backRef: true };
      // …and so is 本法第四十七条 in a restatement of the law's article after its citation, same sentence (根据《劳动合同法》
      // 第四十六条，用人单位违反本法规定…应当依照本法第四十七条规定的…): statute text restated, its own cross-reference; a
      // draft that is no law writes 该法 / 同法 when it cites again
      const prev = statutes[statutes.length - 1];
      if (/^本(?:法|条例)$/.test(m.raw) && prev && prev.name === lastNamed.name && !prev.quoted && prev.tid) {
        const between = text.slice(prev.end, m.start);
        if (!/[。；;！!？?\n]/.test(between) && /[，,：:]/.test(between)) continue;
      }
    }
    let pos = m.end;
    let versionYear = target.versionYear;
    RE_VERSION_AFTER.lastIndex = pos;
    const vm = RE_VERSION_AFTER.exec(text);
    if (vm && !m.backRef) {
      versionYear = Number(vm[1]);
      pos = RE_VERSION_AFTER.lastIndex;
    }
    // 《X》（以下简称《Y》）第N条, 《X》（法释〔2001〕33号，2019年修正）第N条: the note between name and number
    for (let k = 0; k < 2 && !m.backRef; k++) {
      NAME_NOTE.lastIndex = pos;
      const note = NAME_NOTE.exec(text);
      if (!note || !/以下简称|以下称|下称|简称|〔|号|修正|修订|修改|施行|公布|通过/.test(note[1]!)) break;
      const y = /((?:19|20)\d{2})\s*年\s*(?:修正|修订|修改)/.exec(note[1]!);
      if (y) versionYear = Number(y[1]);
      pos = NAME_NOTE.lastIndex;
    }
    // 《民法典》侵权责任编第1165条, 《民法典》第三编合同第八章违约责任第五百七十七条: the part named between name and number
    PART_BEFORE_ARTICLE.lastIndex = pos;
    if (PART_BEFORE_ARTICLE.exec(text)) pos = PART_BEFORE_ARTICLE.lastIndex;
    const room = Math.max(0, maxStatutes - statutes.length);
    const chain = parseClauseChain(text, pos, room);
    const hits = chain.hits;
    overflow += chain.extra;
    if (!m.backRef) lastNamed = { ...m, versionYear };
    if (hits.length === 0) {
      if (chain.extra === 0 && m.bracketed && !m.backRef && looksLikeLawName(m.name)) nameOnly.push({ m: { ...m, versionYear }, idx: statutes.length });
      continue;
    }
    group++;
    // a version named after the article (第71条（2018年修正）, as LLM answers write it) names the version as one after the name does
    let chainEnd = chain.end;
    RE_VERSION_AFTER.lastIndex = chainEnd;
    const after = m.backRef ? null : RE_VERSION_AFTER.exec(text);
    if (after) {
      versionYear ??= Number(after[1]);
      chainEnd = RE_VERSION_AFTER.lastIndex;
    }
    const content = contentFor(text, original, m.start, chainEnd);
    if (content.quoted) inQuote.fill(1, content.start, content.end);
    citedWithClause.add(lawKey(target.name));
    hits.forEach((h, i) => {
      const shape: CitationShape = m.backRef ? "back_reference" : h.shape;
      statutes.push({
        kind: "statute",
        name: target.name,
        nameRaw: original.slice(m.start, m.end),
        clause: h.clause,
        tid: h.tid,
        ...(h.paragraph ? { paragraph: h.paragraph } : {}),
        ...(h.item ? { item: h.item } : {}),
        ...(versionYear ? { versionYear } : {}),
        ...(target.definedAs ? { definedAs: target.definedAs } : {}),
        shape,
        content: content.text,
        quoted: content.quoted,
        claim: content.claim,
        contentStart: content.start,
        contentEnd: content.end,
        start: i === 0 || h.shape === "range" ? Math.min(m.start, h.start) : h.start,
        end: h.end,
        group,
        chainEnd,
        ...(h.label ? { label: h.label } : {}),
        ...(h.about ? { about: h.about } : {}),
      });
    });
  }

  // Name-only: first bracketed mention of a law that is never cited with a clause.
  const seenNameOnly = new Set<string>();
  const nameOnlyEntries: ExtractedStatute[] = [];
  for (const { m } of nameOnly) {
    const k = lawKey(m.name);
    if (citedWithClause.has(k) || seenNameOnly.has(k)) continue;
    seenNameOnly.add(k);
    if (statutes.length + nameOnlyEntries.length >= maxStatutes) {
      overflow++;
      continue;
    }
    group++;
    const content = contentFor(text, original, m.start, m.end);
    nameOnlyEntries.push({
      kind: "statute",
      name: m.name,
      nameRaw: original.slice(m.start, m.end),
      clause: "",
      tid: "",
      ...(m.versionYear ? { versionYear: m.versionYear } : {}),
      ...(m.definedAs ? { definedAs: m.definedAs } : {}),
      shape: "name_only",
      content: content.text,
      quoted: content.quoted,
      claim: content.claim,
      contentStart: content.start,
      contentEnd: content.end,
      start: m.start,
      end: m.end,
      group,
      chainEnd: m.end,
    });
  }
  sameArticle(statutes, text, original, maxStatutes - statutes.length - nameOnlyEntries.length);
  splitStatements(statutes, text, original);
  const all = [...statutes, ...nameOnlyEntries].sort((a, b) => a.start - b.start || a.end - b.end);
  const { cases, extra } = extractCaseNumbers(text, original, all, maxCases);
  return { statutes: all, cases, definitions, overflow: { statutes: overflow, cases: extra } };
}

/**
 * 同条第三款 (同条第二款第（一）项): another 款 of the article cited just before. Not 本条第X款 (statute language's own article),
 * nor 该条第X款 for now: statute language and judgments write it in reasoning the steps were not measured on (a legislation
 * alarm on 「但依照该条第二款被撤销假释的罪犯…系其自首…」).
 */
const RE_SAME_ARTICLE = new RegExp(`同条\\s*第\\s*(${NUM})\\s*款(?:\\s*${ITEM})?`, "g");

/**
 * 同条第三款: a 款 of the article the draft cited last, in the same paragraph and at most BARE_REACH characters
 * before (「《公司法》第二十三条第一款规定…；同条第三款规定…」). Appended to `statutes` (at most `room`), in place.
 */
function sameArticle(statutes: ExtractedStatute[], text: string, original: string, room: number): void {
  if (room <= 0 || !/同条\s*第/.test(text)) return;
  const found: ExtractedStatute[] = [];
  for (const m of text.matchAll(RE_SAME_ARTICLE)) {
    const at = m.index!;
    if (statutes.some((x) => x.start <= at && at < x.end)) continue;
    const prev = [...statutes].reverse().find((x) => x.end <= at && x.tid);
    if (!prev || at - prev.end > BARE_REACH || /\n/.test(text.slice(prev.end, at))) continue;
    const para = num(m[1]);
    const item = m[2] ? num(m[2]) : null;
    if (!para || para <= 0) continue;
    const end = at + m[0].length;
    const content = contentFor(text, original, at, end);
    const art = prev.clause.replace(/第[^条]*款.*$|第[（(]?[^条]*[)）]?项$/, "").replace(/(第[^条]+条(?:之[一二三四五六七八九十]+)?).*$/, "$1");
    found.push({
      ...prev,
      clause: `${art}第${cn(para)}款${item ? `第${cn(item)}项` : ""}`,
      paragraph: para,
      ...(item ? { item } : {}),
      shape: "back_reference",
      content: content.text,
      quoted: content.quoted,
      claim: content.claim,
      contentStart: content.start,
      contentEnd: content.end,
      start: at,
      end,
      group: Math.max(...statutes.map((x) => x.group)) + found.length + 1,
      chainEnd: end,
      nameRaw: original.slice(at, at + 2),
    });
    if (found.length >= room) break;
  }
  for (const f of found) {
    if (!f.item) delete (f as { item?: number }).item;
    statutes.push(f);
  }
}

function lawKey(name: string): string {
  return splitVersionMark(name).name.replace(/^中华人民共和国/, "").replace(/[《》〈〉\s]/g, "");
}

function defaultKnownName(name: string): boolean {
  return lookupAlias(name) !== null || lookupRepealed(name) !== null || /^中华人民共和国[\u4e00-\u9fa5]{2,}/.test(name) || BUILTIN_NAMES.has(name);
}

/** Names known without an index, so unbracketed citations of the big codes are found in unit tests too. */
const BUILTIN_NAMES = new Set(["民法典", "公司法", "刑法", "证券法", "劳动法", "劳动合同法", "消费者权益保护法", "民事诉讼法", "刑事诉讼法", "行政诉讼法", "合同法", "物权法", "担保法", "民法通则", "民法总则", "侵权责任法", "会计法", "著作权法", "专利法", "商标法", "保险法", "票据法"]);

/**
 * A definition right after a full name: （以下简称《解释》）, （下称“规定”）, ，以下简称破产法, （以下简称《劳动争议解释（一）》）.
 * The group holds the short name as written (without 《》 or quotation marks; a trailing ordinal （一） kept).
 */
const DEFINITION = /^\s*(?:[（(]\s*(?:[^（）()，,；;。\n]{1,24}[，,；;]\s*)?)?[，,]?\s*(?:以下简称|以下称|下文简称|下称|简称)\s*[：:]?\s*[《“"「『]?([^《》“”"「」『』（）()，,。；;\s]{1,30}?(?:[（(][一二三四五六七八九十]{1,3}[)）])?)[》”"」』]?\s*(?:[)）]|(?=[，,。；;\s]))/;

/** Titles that are not legal instruments: decisions about a person, contracts, reports, court papers. */
export function isNonInstrument(name: string): boolean {
  if (lookupAlias(name)) return false; // 《九民纪要》: a court's meeting minutes the table knows
  return (
    /(?:合同|协议|协议书|章程|报告|意见书|通知书|判决书|裁定书|决定书|调解书|起诉状|起诉书|申请书|答辩状|上诉状|承诺书|确认书|说明书|清单|纪要|笔录|鉴定书|函)$/.test(name) ||
    /(?:给予|对)[^》]{1,24}(?:处分|处理|表彰|奖励|通报)|开除|党籍|任命|任免|免去|免职|嘉奖|聘任/.test(name)
  );
}

/** Law names in reading order: bracketed 《…》, unbracketed JI titles, known unbracketed names, back-references. */
function findNameMentions(text: string, isKnown: (n: string) => boolean, definitions: Map<string, string>): NameMention[] {
  const out: NameMention[] = [];
  // covered[i] = 1 when character i already belongs to a name (linear overlap checks)
  const covered = new Uint8Array(text.length + 1);
  const taken = { push: ([a, b]: [number, number]) => covered.fill(1, a, b) };
  const overlaps = (s: number, e: number) => {
    for (let k = s; k < e; k++) if (covered[k]) return true;
    return false;
  };

  // 1. bracketed names, nesting-aware (《最高人民法院关于适用《民法典》…的解释》)
  for (let i = text.indexOf("《"); i >= 0 && i < text.length; i = text.indexOf("《", i + 1)) {
    let depth = 0;
    let j = i;
    let breaks = 0;
    for (; j < text.length && j - i <= 120; j++) {
      const c = text[j];
      if (c === "《") depth++;
      else if (c === "》") {
        depth--;
        if (depth === 0) break;
      } else if (c === "\n" && ++breaks > 1) break; // a title wrapped onto a second line, not a paragraph
    }
    if (depth !== 0 || text[j] !== "》") continue;
    const inner = text.slice(i + 1, j).replace(/[《》〈〉]/g, "").replace(/\s+/g, "");
    if (!inner) continue;
    const v = splitVersionMark(inner);
    const start = i;
    taken.push([start, j + 1]);
    i = j; // skip nested brackets
    if (isNonInstrument(v.name)) continue;
    out.push({ name: v.name, raw: text.slice(start, j + 1), start, end: j + 1, versionYear: v.year, bracketed: true, backRef: false });
  }

  // 1b. titles wrapped in 〈〉 or 「」 instead of 《》 (outside any 《》): a name shaped like an
  //     instrument; 「」 (also a quotation mark) only when an article number follows
  for (const m of text.matchAll(/([〈「])([^〈〉「」《》\n]{2,80})([〉」])/g)) {
    const s = m.index!;
    const e = s + m[0].length;
    if ((m[1] === "〈") !== (m[3] === "〉") || overlaps(s, e)) continue;
    const v = splitVersionMark(m[2]!.replace(/\s+/g, ""));
    if (!looksLikeLawName(v.name) || isNonInstrument(v.name) || BACK_REF_EXACT.test(v.name)) continue;
    if (m[1] === "「" && !new RegExp(`^\\s*(?:[（(][^（）()\\n]{1,60}[)）]\\s*)?第\\s*${NUM}\\s*条`).test(text.slice(e, e + 80))) continue;
    out.push({ name: v.name, raw: m[0], start: s, end: e, versionYear: v.year, bracketed: true, backRef: false });
    taken.push([s, e]);
  }

  // 2. unbracketed judicial-interpretation titles (may contain 《》: drop bracketed mentions inside)
  for (const m of text.matchAll(JI_NAME)) {
    const s = m.index!;
    const e = s + m[0].length;
    if (covered[s]) continue; // itself inside brackets
    if (/[《〈]/.test(m[0])) {
      for (let k = out.length - 1; k >= 0; k--) if (out[k]!.start >= s && out[k]!.end <= e) out.splice(k, 1);
    }
    const name = m[0].replace(/[《》〈〉]/g, "");
    out.push({ name, raw: m[0], start: s, end: e, versionYear: null, bracketed: false, backRef: false });
    taken.push([s, e]);
  }

  // 1c. a title whose inner law name the source removed (关于适用的解释, for 关于适用《刑事诉讼法》的
  //     解释): filled in only when exactly one law the document names makes a known title of it
  const lawsNamed = [...new Set(out.filter((m) => /法$|法典$/.test(m.name) && !STRIPPED.test(m.name)).map((m) => m.name))];
  for (const m of out) {
    const hole = STRIPPED.exec(m.name);
    if (!hole) continue;
    const at = hole.index + hole[1]!.length;
    const fits = lawsNamed.map((law) => `${m.name.slice(0, at)}《${law}》${m.name.slice(at)}`).filter((full) => isKnown(full));
    if (fits.length !== 1) continue;
    m.definedAs = m.name;
    m.name = fits[0]!;
  }

  // definitions right after a full name: later mentions of the short name stand for it
  out.sort((a, b) => a.start - b.start);
  const defined: NameMention[] = [];
  for (const m of out) {
    if (m.backRef) continue;
    let p = m.end;
    RE_VERSION_AFTER.lastIndex = p;
    if (RE_VERSION_AFTER.exec(text)) p = RE_VERSION_AFTER.lastIndex;
    // a note before the definition: 《…办法》(建设部、财政部令第165号)（以下简称《办法》）
    NAME_NOTE.lastIndex = p;
    const note = NAME_NOTE.exec(text);
    if (note && /〔|号|令|修正|修订|施行|公布/.test(note[1]!) && !/简称|下称/.test(note[1]!)) p = NAME_NOTE.lastIndex;
    const d = DEFINITION.exec(text.slice(p, p + 72));
    if (!d) continue;
    const short = d[1]!.trim();
    if (short.length < 2 || short === m.name) continue;
    const full = definitions.get(m.name) ?? m.name;
    definitions.set(short, full);
    const defEnd = p + d.index + d[0].length;
    // the short name inside the definition is not a citation of its own
    for (let k = out.length - 1; k >= 0; k--) if (out[k]!.start >= m.end && out[k]!.end <= defEnd) out.splice(k, 1);
    covered.fill(1, m.end, defEnd);
    defined.push(m);
  }
  if (definitions.size) {
    for (const m of out) {
      const full = definitions.get(m.name);
      if (full && !defined.includes(m)) {
        m.definedAs = m.name;
        m.name = full;
      }
    }
  }

  // 3. unbracketed known names followed by 第X条 (longest known suffix of the run)
  for (const m of text.matchAll(UNBRACKETED)) {
    const run = m[1]!;
    const runStart = m.index!;
    if (overlaps(runStart, runStart + run.length)) continue;
    for (let k = 0; k + 2 <= run.length; k++) {
      const cand = run.slice(k);
      if (BACK_REF_EXACT.test(cand)) break;
      if (isKnown(cand)) {
        const full = definitions.get(cand);
        out.push({ name: full ?? cand, raw: cand, start: runStart + k, end: runStart + run.length, versionYear: null, bracketed: false, backRef: false, ...(full ? { definedAs: cand } : {}) });
        taken.push([runStart + k, runStart + run.length]);
        break;
      }
    }
  }

  // 4. back-references 该法第X条 …
  for (const m of text.matchAll(BACK_REF)) {
    const s = m.index!;
    const e = s + m[0].length;
    if (overlaps(s, e)) continue;
    if (!new RegExp(`^\\s*第\\s*${NUM}\\s*条`).test(text.slice(e, e + 16))) continue;
    out.push({ name: "", raw: m[0], start: s, end: e, versionYear: null, bracketed: false, backRef: true });
  }
  // 5. a bare 第X条 right after a lead word (…，并可依据第六百七十六条要求支付逾期利息): the law named last in the sentence
  // (checked where mentions are read); a chain's later items follow 、/和, never a lead word, so none is taken twice
  for (const m of text.matchAll(BARE_ARTICLE)) {
    const s = m.index! + m[1]!.length;
    out.push({ name: "", raw: "", start: s, end: s, versionYear: null, bracketed: false, backRef: true, bare: true });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** 关于适用的解释 / 关于执行若干问题的解释: 适用 or 执行 with no law after it (the hole is after group 1). */
const STRIPPED = /(关于(?:适用|执行|贯彻执行|实施))(?=(?:若干问题)?的(?:解释|规定|意见))/;

/** How far (characters) after the law's own citation a bare 第X条 in a later sentence of the paragraph still stands for that law. */
export const BARE_REACH = 200;
/** A bare 第X条 followed by 约定: a contract's clause (依照第五条约定), not the law's. */
const AGREED_CLAUSE = new RegExp(`^第\\s*${NUM}\\s*条[^，。；]{0,8}?(?:的)?约定`);

/** A lead word and a bare article number (依据第六百七十六条); not after a name, 本法 or another number. */
const BARE_ARTICLE = new RegExp(`((?:依据|根据|依照|按照|参照|适用)\\s*)(?=第\\s*${NUM}\\s*条)`, "g");

const BACK_REF_EXACT = /^(?:该|同|本|上述|前述|前引|此)(?:法律|法|条例|司法解释|解释|规定|办法|细则)$/;

function num(s: string | undefined): number | null {
  return s === undefined ? null : parseChineseNumber(s.replace(/\s+/g, ""));
}

function tidOf(n: number, zhi: string | undefined): string {
  const z = zhi ? parseChineseNumber(zhi.slice(1)) : null;
  return z ? `${n}-${z}` : String(n);
}

/**
 * Parses 第X条… and its list / range continuations starting at `pos` (after optional spaces).
 * At most `room` hits are built; the rest of the chain is still read (for its end) and counted
 * in `extra`, so a hostile chain costs a linear scan and no memory.
 */
function parseClauseChain(text: string, pos: number, room: number): { hits: ClauseHit[]; extra: number; end: number } {
  const hits: ClauseHit[] = [];
  let extra = 0;
  const add = (h: ClauseHit) => {
    if (hits.length < room) hits.push(h);
    else extra++;
  };
  let p = pos;
  while (p < text.length && (text[p] === " " || text[p] === "\u3000")) p++;
  let end = p;
  let lastArt: { label: string; tid: string } | null = null;
  let lastPara: { label: string; n: number } | null = null;
  let first = true;
  /** 第一、三款 after an article: one hit per 款. */
  const multiPara = (art: { label: string; tid: string }, at: number): boolean => {
    RE_PARA_MULTI.lastIndex = at;
    const mm = RE_PARA_MULTI.exec(text);
    if (!mm) return false;
    const ns = mm[1]!.split(/\s*[、，,]\s*/).map((x) => num(x));
    if (ns.some((x) => x === null || x <= 0)) return false;
    for (const n of ns) add({ clause: `${art.label}第${cn(n!)}款`, tid: art.tid, paragraph: n!, start: mm.index, end: RE_PARA_MULTI.lastIndex, shape: "list" });
    lastPara = { label: `第${cn(ns[ns.length - 1]!)}款`, n: ns[ns.length - 1]! };
    p = RE_PARA_MULTI.lastIndex;
    return true;
  };
  /** （一）、（二）项 after an article or 款 (no item yet): one hit per 项, else false. */
  const itemList = (art: { label: string; tid: string }, para: { label: string; n: number } | null, from: number, at: number, shape: CitationShape): boolean => {
    RE_ITEM_LIST.lastIndex = at;
    const im = RE_ITEM_LIST.exec(text);
    if (!im) return false;
    const ns = [...im[1]!.matchAll(new RegExp(NUM, "g"))].map((x) => num(x[0]));
    if (!ns.length || ns.some((x) => x === null || x <= 0)) return false;
    ns.forEach((n, k) => add({ clause: `${art.label}${para?.label ?? ""}第${cn(n!)}项`, tid: art.tid, ...(para ? { paragraph: para.n } : {}), item: n!, start: from, end: RE_ITEM_LIST.lastIndex, shape: k === 0 ? shape : "list" }));
    p = RE_ITEM_LIST.lastIndex;
    return true;
  };
  for (;;) {
    let matched = false;
    // range first: 第二十至二十三条 / 第二十条至第二十三条
    RE_RANGE.lastIndex = p;
    const r = RE_RANGE.exec(text);
    if (r) {
      const a = num(r[1]);
      const b = num(r[2]);
      if (a !== null && b !== null && b > a) {
        // an over-long range (第一条至第九百条) is not a list of citations: keep its two ends
        const ns = b - a < MAX_RANGE ? Array.from({ length: b - a + 1 }, (_, k) => a + k) : [a, b];
        if (hits.length >= room) extra += ns.length;
        else for (const n of ns) add({ clause: `第${cn(n)}条`, tid: String(n), start: r.index, end: RE_RANGE.lastIndex, shape: "range" });
        lastArt = { label: `第${cn(b)}条`, tid: String(b) };
        lastPara = null;
        p = RE_RANGE.lastIndex;
        matched = true;
      }
    }
    // 第二十五、二十六条 / 第1165、1166条: several articles under one 第…条
    if (!matched) {
      RE_ART_MULTI.lastIndex = p;
      const mm = RE_ART_MULTI.exec(text);
      const ns = mm ? mm[1]!.split(/\s*[、，,]\s*/).map((x) => ({ raw: x.trim(), n: num(x) })) : [];
      if (mm && ns.every((x) => x.n !== null && x.n > 0)) {
        ns.forEach((x, k) => {
          if (hits.length >= room) extra++;
          else add({ clause: `第${x.raw}条`, tid: tidOf(x.n!, undefined), start: mm.index, end: RE_ART_MULTI.lastIndex, shape: first && k === 0 ? "clause" : "list" });
        });
        const last = ns[ns.length - 1]!;
        lastArt = { label: `第${last.raw}条`, tid: tidOf(last.n!, undefined) };
        lastPara = null;
        p = RE_ART_MULTI.lastIndex;
        matched = true;
      }
    }
    if (!matched) {
      // after a separator, an article written without 第 continues the list (第二十五条、二十六条; 第1165条、1166条)
      const re = !first && !/^\s*第/.test(text.slice(p, p + 3)) ? RE_ART_BARE : RE_ART;
      re.lastIndex = p;
      const m = re.exec(text);
      if (m) {
        const n = num(m[1]);
        if (n !== null && n > 0) {
          const tid = tidOf(n, m[2]);
          const para = num(m[3]);
          const item = num(m[4]);
          const artOnly = `第${m[1]!.replace(/\s+/g, "")}条${m[2] ?? ""}`; // (also for an article written without 第)
          const after = re.lastIndex;
          lastArt = { label: artOnly, tid };
          p = after;
          const paraHere = para ? { label: `第${m[3]}款`, n: para } : null;
          if (!item && itemList(lastArt, paraHere, m.index, after, first ? "clause" : "list")) {
            lastPara = paraHere;
          } else if (para || item || !multiPara(lastArt, after)) {
            const artLabel = `${re === RE_ART_BARE ? "第" : ""}${text.slice(m.index, m.index + m[0].length).replace(/\s+/g, "")}`.replace(PARA_WITHOUT_DI, "条第$1款");
            add({ clause: artLabel, tid, ...(para ? { paragraph: para } : {}), ...(item ? { item } : {}), start: m.index, end: after, shape: first ? "clause" : "list" });
            lastPara = paraHere;
          } else if (first && hits.length) {
            hits[0] = { ...hits[0]!, start: m.index, shape: "clause" };
          }
          matched = true;
        }
      } else if (!first && lastArt) {
        if (multiPara(lastArt, p)) matched = true;
        else {
          RE_PARA.lastIndex = p;
          const pm = RE_PARA.exec(text);
          if (pm && !pm[2] && itemList(lastArt, { label: `第${pm[1]}款`, n: num(pm[1])! }, pm.index, RE_PARA.lastIndex, "list")) {
            lastPara = { label: `第${pm[1]}款`, n: num(pm[1])! };
            matched = true;
          } else if (pm) {
            const para = num(pm[1])!;
            const item = num(pm[2]);
            add({ clause: lastArt.label + pm[0].replace(/\s+/g, ""), tid: lastArt.tid, paragraph: para, ...(item ? { item } : {}), start: pm.index, end: RE_PARA.lastIndex, shape: "list" });
            lastPara = { label: `第${pm[1]}款`, n: para };
            p = RE_PARA.lastIndex;
            matched = true;
          } else {
            RE_ITEM.lastIndex = p;
            const im = RE_ITEM.exec(text);
            if (im) {
              const item = num(im[1])!;
              add({ clause: lastArt.label + (lastPara?.label ?? "") + im[0].replace(/\s+/g, ""), tid: lastArt.tid, ...(lastPara ? { paragraph: lastPara.n } : {}), item, start: im.index, end: RE_ITEM.lastIndex, shape: "list" });
              p = RE_ITEM.lastIndex;
              matched = true;
            }
          }
        }
      }
    }
    if (!matched) break;
    end = p;
    first = false;
    // 第1091条（离婚损害赔偿）、第1087条（…）: the topic belongs to the last article, and the chain goes on after it
    CLAUSE_LABEL.lastIndex = p;
    const lm = CLAUSE_LABEL.exec(text);
    const topic = lm ? (lm[1] ?? lm[2])! : "";
    if (lm && !NOT_A_LABEL.test(topic) && hits.length) {
      const last = hits[hits.length - 1]!;
      for (const h of hits) if (h.tid === last.tid && h.end === last.end && h.start === last.start) h.label = topic;
      p = CLAUSE_LABEL.lastIndex;
      end = p;
    }
    RE_SEP.lastIndex = p;
    const s = RE_SEP.exec(text);
    if (!s) break;
    const after = RE_SEP.lastIndex;
    if (!/^第/.test(text.slice(after, after + 1)) && !BARE_ARTICLE_AHEAD.test(text.slice(after, after + 12))) break;
    p = after;
  }
  // 第九条关于消费者自主决定购买…的规定: what one article (not a list) is said to be about; a quoted topic is the quote's business
  if (hits.length && hits.every((h) => h.tid === hits[0]!.tid && !h.label)) {
    ABOUT.lastIndex = end;
    const am = ABOUT.exec(text);
    if (am && !NOT_A_LABEL.test(am[1]!)) for (const h of hits) h.about = am[1]!;
  }
  return { hits, extra, end };
}

function cn(n: number): string {
  return toChineseNumber(n);
}

interface Content {
  text: string;
  quoted: boolean;
  claim: string;
  start: number;
  end: number;
}

/**
 * The excerpt a citation carries: a quotation right after it (规定：“…”), the unquoted text
 * after 规定： up to the sentence end, else the whole sentence holding the citation.
 */
/** The longest excerpt an entry carries as `content` (a quote is cut at 2,000 characters too). */
export const MAX_CONTENT_CHARS = 2_000;

/** After a quotation's close: the sentence goes on with another quoted term or defines the quoted one. */
const TERM_CONTINUES = /^\s*(?:(?:和|与|及|以及|、|或者|或)\s*[“「"‘『]|[，,]?\s*(?:是指|系指|是|包括)[^的])/;

/**
 * An article's own statement right after its number: 规定 (明确规定, 亦规定 …) without a colon (that is pasted text), then
 * its words — not 的规定 / 之规定 closing 依照…, nor 规定的情形 (a modifier).
 */
const OWN_STATEMENT = /\s*(?:明确|亦|也|同时|进一步|则|另)?规定(?![的之])(?:了)?\s*[，,]?\s*/y;
/** Words an article's own statement must have before the next citation (CJK characters). */
const OWN_STATEMENT_MIN = 6;
/** What joins one statement to the next: trimmed from either side of the boundary. */
const STATEMENT_JOINT = /[\s，,；;、]+$|(?:以及|并且|而且|同时|和|及|与|而)$/;

/**
 * Several citations in one sentence, each followed by 规定 and words of its own before the next (「《环境保护法》第六十五条
 * 规定禁止篡改…，《大气污染防治法》第一百二十六条规定禁止…弄虚作假，…第七条规定不得…」): each states its own article, it is
 * not a list applying them all to one conclusion — each keeps its own part of the sentence as its content (and so is judged
 * on it alone). Only when every citation of the sentence is followed so; a list (依照…第X条、…第Y条的规定，判决如下) is not.
 * By hand: a reading of the sentence's structure around the citations found here, which no segmenter gives.
 */
function splitStatements(statutes: ExtractedStatute[], text: string, original: string): void {
  const bySentence = new Map<string, ExtractedStatute[]>();
  for (const st of statutes) {
    if (st.quoted || !st.tid) continue;
    const k = `${st.contentStart}:${st.contentEnd}`;
    bySentence.set(k, [...(bySentence.get(k) ?? []), st]);
  }
  for (const list of bySentence.values()) {
    const groups = [...new Set(list.map((st) => st.group))].map((g) => list.filter((st) => st.group === g)).sort((a, b) => a[0]!.start - b[0]!.start);
    if (groups.length < 2) continue;
    const starts = groups.map((g) => Math.min(...g.map((st) => st.start)));
    const end = list[0]!.contentEnd;
    const claims: number[] = [];
    let ok = true;
    for (let k = 0; k < groups.length && ok; k++) {
      const chainEnd = Math.max(...groups[k]!.map((st) => st.chainEnd));
      OWN_STATEMENT.lastIndex = chainEnd;
      const lead = OWN_STATEMENT.exec(text);
      const stop = k + 1 < groups.length ? starts[k + 1]! : end;
      if (!lead || OWN_STATEMENT.lastIndex >= stop) ok = false;
      else if (termText(text.slice(OWN_STATEMENT.lastIndex, stop)).length < OWN_STATEMENT_MIN) ok = false;
      claims.push(OWN_STATEMENT.lastIndex);
    }
    if (!ok) continue;
    groups.forEach((g, k) => {
      let segStart = k === 0 ? g[0]!.contentStart : starts[k]!;
      let segEnd = k + 1 < groups.length ? starts[k + 1]! : end;
      for (let m = STATEMENT_JOINT.exec(text.slice(segStart, segEnd)); m?.[0]; m = STATEMENT_JOINT.exec(text.slice(segStart, segEnd))) segEnd -= m[0].length;
      while (segStart < segEnd && /\s/.test(text[segStart]!)) segStart++;
      for (const st of g) {
        st.contentStart = segStart;
        st.contentEnd = segEnd;
        st.content = original.slice(segStart, segEnd);
        st.claim = original.slice(Math.min(claims[k]!, segEnd), segEnd);
      }
    });
  }
}

function contentFor(text: string, original: string, citeStart: number, citeEnd: number): Content {
  let p = citeEnd;
  // skip a trailing 的 / 之 / 中 and the introducing verb
  INTRO.lastIndex = p;
  const intro = INTRO.exec(text);
  let colon = false;
  if (intro) {
    p = INTRO.lastIndex;
    colon = /[：:]/.test(intro[1] ?? "");
  } else {
    const m = /\s*[：:]\s*/y;
    m.lastIndex = p;
    if (m.exec(text)) {
      p = m.lastIndex;
      colon = true;
    }
  }
  const open = text[p];
  if (open && open in QUOTE_PAIRS && (intro || colon || p - citeEnd <= 2)) {
    const close = QUOTE_PAIRS[open]!;
    let q = text.indexOf(close, p + 1);
    const para = text.indexOf("\n", p + 1);
    if (q < 0 || (para >= 0 && para < q)) q = para >= 0 ? para : Math.min(text.length, p + 2000);
    const inner = original.slice(p + 1, q);
    // a quoted term that the sentence goes on defining (规定，“计算机信息系统”和“计算机系统”，是指…): the
    // article's words are the whole sentence, read as pasted text below, not the term alone
    if (inner.trim() && !TERM_CONTINUES.test(text.slice(q + 1, q + 12))) return { text: inner, quoted: true, claim: inner, start: p + 1, end: q };
  }
  if (colon) {
    let q = p;
    // to the sentence's end, or to the next item of a list of citations (…；2.《劳动合同法》第二十四条：…)
    while (q < text.length && q - p < 2000 && !/[。\n]/.test(text[q]!) && !(/[；;]/.test(text[q]!) && NEXT_ITEM.test(text.slice(q + 1, q + 40)))) q++;
    const inner = original.slice(p, q);
    if (inner.trim()) return { text: inner, quoted: true, claim: inner, start: p, end: q };
  }
  // the sentence carrying the citation (at most SENTENCE_WINDOW characters either side)
  let s = citeStart;
  while (s > 0 && citeStart - s < SENTENCE_WINDOW && !SENTENCE_END.test(text[s - 1]!)) s--;
  let e = citeEnd;
  while (e < text.length && e - citeEnd < SENTENCE_WINDOW && !SENTENCE_END.test(text[e]!)) e++;
  // an attribution after a dash that closes the statement (租赁期限不得超过二十年。……——《民法典》第七百零五条): the statement
  // is the paragraph before it
  // …and so does a sentence that only names the source of what was said before it (……。依据是《民法典》第四百零五条。 /
  // 法律依据：《…》第X条。), as an answer closes a paragraph: the statement back to the paragraph's start or the last citation
  // (or a line of its own after the answer: 答：……\n法律依据：《公司法》第五十一条 — the lines above it, not the question's)
  const ownLine = s > 0 && text[s - 1] === "\n";
  const attribution = DASH_ATTRIBUTION.test(text.slice(s, citeStart)) || (s > 0 && /[。！？!?\n]/.test(text[s - 1]!) && SOURCE_ATTRIBUTION.test(text.slice(s, citeStart)));
  if (attribution && /^\s*(?:的规定|之规定|规定)?\s*[）)]?\s*[。；;]?\s*$/.test(text.slice(citeEnd, e + 1))) {
    let para = text.lastIndexOf("\n", s - 1) + 1;
    if (ownLine && para === s) {
      let top = s - 1;
      while (top > 0 && s - top < SENTENCE_WINDOW) {
        const from = text.lastIndexOf("\n", top - 1) + 1;
        if (!text.slice(from, top).trim() || QUESTION_LINE.test(text.slice(from, top))) break;
        top = from;
        if (from === 0) break;
      }
      para = top;
    }
    let back = s;
    while (back > para && s - back < SENTENCE_WINDOW) back--;
    // (not back past another citation: its sentence is its own)
    const cited = text.slice(back, s).search(/》[^》]*$/);
    if (cited >= 0) {
      const after = text.slice(back + cited, s).search(/[。！？!?]/);
      back = after >= 0 ? back + cited + after + 1 : s;
    }
    s = back;
  }
  while (s < e && /\s/.test(text[s]!)) s++;
  // a clause chain can span the whole draft (第1至49条、第1至49条…): the excerpt stays bounded
  if (e - s > MAX_CONTENT_CHARS) e = s + MAX_CONTENT_CHARS;
  let claimStart = Math.min(intro ? p : citeEnd, e);
  while (claimStart < e && /[\s，,、的之]/.test(text[claimStart]!)) claimStart++;
  return { text: original.slice(s, e), quoted: false, claim: original.slice(claimStart, e), start: s, end: e };
}

/** The next item of a list of citations after a semicolon: a list mark (2. 二、 （二）) or a title (《…》第). */
const NEXT_ITEM = /^\s*(?:[0-9０-９]{1,2}\s*[.．、]|[一二三四五六七八九十]{1,3}、|[（(][一二三四五六七八九十0-9]{1,3}[)）])?\s*(?:\*\*)?《[^》\n]{2,80}》\s*第/;

/** A question's line (问：…, Q:) above an answer: not the statement a source line closes. */
const QUESTION_LINE = /^\s*(?:问|提问|Q|咨询)\s*[:：]/;

/** A sentence made of a source's lead and the citation: 依据是 / 法律依据： / 以上见 / 参见 / 这是 …（《…》第X条的规定。） */
const SOURCE_ATTRIBUTION = /^\s*[（(]?\s*(?:(?:法律|以上|上述)?依据(?:是|为)?|(?:以上|上述)?(?:内容)?(?:见|参见|详见|出自)|这是|此即|此系)\s*[:：]?\s*$/;

/** What stands between a sentence's end and a citation that attributes it: a dash (——, —, --), 出自 / 摘自 / 见 after it. */
const DASH_ATTRIBUTION = /^\s*(?:——|—|--|－－|―)+\s*(?:出自|摘自|引自|见)?\s*$/;

const CASE_RE = new RegExp(CASE_NUMBER_PATTERN, "g");

function extractCaseNumbers(text: string, original: string, statutes: ExtractedStatute[], max: number): { cases: ExtractedCase[]; extra: number } {
  const out: ExtractedCase[] = [];
  let extra = 0;
  const covered = new Uint8Array(text.length + 1);
  for (const st of statutes) covered.fill(1, st.start, st.end);
  for (const m of text.matchAll(CASE_RE)) {
    const start = m.index!;
    const end = start + m[0].length;
    if (covered.subarray(start, end).some((x) => x === 1)) continue;
    if (out.length >= max) {
      extra++;
      continue;
    }
    let s = start;
    while (s > 0 && start - s < SENTENCE_WINDOW && !SENTENCE_END.test(text[s - 1]!)) s--;
    let e = end;
    while (e < text.length && e - end < SENTENCE_WINDOW && !SENTENCE_END.test(text[e]!)) e++;
    while (s < e && /\s/.test(text[s]!)) s++;
    const before = text.slice(Math.max(0, start - 80), start);
    const nm = /([^\s，,。；;：:“”"、（(]{3,70}?案)\s*[（(]?\s*$/.exec(before);
    const raw = original.slice(start, end);
    let name = "";
    if (nm) {
      const written = nm[1]!.replace(/^(?:在|如|参见|见|例如|根据|依据|参照|援引|引用)/, "");
      const nameEnd = start - before.length + nm.index! + nm[1]!.length;
      name = original.slice(nameEnd - written.length, nameEnd);
    }
    out.push({ kind: "case", raw, normalized: normalizeCaseNumber(raw), name, content: original.slice(s, e), start, end });
  }
  return { cases: out, extra };
}
