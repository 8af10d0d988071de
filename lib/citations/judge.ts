/**
 * Step 4 of the citation check: what the draft says about a cited article, judged against it.
 *
 * 1. Style (ClaimStyle): quote (the extractor found quoted text, or text after 规定：); pasted (the
 *    article's own words written straight after the number, without quotation marks: 第七十九条人民
 *    法院…); else the carrying sentence without its citations: bare when it says nothing the law
 *    speaks of (依照……之规定，判决如下), application when it applies the article to facts (被告、触犯、
 *    构成、应当承担…), else restatement.
 * 2. Quote and pasted text are aligned word for word (compare-quote.ts). Restatements and applications
 *    are judged by support (law-index.ts): the weighted share of the sentence's legal terms (the
 *    bigrams the law itself uses, rarer ones weighing more) that the article, its heading and the
 *    articles it refers to hold; terms that another article cited in the same list holds are left to
 *    that article. A restated number, modal or negation is also aligned locally and must agree.
 *    A bare list is judged against the facts before it and is never called 不一致.
 * 3. Wrong number, right content: when the claim does not fit the cited article, the article it does
 *    fit is looked for (a bounded shortlist from the postings, then a full comparison of at most
 *    WRONG_NUMBER_CANDIDATES articles): in the version judged, in the law's other versions, then in
 *    the other laws the draft cites. Found: 不一致, named in 说明/要点 and in `wrong_clause`.
 *    A quote matching the same number in another version is not a wrong number: that version is
 *    reported (`switchTo`) and the quote is 一致 with it.
 *
 * Conservative by design: 不一致 needs a clear difference (a changed number, modal, negation or
 * party inside well-aligned text) or a clearly better-fitting other article; a court's correct
 * citation must not be called 不一致, so weak evidence gives 部分一致 or 无法判断, never 不一致.
 */
import { statutoryWords } from "./colloquial";
import type { Thesaurus, ThesaurusConcept } from "@/lib/text/thesaurus";
import type { Clause, Regulation } from "../store/types";
import { clauseLabelFromTid, parseChineseNumber, toChineseNumber as numberLabel } from "../text/numerals";
import { crimesNamed, type CrimeTable, type CrimesNamed } from "./crime-names";
import { BUILTIN_ENGINE, canonical, compareQuote, EXCERPT_COVERAGE, ITEM_HEAD, REVERSED_WORD, reversedAround, reversedPair, reversedPossible, scopeFor, type CompareResult } from "./compare-quote";
import { compact } from "./similarity";
import { bestSupport, bigramSet, claimTerms, claimWords, CONTEXT_WEIGHT, JOINING_WORDS, judgeable, matchedPhrases, supportOf, termText, wordPhrases, type LawIndex } from "./law-index";
import { pastedText } from "./pasted";
import { FINDING_AFTER, MODAL_OPENS, modalChanges } from "./restated-modal";
import { numberChanges, sentenceHoldsNumber } from "./restated-number";
import { authorityChanges } from "./restated-authority";
import { conceptElsewhere } from "./named-concept";
import { headingOutside } from "./heading-claim";
import type { ClaimStyle, ExtractedStatute, SemanticCompare, WrongClause } from "./types";

/** Full comparisons made when looking for the article a quote belongs to (per citation). */
export const WRONG_NUMBER_CANDIDATES = 6;
/** A quote or pasted text longer than this is compared on its first MAX_CLAIM_CHARS characters. */
export const MAX_CLAIM_CHARS = 3_000;

export interface LawRef {
  regulation: Regulation;
  index: LawIndex;
}

export interface JudgeInput {
  /** The whole draft. */
  text: string;
  ex: ExtractedStatute;
  /** The version judged and its index. */
  law: LawRef;
  /** The cited article in that version. */
  clause: Clause;
  /** Other versions of the same law with text (index built on demand). */
  otherVersions: () => LawRef[];
  /** Other laws the draft cites (chosen versions; index built on demand). */
  otherLaws: () => LawRef[];
  /** Laws the draft does not cite whose text holds a quote's words (a wrong law name; absent: not searched). */
  lawsHolding?: (claim: string, minChars?: number) => LawRef[];
  /** tids of the same law cited in the same list or sentence. */
  siblings: string[];
  /** tids of the same law (version judged) the draft cites anywhere (absent: only the siblings are known). */
  citedTids?: string[];
  /** Entries in the citation's list (1 for a single article). */
  listSize: number;
  /** Link to an article's detail page. */
  url: (fgid: string, tid: string) => string;
  /** Full comparisons left for this request's wrong-number searches (shared, decremented). */
  budget: { comparisons: number };
  /** Crime names → 刑法 articles, when the law cited is the 刑法 (crime-names.ts). */
  crimes?: CrimeTable | null;
  /** How many instruments of the whole index hold a phrase, counted up to GENERIC_SPREAD + 1 (absent: not known, every phrase rare). */
  spread?: (phrase: string) => number;
  /** The lawyer's thesaurus: a claim's everyday words also count as the statutory terms it gives (absent / null: not read). */
  colloquial?: Thesaurus | null;
  /** The version judged was in force at the date judged against (resolve-citation.ts `textAsOfDate`): a 款 or 项 it lacks was never there. */
  textAsOfDate?: boolean;
  /** The thesaurus's concepts (doctrine names → the articles stating them; absent / null: not read). */
  concepts?: Map<string, ThesaurusConcept> | null;
}

export interface Judgment {
  style: ClaimStyle;
  claimText: string;
  compare: SemanticCompare & { 差异: NonNullable<SemanticCompare["差异"]> };
  wrongClause: WrongClause | null;
  /** The claim matches this version's article at the cited number instead (quote or pasted text). */
  switchTo: { law: LawRef; clause: Clause; compare: CompareResult } | null;
  /** The cited 款 / 项 in the clause text. */
  scope: { start: number; end: number } | null;
}

const ORDER = { 一致: 3, 部分一致: 2, 无法判断: 1, 不一致: 0 } as const;

// ------------------------------------------------------------------ style

const CITATION_IN_SENTENCE = /《[^》\n]{1,120}》|第\s*[零〇一二两三四五六七八九十百千万0-9]+\s*条(?:之[一二三四五六七八九十]+)?(?:\s*第\s*[零〇一二两三四五六七八九十百千0-9、]+\s*款)?(?:\s*第\s*[（(]?\s*[零〇一二三四五六七八九十0-9]+\s*[)）]?\s*项)?/g;
const APPLICATION = /被告|原告|上诉人|申请人|被申请人|申诉人|第三人|公诉|本案|其行为|该行为|触犯|构成|已构成|判处|追究|应予支持|予以支持|不予支持|驳回|罪|某|公司|本院|法院认为|涉案|双方/;
/** A party of the case named: the sentence says what is to be done in this case (a 可以 exercised as 应当 is its call). */
const CASE_PARTY = /被告|原告|上诉人|被申请人|申诉人|本案|对其|其行为|该行为|某|本院|涉案/;

/** The words that lead a citation (依照…第X条). */
const LEAD_WORDS = "(?:依照|依据|根据|按照|参照|适用|违反|触犯|符合)(?:了)?";

/**
 * The formula of citing, which says nothing about an article's content: 其行为已触犯…之规定,
 * 犯罪事实清楚，证据确实、充分, 应当以…罪追究其刑事责任 (the crime's name stays), 依照…判决如下.
 */
const BOILERPLATE_PARTS = [
    "(?:依法)?(?:应当|应)?以(?=[^，,。；;以]{1,24}罪)",
    "(?:依法)?追究(?:其|被告人|被告)?(?:的)?刑事责任",
    "(?:判处|并处|处以?|决定执行)(?:有期徒刑|拘役|管制|罚金|死刑|无期徒刑|没收)[^，,；;。]*",
    "犯罪事实清楚",
    "证据确实[、，,]?\\s*充分",
    "(?:其|该|上述)?行为(?:已经|已)?(?:触犯|违反)(?:了)?",
    LEAD_WORDS,
    "(?:之|的)?(?:相关)?规定",
    "(?:判决|裁定|决定)如下",
    "本院认为",
    "公诉机关(?:指控|认为)?",
    "提请(?:本院)?依法判处",
    // a court's own earlier ruling named by its number (本院（2021）京01执123号执行裁定; in a form, （××××）……执……号): the document, not an article's words
    "[（(]\\s*(?:(?:19|20)\\d{2}|[×xX＊*]{2,4})\\s*[）)][^，,。；;（(]{0,30}?号(?:[^，,。；;]{0,6}?)(?:判决|裁定|决定|调解)(?:书)?",
    // the referral for one act that is two crimes (依照处罚较重的规定定罪处罚: the 刑法's own words in dozens of articles)
    "(?:依照|按照)?(?:处罚较重|较重)的(?:规定|犯罪)定罪(?:处罚)?",
    "请求(?:依法)?判处",
    // the court's decision on the parties' requests (驳回宋某的全部诉讼请求): what the court does, not what the article says
    "驳回[^，,。；;]{0,20}?(?:诉讼请求|上诉|申请|起诉)",
    // what names the instrument, not what the article says: its document number, its effective date, the state's name
    "[（(]?(?:法释|法发|法|高检发释字|国发|国办发|国令|主席令|令)?\\s*[〔［\\[]\\s*\\d{4}\\s*[〕］\\]]\\s*(?:第)?\\s*\\d+\\s*号[）)]?",
    "自\\s*\\d{4}\\s*年\\s*\\d{1,2}\\s*月\\s*\\d{1,2}\\s*日\\s*起(?:施行|实施|生效)(?:的)?",
    "中华人民共和国",
];
const BOILERPLATE = new RegExp(BOILERPLATE_PARTS.join("|"), "g");
/**
 * The same where statute language is read word for word (another article's run of words): a lead word (按照, 依照, 根据…) is
 * the citing formula only where a citation stood or before 规定 — 应当按照约定的期限返还借款 keeps its 按照.
 */
const BOILERPLATE_LITERAL = new RegExp(BOILERPLATE_PARTS.map((p) => (p === LEAD_WORDS ? `${p}(?=\\s*[，,]|\\s*(?:之|的)?(?:相关|有关)?规定|\\s*$)` : p)).join("|"), "g");

/** How a judgment names its parties: these say who, not what the article says. */
const PARTY_NAMES = /被告人|被上诉人|上诉人|被申请人|申请人|被告|原告|第三人|公诉机关|本院|[\u4e00-\u9fa5]某[甲乙丙丁某]?/g;

/** The sentence without its citations and the citing formula (what the draft says about them). */
/** The sentence with its citations cut out (each a comma), nothing else changed: where a modal is read. */
function withoutCitations(sentence: string): string {
  return sentence.replace(CITATION_IN_SENTENCE, "，");
}

export function sentenceClaim(sentence: string, literal = false): string {
  return sentence
    .replace(CITATION_IN_SENTENCE, "，")
    .replace(literal ? BOILERPLATE_LITERAL : BOILERPLATE, "，")
    .replace(PARTY_NAMES, "，")
    .replace(/[，,]{2,}/g, "，")
    .replace(/^[\s，,、。；;：:]+|[\s，,、；;：:]+$/g, "");
}

// ------------------------------------------------------------------ judgments

function verdict(结论: SemanticCompare["结论"], 说明: string, 语义相似度: number | null, 依据: string[] = [], 差异: CompareResult["差异"] = []): Judgment["compare"] {
  return { 结论, 语义相似度, 说明, 要点: 差异.map((p) => p.text), engine: BUILTIN_ENGINE, 差异, 依据 };
}

/** A comparison result as reported (without the internal coverage figure). */
function reported(cmp: CompareResult): Judgment["compare"] {
  const { coverage: _coverage, ...rest } = cmp;
  return { ...rest, 依据: [] };
}

function label(c: Clause): string {
  return c.ft_num || clauseLabelFromTid(c.tid);
}

function r3(x: number): number {
  return Math.round(Math.max(0, Math.min(1, x)) * 1000) / 1000;
}

function scopeOffsets(content: string, paragraph?: number, item?: number): { start: number; end: number } | null {
  if (!paragraph && !item) return null;
  const s = scopeFor(content, paragraph, item);
  if (s.note || s.text === content) return null;
  const first = s.text.split("\n")[0]!;
  const start = content.indexOf(first);
  if (start < 0) return null;
  const last = s.text.split("\n").pop()!;
  const lastAt = content.indexOf(last, start);
  return { start, end: lastAt >= 0 ? lastAt + last.length : start + first.length };
}

/** Judges one citation (see the module comment). */
export function judge(input: JudgeInput): Judgment {
  const { ex, clause, law } = input;
  const scope = scopeOffsets(clause.content, ex.paragraph, ex.item);
  if (ex.quoted) return judgeQuote(input, "quote", ex.claim.slice(0, MAX_CLAIM_CHARS), scope);

  // the article's own words after the number, without quotation marks (pasted.ts)
  const ci = law.index.byTid.get(clause.tid);
  const pasted = ci === undefined ? null : pastedText(input.text, ex.chainEnd, law.index, ci, input.siblings);
  if (pasted) return judgeQuote(input, "pasted", pasted.slice(0, MAX_CLAIM_CHARS), scope);
  const topic = ex.label ?? ex.about;
  const byLabel = ci !== undefined && topic ? judgeLabel(input, ci, topic, scope, ex.label ? "所注" : "所述") : null;
  // a bracketed topic is the draft's word on the article; 关于…的规定 is part of a sentence, which is judged as a whole
  // unless the topic names another article (ABOUT_NAMES_MIN characters at least: 「限制赔偿责任」 is 海商法 第五十六条's
  // subject in other words, and word for word in 第二百零七条)
  if (byLabel && (ex.label || namesAnother(input, byLabel, topic!))) return byLabel;
  // 属于 / 符合…第X条规定的<another article's words>情形: named as 关于…的规定 is (a sentence setting the article aside is judged below)
  if (ci !== undefined && !topic && !NOT_APPLIED.test(input.text.slice(ex.contentStart, ex.start))) {
    const described = describedSituation(input, ci, scope);
    if (described?.compare.结论 === "不一致") return described;
  }
  return pinpoint(input, judgeSentence(input, scope));
}

/**
 * A restatement or application the article supports (一致 / 部分一致) whose cited 款 / 项 the article lacks
 * (第八十二条第三款: it has two; 第三十八条第一款第九项: six) — 部分一致, saying so, as a quote is judged. Other
 * verdicts, and sentences citing the whole article, are left as they are.
 */
function pinpoint(input: JudgeInput, j: Judgment): Judgment {
  const { ex, clause } = input;
  const cited = `${ex.paragraph ? `第${numberLabel(ex.paragraph)}款` : ""}${ex.item ? `第（${numberLabel(ex.item)}）项` : ""}`;
  if (j.compare.结论 === "无法判断" && input.textAsOfDate && (ex.paragraph || ex.item) && !OTHER_TEXT_BEFORE.test(input.text.slice(Math.max(0, ex.start - 16), ex.start))) {
    const missing = missingPinpoint(clause.content, ex.paragraph, ex.item);
    if (missing) {
      const year = input.law.regulation.fbrq ? `${input.law.regulation.fbrq.slice(0, 4)}年版本的` : "";
      return {
        ...j,
        compare: verdict("不一致", `所引${ex.clause}不存在：${year}${label(clause)}${missing}，条号或款、项号有误。`, null, [], [{ kind: "scope", source: label(clause), quote: cited, text: `所引${cited}不存在（${label(clause)}${missing}）` }]),
      };
    }
  }
  // a citing sentence that says little itself (…依照第七十四条第一款第（一）项之规定，判决确认…违法) after the facts it applies, those
  // facts another 款 / 项's words (该瑕疵属于程序轻微违法，对原告权利不产生实际影响: 第（二）项's): the pinpoint is wrong
  // (or a sentence saying only its 款's lead — 判决确认被诉行政行为违法，但不撤销该行政行为 — nothing of the cited 项 itself)
  // (a citation alone: in a list, or with other 款 of the article cited together, each unit answers facts of its own)
  if ((ex.paragraph || ex.item) && input.textAsOfDate && input.listSize <= 1 && !input.siblings.length && (j.compare.结论 === "一致" || j.compare.结论 === "无法判断") && (j.style === "bare" || !j.claimText || ex.item)) {
    const facts = sentenceBefore(input.text, ex.contentStart);
    // (a cheap test first: a run of PINPOINT_RUN characters needs that many minus one consecutive bigrams of the article)
    const ci = input.law.index.byTid.get(clause.tid);
    const held = facts && ci !== undefined && bigramRun(input.law.index.own[ci]!, termText(facts)) >= PINPOINT_RUN;
    const other = held ? factsPinpoint(clause.content, ex, facts, j.style === "bare" ? "" : j.claimText) : null;
    if (other) {
      const say = `上文所述「${other.run}」见于该条${other.where}，而非所引${cited}`;
      return { ...j, compare: { ...j.compare, 结论: "部分一致", 说明: `上文所述「${other.run}」是${label(clause)}${other.where}的内容，援引句所引${cited}未涉及，疑似款、项号有误。`, 要点: [say, ...j.compare.要点], 依据: [other.run], 差异: [{ kind: "scope", source: other.where, quote: cited, text: say }, ...j.compare.差异] } };
    }
  }
  if ((!ex.paragraph && !ex.item) || (j.style !== "restatement" && j.style !== "application") || (j.compare.结论 !== "一致" && j.compare.结论 !== "部分一致") || !j.claimText) return j;
  const sc = scopeFor(clause.content, ex.paragraph, ex.item);
  // the explanation speaks of the article as a whole (第八十二条规定了…), then of the pinpoint
  const whole = j.compare.说明.startsWith(ex.clause) ? `${label(clause)}${j.compare.说明.slice(ex.clause.length)}` : j.compare.说明;
  const partly = (why: string, point: string): Judgment => ({
    ...j,
    compare: { ...j.compare, 结论: "部分一致", 说明: `${whole.replace(/。$/, "")}；但${why}。`, 要点: [point, ...j.compare.要点], 差异: [{ kind: "scope", source: clause.ft_num || label(clause), quote: cited, text: point }, ...j.compare.差异] },
  });
  // the source's layout of 款 and 项 is reliable only for an article of plain paragraphs (no 项): there a missing 款 is
  // one; a missing 项, or a 款 of an article with 项, may be the source's layout (海商法 第二百一十条)
  const units = pinpointUnits(clause.content);
  const plain = units.every((u) => !u.where.includes("项"));
  if (sc.note) {
    // a missing 项 of a 款 laid out with two or more 项 (第三十八条第一款第九项: six)
    const items = /没有第\d+项（共(\d+)项）/.exec(sc.note);
    if (items && Number(items[1]) >= 2) return partly(`所引${cited}不存在（该款共${items[1]}项）`, `所引${cited}不存在（该款共${items[1]}项）`);
    if (!plain || ex.item || !/没有第\d+款/.test(sc.note)) return j;
    const count = /（(共\d+款)）/.exec(sc.note)?.[1] ?? "";
    const meant = paragraphElsewhere(input, j.claimText);
    if (meant) {
      const c = input.law.index.clauses[meant.index]!;
      const where = `${label(c)}${cited}`;
      const { wrong, point } = sameVersionWrong(input, c, r3(meant.score), `所引${cited}不存在；所述内容见于该法规${where}。`, `所述内容见于${where}，疑似条号错误`);
      return {
        ...j,
        compare: verdict("不一致", `所引${ex.clause}不存在（${label(clause)}${count}），援引句所述${phrasesText(meant.phrases, "")}见于该法规${where}，疑似条号错误。`, r3(meant.cited), meant.phrases, [point]),
        wrongClause: wrong,
      };
    }
    return partly(`所引${cited}不存在（该条${count}）`, `所引${cited}不存在（该条${count}）`);
  }
  // another 款 / 项 of the article holds the sentence's words word for word, the cited one hardly any (第六百九十二条第三款 cited for
  // 第二款's 「保证期间为主债务履行期限届满之日起六个月」): the pinpoint is wrong — only in the text the draft read
  // (not when the draft cites several 款 of the article together: 第四十七条第一款、第三款 share the sentence)
  const near = input.text.slice(Math.max(0, ex.start - 12), Math.min(input.text.length, ex.chainEnd + 12));
  const severalParas =
    /款(?:第[（(]?[一二三四五六七八九十]+[)）]?项)?\s*[、和及与]\s*(?:第[一二三四五六七八九十]+条)?第[一二三四五六七八九十]+款/.test(near) ||
    /[（(][一二三四五六七八九十]+[)）]\s*[、和及与]\s*[（(][一二三四五六七八九十]+[)）]|项\s*[、和及与]\s*第?\s*[（(]?[一二三四五六七八九十]+[)）]?\s*项/.test(near);
  // (not where the citation is embedded in the citing text's own rule — 纳税人有刑法第二百零一条第一款规定的逃避缴纳税款行为，…不予追究: the
  // rest of the sentence is that rule's, not the article's, whichever 款 of it it resembles)
  const embedded = REFERRAL_AFTER.test(input.text.slice(ex.chainEnd, ex.chainEnd + 16));
  const other = input.textAsOfDate && !severalParas && !embedded ? otherPinpoint(clause.content, ex, j.claimText) : null;
  if (other) {
    const say = `所述「${other.run}」见于该条${other.where}，而非所引${cited}`;
    // (the run is the phrase the verdict rests on: shown as the draft wrote it, punctuation back — readable-phrases.ts)
    return { ...j, compare: { ...j.compare, 结论: "部分一致", 说明: `${label(clause)}${other.where}规定了「${other.run}」，援引句所引${cited}未涉及，疑似款、项号有误。`, 要点: [say, ...j.compare.要点], 依据: [other.run], 差异: [{ kind: "scope", source: other.where, quote: cited, text: say }, ...j.compare.差异] } };
  }
  // a 项 or 款 whose words the sentence does not restate is left alone: on the courts' and legislation's own
  // citations that comparison mostly met the source's layout (sub-items 1. 2. under a 项) or a later version's
  // renumbered 项 (刑法 第一百八十二条), so only a 款 / 项 the article lacks is said
  return j;
}

/** The citation names another text of the law than the one in force (修改前商标法第二十七条, 修订后的…, 原《刑法》). */
const OTHER_TEXT_BEFORE = /(?:修改|修订|修正)[前后][^，。；：]*$|原《[^》]*$/;

/** A line of sub-items under a 项 (１． 1. （1） 1、): where the source has them, its count of 款 and 项 is not the statute's. */
const SUB_ITEM_LINE = /^\s*(?:[0-9０-９]+\s*[.．、]|[（(][0-9０-９]+[)）])/;
/** An item label inside a line (（二）): the source may have run the 项 into their 款. */
const INLINE_ITEM = /[（(][一二三四五六七八九十]+[)）]/;

/**
 * The cited 款 / 项 the article's text does not have, said as what it does have (只有1款, 第一款只有6项, 未分项),
 * or null when it has it or the layout cannot tell: sub-item lines (海商法 第二百一十条's 1. 2.), a 项 cited where a
 * 款 has a single one or item labels run into the text. A 项 cited without its 款 (第X条第二项) is missing only when no
 * 款 has that many.
 */
export function missingPinpoint(content: string, paragraph?: number, item?: number): string | null {
  const lines = content.split("\n").map((l) => l.trim()).filter(Boolean);
  if (lines.length === 0 || lines.some((l) => SUB_ITEM_LINE.test(l))) return null;
  const kuan: { lead: string; items: string[] }[] = [];
  for (const l of lines) {
    if (ITEM_HEAD.test(l) && kuan.length) kuan[kuan.length - 1]!.items.push(l);
    else kuan.push({ lead: l, items: [] });
  }
  const itemsMissing = (units: { lead: string; items: string[] }[], what: string): string | null => {
    const most = Math.max(...units.map((k) => k.items.length));
    if (item! <= most) return null;
    if (most >= 2) return `${what}${units.length > 1 ? "至多" : "只有"}${most}项`;
    return most === 0 && !units.some((k) => INLINE_ITEM.test(k.lead)) ? `${what}未分项` : null;
  };
  if (paragraph) {
    if (paragraph > kuan.length) return `只有${kuan.length}款`;
    return item ? itemsMissing([kuan[paragraph - 1]!], `第${numberLabel(paragraph)}款`) : null;
  }
  return item ? itemsMissing(kuan, kuan.length > 1 ? "各款" : "") : null;
}

/** A 款 the cited article lacks names another article's 款 only when that one holds this much of the sentence… */
export const PARAGRAPH_ELSEWHERE = { support: 0.6, margin: 0.2 } as const;

/**
 * The cited 款 does not exist (第六十八条第三款: one 款) and another article of the law that has that 款 holds the sentence
 * clearly better, its 款 holding substantial phrases of it (「如实供述自己的罪行…可以从轻处罚」: 第六十七条第三款) — a number
 * moved, the 款 kept. Not an article cited beside it in a list.
 */
function paragraphElsewhere(input: JudgeInput, claim: string): { index: number; score: number; cited: number; phrases: string[] } | null {
  const { law, ex, clause } = input;
  const ci = law.index.byTid.get(clause.tid);
  if (ci === undefined || !ex.paragraph) return null;
  const ct = claimTerms(law.index, claim);
  if (!judgeable(law.index, ct)) return null;
  const cited = supportOf(law.index, ci, ct);
  const best = bestSupport(law.index, ct, 5).find((b) => b.index !== ci && !input.siblings.includes(law.index.clauses[b.index]!.tid) && holdsCitedScope(law.index.clauses[b.index]!.content, ex));
  if (!best || best.score < PARAGRAPH_ELSEWHERE.support || best.score - cited < PARAGRAPH_ELSEWHERE.margin) return null;
  const para = scopeFor(law.index.clauses[best.index]!.content, ex.paragraph, undefined);
  const paraText = para.note === null ? para.text : "";
  const phrases = matchedPhrases(law.index, best.index, claim).filter((p) => termText(paraText).includes(termText(p)));
  if (!phrases.some((p) => termText(p).length >= WRONG_PHRASE_MIN) || phrases.reduce((n, p) => n + whatIsDone(p), 0) < WHAT_IS_DONE) return null;
  return { index: best.index, score: best.score, cited, phrases };
}

/** A run of the sentence this long, word for word in another 款 / 项 of the article, says the pinpoint is wrong… */
export const PINPOINT_RUN = 10;
/** A sentence whose longest run with the cited 款 is at most this long holds nothing of it (see otherPinpoint). */
export const PINPOINT_OWN_MAX = 4;
/** …when that 款 / 项 holds at least `other` of the sentence's bigrams, `margin` more than the cited one. */
export const PINPOINT_SHARE = { other: 0.55, margin: 0.2, clause: 0.8, strong: 0.8, strongMargin: 0.3 } as const;
/** A clause of the sentence states the other unit when it shares a run of at least this many characters with the unit's run. */
export const PINPOINT_CLAUSE_RUN = 6;

/**
 * …when the cited 款 / 项 holds at most half as long a run of it: that other 款 / 项 (its label, 第二款 or
 * 第一款第（五）项) and the run. Not a 款 that holds the cited 项 or a 项 of the cited 款 (a restatement of the lead), and only
 * in an article laid out in plain lines (no sub-item lines: 1. 2. under a 项). Else null.
 */
/** The article's 款 / 项 and the cited one among them (its label: 第二款, 第一款第（三）项); null in an article laid out with
 * sub-item lines (1. 2. under a 项), whose count of units is not the statute's, or when the article lacks the cited unit. */
function citedUnitOf(content: string, ex: ExtractedStatute): { units: { where: string; text: string }[]; citedWhere: string; citedUnit: { where: string; text: string } } | null {
  if (content.split("\n").some((l) => SUB_ITEM_LINE.test(l))) return null;
  const citedWhere = `第${numberLabel(ex.paragraph ?? 1)}款${ex.item ? `第（${numberLabel(ex.item)}）项` : ""}`;
  const units = pinpointUnits(content);
  const citedUnit = units.find((u) => u.where === citedWhere);
  return citedUnit ? { units, citedWhere, citedUnit } : null;
}

/** A unit and the cited one are the same words: the same unit, one of its 项, or the 款 holding it. */
function sameWords(where: string, citedWhere: string): boolean {
  return where === citedWhere || where.startsWith(citedWhere) || citedWhere.startsWith(where);
}

/** A unit's label as a citation writes it: in an article of one 款 its 项 are cited without it (第（三）项). */
function citedAs(units: { where: string }[], found: { where: string; run: string }): { where: string; run: string } {
  return units.some((u) => u.where === "第二款") ? found : { ...found, where: found.where.replace(/^第一款/, "") };
}

function otherPinpoint(content: string, ex: ExtractedStatute, claim: string): { where: string; run: string } | null {
  const at = claim ? citedUnitOf(content, ex) : null;
  if (!at || at.units.length < 2) return null;
  const { units, citedWhere, citedUnit } = at;
  const para = ex.paragraph ?? 1;
  const t = termText(claim);
  const own = longestRun(t, termText(citedUnit.text));
  let best: { where: string; run: string } | null = null;
  let loose: { where: string; run: string } | null = null;
  for (const u of units) {
    // the cited 款 and its 项, or the 款 holding the cited 项: the same words
    if (sameWords(u.where, citedWhere)) continue;
    // a 款 that speaks of the cited one (依照前款规定不适用强制隔离戒毒的…, 第一款规定的…) restates its subject — unless the
    // sentence holds nothing of the cited 款's own words (a run of at most PINPOINT_OWN_MAX): then it states that 款 alone
    // (劳动合同法 第六十六条第二款's 临时性工作岗位是指… cited as 第一款)
    if (own.length > PINPOINT_OWN_MAX && /前款|前两款|本条第[一二三四五六七八九十]+款/.test(u.text) && (/前款|前两款/.test(u.text) ? u.where === `第${numberLabel(para + 1)}款` || u.where.startsWith(`第${numberLabel(para + 1)}款`) : u.text.includes(`第${numberLabel(para)}款`))) continue;
    const run = longestRun(t, termText(u.text));
    if (run.length >= PINPOINT_RUN && own.length * 2 <= run.length && (!best || run.length > best.run.length)) best = { where: u.where, run };
    if (run.length >= PINPOINT_RUN && (!loose || run.length > loose.run.length)) loose = { where: u.where, run };
  }
  const said = bigramSet(t);
  const share = (text: string) => sharedShare(said, text);
  // a 项 is read with its 款's lead, as the draft restates it (当事人…的，应当从轻或者减轻行政处罚 + （三）主动供述…), the cited 项 too
  const withLead = (u: { where: string; text: string }) => withLeadOf(units, u);
  // two 款 written alike (投保人故意造成被保险人死亡、伤残或者疾病的… / 受益人故意造成被保险人死亡、伤残、疾病的…) share long runs:
  // the other one holding nearly all the sentence, the cited one far less, is meant however long their common run
  if (!best && loose) {
    const theirs = share(withLead(units.find((u) => u.where === loose!.where)!));
    if (theirs >= PINPOINT_SHARE.strong && theirs - share(withLead(citedUnit)) >= PINPOINT_SHARE.strongMargin) best = loose;
  }
  // the sentence must be that unit's and not the cited one's: it holds most of the sentence's bigrams, the cited one few
  // (statute language citing 第二款 while speaking of 第一款's 背书人、出票人… says more than the cited 款, not another one)
  if (best) {
    const other = units.find((u) => u.where === best!.where)!;
    const theirs = share(withLead(other));
    if (theirs < PINPOINT_SHARE.other || theirs - share(withLead(citedUnit)) < PINPOINT_SHARE.margin) {
      // (an application's facts are no unit's words: the clauses of the sentence the run is in, read alone, must be the unit's —
      // 甲公司依据第六十四条第二项，应当在行政机关告知后五日内提出听证要求 is 第（一）项's)
      const run = best.run;
      const stating = claim.split(/[，,；;。：:]/).filter((p) => { const q = termText(p); return q.length > 0 && (run.includes(q) || longestRun(q, run).length >= PINPOINT_CLAUSE_RUN); });
      const said2 = bigramSet(termText(stating.join("")));
      const share2 = (text: string) => sharedShare(said2, text);
      const theirs2 = share2(withLead(other));
      if (!stating.length || stating.length === claim.split(/[，,；;。：:]/).filter((p) => termText(p)).length || theirs2 < PINPOINT_SHARE.clause || theirs2 - share2(withLead(citedUnit)) < PINPOINT_SHARE.margin) return null;
    }
    // an exception the sentence carries over from another 款 (刑法第二百六十条第一款规定的，但被害人没有能力告诉…的除外) qualifies the cited one
    if (/^但|除外/.test(best.run)) return null;
  }
  // …or, no run telling them apart, a number: the cited unit says another where the other says the sentence's, in those words
  // (第四十四条第（二）项's 百分之二百 and 第（三）项's 百分之三百 for 法定休假日…百分之三百 cited as 第二项)
  if (!best) best = numberPinpoint(units, citedUnit, citedWhere, claim);
  // the run must be the other unit's alone: a 款 that only repeats a 项's words (its lead) is no rival of the 项
  if (!best || termText(citedUnit.text).includes(best.run)) return null;
  return citedAs(units, best);
}

/**
 * The 款 / 项 of the article whose words the facts before a thin citing sentence carry in a run of at least PINPOINT_RUN
 * characters — one unit alone, the cited unit holding at most half that run of them: its label and the run. Not a unit and
 * its own 项 or 款, not when the citing sentence (`claim`) states words of the cited unit itself, and only in an article laid
 * out in plain lines. Else null.
 */
function factsPinpoint(content: string, ex: ExtractedStatute, facts: string, claim: string): { where: string; run: string } | null {
  const at = citedUnitOf(content, ex);
  if (!at) return null;
  const { units, citedWhere, citedUnit } = at;
  // (a sentence stating anything of the cited unit itself is judged on its own words)
  if (claim && longestRun(termText(claim), termText(citedUnit.text)).length > PINPOINT_OWN_MAX) return null;
  const t = termText(facts);
  const own = longestRun(t, termText(citedUnit.text));
  const found: { where: string; run: string }[] = [];
  for (const u of units) {
    if (sameWords(u.where, citedWhere)) continue;
    // (a 款 holding 项 is read through its 项: its own text holds every 项's words)
    if (units.some((x) => x.where !== u.where && x.where.startsWith(u.where))) continue;
    const run = longestRun(t, termText(u.text));
    if (run.length >= PINPOINT_RUN && own.length * 2 <= run.length && !termText(citedUnit.text).includes(run)) found.push({ where: u.where, run });
  }
  return found.length === 1 ? citedAs(units, found[0]!) : null;
}

/**
 * The unit of the article whose number the sentence says (numberChanges against it finds the number in those words) where the
 * cited unit says another in the same words (numberChanges finds a change): the 款 / 项 meant, its number as the run. Each unit
 * is read with its 款's lead. Null when none or more than one does.
 */
export function numberPinpoint(units: { where: string; text: string }[], citedUnit: { where: string; text: string }, citedWhere: string, claim: string): { where: string; run: string } | null {
  const withLead = (u: { where: string; text: string }) => withLeadOf(units, u);
  // the other units (not the cited one, its 项 or its 款; a 款 holding 项 is read through its 项 only: its own text holds every 项's number)
  const others = units.filter((u) => !sameWords(u.where, citedWhere) && !units.some((x) => x.where.startsWith(u.where) && x.where !== u.where));
  // (the sentence whole, else the clause of it saying the number: an application's facts are no unit's words)
  for (const said of [claim, ...claim.split(/[，,；;。]/).filter((p) => p !== claim && /[0-9零〇一二两三四五六七八九十百千]/.test(p))]) {
    const citedHeld: string[] = [];
    const changed = numberChanges(said, withLead(citedUnit), citedHeld);
    // each other unit that changes none of the sentence's numbers, with the numbers it says in the sentence's words
    const agreeing = others.flatMap((u) => {
      const held: string[] = [];
      return numberChanges(said, withLead(u), held).length ? [] : [{ where: u.where, held }];
    });
    if (!changed.length) {
      // …or the cited unit says no such number, and one other unit alone says the sentence's in those words (可能判处十年有期徒刑
      // 以上刑罚 of 刑事诉讼法 第八十一条第三款 cited as 第一款, which says 可能判处徒刑以上刑罚)
      const holders = new Map<string, { where: string; run: string }[]>();
      for (const u of agreeing) for (const n of u.held) if (!citedHeld.includes(n)) holders.set(n, [...(holders.get(n) ?? []), { where: u.where, run: n }]);
      const only = [...holders.values()].filter((h) => h.length === 1).map((h) => h[0]!);
      if (only.length && only.every((o) => o.where === only[0]!.where)) return only[0]!;
      continue;
    }
    const meant = agreeing.filter((u) => u.held.includes(changed[0]!.quote)).map((u) => ({ where: u.where, run: changed[0]!.quote }));
    return meant.length === 1 ? meant[0]! : null;
  }
  return null;
}

/** The share of a set of bigrams that a text holds. */
function sharedShare(said: Set<string>, text: string): number {
  const b = bigramSet(termText(text));
  return said.size ? [...said].filter((x) => b.has(x)).length / said.size : 0;
}

/** A 项 with its 款's lead line before it (a 款's text as it is). */
function withLeadOf(units: { where: string; text: string }[], u: { where: string; text: string }): string {
  const k = /^第([一二三四五六七八九十]+)款第/.exec(u.where);
  return k ? `${units.find((x) => x.where === `第${k[1]}款`)!.text.split("\n")[0]!}\n${u.text}` : u.text;
}

/** The longest common run of two texts (dynamic programming on characters; texts of a sentence and a 款). */
function longestRun(a: string, b: string): string {
  if (!a || !b) return "";
  let prev = new Uint16Array(b.length + 1);
  let cur = new Uint16Array(b.length + 1);
  let len = 0;
  let end = 0;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1]! + 1 : 0;
      if (cur[j]! > len) {
        len = cur[j]!;
        end = i;
      }
    }
    [prev, cur] = [cur, prev];
    cur.fill(0);
  }
  return a.slice(end - len, end);
}

/** Each 款 (its lead and items) and each 项 of an article, labelled as a draft cites them. */
function pinpointUnits(content: string): { where: string; text: string }[] {
  const out: { where: string; text: string }[] = [];
  for (let k = 1; ; k++) {
    const whole = scopeFor(content, k);
    if (whole.note) break;
    out.push({ where: `第${numberLabel(k)}款`, text: whole.text });
    for (let i = 1; ; i++) {
      const it = scopeFor(content, k, i);
      if (it.note) break;
      out.push({ where: `第${numberLabel(k)}款第（${numberLabel(i)}）项`, text: it.text });
    }
  }
  return out;
}

/** A topic said with 关于…的规定 names another article only when it is at least this many characters long. */
export const ABOUT_NAMES_MIN = 8;
/** …and, in a party's argument the court reports, at least this many: so long a stretch of another article's words is that article's, whoever cites it. */
export const REPORTED_ABOUT_MIN = 14;

/** A topic is judged only when at least this share of its bigrams are the law's own words (the rest: junctions of words). */
const LABEL_IN_LAW = 0.6;
/** A topic label is confirmed when the article (its text, heading and the articles it refers to) holds this much of it… */
const LABEL_HELD = 0.8;
/** …and names another article only when the cited one holds under this much and the other holds all of it. */
const LABEL_ELSEWHERE = 0.5;

/**
 * The topic written after the number (第1091条（离婚损害赔偿）, 第九条关于…的规定): 一致 when the article holds its words, 不一致
 * when it holds little of them and another article (not cited beside it, with the cited 款 / 项) holds them all —
 * named; else null (the sentence is judged as usual).
 */
function judgeLabel(input: JudgeInput, ci: number, topic: string, scope: Judgment["scope"], says: "所注" | "所述"): Judgment | null {
  const { ex, law } = input;
  const ct = claimTerms(law.index, topic);
  // the words must be the law's own (经济性裁员 is not the 劳动合同法's wording: only 经济 would be left to judge)
  if (termText(topic).length < 2 || ct.terms.size < LABEL_IN_LAW * bigramSet(termText(topic)).size) return null;
  const base = { style: "restatement" as ClaimStyle, claimText: topic, wrongClause: null, switchTo: null, scope };
  const sc = supportOf(law.index, ci, ct);
  if (sc >= LABEL_HELD) return { ...base, compare: verdict("一致", `${says}「${topic}」与${ex.clause}的内容相符。`, r3(sc), [topic]) };
  if (sc >= LABEL_ELSEWHERE) return null;
  const siblings = new Set(input.siblings);
  const hasCited = (i: number) => holdsCitedScope(law.index.clauses[i]!.content, ex);
  const best = bestSupport(law.index, ct, 4).find((s) => s.index !== ci && s.score >= 0.999 && !siblings.has(law.index.clauses[s.index]!.tid) && law.index.clauses[s.index]!.tid !== "0" && hasCited(s.index));
  if (!best) return null;
  const c = law.index.clauses[best.index]!;
  const { wrong, point } = sameVersionWrong(input, c, r3(best.score), `${says}「${topic}」见于该法规${label(c)}。`, `「${topic}」见于${label(c)}，疑似条号错误`);
  return { ...base, compare: verdict("不一致", `${says}「${topic}」见于该法规${label(c)}，而所引${ex.clause}未涉及，疑似条号错误。`, r3(sc), [topic], [point]), wrongClause: wrong };
}

function judgeQuote(input: JudgeInput, style: ClaimStyle, claim: string, scope: Judgment["scope"]): Judgment {
  const { ex, clause, law } = input;
  const cmp = compareQuote({ claim, quoted: true, pasted: style === "pasted", clauseText: clause.content, paragraph: ex.paragraph, item: ex.item });
  const base: Judgment = { style, claimText: claim, compare: pastedWording(reported(cmp), style), wrongClause: null, switchTo: null, scope };
  if (cmp.结论 === "一致") {
    const s1 = cmp.语义相似度 ?? 1;
    // pasted text 一致 on the cited article's words with the rest read as the writer's own (利息、股息、红利所得，财产转让所得… under
    // 个人所得税法 第二条's list, 「适用比例税率，税率为百分之二十」 after them) that another article holds whole, word for word (第三条第（三）项):
    // that article is what was pasted
    const whole = style === "pasted" && s1 < 1 ? findQuoteElsewhere(input, claim, true) : null;
    if (!whole || whole.similarity < 1 || whole.similarity - s1 < PASTED_WHOLE_MARGIN) return s1 < 1 ? crimeSwapped(input, cmp, base) : base;
    return wrongNumberQuote(input, style, base, cmp, whole, false);
  }

  // the same number in another version (a quote of the law as it then read)
  if (ex.tid) {
    let best: Judgment["switchTo"] = null;
    for (const v of input.otherVersions()) {
      const i = v.index.byTid.get(ex.tid);
      if (i === undefined) continue;
      const c = v.index.clauses[i]!;
      const other = compareQuote({ claim, quoted: true, clauseText: c.content, paragraph: ex.paragraph, item: ex.item });
      if (other.结论 !== "一致" && other.结论 !== "部分一致") continue;
      if (!best || ORDER[other.结论] > ORDER[best.compare.结论] || (other.语义相似度 ?? 0) > (best.compare.语义相似度 ?? 0)) best = { law: v, clause: c, compare: other };
    }
    if (best && (ORDER[best.compare.结论] > ORDER[cmp.结论] || (best.compare.语义相似度 ?? 0) > (cmp.语义相似度 ?? 0) + 0.1)) {
      return { ...base, compare: reported(best.compare), switchTo: best };
    }
  }

  // wrong number: an altered quote (changed modal, number…) that still aligns well is not one
  // a close but altered quote is judged as altered, unless another article holds it word for word
  const sim = cmp.语义相似度 ?? 0;
  // at ≥ 1 − QUOTE_ELSEWHERE_MARGIN no other article can hold it clearly better: not searched
  // (an excerpt of another article — its words with stretches left out — names it when the cited article holds the words less)
  let found = sim >= 1 - QUOTE_ELSEWHERE_MARGIN ? null : findQuoteElsewhere(input, claim, sim >= 0.6, cmp.coverage < EXCERPT_COVERAGE);
  // nothing the draft cites holds it: a quote far from the cited article may be another law's (a wrong law name)
  let anotherLaw = false;
  if (!found && sim < 0.6 && input.lawsHolding) {
    const refs = input.lawsHolding(claim);
    found = refs.length ? locateClaim({ claim, quoted: true, tries: refs.map((ref) => ({ ref, scope: "other_law" as const })), url: input.url, budget: input.budget, limit: 3 }) : null;
    anotherLaw = !!found;
  }
  if (!found || (sim >= 0.6 && found.similarity < Math.max(QUOTE_ELSEWHERE_CLEAR, sim + QUOTE_ELSEWHERE_MARGIN))) {
    // text after the number that is the writer's paraphrase more than the article's words (an answer's 「根据…第X条的规定，…」):
    // far from every article word for word, it is read as a restatement for the article it states
    if (style === "pasted" && !found && cmp.结论 === "不一致" && sim < 0.5) {
      const restated = judgeSentence(input, scope);
      if (restated.compare.结论 === "不一致" && restated.wrongClause) return restated;
    }
    return base;
  }
  return wrongNumberQuote(input, style, base, cmp, found, anotherLaw);
}

/** Pasted text the cited article holds all but a little of (一致 at under 1) is named elsewhere only when another holds it whole this much better. */
const PASTED_WHOLE_MARGIN = 0.05;

/** 不一致 for a quote or pasted text found at another article (`found`): where it is, in one sentence. */
function wrongNumberQuote(input: JudgeInput, style: ClaimStyle, base: Judgment, cmp: CompareResult, found: WrongClause, anotherLaw: boolean): Judgment {
  const { ex } = input;
  const where = describeWhere(found, input);
  const suspect = anotherLaw ? "疑似法规名称或条号错误" : "疑似条号错误";
  const text = `${style === "quote" ? "引文" : "所附条文"}见于${where}，${suspect}`;
  const points = [{ kind: "scope" as const, source: found.clause, quote: ex.clause, text }, ...cmp.差异];
  return {
    ...base,
    compare: verdict("不一致", `${style === "quote" ? "引文" : "条号后所附条文"}与所引${ex.clause}不符，而与${where}相符（相似度 ${found.similarity}），${suspect}。`, r3(cmp.语义相似度 ?? 0), [base.claimText.slice(0, 40)], points),
    wrongClause: found,
  };
}

/**
 * A quote of the 刑法 that is 一致 but for one word, where that word and the article's are two crimes
 * (盗窃 for 诈骗: 「诈骗公私财物，数额较大的…」 written 「盗窃公私财物…」): the crime differs, so does the
 * article — 不一致, naming the article of the crime written when the 罪名 lists give it. Else the verdict stands.
 */
function crimeSwapped(input: JudgeInput, cmp: CompareResult, base: Judgment): Judgment {
  const crimes = input.crimes;
  if (!crimes) return base;
  const swap = cmp.差异.find((p) => isCrimeSwap(p, crimes));
  if (!swap) return base;
  const { ex, law } = input;
  const tid = crimes.byName.get(`${swap.quote}罪`)!.find((t) => law.index.byTid.has(t) && t !== input.clause.tid);
  const c = tid ? law.index.clauses[law.index.byTid.get(tid)!]! : null;
  const named = c ? sameVersionWrong(input, c, r3(cmp.语义相似度 ?? 0), `「${swap.quote}罪」由该法规${label(c)}规定。`, `「${swap.quote}」罪由${label(c)}规定，疑似条号错误`) : null;
  const point = { kind: "wording" as const, source: swap.source, quote: swap.quote, text: `罪名不同：原文「${swap.source}」，引文「${swap.quote}」` };
  return {
    ...base,
    compare: verdict("不一致", `引文把所引${ex.clause}的「${swap.source}」写作「${swap.quote}」，罪名不同${c ? `；「${swap.quote}罪」由该法规${label(c)}规定，疑似条号错误` : ""}。`, cmp.语义相似度, [swap.quote], [point, ...(named ? [named.point] : [])]),
    wrongClause: named?.wrong ?? null,
  };
}

/** Pasted text is not a quotation: its 说明 says 条号后所附条文 where compare-quote says 引文. */
function pastedWording(c: Judgment["compare"], style: ClaimStyle): Judgment["compare"] {
  return style === "pasted" ? { ...c, 说明: c.说明.replace(/^引文/, "条号后所附条文") } : c;
}

/** An altered-looking quote is a wrong number only when another article holds it at least this well… */
const QUOTE_ELSEWHERE_CLEAR = 0.9;
/** …and this much better than the cited one. */
const QUOTE_ELSEWHERE_MARGIN = 0.15;

/** The article of another law the draft's words belong to, as `wrong_clause` (scope other_law). */
function otherLawWrong(input: JudgeInput, ref: LawRef, c: Clause, similarity: number, note: string): WrongClause {
  const reg = ref.regulation;
  return { fgid: reg.fgid, fgmc: reg.fgmc, tid: c.tid, clause: label(c), content: c.content, url: input.url(reg.fgid, c.tid), similarity, scope: "other_law", note };
}

/** Does the article have the 款 / 项 the draft cites (always, when it cites none)? A wrong number keeps them. */
function holdsCitedScope(content: string, ex: ExtractedStatute): boolean {
  return (!ex.paragraph && !ex.item) || scopeFor(content, ex.paragraph, ex.item).note === null;
}

/** Another article of the version judged, as `wrong_clause`, and its 要点 (「…见于第X条，疑似条号错误」). */
function sameVersionWrong(input: JudgeInput, c: Clause, similarity: number, note: string, point: string): { wrong: WrongClause; point: CompareResult["差异"][number] } {
  const reg = input.law.regulation;
  return {
    wrong: { fgid: reg.fgid, fgmc: reg.fgmc, tid: c.tid, clause: label(c), content: c.content, url: input.url(reg.fgid, c.tid), similarity, scope: "same_version", note },
    point: { kind: "scope", source: label(c), quote: input.ex.clause, text: point },
  };
}

function describeWhere(w: WrongClause, input: JudgeInput): string {
  if (w.scope === "same_version") return `该法规${w.clause}`;
  if (w.scope === "other_version") {
    const v = input.otherVersions().find((x) => x.regulation.fgid === w.fgid)?.regulation;
    return `该法规 ${v?.fbrq ? `${v.fbrq.slice(0, 4)} 年版本` : "另一版本"}${w.clause}`;
  }
  return `《${w.fgmc}》${w.clause}`;
}

/** The article (of the law, its other versions, then other cited laws) a quote fits, or null. */
function findQuoteElsewhere(input: JudgeInput, claim: string, close: boolean, excerpts = false): WrongClause | null {
  const same = { ref: input.law, scope: "same_version" as const, excludeTid: input.clause.tid };
  return locateClaim({
    claim,
    quoted: true,
    excerpts,
    // a close but altered quote is only checked against the rest of the same version, two comparisons at most
    tries: close ? [same] : [same, ...input.otherVersions().map((ref) => ({ ref, scope: "other_version" as const })), ...input.otherLaws().map((ref) => ({ ref, scope: "other_law" as const }))],
    url: input.url,
    budget: input.budget,
    limit: close ? 2 : WRONG_NUMBER_CANDIDATES,
  });
}

export interface LocateInput {
  claim: string;
  /** Quote or pasted text (compared word for word) or a sentence (judged by support). */
  quoted: boolean;
  /** A quote that is an article's words with stretches left out (compareQuote's excerpt) fits it too. */
  excerpts?: boolean;
  /** Laws to look in, in order. */
  tries: { ref: LawRef; scope: WrongClause["scope"]; excludeTid?: string }[];
  url: (fgid: string, tid: string) => string;
  budget: { comparisons: number };
  /** Full comparisons for this call (default WRONG_NUMBER_CANDIDATES). */
  limit?: number;
}

/**
 * Where a claim fits: a quote is 一致 (or 部分一致 at ≥ 0.75) with the article; a sentence is
 * supported at ≥ SUPPORT.other with informative terms. Each law gives a shortlist of 3 from its
 * postings; at most WRONG_NUMBER_CANDIDATES full comparisons per call, and never more than the
 * request's budget.
 */
export function locateClaim(q: LocateInput): WrongClause | null {
  let local = q.limit ?? WRONG_NUMBER_CANDIDATES;
  for (const { ref, scope, excludeTid } of q.tries) {
    if (local <= 0 || q.budget.comparisons <= 0) break;
    const ct = claimTerms(ref.index, q.claim);
    if (!judgeable(ref.index, ct)) continue;
    // a document kept whole (tid "0": no articles) has no article to name
    const short = bestSupport(ref.index, ct, 3).filter((s) => s.score >= SUPPORT.other && ref.index.clauses[s.index]!.tid !== excludeTid && ref.index.clauses[s.index]!.tid !== "0");
    for (const s of short) {
      if (local-- <= 0 || q.budget.comparisons-- <= 0) break;
      const c = ref.index.clauses[s.index]!;
      let sim = s.score;
      let how = "";
      if (q.quoted) {
        const cmp = compareQuote({ claim: q.claim, quoted: true, clauseText: c.content });
        const excerpt = !!q.excerpts && cmp.结论 === "部分一致" && cmp.coverage >= EXCERPT_COVERAGE;
        if (!(cmp.结论 === "一致" || (cmp.结论 === "部分一致" && (cmp.语义相似度 ?? 0) >= 0.75) || excerpt)) continue;
        sim = cmp.语义相似度 ?? 0;
        how = excerpt && (cmp.语义相似度 ?? 0) < 0.75 ? "摘取原文，" : `${cmp.结论}，`;
      } else {
        // a sentence names an article only on substantial phrases (予以支持 alone is a court's formula)
        const ph = matchedPhrases(ref.index, s.index, q.claim);
        if (!(ph.some((p) => p.length >= WRONG_PHRASE_MIN) && ph.reduce((n, p) => n + p.length, 0) >= WRONG_PHRASES_TOTAL)) continue;
      }
      const where = scope === "other_law" ? `《${ref.regulation.fgmc}》` : scope === "other_version" ? `该法规 ${ref.regulation.fbrq.slice(0, 4) || "另一"} 年版本` : "该法规";
      return {
        fgid: ref.regulation.fgid,
        fgmc: ref.regulation.fgmc,
        tid: c.tid,
        clause: label(c),
        content: c.content,
        url: q.url(ref.regulation.fgid, c.tid),
        similarity: r3(sim),
        scope,
        note: `所述内容见于${where}${label(c)}（${how}相似度 ${r3(sim)}）。`,
      };
    }
  }
  return null;
}

/** The rival holds the claim's core: 80 % of it, or half when it holds at least SUPPORT.nearlyAll of the claim. */
function clearCore(core: number, support: number): boolean {
  return core >= 0.8 || (support >= SUPPORT.nearlyAll && core >= 0.5);
}

/** A list of this many articles or more is judged article by article against the facts, never by its shared sentence. */
export const LONG_LIST = 3;

/** Thresholds of the support judgment (documented in lib/citations/README.md). */
export const SUPPORT = {
  /** The article holds most of what the sentence says. */
  agree: 0.5,
  /** The article holds part of it. */
  partial: 0.3,
  /** Below this the article says next to nothing of it… */
  low: 0.25,
  /** …and another article that holds at least this much, */
  other: 0.6,
  /** …or at least this much when the cited article holds next to nothing of it (below `none`): 伪造国家机关证件 against 第二百八十一条, */
  otherWhenNone: 0.45,
  none: 0.1,
  /** by at least this margin, is named as the article meant. */
  margin: 0.35,
  /** Or: another article holds at least this much, with all the claim's core terms… */
  clear: 0.6,
  /** …by at least this margin over the cited one (which holds under half of the core terms). */
  clearMargin: 0.2,
  /** A rival holding this much of the claim needs only half of its core terms. */
  nearlyAll: 0.9,
  /** Informative terms (rare in the law) a sentence must carry to be judged on its own. */
  informative: 2,
} as const;

/** A party's argument reported by the court. */
const REPORTED_SPEECH = /(?:请求称|诉称|辩称|上诉称|申请称|答辩称|抗辩称|主张|认为应|提出|以[^，。；]{0,30}为由|意见称)/g;

/** A reason someone gave (以末位淘汰为由): a name in it is theirs, not what the article is cited for. */
const REASON_GIVEN = /以[^，。；]{0,30}为由/g;

/** What 主张 asserts when it is a legal act, not an argument reported (主张权利, 主张债权, 主张撤销). */
const ASSERTS_RIGHT = /^(?:权利|债权|权益|撤销|解除|抵销|优先受偿)/;

/** A conclusion the writer draws, in the clause before a reporting word: 故 / 因此 / 据此 / 综上 … */
const CONCLUDES = /[，,；;]\s*(?:故|因此|所以|据此|综上|由此可见|由此)[^，,。；;]*$/;

/** What a court says of an argument right after 主张: its ruling on it, not a report of it. */
const RULED_ON = /^(?:均|亦|也)?(?:成立|不成立|不能成立|依法成立|予以支持|不予支持|应予支持|于法有据|于法无据|缺乏(?:事实和法律|事实|法律)?依据|有事实和法律依据|理由成立|理由不成立)/;

/** A modal before 主张 in its clause: the writer says what may be claimed (可主张, 有权主张, 可以依据…主张). */
const MAY_BEFORE = /(?<![许认准不宁即])可(?!能)|有权|能够/;

/** The text of the clause before `at` (from the last 。；，). */
function clauseBefore(sentence: string, at: number): string {
  const head = sentence.slice(0, at);
  return head.slice(Math.max(head.lastIndexOf("，"), head.lastIndexOf("；"), head.lastIndexOf("。"), head.lastIndexOf(","), head.lastIndexOf(";")) + 1);
}

/** 以…为由 followed, in its own clause, by the act it gives a reason for (为由直接辞退您，), that clause ending before the citation. */
function reportedActEndsBefore(sentence: string, after: number, citationAt: number): boolean {
  const rest = sentence.slice(after);
  const end = rest.search(/[，,；;。]/);
  if (end < 2) return false; // 以…为由， — the act (and the citation) come in the next clause: still reported
  return after + end < citationAt;
}

/**
 * Does the sentence report a party's argument? A reporting word that is the law's own wording
 * (当事人对自己提出的诉讼请求…, restated from the article) is not one: a word of at most 4 characters
 * counts only when it, with 2 characters either side, is not found in the given law texts.
 */
export function reportsSpeech(sentence: string, lawTexts: string[], citationAt?: number, states = false): boolean {
  const laws = lawTexts.map(compact);
  for (const m of sentence.matchAll(REPORTED_SPEECH)) {
    // advice to the reader (你可以以…为由解除劳动合同) is the writer's own application, not a party's argument
    if (m[0].startsWith("以") && /[你您]/.test(sentence.slice(0, m.index))) continue;
    // …nor is a reason a rule allows or forbids (用人单位不得以非过失性辞退或者经济性裁员为由解除劳动合同): a modal right before it
    if (m[0].startsWith("以") && /(?:不得|不能|不可|不应|可以|可|应当|有权|无权)$/.test(sentence.slice(0, m.index))) continue;
    // 以…为由 closing a clause of its own (公司以末位淘汰为由直接辞退您，) reports that act; a citation in a later clause
    // (…，您可以依据第四十七条要求…) is the writer's
    if (m[0].startsWith("以") && citationAt !== undefined && reportedActEndsBefore(sentence, m.index! + m[0].length, citationAt)) continue;
    // a claim the reader may make (最长可主张十一个月, 可依据第X条主张) is advice, not a party's 主张; nor is asserting a right
    // (债权人没有主张权利的, 向保证人主张债权) the report of an argument
    if (m[0] === "主张" && (MAY_BEFORE.test(clauseBefore(sentence, m.index!)) || ASSERTS_RIGHT.test(sentence.slice(m.index! + 2, m.index! + 6)) || /(?:未|没有|不|及时)$/.test(sentence.slice(0, m.index)))) continue;
    // …nor, after a citation that states the article, the writer's own conclusion drawn from it (依据第X条，<the rule>，故本所认为
    // 以重大误解为由主张撤销的诉讼风险较高)
    if (states && citationAt !== undefined && m.index! > citationAt && CONCLUDES.test(sentence.slice(citationAt, m.index))) continue;
    // …nor the court's ruling on an argument (原告的主张成立, 该主张不能成立, 其主张于法无据): the finding is the court's own
    if (m[0] === "主张" && RULED_ON.test(sentence.slice(m.index! + 2, m.index! + 10))) continue;
    // …nor a time to act the writer gives (最迟应在11月1日前提出, 可以在…内提出)
    if (m[0] === "提出" && /[前内]$/.test(sentence.slice(0, m.index))) continue;
    // …nor, in a sentence stating the article, an application, appeal or suit brought (用人单位未按规定提出申请的, 仅有上诉人
    // 一方提出上诉，依照…): an act the law provides, not an argument (statute language embedding a citation, …涉及第X条规定相关事项的，…应当…提出批准…的申请,
    // is read as before)
    if (m[0] === "提出" && states && /^[^，。；,;]{0,8}(?:申请|上诉|起诉|诉讼|复议)/.test(sentence.slice(m.index! + 2))) continue;
    if (m[0].length > 4) return true;
    const w = compact(sentence.slice(Math.max(0, m.index! - 2), m.index! + m[0].length + 2));
    if (!laws.some((l) => l.includes(w))) return true;
  }
  return false;
}

/**
 * The sentence says the article does NOT apply, or only asks whether it does (written just before the citation):
 * 不属于…, 不能认定…为…, 争议焦点在于…是否违反2001年商标法…. (并没有违反… stays judged: 「授予学士学位的标准…并没有违反第四条」 restates
 * what the article says.)
 */
const NOT_APPLIED = /(?:不适用|不属于|不符合|不构成|未构成|并未构成|并非|不能适用|不应适用|不予适用|无法适用|不宜适用|不受|(?:不能|不应|不宜|无法|难以)认定|是否(?:违反|符合|适用|属于|构成|满足))[^，。；,;]{0,12}$/;

/**
 * The same said after the citation: 《公司法》第一百六十五条不能适用于本案 / 第X条的规定不适用于本案 — the case named, so an
 * exception the article itself states (…第五百八十五条不适用于定金) is not taken for it.
 */
const NOT_APPLIED_AFTER = /^\s*(?:之|的)?(?:相关|有关)?(?:规定)?\s*(?:并|均|亦|也)?(?:不能|不应|不宜|无法|不)(?:直接)?(?:适用于?|适用到)(?:本案|该案|此案|本件)/;

/** What may follow the citation of a bare question (…是否违反第X条之规定，/ …是否符合第X条规定的情形。): nothing of the article's content. */
const BARE_QUESTION_END = /^\s*(?:之|的)?(?:相关|有关)?(?:规定|条款)?(?:的(?:情形|条件|要求))?\s*(?:[，,。；;？?）)]|$)/;

/** How the sentence sets the article aside, in words: it asks whether the article applies, or says the case does not fall under it. */
function notAppliedWords(words: string, clause: string): string {
  if (words.startsWith("是否")) return `援引句只提出是否适用${clause}的问题（「${words}」）`;
  return `援引句认为${clause}不适用于本案（「${words}」）`;
}

/** What a court decides after citing (判决如下：一、被告人…) is the outcome, not what the article says. */
const DISPOSITION = /(?:判决|裁定|决定)(?:如下)?[：:]|(?:判决|裁定)如下/;

/** The citing sentence up to the court's disposition. */
function citingSentence(text: string, start: number, end: number): string {
  const s = text.slice(start, end);
  const m = DISPOSITION.exec(s);
  return m ? s.slice(0, m.index) : s;
}

/** 部分一致 from a sentence's words needs a held phrase of at least this many characters, or two phrases. */
export const AGREE_PHRASE = 4;
/** 一致 on a restatement or application needs the phrases held to say at least this many characters of what is done (`whatIsDone`): more than one word. */
export const AGREE_WHAT_IS_DONE = 5;

/** A pronoun standing alone (其 of 要求其承担, not of 其他, 其中, 及其, 尤其). */
const PRONOUN = /(?<![及尤与])其(?![他中余次实])/g;
const PRONOUN_AT = new RegExp(PRONOUN.source);

/** A wrong number is named from a sentence only on substantial phrases: one of at least this many characters… */
const WRONG_PHRASE_MIN = 4;
/** …and at least this many characters of matched phrases in all. */
const WRONG_PHRASES_TOTAL = 6;

function judgeSentence(input: JudgeInput, scope: Judgment["scope"]): Judgment {
  const { ex, clause, law, text } = input;
  const opening = citingSentence(text, ex.contentStart, ex.contentEnd);
  // a statement the citation opens goes on past a semicolon (依照第一千二百条，…由第三人承担侵权责任；学校未尽到管理职责的，
  // 承担相应的补充责任…): the clauses after it are the article's statement too, read with it
  // (its first clause only: a court's findings chained by semicolons — …数罪并罚；…系自首；…系犯罪未遂，可以比照既遂犯… — are
  // other rules' business)
  const more = citationStates(input) || leadsItsClause(input) ? statementGoesOn(text, ex.contentStart + opening.length) : "";
  const goesOn = more.split(/[；;]/)[0]!;
  const sentence = goesOn ? `${opening}；${goesOn}` : opening;
  const claim = sentenceClaim(sentence).slice(0, MAX_CLAIM_CHARS);
  // what the sentence says after the citation (the consequence it draws), when it says enough
  const tail = ex.chainEnd < ex.contentStart + opening.length ? sentenceClaim(citingSentence(text, ex.chainEnd, ex.contentStart + opening.length) + (goesOn ? `；${goesOn}` : "")).slice(0, MAX_CLAIM_CHARS) : "";
  const ci = law.index.byTid.get(clause.tid)!;
  // 不适用…第X条规定 / 不属于…第X条规定的情形: the draft says the article does not apply; nothing to check in its words
  const before = text.slice(ex.contentStart, ex.start);
  // (是否符合…第X条规定的以特别残忍手段… still says what the article holds: only a bare question, …是否违反第X条的规定。, is set aside)
  const notApplied = NOT_APPLIED.exec(before) ?? NOT_APPLIED_AFTER.exec(text.slice(ex.chainEnd, ex.chainEnd + 24));
  if (notApplied && (!notApplied[0].startsWith("是否") || BARE_QUESTION_END.test(text.slice(ex.chainEnd)))) {
    // …不属于第X条规定的“作为民间借贷合同的担保”: whether the case falls under it is the court's call, but the
    // draft still says the article holds the term — that much is checked
    // …or a description of the article's content without quotation marks (不属于第十九条规定的故意犯罪、醉酒或者吸毒、自残或者自杀情形):
    // read like a topic — 一致 when the article holds its words, another article named when it holds them all and the cited one under half
    const term = judgeQuotedTerm(input, ci, scope) ?? describedSituation(input, ci, scope);
    if (term) {
      const note = notApplied[0].startsWith("是否") ? `（援引句只问本案是否属于该条所指情形）` : `（援引句认为本案不属于该条所指情形，这一判断不在核查之列）`;
      return { ...term, compare: { ...term.compare, 说明: term.compare.说明.replace(/。$/, `${note}。`) } };
    }
    return {
      style: "application",
      claimText: "",
      wrongClause: null,
      switchTo: null,
      scope,
      compare: verdict("无法判断", `${notAppliedWords(notApplied[0], ex.clause)}，未就条文内容作出判断。`, null),
    };
  }
  const byCrime = input.crimes ? judgeByCrime(input, input.crimes, scope) : null;
  if (byCrime) return byCrime;
  const byTerm = judgeDefinedTerm(input, ci, scope) ?? judgeQuotedTerm(input, ci, scope) ?? judgeClaimedSubject(input, ci, scope);
  if (byTerm) return byTerm;
  // a sentence naming crimes is about the crimes (毒品 in 运输毒品罪 is not the definition of 毒品)
  const named = input.crimes ? crimesNamed(input.crimes, text.slice(ex.contentStart, ex.contentEnd)) : null;
  const namesCrimes = !!named && named.known.length + named.unknown.length > 0;
  // the sentence names a crime the cited article or one listed with it defines (…第二百六十六条、第二十五条第一款之规定，应当以
  // 诈骗罪追究): its facts are that crime's, and no other article (合同诈骗's 以非法占有为目的) is named on them
  const crimeCited = !!named && named.known.some((n) => input.crimes!.byName.get(n)?.some((t) => t === clause.tid || input.siblings.includes(t)));
  const byDefinition = input.listSize === 1 && !namesCrimes ? judgeByDefinition(input, ci, scope) : null;
  // a term the article defines confirms it, unless the sentence turns the article's modal (系犯罪未遂，不得比照既遂犯从轻处罚)
  const turned = byDefinition?.compare.结论 === "一致" && !reportsSpeech(sentence, [clause.content]) ? modalChanges(withoutCitations(sentence), clause.content, { applied: CASE_PARTY.test(sentence) }) : [];
  if (byDefinition && turned.length) {
    const points = turned.map((m) => ({ kind: "modal" as const, source: m.source, quote: m.quote, text: m.text }));
    return { ...byDefinition, compare: verdict("不一致", `援引句对${ex.clause}的转述与原文不符：${turned.map((m) => m.text).join("；")}。`, null, turned.map((m) => m.quote), points) };
  }
  // …unless the whole sentence is another article's far more (丧失新颖性 is 第二十二条's term; 在中国政府主办…的国际展览会上首次展出
  // …不会使该发明丧失新颖性 is 第二十四条's rule): judged as a sentence below
  if (byDefinition && (byDefinition.compare.结论 !== "一致" || REFERRAL_AFTER.test(text.slice(ex.chainEnd, ex.chainEnd + 16)) || reportsSpeech(sentence, [clause.content]) || !sentenceRival(input, ci, [], claim, claimTerms(law.index, claim)))) return byDefinition;
  const siblings = input.siblings.map((t) => law.index.byTid.get(t)).filter((i): i is number => i !== undefined && i !== ci);
  // terms another listed article holds and this one does not are that article's business
  const exclude = new Set<string>();
  for (const s of siblings) for (const b of law.index.own[s]!) if (!law.index.own[ci]!.has(b) && !law.index.context[ci]!.has(b)) exclude.add(b);
  // the claim's everyday words count as the statute's too (退一赔三 → 欺诈, 三倍, 增加赔偿): what the article holds of them is support
  const withStatutory = (t: string) => {
    const extra = input.colloquial && t ? statutoryWords(input.colloquial, t, (w) => { const k = termText(w); return k.length > 0 && law.index.texts.some((x) => x.includes(k)); }) : "";
    return extra ? `${t}，${extra}` : t;
  };
  const ct = claimTerms(law.index, withStatutory(claim), exclude);
  const tt = claimTerms(law.index, withStatutory(tail), exclude);
  const useTail = tail !== claim && judgeable(law.index, tt);
  // a long list (依照……第X条、第Y条、第Z条之规定) applies each article to the whole case: judged against the facts
  const style: ClaimStyle = input.listSize >= LONG_LIST || !judgeable(law.index, ct) ? "bare" : APPLICATION.test(sentence.replace(CITATION_IN_SENTENCE, "")) ? "application" : "restatement";
  const base = { style, claimText: style === "bare" ? "" : claim, wrongClause: null, switchTo: null, scope };
  if (style === "bare") return { ...base, compare: judgeAgainstFacts(input, ci, exclude, input.listSize >= LONG_LIST ? "该条为所列多条之一；" : "仅列明条号；") };

  const sc = Math.max(supportOf(law.index, ci, ct), useTail ? supportOf(law.index, ci, tt) : 0);
  const phrases = matchedPhrases(law.index, ci, useTail && supportOf(law.index, ci, tt) >= supportOf(law.index, ci, ct) ? tail : claim);
  const informativeHeld = heldInformative(law.index, ci, ct);
  // a restated number / modal / negation inside text that aligns with the article must agree
  // a party's argument (再审请求称…, 被告以…为由) reports what someone claims the article says: never an alarm from it
  // (the law's wording read in the cited article and in those holding most of the sentence: 「当事人对自己提出的主张，有责任提供
  // 证据」 under 第六十八条 is 第六十七条's own words, not a party's 主张)
  const reported = reportsSpeech(sentence, [clause.content, ...bestSupport(law.index, ct, 3).map((b) => law.index.clauses[b.index]!.content)], ex.start - ex.contentStart, citationStates(input) || leadsItsClause(input));
  // statute language that embeds the citation mid-sentence (…编制…方案，并依照第六十三条的规定，由本集体经济组织…) states its own
  // rule before it: only what follows the citation is read for a changed modal, number or negation
  const embedded = ex.contentStart < ex.start && !citationStates(input) && /[，,；;]/.test(text.slice(ex.contentStart, ex.start)) && tail !== "" && tail !== claim;
  const restated = embedded ? tail : claim;
  const readAs = {
    applied: CASE_PARTY.test(sentence),
    // the modal read in the sentence's own words (根据当事人的请求 is no citing formula there)
    // (and with its parties: 申请人 of 对申请人更为不利的变更决定 is the article's word)
    literal: withoutCitations(embedded ? citingSentence(text, ex.chainEnd, ex.contentStart + opening.length) : sentence),
    continued: embedded ? more : more.slice(goesOn.length + 1),
  };
  const critical = reported ? [] : restatedDifferences(restated, clause.content, ex.paragraph, ex.item, input.crimes, readAs);
  if (critical.length && sc >= SUPPORT.partial) {
    // a crime's act written for another's names that crime's article (罪名 lists)
    const swap = input.crimes ? critical.find((p) => isCrimeSwap(p, input.crimes!)) : undefined;
    const tid = swap ? input.crimes!.byName.get(`${swap.quote}罪`)!.find((t) => law.index.byTid.has(t) && t !== clause.tid) : undefined;
    const c = tid ? law.index.clauses[law.index.byTid.get(tid)!]! : null;
    const named = c ? sameVersionWrong(input, c, r3(sc), `「${swap!.quote}罪」由该法规${label(c)}规定。`, `「${swap!.quote}」罪由${label(c)}规定，疑似条号错误`) : null;
    // …and numbers that another article of the law says in those words (食品安全法 第一百二十四条's 五万元以上
    // 十万元以下 under 第一百二十五条): the sentence restates that article
    const fit = named ? null : fitsElsewhere(input, ci, siblings, critical, sc, (content) => restatedDifferences(restated, content, undefined, undefined, input.crimes, readAs)) ?? modalElsewhere(input, ci, siblings, critical, restated, readAs);
    const other = fit ? sameVersionWrong(input, law.index.clauses[fit.index]!, r3(fit.score), `援引句所述与该法规${label(law.index.clauses[fit.index]!)}相符。`, `所述内容见于${label(law.index.clauses[fit.index]!)}，疑似条号错误`) : null;
    const what = critical.every((p) => p.kind === "modal") ? "所述情态" : "所述数额、期限";
    const also = c ? `；「${swap!.quote}罪」由该法规${label(c)}规定，疑似条号错误` : fit ? `；${what}与该法规${label(law.index.clauses[fit.index]!)}相符，疑似条号错误` : "";
    return {
      ...base,
      compare: verdict("不一致", `援引句对${ex.clause}的转述与原文不符：${critical.map((p) => p.text).join("；")}${also}。`, r3(sc * 0.7), phrases, [...critical, ...(named ? [named.point] : other ? [other.point] : [])]),
      wrongClause: named?.wrong ?? other?.wrong ?? null,
    };
  }
  // the sentence carries another article's own words, a long run of them, while the cited article shares only
  // scattered words with it (第一千一百六十六条 cited for 「行为人因过错侵害他人民事权益造成损害的，应当承担侵权责任」)
  const verbatim = reported ? null : verbatimElsewhere(input, ci, siblings, sentenceClaim(sentence, true).slice(0, MAX_CLAIM_CHARS), ct);
  if (verbatim) {
    // …unless the cited number held that very text in another version the index holds (公司法 2018 第二十条 is 2023
    // 第二十三条): the sentence follows that version's numbering, as a quote of the law as it then read does
    const then = ex.tid ? input.otherVersions().map((v) => ({ law: v, i: v.index.byTid.get(ex.tid) })).find((o) => o.i !== undefined && o.law.index.texts[o.i]!.includes(termText(verbatim.run))) : undefined;
    if (then) {
      const c = then.law.index.clauses[then.i!]!;
      const year = then.law.regulation.fbrq ? `${then.law.regulation.fbrq.slice(0, 4)} 年` : "另一";
      const compare = verdict("一致", `援引句的「${verbatim.run}」是该法规 ${year}版本${label(c)}的原文，与该版本的所引条文相符。`, 1, [verbatim.run]);
      return { ...base, compare, switchTo: { law: then.law, clause: c, compare: { ...compare, coverage: 1 } } };
    }
    const c = law.index.clauses[verbatim.index]!;
    // an article the cited one refers to (第八十七条: 依照本法第四十七条规定的经济补偿标准…) whose words alone the sentence states:
    // the cited article brings them in, so no wrong number — but the rule stated is that article's, said as 部分一致
    if (refersTo(clause.content, c.tid)) {
      const say = `所述「${verbatim.run}」是${label(c)}的原文，所引${ex.clause}援引${label(c)}，该内容以${label(c)}为准`;
      return { ...base, compare: verdict("部分一致", `援引句的「${verbatim.run}」是该法规${label(c)}的原文；所引${ex.clause}援引${label(c)}而未直接规定该内容。`, r3(sc), [verbatim.run], [{ kind: "scope", source: label(c), quote: ex.clause, text: say }]) };
    }
    // (its similarity: the best of the run's evidence and the support of the sentence's terms — a sentence nearly all
    // another article's says so across revisions too, judge-citations.ts SUPPORT_ACROSS_REVISIONS)
    const { wrong, point } = sameVersionWrong(input, c, r3(Math.max(verbatim.score, sc, supportOf(law.index, verbatim.index, ct))), `援引句的「${verbatim.run}」是该法规${label(c)}的原文，与所引${ex.clause}不符。`, `所述内容见于${label(c)}，疑似条号错误`);
    return {
      ...base,
      compare: verdict("不一致", `援引句的「${verbatim.run}」是该法规${label(c)}的原文（${verbatim.run.length} 字），所引${ex.clause}${verbatim.cited ? `与该句相连的文字至多「${verbatim.cited}」（${verbatim.cited.length} 字）` : "与该句没有相连的文字"}，疑似条号错误。`, r3(sc), [verbatim.run], [point]),
      wrongClause: wrong,
    };
  }
  // 一致 rests on more than one word of what is done (「处罚」, 「给予处罚」 or 「国家安全机关」 alone is any penalty's or that body's
  // article: a wrong number under 依照…第X条的规定处罚 passed); on less the sentence goes on to the steps below (部分一致 or 无法判断)
  // (the words before the citation count too when the tail was read: 自动投案，如实供述自己的罪行，符合第六十七条…，系自首)
  const said = (ps: string[]) => ps.reduce((n, p) => n + whatIsDone(p), 0);
  const whole = useTail && said(phrases) < AGREE_WHAT_IS_DONE ? matchedPhrases(law.index, ci, claim) : phrases;
  // …or on the article's own subject: its section's heading (第四节 数罪并罚) or a term it defines (共同犯罪是指…)
  const heading = termText(sectionHeading(clause.chapter));
  const ownSubject = (p: string) => { const t = termText(p); return t.length >= WHAT_IS_DONE && ((heading !== "" && heading.includes(t)) || definitionsOf(law.index).get(t) === ci); };
  // the concept the sentence names is its section's other article's word, not the cited one's (有立功表现 under 第六十七条,
  // whose section 自首和立功 gives 立功 to 第六十八条): that article, before the shared consequence (可以从轻或者减轻处罚) makes it 一致
  // (only when that article holds what the sentence goes on to say as well as the cited one: 「机关法人属于特别法人，根据第九十七条，
  // 有独立经费的机关…具有机关法人资格」 states 第九十七条's rule, which 第九十六条 does not hold)
  const found0 = reported || crimeCited || input.listSize > 1 ? null : sectionPartner(law.index, ci, claim, ct, input.citedTids ?? []);
  const said0 = useTail ? tt : ct;
  const partner = found0 && supportOf(law.index, found0.index, said0) >= supportOf(law.index, ci, said0) - PARTNER_MARGIN ? found0 : null;
  if (partner) {
    const c = law.index.clauses[partner.index]!;
    const { wrong, point } = sameVersionWrong(input, c, r3(partner.score), `「${partner.term}」是该法规${label(c)}的用语，所引${ex.clause}未涉及。`, `所述「${partner.term}」由${label(c)}规定，疑似条号错误`);
    return {
      ...base,
      compare: verdict("不一致", `援引句所述「${partner.term}」由该法规${label(c)}规定（「${sectionHeading(c.chapter)}」一节中只有该条使用此词），所引${ex.clause}未涉及，疑似条号错误。`, r3(sc), [partner.term], [point]),
      wrongClause: wrong,
    };
  }
  // words the article holds only in its cross-reference to other rules (第二百四十一条's 「依照数罪并罚的规定处罚」) are those
  // rules' content, not its own: 「在判决宣告前犯数罪，应当数罪并罚」 is not an application of 第二百四十一条
  const ownWords = whole.filter((p) => !onlyInReference(clause.content, termText(p)));
  // …and when those are all the sentence shares with it, the article holds nothing of the sentence
  const referenceOnly = whole.length > 0 && ownWords.length === 0 && phrases.every((p) => onlyInReference(clause.content, termText(p)));
  // the cited article holds the sentence's consequence, another holds nearly all of it — its facts word for word in a
  // long phrase the cited one lacks (以明显不合理的低价转让财产 under 第五百三十八条: 第五百三十九条's)
  // (the sentence read without the clause past its semicolon too: what it shows alone, the statement going on does not hide —
  // …可以假释 under 刑法 第七十八条, then ；被判处无期徒刑的，实际执行须满十三年, which 第七十八条 says of 减刑 as well)
  const openingAlone = goesOn ? sentenceClaim(opening).slice(0, MAX_CLAIM_CHARS) : "";
  const openingTerms = openingAlone ? claimTerms(law.index, withStatutory(openingAlone), exclude) : null;
  const factsRival = !reported && !crimeCited && input.listSize === 1 && sc >= SUPPORT.agree
    ? nearlyAllElsewhere(input, ci, siblings, claim, ct, supportOf(law.index, ci, ct)) ?? (openingTerms ? nearlyAllElsewhere(input, ci, siblings, openingAlone, openingTerms, supportOf(law.index, ci, openingTerms)) : null)
    : null;
  if (factsRival) {
    const c = law.index.clauses[factsRival.index]!;
    const { wrong, point } = sameVersionWrong(input, c, r3(factsRival.score), `所述内容见于该法规${label(c)}（「${factsRival.phrases.join("」「")}」），与所引${ex.clause}不符。`, `所述内容见于${label(c)}，疑似条号错误`);
    return {
      ...base,
      compare: verdict("不一致", `援引句所述「${factsRival.phrases.join("」「")}」见于该法规${label(c)}（相似度 ${r3(factsRival.score)}），所引${ex.clause}只涉及其后果，疑似条号错误。`, r3(sc), factsRival.phrases, [point]),
      wrongClause: wrong,
    };
  }
  // the whole sentence — the facts before the citation and the consequence after it — another article's far more than the
  // cited one's, which holds at most the consequence (保险法 第四十五条 cited for 第四十四条's 以死亡为给付保险金条件的合同成立后
  // …自杀…保险人不承担给付保险金的责任; 公司法 第八十九条 for 第二百三十一条's 公司经营管理发生严重困难…请求人民法院解散公司)
  // (here only where the cited article would be confirmed on the consequence; a sentence it holds less of meets the
  // other rival rules first, the same test after them)
  const sentenceRivalFound = (): Judgment | null => {
    // (not where the citation is a referral inside the citing text's own rule — …有下列情形之一的，依照第七十条的规定处罚 / 适用第一百
    // 一十三条规定处理 / 第十一条规定的医学鉴定证明: the facts are that rule's, the cited article supplies a part)
    const referral = REFERRAL_AFTER.test(text.slice(ex.chainEnd, ex.chainEnd + 16));
    const r = !reported && !crimeCited && !namesCrimes && !referral && input.listSize === 1 ? sentenceRival(input, ci, siblings, claim, ct) : null;
    if (!r) return null;
    const c = law.index.clauses[r.index]!;
    const shown = `「${r.phrases.join("」「")}」`;
    const { wrong, point } = sameVersionWrong(input, c, r3(r.score), `所述内容见于该法规${label(c)}（${shown}），与所引${ex.clause}不符。`, `所述内容见于${label(c)}，疑似条号错误`);
    return {
      ...base,
      compare: verdict("不一致", `援引句所述${shown}见于该法规${label(c)}（整句相似度 ${r3(r.score)}，所引${ex.clause}为 ${r3(r.cited)}），所引条文未涉及这些内容，疑似条号错误。`, r3(sc), r.phrases, [point]),
      wrongClause: wrong,
    };
  };
  const wholeRival = !factsRival && sc >= SUPPORT.agree && informativeHeld ? sentenceRivalFound() : null;
  if (wholeRival) return wholeRival;
  // a doctrine name with the statute's own words for it, both another article's (行使先履行抗辩权：…后履行一方有权拒绝其履行请求
  // under 第五百二十五条, 同时履行抗辩权): that article is meant however much of the sentence the cited one shares
  const doctrineNamed = reported || crimeCited || input.listSize > 1 ? null : conceptRival(input, ci, withoutCitations(sentence).replace(REASON_GIVEN, "，"), ct);
  const nameAndWords = doctrineNamed && doctrineNamed.term && termText(doctrineNamed.term).length >= CONCEPT_WORDS_MIN && termText(sentence).includes(termText(doctrineNamed.term)) ? doctrineNamed : null;
  if (nameAndWords) {
    const c = law.index.clauses[nameAndWords.index]!;
    const { wrong, point } = sameVersionWrong(input, c, r3(nameAndWords.score), `「${nameAndWords.key}」由该法规${label(c)}规定（「${nameAndWords.term}」），与所引${ex.clause}不符。`, `所述「${nameAndWords.key}」由${label(c)}规定，疑似条号错误`);
    return {
      ...base,
      compare: verdict("不一致", `援引句所述「${nameAndWords.key}」及「${nameAndWords.term}」由该法规${label(c)}规定，所引${ex.clause}未涉及，疑似条号错误。`, r3(sc), [nameAndWords.key, nameAndWords.term], [point]),
      wrongClause: wrong,
    };
  }
  if (sc >= SUPPORT.agree && informativeHeld && (said(ownWords) >= AGREE_WHAT_IS_DONE || ownWords.some(ownSubject))) {
    return { ...base, compare: verdict("一致", `${ex.clause}${phrasesText(whole, "规定了")}，与${style === "application" ? "援引句对该条的适用" : "援引句的转述"}相符。`, r3(sc), whole) };
  }
  // a doctrine name the thesaurus gives another article of this law for (离婚经济补偿 → 第一千零八十八条), the cited one
  // holding little of the sentence and neither the name nor the statute's words for it: that article is meant
  const scTail0 = useTail ? supportOf(law.index, ci, tt) : sc;
  const doctrine = reported || crimeCited || input.listSize > 1 || Math.max(sc, scTail0) >= SUPPORT.partial ? null : conceptRival(input, ci, withoutCitations(sentence).replace(REASON_GIVEN, "，"), ct);
  if (doctrine) {
    const c = law.index.clauses[doctrine.index]!;
    const words = doctrine.term ? `（「${doctrine.term}」）` : "";
    const { wrong, point } = sameVersionWrong(input, c, r3(doctrine.score), `「${doctrine.key}」由该法规${label(c)}规定${words}，与所引${ex.clause}不符。`, `所述「${doctrine.key}」由${label(c)}规定，疑似条号错误`);
    return {
      ...base,
      compare: verdict("不一致", `援引句所述「${doctrine.key}」由该法规${label(c)}规定${words}，所引${ex.clause}未涉及，疑似条号错误。`, r3(sc), [doctrine.key], [point]),
      wrongClause: wrong,
    };
  }
  // the article meant has the 款 / 项 the draft cites (a wrong number keeps them): one that lacks them is not named
  const hasCited = (i: number) => holdsCitedScope(law.index.clauses[i]!.content, ex);
  const pick = (c: typeof ct) => bestSupport(law.index, c, 4).filter((s) => s.index !== ci && !siblings.includes(s.index) && hasCited(s.index))[0];
  const best0 = pick(useTail ? tt : ct);
  // a pronoun joins words into bigrams no rule rests on (要求其承担违约责任: 求其, 其承 are 第一百八十六条's only through its
  // 请求其…): the rival must win without them too
  const winsWithoutPronouns = (b: NonNullable<typeof best0>) => {
    const said = useTail ? tail : claim;
    if (!PRONOUN_AT.test(said)) return true;
    const c = claimTerms(law.index, withStatutory(said.replace(PRONOUN, "，")), exclude);
    return supportOf(law.index, b.index, c) - supportOf(law.index, ci, c) >= SUPPORT.margin;
  };
  const best = best0 && winsWithoutPronouns(best0) ? best0 : undefined;
  const scTail = useTail ? supportOf(law.index, ci, tt) : sc;
  const cs = coreShare(law.index, ci, useTail ? tt : ct);
  const decisive =
    best &&
    ((sc <= SUPPORT.low && scTail <= SUPPORT.low && best.score >= (Math.max(sc, scTail) <= SUPPORT.none ? SUPPORT.otherWhenNone : SUPPORT.other) && best.score - sc >= SUPPORT.margin && cs < 0.5) ||
      // the cited article holds a little, another holds nearly all of it, core terms included
      // (or holds almost all of it and half the core: the rarest bigrams include junctions of words, 位未 of 用人单位未及时…)
      (sc < SUPPORT.agree && Math.max(sc, scTail) < SUPPORT.agree && best.score >= SUPPORT.clear && best.score - Math.max(sc, scTail) >= SUPPORT.clearMargin && cs < 0.5 && clearCore(coreShare(law.index, best.index, useTail ? tt : ct), best.score)));
  // an article that refers to the cited one (对符合本法第一百二十二条的起诉…) or is referred to by it is its neighbour in law, not a rival
  const linked = !!best && (refersTo(law.index.clauses[best.index]!.content, clause.tid) || refersTo(clause.content, law.index.clauses[best.index]!.tid));
  const bp = decisive && !linked ? matchedPhrases(law.index, best.index, useTail ? tail : claim).filter((p) => !actorOnly(p)) : [];
  const substantial =
    ((bp.some((p) => p.length >= WRONG_PHRASE_MIN) && bp.reduce((n, p) => n + p.length, 0) >= WRONG_PHRASES_TOTAL) ||
      // one short phrase few articles hold: only with more than one word's worth (「退还货款」 alone, one remedy of 第五十二条's
      // list, does not make 第二十四条's 退货 wrong)
      // (a crime's name is one: 寻衅滋事 is 第二百九十三条's)
      (bp.some((p) => p.length >= 3 && specific(law.index, p)) && (bp.reduce((n, p) => n + whatIsDone(p), 0) >= AGREE_WHAT_IS_DONE || bp.some((p) => !!input.crimes?.byName.has(`${termText(p)}罪`))))) &&
    bp.reduce((n, p) => n + whatIsDone(p), 0) >= WHAT_IS_DONE;
  // the cited article holds a phrase of the sentence that few articles use and the rival does not (用于非农建设, of
  // 农村土地承包法 第十八条) while the rival wins on reasoning words (…的强制性规定，属无效, 第五十八条): the sentence applies the cited article
  const citedHoldsFacts = decisive && matchedPhrases(law.index, ci, claim).some((p) => p.length >= WRONG_PHRASE_MIN && heldByFew(law.index, p) && !law.index.texts[best.index]!.includes(p));
  // the draft names the article's subject (第一百五十条关于食品安全的规定) and the article holds it: the sentence's other
  // words (…瑕疵不影响食品安全) are its own reasoning, not another article's content
  const subject = CLAIMED_SUBJECT.exec(text.slice(ex.chainEnd, ex.chainEnd + 60))?.[1];
  const subjectHeld = !!subject && termText(subject).length >= 2 && law.index.texts[ci]!.includes(termText(subject));
  if (decisive && substantial && !citedHoldsFacts && !subjectHeld && !crimeCited && !sameWordsApart(law.index, ci, best!.index, bp) && !citedHoldsRest(law.index, ci, useTail ? tt : ct, best!.index) && !reportsSpeech(sentence, [clause.content, law.index.clauses[best.index]!.content], ex.start - ex.contentStart)) {
    const c = law.index.clauses[best.index]!;
    const { wrong, point } = sameVersionWrong(input, c, r3(best.score), `所述内容见于该法规${label(c)}${bp.length ? `（「${bp.join("」「")}」）` : ""}，与所引${ex.clause}不符。`, `所述内容见于${label(c)}，疑似条号错误`);
    return {
      ...base,
      compare: verdict("不一致", `援引句所述${phrasesText(bp, "")}见于该法规${label(c)}，而所引${ex.clause}未涉及，疑似条号错误。`, r3(sc), bp, [point]),
      wrongClause: wrong,
    };
  }
  // the sentence's distinctive phrases (words only one or two articles of the law use) are another article's, none the cited one's
  const found = reported || subjectHeld || crimeCited ? null : distinctiveRival(input, ci, siblings, hasCited, claim, Math.max(sc, scTail));
  // the rival's words only in the situation before the citation, while the cited article holds the consequence
  // the sentence draws after it (债权人申请支付令，适用第二十二条规定，由债务人住所地基层人民法院管辖)
  const tailText = termText(tail);
  // (a consequence: the citation's clause ends before it — 规定，由…管辖 — not a modifier of the citation, 规定的量刑情节)
  // (or a claim or duty the citation opens: …可以依据第五百七十七条请求开发商承担违约责任)
  const afterCitation = text.slice(ex.chainEnd, ex.contentEnd);
  const consequence = /^[^，。；,;]*[，,]/.test(afterCitation) || CONSEQUENCE_OPENS.test(afterCitation);
  const rival = found && useTail && consequence && scTail >= SUPPORT.partial && found.phrases.every((p) => !tailText.includes(termText(p))) ? null : found;
  // …unless another law's article holds the whole sentence (a wrong law name: below)
  let elsewhere: ReturnType<typeof restatedElsewhere> | undefined;
  const anotherLaw = () => (elsewhere === undefined ? (elsewhere = sc < SUPPORT.low && !reported ? restatedElsewhere(input, claim) : null) : elsewhere);
  if (rival && !sameWordsApart(law.index, ci, rival.index, rival.phrases) && !anotherLaw()) {
    const c = law.index.clauses[rival.index]!;
    const shown = `「${rival.phrases.join("」「")}」`;
    const { wrong, point } = sameVersionWrong(input, c, r3(rival.score), `所述${shown}见于该法规${label(c)}，与所引${ex.clause}不符。`, `所述内容见于${label(c)}，疑似条号错误`);
    return {
      ...base,
      compare: verdict("不一致", `援引句所述${shown}是该法规${label(c)}的用语（该法规至多 ${DISTINCT_ARTICLES} 条使用），所引${ex.clause}未涉及，疑似条号错误。`, r3(sc), rival.phrases, [point]),
      wrongClause: wrong,
    };
  }
  // the sentence draws on a concept the law treats in a section of its own (数罪并罚, 自首, 累犯, 缓刑) and the cited article,
  // outside that section, holds little of the sentence: the section's article is the one meant
  // (not in a list, whose articles share the sentence, nor when the draft cites the section's article elsewhere: its discussion)
  const concept = reported || crimeCited || input.listSize > 1 || (!referenceOnly && Math.max(sc, scTail) >= SUPPORT.partial) ? null : headingRival(law.index, ci, siblings, claim, ct, input.citedTids ?? [], !!input.crimes && !namesCrimes && !CONDUCT_AFTER.test(text.slice(ex.chainEnd)));
  if (concept) {
    const c = law.index.clauses[concept.index]!;
    const { wrong, point } = sameVersionWrong(input, c, r3(concept.score), `「${concept.term}」是该法规${label(c)}所在一节的标题，所引${ex.clause}未涉及。`, `所述「${concept.term}」由${label(c)}所在一节规定，疑似条号错误`);
    return {
      ...base,
      compare: verdict("不一致", `援引句所述「${concept.term}」由该法规${label(c)}所在的「${sectionHeading(c.chapter)}」一节规定，所引${ex.clause}未涉及，疑似条号错误。`, referenceOnly ? 0 : r3(sc), [concept.term], [point]),
      wrongClause: wrong,
    };
  }
  // the whole sentence another article's far more (see wholeRival above), the cited one holding less than the consequence
  const lateRival = wholeRival === null && !(sc >= SUPPORT.agree && informativeHeld) ? sentenceRivalFound() : null;
  if (lateRival) return lateRival;
  // 部分一致 needs words a reader can check: a phrase of 4 characters or two phrases held — one short common word
  // (「执行」 of 按照下列规定执行) supports nothing in particular
  const enough = phrases.some((p) => termText(p).length >= AGREE_PHRASE) || phrases.filter((p) => termText(p).length >= 2).length >= 2;
  if (sc >= SUPPORT.partial && informativeHeld && enough && !referenceOnly) {
    return { ...base, compare: verdict("部分一致", `${ex.clause}${phrasesText(phrases, "涉及")}，但援引句的其余内容未见于该条。`, r3(sc), phrases) };
  }
  // the sentence itself says little the article holds: the facts before it may (not when it says
  // something of its own the article does not hold)
  if (sc < SUPPORT.low && !informativeOwn(law.index, ct)) {
    const facts = judgeAgainstFacts(input, ci, exclude, "");
    if (facts.结论 === "一致") return { ...base, compare: facts };
  }
  // a restatement in another law's own words (《劳动法》第八十二条 for 劳动合同法's): that law's article is named
  if (anotherLaw()) {
    const elsewhere = anotherLaw()!;
    const where = `《${elsewhere.wrong.fgmc}》${elsewhere.wrong.clause}`;
    return {
      ...base,
      compare: verdict("不一致", `援引句所述「${elsewhere.phrase}」见于${where}，而所引${ex.clause}未涉及，疑似法规名称或条号错误。`, r3(sc), [elsewhere.phrase], [{ kind: "scope", source: elsewhere.wrong.clause, quote: ex.clause, text: `所述内容见于${where}，疑似法规名称或条号错误` }]),
      wrongClause: elsewhere.wrong,
    };
  }
  // the sentence says only the name of a part of the law (提起公诉, 第二编 第三章's heading) and the cited article is outside it
  const part = reported || input.listSize > 1 ? null : headingOutside(law.index, ci, tail || claim);
  if (part) {
    const range = `${clauseLabelFromTid(part.first)}至${clauseLabelFromTid(part.last)}`;
    return {
      ...base,
      compare: verdict("不一致", `援引句所述「${part.heading}」是该法规「${part.part}」（${range}）的内容，所引${ex.clause}不在其中，也未涉及，疑似条号错误。`, r3(sc), [part.heading], [{ kind: "scope", source: range, quote: ex.clause, text: `「${part.heading}」由${range}规定，所引${ex.clause}不在其中` }]),
    };
  }
  // the rule stated in the sentence just before, the citing one drawing the conclusion (…相对人有理由相信行为人有代理权的，代理
  // 行为有效。…依据《民法典》第一百七十二条，钱某的行为构成表见代理): judged as that statement's source
  const stated = reported || input.listSize > 1 ? null : statedBefore(input, ci, siblings);
  if (stated) return { ...base, style: stated.wrongClause ? "restatement" : base.style, compare: stated.compare, wrongClause: stated.wrongClause };
  return {
    ...base,
    compare: verdict("无法判断", `援引句与${ex.clause}的文字重合很少${phrases.length ? `（仅「${phrases.join("」「")}」${referenceOnly ? "，该条只在援引其他规定时提到" : ""}）` : ""}，无法据此判断是否相符。`, referenceOnly ? 0 : r3(sc), phrases),
  };
}

/** The sentence right before the citing one, in its paragraph, when it cites nothing (at most BEFORE_MAX characters); else "". */
function sentenceBefore(text: string, at: number): string {
  const head = text.slice(Math.max(0, at - BEFORE_MAX - 1), at);
  if (!/[。！？!?]\s*$/.test(head)) return "";
  const body = head.replace(/[。！？!?]\s*$/, "");
  const start = Math.max(body.lastIndexOf("。"), body.lastIndexOf("！"), body.lastIndexOf("？"), body.lastIndexOf("\n"));
  if (start < 0 && at - BEFORE_MAX - 1 > 0) return "";
  const s = body.slice(start + 1);
  return /《|第[零〇一二两三四五六七八九十百千0-9]+条/.test(s) ? "" : s;
}

/** Item labels opening a line or a clause of a list: （一）, (二). */
const ITEM_LABELS = /(^|[\n：:；;。])\s*[（(][一二三四五六七八九十]{1,3}[)）]\s*/g;

/** A statement before a citation is read only this long (characters). */
export const BEFORE_MAX = 200;
/** …and its rule must be the cited article's to this share of its terms, at least. */
export const BEFORE_SUPPORT = 0.6;

/**
 * A thin citing sentence after a sentence that states a rule (no citation in it): 一致 when the cited article holds that
 * rule (BEFORE_SUPPORT of its terms and AGREE_WHAT_IS_DONE characters of what is done); 不一致 naming another article when
 * that one holds a whole sentence of the statement word for word (VERBATIM_SENTENCE), few articles do, and the cited one
 * holds none of it. Else null.
 */
function statedBefore(input: JudgeInput, ci: number, siblings: number[]): { compare: Judgment["compare"]; wrongClause: WrongClause | null } | null {
  const { law, ex, text, clause } = input;
  const prior = sentenceBefore(text, ex.contentStart);
  if (!prior) return null;
  const said = sentenceClaim(prior);
  const ct = claimTerms(law.index, said);
  if (!judgeable(law.index, ct)) return null;
  const sc = supportOf(law.index, ci, ct);
  const phrases = matchedPhrases(law.index, ci, said);
  if (sc >= BEFORE_SUPPORT && phrases.reduce((n, p) => n + whatIsDone(p), 0) >= AGREE_WHAT_IS_DONE) {
    // (the statement read for a changed number, modal or form as a restatement is: 自登记机关收到申请之日起60日内 against 三十日内)
    // (a list's item labels left out: （六）其他… of the citing text's own list is no number of the article's (四))
    const unlabelled = prior.replace(ITEM_LABELS, "$1");
    const critical = restatedDifferences(sentenceClaim(unlabelled), clause.content, ex.paragraph, ex.item, input.crimes, { applied: CASE_PARTY.test(prior), literal: withoutCitations(unlabelled) });
    if (critical.length) {
      return { compare: verdict("不一致", `上文对${ex.clause}的转述与原文不符：${critical.map((p) => p.text).join("；")}（援引句据此得出结论）。`, r3(sc * 0.7), phrases, critical), wrongClause: null };
    }
    return { compare: verdict("一致", `上文所述${phrasesText(phrases, "")}与${ex.clause}的规定相符（援引句据此得出结论）。`, r3(sc), phrases), wrongClause: null };
  }
  if (!input.textAsOfDate) return null;
  const t = termText(said);
  const elsewhere = new Set(input.citedTids ?? []);
  for (const s of bestSupport(law.index, ct, 3)) {
    if (s.index === ci || siblings.includes(s.index) || s.score < SUPPORT.agree) continue;
    const c = law.index.clauses[s.index]!;
    if (c.tid === "0" || elsewhere.has(c.tid) || refersTo(clause.content, c.tid)) continue;
    const own = c.content.split(/[。；;\n]/).map((x) => termText(x.trim().replace(ITEM_LABEL, "")).replace(/的$/, "")).filter((x) => x.length >= VERBATIM_SENTENCE);
    const run = own.filter((x) => t.includes(x) && !law.index.texts[ci]!.includes(x) && holding(law.index, x, 2).length === 1).sort((a, b) => b.length - a.length)[0];
    if (!run) continue;
    const { wrong, point } = sameVersionWrong(input, c, r3(s.score), `上文所述「${run}」是该法规${label(c)}的原文，与所引${ex.clause}不符。`, `所述内容见于${label(c)}，疑似条号错误`);
    return { compare: verdict("不一致", `上文所述「${run}」是该法规${label(c)}的原文（${run.length} 字），援引句据此引用的${ex.clause}未涉及，疑似条号错误。`, r3(sc), [run], [point]), wrongClause: wrong };
  }
  return null;
}

/** What a citation opens when the sentence draws its consequence right after it, without a comma (…第五百七十七条请求…承担违约责任). */
const CONSEQUENCE_OPENS = /^\s*(?:的规定|之规定|规定)?\s*(?:请求|要求|主张|诉请|判令|责令|向|承担|支付|赔偿|返还|解除)/;

/**
 * Words that name a party (对方, 卖方, 甲方, 被告 …): they carry no rule, and joined to a verb (卖方承担) they make bigrams only
 * an article that happens to put a party there holds (第五百九十三条's 向对方承担违约责任).
 */
const PARTY_WORD = /^(?:其|对方|一方|双方|各方|他方|卖方|买方|甲方|乙方|丙方|丁方|原告|被告|第三人|申请人|被申请人|上诉人|被上诉人|当事人|该公司|公司|我方|你方|贵方|我|你|您|他|她|他们|对方当事人)$/;

/**
 * Does the cited article hold every word of the rival's phrases that the rival holds, apart from party words — the rival
 * holding them joined, the cited one apart (「要求卖方承担违约责任」: 第五百九十三条 has 向对方承担违约责任, 第五百七十七条
 * 应当承担继续履行…等违约责任)? Then the rival wins on word order, not on content: no wrong number from it.
 */
export function sameWordsApart(law: LawIndex, ci: number, rival: number, phrases: string[]): boolean {
  const held = (i: number, w: string) => [...bigramSet(w)].every((b) => law.own[i]!.has(b) || law.context[i]!.has(b));
  let n = 0;
  for (const p of phrases) {
    for (const w of claimWords(p)) {
      if (w.length < 2 || PARTY_WORD.test(w) || !held(rival, w)) continue;
      n++;
      if (!held(ci, w)) return false;
    }
  }
  return n > 0;
}

/** Another article holding at least this much of a sentence the cited one holds (≥ SUPPORT.agree)… */
export const FACTS_RIVAL = { support: 0.85, margin: 0.25, phrase: 8 } as const;

/**
 * …by this margin, with a phrase of the sentence of at least FACTS_RIVAL.phrase characters that it holds, the cited one does
 * not, and at most two articles of the law hold: the sentence states that article's facts and the consequence both share.
 * Not an article cited elsewhere in the draft, one linked to the cited one by reference, or one whose lead the cited article
 * holds the rest of.
 */
function nearlyAllElsewhere(input: JudgeInput, ci: number, siblings: number[], claim: string, ct: ReturnType<typeof claimTerms>, sc: number): { index: number; score: number; phrases: string[] } | null {
  const { law, clause, ex } = input;
  const idx = law.index;
  const best = bestSupport(idx, ct, 4).find((b) => b.index !== ci && !siblings.includes(b.index) && holdsCitedScope(idx.clauses[b.index]!.content, ex));
  if (!best || best.score < FACTS_RIVAL.support || best.score - sc < FACTS_RIVAL.margin) return null;
  const c = idx.clauses[best.index]!;
  if ((input.citedTids ?? []).includes(c.tid) || refersTo(c.content, clause.tid) || refersTo(clause.content, c.tid) || citedHoldsRest(idx, ci, ct, best.index)) return null;
  const own = matchedPhrases(idx, best.index, claim).filter((p) => {
    const t = termText(p);
    // (what is done, not who acts — 国家安全机关应当 — and not the common stock of legal writing — 情节严重的，处)
    return whatIsDone(p) >= FACTS_RIVAL.phrase && !idx.texts[ci]!.includes(t) && holding(idx, t, 2).length <= 2 && !(input.spread && input.spread(p) > GENERIC_SPREAD);
  });
  return own.length ? { index: best.index, score: best.score, phrases: own } : null;
}

/**
 * After a citation, words that embed it in the citing text's own rule: a referral for the consequence or the manner (的规定处罚,
 * 规定处理, 的规定定期开展…) or a modifier (规定的医学鉴定证明, 规定增列的赤字, 第一款行为的). Not 规定， / 规定： / 规定了, which
 * go on to state the article.
 */
export const REFERRAL_AFTER = /^\s*(?:之|的)?(?:相关|有关)?(?:规定(?![，,。；;：:了\s]|$)|行为|情形)/;

/**
 * Another article holding the whole sentence at least SENTENCE_RIVAL.support (its terms' weighted share), that much
 * better than the cited one by SENTENCE_RIVAL.margin, with phrases of it the cited article lacks saying at least
 * SENTENCE_RIVAL.phrases characters of what is done (not the common stock of legal writing), SENTENCE_RIVAL.unique
 * better than the next article…
 */
export const SENTENCE_RIVAL = { support: 0.65, margin: 0.3, phrases: 10, unique: 0.1 } as const;

/**
 * …names that article: the sentence's facts and its consequence are that article's, the cited one holds at most part of
 * the consequence. Not an article cited elsewhere in the draft, one linked to the cited one by reference, nor one whose
 * lead the cited article holds the rest of (citedHoldsRest).
 */
function sentenceRival(input: JudgeInput, ci: number, siblings: number[], claim: string, ct: ReturnType<typeof claimTerms>): { index: number; score: number; cited: number; phrases: string[] } | null {
  const { law, clause, ex } = input;
  const idx = law.index;
  const cited = supportOf(idx, ci, ct);
  const rivals = bestSupport(idx, ct, 4).filter((b) => b.index !== ci && !siblings.includes(b.index) && holdsCitedScope(idx.clauses[b.index]!.content, ex));
  const best = rivals[0];
  if (!best || best.score < SENTENCE_RIVAL.support || best.score - cited < SENTENCE_RIVAL.margin) return null;
  // (two articles holding the sentence alike name neither: 第六十九条 and 第八十六条 both say 判决宣告…数罪并罚)
  if (rivals[1] && best.score - rivals[1].score < SENTENCE_RIVAL.unique) return null;
  const c = idx.clauses[best.index]!;
  if (c.tid === "0" || (input.citedTids ?? []).includes(c.tid) || refersTo(c.content, clause.tid) || refersTo(clause.content, c.tid) || citedHoldsRest(idx, ci, ct, best.index)) return null;
  const own = matchedPhrases(idx, best.index, claim, 8).filter((p) => {
    const t = termText(p);
    return t.length >= DISTINCT_LONGEST && !idx.texts[ci]!.includes(t) && !(input.spread && input.spread(p) > GENERIC_SPREAD);
  });
  if (own.reduce((n, p) => n + whatIsDone(p), 0) < SENTENCE_RIVAL.phrases) return null;
  return { index: best.index, score: best.score, cited, phrases: own };
}

/** A cross-reference inside an article: 依照数罪并罚的规定处罚, 依照本法第二百三十六条的规定定罪处罚, 依照前款的规定处罚. */
const CROSS_REFERENCE = /依照[^，。；：,;:]{1,30}?的规定(?:定罪)?(?:处罚|从重处罚|执行|办理)?/g;

/** Does the article hold the term only inside its cross-references (and at least once)? */
export function onlyInReference(content: string, term: string): boolean {
  if (term.length < 2) return false;
  const own = termText(content);
  if (!own.includes(term)) return false;
  const stripped = termText(content.replace(CROSS_REFERENCE, "，"));
  return !stripped.includes(term);
}

/**
 * A phrase that more than this many instruments of the whole index hold (人民法院裁定, 并处违法所得, 下列情形之一) is the
 * common stock of legal writing: rare as it may be in one law, it marks no article of it.
 */
export const GENERIC_SPREAD = 40;

/** A phrase is distinctive when at most this many articles of the law hold it word for word. */
export const DISTINCT_ARTICLES = 2;
/** A rival is named on distinctive phrases of at least this many characters in all… */
export const DISTINCT_TOTAL = 6;
/** …one of them at least this long… */
export const DISTINCT_LONGEST = 4;
/** …when it holds the sentence at least this much better than the cited article. */
export const DISTINCT_MARGIN = 0.15;

/** How many articles of the law hold the phrase word for word (stops past `cap`). */
function articlesHolding(law: LawIndex, phrase: string, cap: number): number {
  return holding(law, phrase, cap).length;
}

/** The name of a court, procuratorate or other body (最高人民法院, 中级人民法院): who acts in the facts, not what an article says. */
const BODY = /(?:法院|检察院|公安机关|人民政府|国务院|委员会|机关|部门)$/;

/**
 * Who acts and how, with nothing of what is done: a body's name with modal and procedural words only
 * (国家安全机关可以, 直接向人民法院申请, 人民法院应当通知, 县级以上人民政府自然资源主管部门责令限期改正). Statute
 * language names its actors in every article, so such a phrase marks no article of a law (it named 第三十二条 of
 * 反间谍法 for 「依据第八条的规定，国家安全机关可以通缉、追捕」); 故意阻碍国家安全机关依法执行 or 上级人民法院可以指定
 * keep what is done and still count.
 */
const ACTOR = /(?:(?:最高|高级|中级|基层|上级|下级|地方各级|各级)?人民(?:法院|检察院)|(?:上级|下级)?法院|公安机关|国家安全机关|(?:县级以上)?(?:地方)?(?:各级)?人民政府|[\u4e00-\u9fff]{0,6}主管部门|国务院|(?:行政)?机关)/g;
const PROCEDURE = /应当|可以|不得|必须|依法|直接|及时|责令|限期|改正|通知|申请|提出|予以|向|由|对|或者|和|的/g;
export function actorOnly(phrase: string): boolean {
  return whatIsDone(phrase) < 2;
}

/** The characters of a phrase that say what is done: all of them, or, when it names a body, those left without the body and its modal and procedural words. */
export function whatIsDone(phrase: string): number {
  const t = termText(phrase);
  const rest = t.replace(ACTOR, "");
  return rest === t ? t.length : rest.replace(PROCEDURE, "").length;
}

/**
 * A rival article is named only when its phrases say at least this much of what is done (受理 of 人民法院应当受理 is a
 * court's consequence that many articles draw: 「符合第一百二十二条规定的，人民法院应当受理」 is not 第三十七条's).
 */
export const WHAT_IS_DONE = 4;

/** Phrases under DISTINCT_LONGEST characters are distinctive only in a law of at least this many articles (in a short one every word is rare). */
export const SHORT_PHRASE_LAW = 100;

/**
 * The claim's phrases that article i holds word for word and at most DISTINCT_ARTICLES articles of the law hold,
 * cut at the claim's word boundaries (wordPhrases: a junction of two common words, 由|管理人, 人|行使优先受偿权, is
 * never one); a phrase shorter than DISTINCT_LONGEST only in a law of SHORT_PHRASE_LAW articles.
 */
export function distinctivePhrases(law: LawIndex, i: number, claim: string): string[] {
  const rare = (p: string) => articlesHolding(law, p, DISTINCT_ARTICLES) <= DISTINCT_ARTICLES;
  const kept = wordPhrases(law, i, claim).filter((p) => !BODY.test(p) && !actorOnly(p) && rare(p) && (p.length >= DISTINCT_LONGEST || law.N >= SHORT_PHRASE_LAW));
  // a phrase inside a longer one kept (人财物数额 of 人财物数额较大) is not counted twice
  return kept.filter((p, k) => !kept.some((q, j) => j !== k && q.length > p.length && q.includes(p))).slice(0, 8);
}

/**
 * Another article of the version judged whose distinctive phrases the sentence uses (「他人犯罪行为查证属实」「立功表现」
 * for 第六十八条 under 第六十七条): named when they come to DISTINCT_TOTAL characters (one of DISTINCT_LONGEST), it
 * supports the sentence DISTINCT_MARGIN better, and the cited article holds no phrase of the sentence that few
 * articles use (its own, its heading's or the articles it refers to: at most 3 articles per bigram). Else null.
 */
function distinctiveRival(input: JudgeInput, ci: number, siblings: number[], hasCited: (i: number) => boolean, claim: string, cited: number): { index: number; score: number; phrases: string[] } | null {
  const { law, clause } = input;
  const idx = law.index;
  // in a list the sentence's words are shared by the articles listed
  if (cited >= SUPPORT.agree || input.siblings.length) return null;
  const elsewhere = new Set(input.citedTids ?? []);
  const title = termText(law.regulation.fgmc);
  const ct = claimTerms(idx, claim);
  if (!judgeable(idx, ct)) return null;
  // the cited article's own distinctive words in the sentence: the court applies it, whatever else it says
  // (a two-character word counts only in a law of SHORT_PHRASE_LAW articles: in a short one every word is rare)
  if (matchedPhrases(idx, ci, claim, 8).some((p) => (p.length >= 3 || idx.N >= SHORT_PHRASE_LAW) && specific(idx, p))) return null;
  let best: { index: number; score: number; phrases: string[] } | null = null;
  for (const s of bestSupport(idx, ct, 4)) {
    if (s.index === ci || siblings.includes(s.index) || !hasCited(s.index) || s.score < cited + DISTINCT_MARGIN) continue;
    const c = idx.clauses[s.index]!;
    // an article the draft cites elsewhere is discussed, not meant (a judgment citing 第二百零七条 and 第二百一十条 uses both's words)
    if (c.tid === "0" || elsewhere.has(c.tid) || refersTo(c.content, clause.tid) || refersTo(clause.content, c.tid)) continue;
    // the law's own name (企业破产法) names the law, not an article; a crime's name (故意伤害罪) is step 2's (judgeByCrime)
    const ph = distinctivePhrases(idx, s.index, claim).filter((p) => !title.includes(p) && !p.endsWith("罪"));
    const total = ph.reduce((n, p) => n + p.length, 0);
    // in a law of SHORT_PHRASE_LAW articles one word-aligned phrase of DISTINCT_LONGEST characters that at most
    // DISTINCT_ARTICLES articles hold is enough (如实供述 in the 刑法); in a short law every word is rare
    if (!ph.some((p) => p.length >= DISTINCT_LONGEST) || (total < DISTINCT_TOTAL && idx.N < SHORT_PHRASE_LAW)) continue;
    if (ph.reduce((n, p) => n + whatIsDone(p), 0) < WHAT_IS_DONE) continue;
    // phrases common to legal writing at large (人民法院裁定, 下列情形之一) alone mark no article
    if (input.spread && ph.every((p) => input.spread!(p) > GENERIC_SPREAD)) continue;
    if (!best || total > best.phrases.reduce((n, p) => n + p.length, 0)) best = { index: s.index, score: s.score, phrases: ph };
  }
  // the rival's words are the situation the sentence applies the cited article to (债权人申请支付令，适用第二十二条
  // 规定，由债务人住所地基层人民法院管辖): what the rival does not hold, the cited article does
  return best && citedHoldsRest(idx, ci, ct, best.index) ? null : best;
}

/** A run of the sentence's words this long, word for word in another article… */
export const VERBATIM_RUN = 12;
/** …at most this share of which the cited article's longest run reaches, names that article. */
export const VERBATIM_CITED_SHARE = 0.5;
/** …or the other article's runs of words cover at least this share of the sentence, */
export const VERBATIM_COVER = 0.85;
/** …and the cited article's at most VERBATIM_CITED_SHARE of that plus this. */
export const VERBATIM_COVER_SLACK = 0.1;

/** The sentence opens with the citation (根据《民法典》第五百七十七条，…; 《劳动法》第四十四条规定：…)… */
const LEADS = /^\s*(?:[（(]?[一二三四五六七八九十0-9]{1,3}[)）、.．]\s*)?(?:根据|依据|依照|按照|参照|据)?\s*$/;
const STATES = /^\s*(?:之|的)?(?:相关|有关)?(?:规定|明确规定|中规定|明确)?\s*[，,：:]/;
/** …or closes on it in brackets (…保持租赁物符合约定的用途（《民法典》第七百零八条）。) */
const CLOSES = /^\s*(?:之规定|的规定|规定)?\s*[）)]\s*(?:[。；;]|$)/;
/** …or names it as the source of the statement before it (…人民法院管辖，这是《民事诉讼法》第二十四条的规定。 / …，见《民法典》第六百七十条。 / …，依据《刑法》第三百八十五条。) */
const NAMED_AFTER = /[，,]\s*(?:这是|此系|此即|系|即|见|参见|详见|(?:法律)?依据(?:是|为)?|根据(?:是)?|依照|出自|规定于|载于)\s*$|[。；;，,！!]\s*(?:——|—|--|－－|―)+\s*(?:出自|摘自|引自|见)?\s*$|[。！？!?]\s*[（(]?\s*(?:(?:法律|以上|上述)?依据(?:是|为)?|(?:以上|上述)?(?:内容)?(?:见|参见|详见|出自)|这是|此即|此系)\s*[:：]?\s*$/;
const NAMED_AFTER_END = /^\s*(?:(?:之规定|的规定|规定|所规定的|的要求)?|(?:所)?规定的[^，。；;]{1,12}(?:制度|原则|规则|情形))\s*(?:[。；;]|$)/;

/**
 * Does the sentence state what the article says — the citation opening it, then the statement, or the statement
 * closed by the citation in brackets — as a lawyer's answer or an LLM writes? Statute language embeds a citation
 * inside its own rule (符合刑事诉讼法第二百六十五条的规定，人民法院决定暂予监外执行的，…; 违反《土地管理法》第六十五条的
 * 规定，…), whose other words are the citing rule's, not the cited article's.
 */
function citationStates(input: JudgeInput): boolean {
  const { text, ex } = input;
  const before = text.slice(ex.contentStart, ex.start);
  const after = text.slice(ex.chainEnd, Math.min(text.length, ex.chainEnd + 12));
  return (LEADS.test(before) && STATES.test(after)) || (/[（(]\s*$/.test(before) && CLOSES.test(after)) || (NAMED_AFTER.test(before) && NAMED_AFTER_END.test(after));
}

/** …or opens a clause of it after the facts (…属违法解除，依据《劳动合同法》第八十五条，用人单位…). */
const LEADS_CLAUSE = /[，,；;]\s*(?:根据|依据|依照|按照)\s*$/;

/**
 * The citation opens a clause after the facts with a lead word and the statement follows it (申请人不要求继续履行
 * 劳动合同，依据第八十五条，用人单位违反本法规定解除劳动合同的，应当…): what follows states the article as much
 * as when the citation opens the sentence — for another article's words word for word (verbatimElsewhere), a number past a
 * semicolon (statementGoesOn) and an application made (reportsSpeech); statute language (…的，依照第X条的规定处罚) has no
 * comma after the citation.
 */
function leadsItsClause(input: JudgeInput): boolean {
  const { text, ex } = input;
  // (only in the text the draft read: across revisions a sentence's support says more than its runs, judge-citations.ts)
  return !!input.textAsOfDate && LEADS_CLAUSE.test(text.slice(ex.contentStart, ex.start)) && STATES.test(text.slice(ex.chainEnd, Math.min(text.length, ex.chainEnd + 12)));
}

/**
 * Another article of the version judged whose own text the sentence carries as a run of at least VERBATIM_RUN
 * characters (cut at the sentence's word boundaries, held by at most DISTINCT_ARTICLES articles), while the
 * cited article's longest run with the sentence is at most VERBATIM_CITED_SHARE of it: a restatement that is
 * in fact another article's text under a wrong number — even when the cited article holds many of its words
 * one by one (第一千一百六十六条 holds 行为人, 过错, 他人民事权益, 应当承担侵权责任; the sentence is 第一千一百六十五条's).
 * In a list only on stricter terms (LIST_VERBATIM_RUN); never an article the draft cites elsewhere or one linked to the cited one by reference. `claim` is the
 * sentence in its own words (sentenceClaim's literal form: 应当按照约定… keeps its 按照); `ct` its terms as judged elsewhere.
 */
function verbatimElsewhere(input: JudgeInput, ci: number, siblings: number[], claim: string, ct: ReturnType<typeof claimTerms>): { index: number; score: number; run: string; cited: string } | null {
  const { law, clause, ex } = input;
  const idx = law.index;
  const t = termText(claim);
  // a sentence that does not state the article (facts, then 依据第X条 and the consequence) is read only for a whole
  // sentence or item of another article in it, word for word (在试用期间被证明不符合录用条件 is 第三十九条第（一）项)
  const states = citationStates(input) || leadsItsClause(input);
  // in a list (根据第一条、第十八条的规定，…) each article may bear a part the sentence does not say: only a list of this
  // law's articles stating the rule after it, the cited one holding no run of it, and a long run that one other article
  // alone holds, no listed one (see listed below)
  const list = input.siblings.length > 0;
  if (list && (!states || input.listSize !== input.siblings.length + 1)) return null;
  if (t.length < VERBATIM_RUN) return null;
  const elsewhere = new Set(input.citedTids ?? []);
  // a run of VERBATIM_RUN characters needs VERBATIM_RUN − 1 consecutive bigrams of the article (a cheap test before segmenting)
  const candidates = bestSupport(idx, ct, 6).filter((s) => {
    if (s.index === ci || siblings.includes(s.index) || !holdsCitedScope(idx.clauses[s.index]!.content, ex)) return false;
    const c = idx.clauses[s.index]!;
    return c.tid !== "0" && !elsewhere.has(c.tid) && bigramRun(idx.own[s.index]!, t) >= VERBATIM_RUN;
  });
  if (!candidates.length) return null;
  const words = claimWords(claim);
  const citedRuns = wordPhrases(idx, ci, claim, words);
  const cited = citedRuns[0] ?? "";
  if (list && cited.length > REFERRING_OWN_MAX) return null;
  const listed = (run: string) => list && (run.length < LIST_VERBATIM_RUN || siblings.some((i) => idx.texts[i]!.includes(run)) || holding(idx, run, 2).length !== 1);
  // an article the cited one refers to (第四十八条: 对本法第四十七条规定的仲裁裁决不服的…) lends it its words: the sentence
  // may apply the cited article to them — unless the sentence holds nothing of the cited article's own words (at most
  // REFERRING_OWN_MAX characters in a run): then it states only the referenced article
  const referring = (i: number) => refersTo(clause.content, idx.clauses[i]!.tid);
  const lends = cited.length <= REFERRING_OWN_MAX;
  // a whole sentence of another article, word for word, that the cited article does not hold whole — even where the cited
  // article holds most of it (「饲养的动物造成他人损害的，动物饲养人或者管理人应当承担侵权责任」 is 第一千二百四十五条's;
  // 第一千二百四十六条 holds all but 饲养的动物, its subject being 违反管理规定，未对动物采取安全措施)
  // (in a sentence that does not state it, only in the facts before the citation: words after it that embed the
  // citation in a rule — 有第一千一百六十六条规定情形的，行为人因过错… — are that rule's, not a restatement)
  const factsBefore = states ? t : termText(input.text.slice(ex.contentStart, ex.start));
  for (const s of candidates) {
    if (referring(s.index) && !lends) continue;
    const own = idx.clauses[s.index]!.content.split(/[。；;\n]/).map((x) => termText(x.trim().replace(ITEM_LABEL, "")).replace(/的$/, "")).filter((x) => x.length >= VERBATIM_SENTENCE);
    const run = own.filter((x) => factsBefore.includes(x) && !idx.texts[ci]!.includes(x) && holding(idx, x, 2).length === 1 && !listed(x)).sort((a, b) => b.length - a.length)[0];
    // (a whole sentence of it word for word is as sure a sign as a quote of it: its similarity is 1, which lets a number
    // far from any renumbering stay 不一致 in a draft older than the version judged)
    if (run) return { index: s.index, score: 1, run, cited };
  }
  if (!states) return null;
  // the cited article itself holds more than half the sentence word for word: nothing another article holds can be twice that
  if (cited.length * 2 > t.length) return null;
  // the share of the sentence an article holds in runs of words (its runs of at least 4 characters)
  const covered = (runs: string[]) => runs.reduce((n, r) => n + (r.length >= 4 ? r.length : 0), 0) / t.length;
  const citedCovers = covered(citedRuns);
  let best: { index: number; score: number; run: string; cited: string } | null = null;
  let bestCover = 0;
  for (const s of candidates) {
    if (referring(s.index) && !lends) continue;
    const runs = wordPhrases(idx, s.index, claim, words);
    const run = runs[0] ?? "";
    if (run.length < VERBATIM_RUN || holding(idx, run, DISTINCT_ARTICLES).length > DISTINCT_ARTICLES || listed(run)) continue;
    // its longest run at least twice the cited one's, or (the sentence cut into runs at words the two word differently:
    // 第六十五条's 累犯 under 第六十六条) nearly the whole sentence in its runs while the cited article's cover far less
    const whole = covered(runs) >= VERBATIM_COVER && citedCovers <= covered(runs) * VERBATIM_CITED_SHARE + VERBATIM_COVER_SLACK;
    if (cited.length > run.length * VERBATIM_CITED_SHARE && !whole) continue;
    // of two articles sharing a long run (物权编解释（一） 第九条 and 第十三条 end alike), the one holding more of the sentence
    const cover = covered(runs);
    if (!best || cover > bestCover || (cover === bestCover && run.length > best.run.length)) {
      best = { index: s.index, score: s.score, run, cited };
      bestCover = cover;
    }
  }
  return best;
}

/** An item's label at the start of a sentence of an article (（一）, (二)). */
const ITEM_LABEL = /^[（(][一二三四五六七八九十]+[）)]\s*/;

/** A sentence holding at most this long a run of the cited article's own words states an article it refers to, not it. */
export const REFERRING_OWN_MAX = 5;

/** In a list, another article's run names it only when at least this long (CJK characters). */
export const LIST_VERBATIM_RUN = 20;

/** A whole sentence of another article this long (CJK characters), word for word in the draft's sentence, names that article. */
export const VERBATIM_SENTENCE = 15;

/** The longest run of the text's consecutive bigrams that the set holds, in characters (0 when none). */
function bigramRun(own: Set<string>, text: string): number {
  let best = 0;
  let cur = 0;
  for (let k = 0; k + 1 < text.length; k++) {
    cur = own.has(text.slice(k, k + 2)) ? cur + 1 : 0;
    if (cur > best) best = cur;
  }
  return best ? best + 1 : 0;
}

/** The articles of the law holding the phrase word for word (stops past `cap`: then cap + 1 of them). */
function holding(law: LawIndex, phrase: string, cap: number): number[] {
  let rarest: number[] | undefined;
  for (let k = 0; k + 1 < phrase.length; k++) {
    const p = law.postings.get(phrase.slice(k, k + 2));
    if (!p) return [];
    if (!rarest || p.length < rarest.length) rarest = p;
  }
  const out: number[] = [];
  for (const i of rarest ?? []) if (law.texts[i]!.includes(phrase) && out.push(i) > cap) break;
  return out;
}

/** The part of a sentence a rival article lacks must be at least this share of its weight… */
export const REST_SHARE = 0.25;
/** …and the cited article must hold at least this much of that part, for the sentence to be read as the rival's situation under the cited rule. */
export const REST_SUPPORT = 0.5;

/**
 * Does the cited article hold what the rival does not: the sentence names another article's situation (支付令, 督促程序's
 * word) and states the cited article's rule for it? The terms the rival lacks (own text or context) carry at least
 * REST_SHARE of the sentence's weight, and the cited article holds at least REST_SUPPORT of them.
 */
export function citedHoldsRest(law: LawIndex, ci: number, ct: ReturnType<typeof claimTerms>, rival: number): boolean {
  let rest = 0;
  let held = 0;
  for (const [b, w] of ct.terms) {
    if (law.own[rival]!.has(b) || law.context[rival]!.has(b)) continue;
    rest += w;
    if (law.own[ci]!.has(b)) held += w;
    else if (law.context[ci]!.has(b)) held += w * CONTEXT_WEIGHT;
  }
  return ct.weight > 0 && rest >= REST_SHARE * ct.weight && held >= REST_SUPPORT * rest;
}

/** A restatement is another law's when that law's article holds this much of it… */
const ELSEWHERE_SUPPORT = 0.9;
/** …and one run of its words, this long, word for word. */
const ELSEWHERE_PHRASE = 12;

/**
 * The article of a law the draft does not cite that holds a restatement nearly whole, with a long run of
 * its words verbatim (found through the whole-index search), or null.
 */
function restatedElsewhere(input: JudgeInput, claim: string): { wrong: WrongClause; phrase: string } | null {
  if (!input.lawsHolding) return null;
  for (const ref of input.lawsHolding(claim)) {
    const ct = claimTerms(ref.index, claim);
    const best = bestSupport(ref.index, ct, 1)[0];
    if (!best || best.score < ELSEWHERE_SUPPORT || ref.index.clauses[best.index]!.tid === "0") continue;
    const phrase = matchedPhrases(ref.index, best.index, claim, 1)[0] ?? "";
    if (phrase.length < ELSEWHERE_PHRASE) continue;
    const c = ref.index.clauses[best.index]!;
    // that article cites the very article the draft cites (解释（四）第五条: 劳动者依据劳动合同法第三十八条规定…解除劳动合同): the
    // sentence is its rule, which the citation sits in, not the cited article's words under a wrong law
    if (citesSame(c.content, input.law.regulation.fgmc, label(input.clause))) continue;
    return {
      phrase,
      wrong: otherLawWrong(input, ref, c, r3(best.score), `所述内容见于《${ref.regulation.fgmc}》${label(c)}（相似度 ${r3(best.score)}）。`),
    };
  }
  return null;
}

/** Does the text cite the article the draft cites (its law's name without 中华人民共和国, then the number as the draft's article reads)? */
export function citesSame(content: string, lawTitle: string, article: string): boolean {
  const short = lawTitle.replace(/^中华人民共和国/, "").replace(/[（(].*$/, "");
  return content.includes(`${short}${article}`) || content.includes(`${short}》${article}`);
}

/** Terms an article defines: …的，是自首。 / 共同犯罪是指… / 本法所称X，是指… */
const DEFINES = [
  /的，是([\u4e00-\u9fa5]{2,8})[。；，]/g,
  /(?:^|[。；\n])(?:本(?:法|条例|规定|解释|办法)(?:中)?)?(?:所称(?:的)?)?([\u4e00-\u9fa5]{2,12})，?是指/g,
];
const definitionCache = new WeakMap<LawIndex, Map<string, number>>();

/** Term → the one article of the law that defines it (terms two articles define are dropped). */
export function definitionsOf(law: LawIndex): Map<string, number> {
  let out = definitionCache.get(law);
  if (out) return out;
  const seen = new Map<string, number>();
  law.clauses.forEach((c, i) => {
    for (const re of DEFINES)
      for (const m of c.content.matchAll(re)) {
        const t = m[1]!.replace(/^(?:本(?:法|条例|规定|解释|办法|章|节|条)(?:中)?|前款|前两款|前三款)?所称(?:的)?/, "");
        if (t.length < 2) continue;
        seen.set(t, seen.has(t) && seen.get(t) !== i ? -1 : i);
      }
  });
  out = new Map([...seen].filter(([, i]) => i >= 0));
  definitionCache.set(law, out);
  return out;
}

/** A defined term used (not concluded) near a citation counts only when at most this many articles of the law hold it. */
export const DEFINED_TERM_ARTICLES = 3;

/**
 * A single citation whose own clause of the sentence (or the one next to it) names a term the law
 * defines (系共同犯罪, 具有自首情节): 一致 when the cited article defines or states it; 不一致, naming
 * the defining article, when the cited one never mentions it. Null when no defined term is named.
 */
function judgeByDefinition(input: JudgeInput, ci: number, scope: Judgment["scope"]): Judgment | null {
  const { ex, law, text } = input;
  const defs = definitionsOf(law.index);
  if (!defs.size) return null;
  const sentence = text.slice(ex.contentStart, ex.contentEnd);
  const at = ex.start - ex.contentStart;
  const parts = sentence.split(/(?<=[，,；;：:])/);
  let pos = 0;
  let k = 0;
  for (; k < parts.length; k++) {
    if (pos + parts[k]!.length > at) break;
    pos += parts[k]!.length;
  }
  // the citation's own clause and the one after it first, then the one before
  const after = sentenceClaim(parts.slice(k, k + 2).join(""));
  const before = k > 0 ? sentenceClaim(parts[k - 1]!) : "";
  // a defined term the sentence uses as a word of its own (环境 of 环境保护公益活动 is not the defined 环境)
  // (not when the sentence denies it: 不属于自首, 不构成累犯 say nothing of where the law defines it)
  const find = (t: string) => [...defs.keys()].filter((d) => t.includes(d) && usedAsWord(t, d) && !deniedOnly(t, d)).sort((a, b) => b.length - a.length);
  // the conclusion the sentence draws after the citation (…的规定，在共同犯罪中起次要作用，系从犯): the term it calls the facts
  const rest = sentenceClaim(sentence.slice(Math.max(0, ex.chainEnd - ex.contentStart)));
  // (the term ends there: 不构成票据质押 concludes nothing about 票据; a term of the law's title is its subject, not a finding)
  const title = termText(law.regulation.fgmc);
  const concluded = find(rest).find((d) => !title.includes(d) && new RegExp(`(?<![不未非没无])(?:系|是|属于|构成|认定为)${d}(?:$|[，。；、,;：:）)]|的|情节|行为)`).test(rest));
  // a term merely used near the citation names an article only when few articles use it: a law's everyday
  // vocabulary (公职人员 in 公职人员政务处分法, 经营者 in 价格法, 提单 in 海商法) is in most of its articles and
  // missing from many (an implementing rule citing 政务处分法 第二十八条 about 公职人员 is right)
  const rare = (d: string) => !title.includes(d) && articlesHolding(law.index, d, DEFINED_TERM_ARTICLES) <= DEFINED_TERM_ARTICLES;
  let named = [...(concluded ? [concluded] : []), ...find(after).filter(rare), ...find(before).filter(rare)];
  // a decision that opens on the citation and only draws the consequence (依据第六十四条，本局决定追缴…) applies it to the
  // finding the sentence before concludes (…少缴税款，构成偷税。): outside the 刑法, whose judgments end on one citation of
  // the crime's article after findings of 自首 or 累犯, which the crime's step reads
  const found = !named.length && !input.crimes && LEADS.test(text.slice(ex.contentStart, ex.start)) ? concludedBefore(text, ex.contentStart, (t) => find(t).filter((d) => !title.includes(d) && rare(d))) : null;
  if (found) named = [found];
  if (!named.length) return null;
  const near = concluded && !after.includes(concluded) ? `${before}${after}${rest}` : `${before}${after}`;
  // the cited article's heading counts as its own words (船舶碰撞 for the articles of that chapter)
  // the cited article's heading counts as its own words when it is the term itself (第八章 船舶碰撞), not when it
  // joins two subjects that different articles deal with (第三节 自首和立功: 自首 is 第六十七条's, not 第六十八条's)
  const heading = termText((law.index.clauses[ci]!.chapter.split("/").pop() ?? "").replace(/^\s*第[^章节编]*[章节编]\s*/, ""));
  const own = `${law.index.clauses[ci]!.content}${named.includes(heading) ? `\n${heading}` : ""}`;
  const base = { style: "application" as ClaimStyle, claimText: near, wrongClause: null, switchTo: null, scope };
  // the defining article itself confirms; an article that merely uses the word (环境, 毒品) proves nothing either way
  const defined = named.find((t) => defs.get(t) === ci);
  const who = found ? "上文认定的" : "援引句所称";
  if (defined) return { ...base, compare: verdict("一致", `${who}「${defined}」由${ex.clause}界定，与所引条文相符。`, null, [defined]) };
  // an article that uses one of the words named proves nothing either way — unless it never mentions the term concluded
  if ((!concluded || own.includes(concluded)) && named.some((t) => own.includes(t))) return null;
  const term = concluded && !own.includes(concluded) ? concluded : found ?? named[0]!;
  const d = defs.get(term)!;
  const c = law.index.clauses[d]!;
  if (input.siblings.includes(c.tid)) return null;
  const { wrong, point } = sameVersionWrong(input, c, sentenceSupport(input, d), `「${term}」由该法规${label(c)}界定。`, `「${term}」由${label(c)}界定，疑似条号错误`);
  return {
    ...base,
    compare: verdict("不一致", `${who}「${term}」由该法规${label(c)}界定，所引${ex.clause}未涉及，疑似条号错误。`, null, [term], [point]),
    wrongClause: wrong,
  };
}

/** The defined term the sentence right before `at` concludes in its last clause (…，构成偷税。), in its paragraph; else null. */
export function concludedBefore(text: string, at: number, terms: (t: string) => string[]): string | null {
  const head = text.slice(Math.max(0, at - 200), at);
  if (!/[。；;]\s*$/.test(head)) return null;
  const prev = head.replace(/[。；;]\s*$/, "");
  const start = Math.max(prev.lastIndexOf("。"), prev.lastIndexOf("\n"), prev.lastIndexOf("；"), prev.lastIndexOf("，"), prev.lastIndexOf(","));
  const last = sentenceClaim(prev.slice(start + 1));
  for (const d of terms(last)) if (new RegExp(`(?<![不未非没无])(?:系|是|属于|构成|认定为)${d}(?:行为)?$`).test(last)) return d;
  return null;
}

/**
 * Does the text use the term as a word of its own: some occurrence begins and ends at word boundaries of the
 * text's words (claimWords)? 自首 in 系自首 does; 环境 in 环境保护公益活动 does not (环境保护 is one word).
 */
export function usedAsWord(text: string, term: string): boolean {
  const words = claimWords(text);
  const t = termText(term);
  if (!t) return false;
  const bounds = new Set<number>([0]);
  let at = 0;
  for (const w of words) bounds.add((at += w.length));
  const whole = words.join("");
  for (let k = whole.indexOf(t); k >= 0; k = whole.indexOf(t, k + 1)) if (bounds.has(k) && bounds.has(k + t.length)) return true;
  return false;
}

/** 第X条(第Y款)规定的“term” / 所称“term” / 关于“…”的规定: a term of the article quoted by name. */
const QUOTED_TERM = /^(?:中|所)?(?:规定|列举|确定|所称|称|关于|指)?(?:的|之)?\s*[“"「『]([^”"」』\n]{2,60})[”"」』]/;

/**
 * A term quoted as the article's (第十一条第一项规定的“因工作原因”): 一致 when the article holds it
 * word for word; 不一致 when it does not and another article of the law does (named); else null.
 */
function judgeQuotedTerm(input: JudgeInput, ci: number, scope: Judgment["scope"]): Judgment | null {
  const { ex, law, text } = input;
  const m = QUOTED_TERM.exec(text.slice(ex.chainEnd, ex.chainEnd + 80));
  if (!m) return null;
  const term = termText(m[1]!);
  if (term.length < 2) return null;
  const base = { style: "restatement" as ClaimStyle, claimText: m[1]!, wrongClause: null, switchTo: null, scope };
  const holds = (i: number) => law.index.texts[i]!.includes(term);
  if (holds(ci)) return { ...base, compare: verdict("一致", `${ex.clause}规定了所引的「${m[1]}」。`, 1, [m[1]!]) };
  const siblings = new Set(input.siblings);
  const others = law.index.clauses.map((_, i) => i).filter((i) => i !== ci && holds(i));
  if (!others.length) return term.length >= QUOTED_TERM_ANYWHERE ? quotedTermElsewhere(input, m[1]!, term, base) : null;
  if (others.some((i) => siblings.has(law.index.clauses[i]!.tid))) return null;
  const c = law.index.clauses[others[0]!]!;
  const { wrong, point } = sameVersionWrong(input, c, sentenceSupport(input, others[0]!), `所引「${m[1]}」见于该法规${label(c)}${others.length > 1 ? `等 ${others.length} 条` : ""}。`, `「${m[1]}」见于${label(c)}，疑似条号错误`);
  return {
    ...base,
    compare: verdict("不一致", `所引「${m[1]}」不见于${ex.clause}，而见于该法规${label(c)}，疑似条号错误。`, 0, [m[1]!], [point]),
    wrongClause: wrong,
  };
}

/** 第X条规定的<what the article holds>情形 / 条件 / 行为: the words between (no quotation marks, no clause break). */
const DESCRIBED_AFTER = /^(?:之|的)?(?:所)?规定的([\u4e00-\u9fa5、]{4,40}?)(?:等)?(?:情形|情况|条件|行为|事项|范围)/;

/** What a sentence that sets the article aside still says it holds (see the caller), judged as a topic; null when it says nothing of it or the verdict is unsure. */
function describedSituation(input: JudgeInput, ci: number, scope: Judgment["scope"]): Judgment | null {
  const { ex, text } = input;
  const m = DESCRIBED_AFTER.exec(text.slice(ex.chainEnd, ex.chainEnd + 60));
  if (!m) return null;
  const j = judgeLabel(input, ci, m[1]!, scope, "所述");
  return j && (j.compare.结论 === "一致" || namesAnother(input, j, m[1]!)) ? j : null;
}

/**
 * A topic the draft says in its own sentence (关于…的规定, 规定的…情形) names another article only when long enough
 * (ABOUT_NAMES_MIN) and not in a party's argument the court reports (黄某主张…违反第七条关于…的规定) unless it is
 * REPORTED_ABOUT_MIN long: a party's loose topic is not checked, a stretch of another article's words is.
 */
function namesAnother(input: JudgeInput, j: Judgment, topic: string): boolean {
  const { ex, text, clause } = input;
  const n = termText(topic).length;
  return j.compare.结论 === "不一致" && n >= ABOUT_NAMES_MIN && (n >= REPORTED_ABOUT_MIN || !reportsSpeech(citingSentence(text, ex.contentStart, ex.contentEnd), [clause.content]));
}

/**
 * 第X条所称Y，是指… / 第X条规定的“Y”，包括… / 第X条规定的罚款，数额为…: the sentence explains a term the article uses;
 * what it says of the term is its own. Y (unquoted or quoted) is read up to the explaining verb.
 */
const DEFINED_BY_SENTENCE = /^(?:中|之)?(?:所称(?:的)?|规定的|所规定的|中的)\s*[“"「『]?([^，。；：“”"」』\n]{1,24}?)[”"」』]?\s*[，,]?\s*(?:是指|系指|指的是|包括|数额为|的范围|应当结合|应当根据)/;

/**
 * A sentence explaining a term of the cited article (企业所得税法第三条所称所得，包括…): 一致 when the article uses the
 * term word for word; when it does not, 不一致 naming another article only on the terms judgeClaimedSubject would
 * (a term of 4 characters or more, a word of it missing from the cited article, 1 to SUBJECT_HOLDERS other holders);
 * else 无法判断 — a concept the article states in other words (认罪 for 刑事诉讼法 第十五条's 承认指控的犯罪事实).
 */
function judgeDefinedTerm(input: JudgeInput, ci: number, scope: Judgment["scope"]): Judgment | null {
  const { ex, law, text } = input;
  const m = DEFINED_BY_SENTENCE.exec(text.slice(ex.chainEnd, ex.chainEnd + 60));
  if (!m) return null;
  const written = m[1]!;
  const term = termText(written);
  if (term.length < 2) return null;
  const base = { style: "restatement" as ClaimStyle, claimText: written, wrongClause: null, switchTo: null, scope };
  const note = "援引句对其含义的解释不在核查之列";
  if (law.index.texts[ci]!.includes(term)) return { ...base, compare: verdict("一致", `${ex.clause}使用了援引句所解释的「${written}」（${note}）。`, 1, [written]) };
  const named = term.length >= DISTINCT_LONGEST ? judgeClaimedSubject(input, ci, scope, written) : null;
  if (named?.compare.结论 === "不一致") return named;
  // a quoted term of 4 characters or more is the article's words as the writer read them: checked as a quoted term
  // (规定的“原告诉讼请求全部实现”，是指… names the article holding it); a shorter one may be a concept in other words
  if (term.length >= DISTINCT_LONGEST && /^[^“"「『]*[“"「『]/.test(m[0]!)) return null;
  return { ...base, compare: verdict("无法判断", `援引句解释${ex.clause}所称的「${written}」，该条未见这一用语（可能以其他文字表述），无法据此判断是否相符。`, null, []) };
}

/** 第X条关于打印遗嘱的规定 / 有关…的规定: the subject the draft says the article deals with, in its own words (unquoted). */
const CLAIMED_SUBJECT = /^(?:中|之)?(?:关于|有关)([^，。；：、“”"「」《》（）()\n]{2,20}?)的(?:规定|条款|内容)/;

/** A claimed subject names a rival only when at most this many articles of the law hold it word for word. */
export const SUBJECT_HOLDERS = 5;
/** …the first of them is named unless another supports the sentence this much better. */
const SUBJECT_SUPPORT_MARGIN = 0.1;

/**
 * The subject the draft says the article deals with (第一千一百三十八条关于打印遗嘱的规定): 一致 when the article
 * holds it word for word; 不一致, naming the holder that best supports the sentence, when the article lacks one of
 * its words (own text and heading), 1 to SUBJECT_HOLDERS other articles hold it whole and none of them is cited in
 * the same list. Else null: the sentence is judged as usual (a subject in the draft's own words, 违约金调整, is no
 * evidence either way).
 */
function judgeClaimedSubject(input: JudgeInput, ci: number, scope: Judgment["scope"], given?: string): Judgment | null {
  const { ex, law, text } = input;
  const m = given === undefined ? CLAIMED_SUBJECT.exec(text.slice(ex.chainEnd, ex.chainEnd + 60)) : null;
  if (given === undefined && !m) return null;
  const written = given ?? m![1]!;
  const term = termText(written);
  const idx = law.index;
  // the law's own name, a crime (step 2's), a short or generic word: nothing to check
  if (term.length < DISTINCT_LONGEST || term.endsWith("罪") || termText(law.regulation.fgmc).includes(term)) return null;
  const base = { style: "restatement" as ClaimStyle, claimText: written, wrongClause: null, switchTo: null, scope };
  if (idx.texts[ci]!.includes(term)) return { ...base, compare: verdict("一致", `${ex.clause}规定了援引句所称的「${written}」。`, 1, [written]) };
  const words = claimWords(written).filter((w) => w.length >= 2 && !JOINING_WORDS.has(w));
  const heldWord = (w: string) => [...bigramSet(w)].every((b) => idx.own[ci]!.has(b) || idx.context[ci]!.has(b));
  if (!words.length || words.every(heldWord)) return null;
  const holders = holding(idx, term, SUBJECT_HOLDERS).filter((i) => i !== ci && idx.clauses[i]!.tid !== "0");
  if (!holders.length && given === undefined) return subjectInOtherWords(input, ci, written, base);
  if (!holders.length || holders.length > SUBJECT_HOLDERS) return null;
  const listed = new Set([...input.siblings]);
  if (holders.some((i) => listed.has(idx.clauses[i]!.tid))) return null;
  const ct = claimTerms(idx, citingSentence(text, ex.contentStart, ex.contentEnd));
  // the first article using the term (where the law introduces it: 第一千零六十四条 for 夫妻共同债务), unless
  // another holder supports the whole sentence clearly better
  const scored = holders.map((i) => ({ i, s: supportOf(idx, i, ct) })).sort((a, b) => a.i - b.i);
  const best = scored.reduce((b, x) => (x.s > b.s + SUBJECT_SUPPORT_MARGIN ? x : b), scored[0]!);
  const c = idx.clauses[best.i]!;
  const more = holders.length > 1 ? `等 ${holders.length} 条` : "";
  const { wrong, point } = sameVersionWrong(input, c, r3(best.s), `援引句所称「${written}」见于该法规${label(c)}${more}。`, `「${written}」见于${label(c)}，疑似条号错误`);
  return {
    ...base,
    compare: verdict("不一致", `${given === undefined ? `援引句称${ex.clause}是关于「${written}」的规定` : `援引句解释${ex.clause}所称的「${written}」`}，但该条未涉及「${written}」，该用语见于该法规${label(c)}${more}，疑似条号错误。`, 0, [written], [point]),
    wrongClause: wrong,
  };
}

/** A subject no article holds word for word names the one article that holds at least this much of its words… */
export const SUBJECT_WORDS_HELD = 0.8;
/** …while the cited article holds at most this much, */
export const SUBJECT_WORDS_CITED = 0.4;
/** …and no other article comes within this much of it. */
export const SUBJECT_WORDS_MARGIN = 0.15;

/**
 * The claimed subject in the draft's own words (第六条关于消费者自主决定购买或者不购买任何一项服务的规定: 第九条 says
 * 自主决定购买或者不购买任何一种商品、接受或者不接受任何一项服务): the article holding SUBJECT_WORDS_HELD of its words
 * (weighted as the support of a claim), when the cited article holds at most SUBJECT_WORDS_CITED and no other article
 * comes within SUBJECT_WORDS_MARGIN, nor is cited in the same list → 不一致 naming it. Else null (judged as usual).
 */
function subjectInOtherWords(input: JudgeInput, ci: number, written: string, base: Omit<Judgment, "compare">): Judgment | null {
  const { ex, law, text } = input;
  const idx = law.index;
  // a party's argument (黄某主张…违反第七条关于…的规定) reports what someone says the article holds: never an alarm
  if (reportsSpeech(citingSentence(text, ex.contentStart, ex.contentEnd), [input.clause.content])) return null;
  const st = claimTerms(idx, written);
  if (!judgeable(idx, st)) return null;
  const cited = supportOf(idx, ci, st);
  if (cited > SUBJECT_WORDS_CITED) return null;
  let best = -1;
  let bestS = 0;
  let second = 0;
  for (let i = 0; i < idx.N; i++) {
    if (i === ci || idx.clauses[i]!.tid === "0") continue;
    const s = supportOf(idx, i, st);
    if (s > bestS) {
      second = bestS;
      bestS = s;
      best = i;
    } else if (s > second) second = s;
  }
  if (best < 0 || bestS < SUBJECT_WORDS_HELD || bestS - second < SUBJECT_WORDS_MARGIN || input.siblings.includes(idx.clauses[best]!.tid)) return null;
  const c = idx.clauses[best]!;
  const { wrong, point } = sameVersionWrong(input, c, r3(bestS), `援引句所称「${written}」的内容见于该法规${label(c)}（相似度 ${r3(bestS)}）。`, `「${written}」见于${label(c)}，疑似条号错误`);
  return {
    ...base,
    compare: verdict("不一致", `援引句称${ex.clause}是关于「${written}」的规定，但该条与之重合很少（相似度 ${r3(cited)}），该内容见于该法规${label(c)}（相似度 ${r3(bestS)}），疑似条号错误。`, r3(cited), [written], [point]),
    wrongClause: wrong,
  };
}

/** A quoted term no article of the cited law holds is looked for in other laws from this many characters. */
const QUOTED_TERM_ANYWHERE = 10;

/** A quoted term another law holds word for word (a wrong law name): 不一致, that law's article named; else null. */
function quotedTermElsewhere(input: JudgeInput, written: string, term: string, base: Omit<Judgment, "compare">): Judgment | null {
  for (const ref of input.lawsHolding?.(written, QUOTED_TERM_ANYWHERE) ?? []) {
    const i = ref.index.texts.findIndex((t) => t.includes(term));
    if (i < 0 || ref.index.clauses[i]!.tid === "0") continue;
    const c = ref.index.clauses[i]!;
    const where = `《${ref.regulation.fgmc}》${label(c)}`;
    const wrong = otherLawWrong(input, ref, c, 1, `所引「${written}」见于${where}。`);
    return {
      ...base,
      compare: verdict("不一致", `所引「${written}」不见于该法规，而见于${where}，疑似法规名称或条号错误。`, 0, [written], [{ kind: "scope", source: label(c), quote: input.ex.clause, text: `「${written}」见于${where}，疑似法规名称或条号错误` }]),
      wrongClause: wrong,
    };
  }
  return null;
}

/**
 * How much article i of the law judged holds the citing sentence (its claim terms): the similarity a wrong clause
 * named by a rule (a quoted term, a defined term) carries, so that it is never taken for a restatement's support.
 */
function sentenceSupport(input: JudgeInput, i: number): number {
  const { ex, law, text } = input;
  return r3(supportOf(law.index, i, claimTerms(law.index, sentenceClaim(citingSentence(text, ex.contentStart, ex.contentEnd)))));
}

/** The 刑法's general part (总则) ends at 第一百零一条; articles after it define crimes. */
const GENERAL_PART_LAST = 101;

/** Text after a disposition read for the crimes it names (数罪 dispositions run over several sentences): at most this many characters. */
const DISPOSITION_WINDOW = 500;
/** A sentence that goes on with a disposition: its next item (二、…; （三）…; 2.…), another defendant's sentence, the penalty to serve. */
const DISPOSITION_GOES_ON = /^\s*(?:[（(][一二三四五六七八九十\d]{1,3}[）)]|[一二三四五六七八九十\d]{1,3}[、.．]|被告人|决定执行|总和刑期|数罪并罚)/;

/**
 * Where the disposition begun in the sentence ending at `end` ends: the rest of its sentence (the check's sentence may stop at a
 * semicolon: 犯抢劫罪，判处…；犯抢夺罪，判处…。), then each sentence that goes on with it (二、…。被告人乙犯…。), within
 * DISPOSITION_WINDOW. What follows (宣判后，…原判…) is narrative, not the disposition.
 */
function dispositionEnd(text: string, end: number): number {
  const limit = Math.min(text.length, end + DISPOSITION_WINDOW);
  let e = end;
  let first = true;
  while (e < limit) {
    const rest = text.slice(e, limit);
    if (!first && !DISPOSITION_GOES_ON.test(rest)) break;
    first = false;
    const stop = rest.indexOf("。");
    if (stop < 0) return limit;
    e += stop + 1;
  }
  return e;
}

/**
 * An applied 刑法 article judged by the crime the sentence names (以诈骗罪追究…, 犯盗窃罪): 一致 when
 * the 罪名 lists give the article for that crime; 不一致 when the article defines another crime and
 * the named crime's article is not cited beside it — named as the article meant. Any crime-like name
 * the lists do not know keeps it silent (null: judged by the words as usual).
 */
function judgeByCrime(input: JudgeInput, crimes: CrimeTable, scope: Judgment["scope"]): Judgment | null {
  const { ex, clause, law, text } = input;
  let sentence = text.slice(ex.contentStart, ex.contentEnd);
  if (DISPOSITION.test(sentence)) sentence = text.slice(ex.contentStart, dispositionEnd(text, ex.contentEnd));
  else {
    // a sentence of several charges (…触犯第三百八十二条…，应当以贪污罪追究其刑事责任；…触犯第三百九十六条…以私分国有资产罪追究…):
    // the part between semicolons that holds the citation, when it names a crime itself
    const a = Math.max(ex.contentStart, text.lastIndexOf("；", ex.start - 1) + 1);
    const semi = text.indexOf("；", ex.chainEnd);
    const part = text.slice(a, semi >= 0 && semi < ex.contentEnd ? semi : ex.contentEnd);
    if (part.length < sentence.length && crimesNamed(crimes, part).known.length) sentence = part;
  }
  let named = crimesNamed(crimes, sentence);
  // a request to punish that names no crime (提请本院依照…之规定，判处刑罚) punishes the crime the text just charged
  // (…其行为已构成污染环境罪。提请…): read from the sentences before it in its paragraph
  const request = PUNISH_REQUEST.test(sentence);
  const charged = !named.known.length && !named.unknown.length && (request || COURT_PUNISHES.test(sentence)) ? chargedBefore(crimes, text, ex.contentStart) : null;
  if (charged) named = charged.named;
  // what the text says of the article: with a crime charged before, that text too (…系自首。提请依照第六十七条…)
  const spoken = charged ? text.slice(charged.from, ex.contentStart) + sentence : sentence;
  if (!named.known.length) return null;
  const who = charged ? (request ? "上文指控的" : "上文认定的") : "援引句认定的";
  const style: ClaimStyle = input.listSize >= LONG_LIST ? "bare" : "application";
  const source = crimes.sources.find((t) => t.includes("意见")) ?? crimes.sources[0] ?? "罪名规定";
  const base = { style, claimText: named.known.join("、"), wrongClause: null, switchTo: null, scope };
  const hit = named.known.find((n) => crimes.byName.get(n)!.includes(clause.tid));
  if (hit) {
    // the crime's own article cited for another article's text word for word (第二百六十三条 for 第二百六十九条's 犯盗窃、诈骗、抢夺罪，
    // 为窝藏赃物…以抢劫罪论处): the sentence states that article (step 4a's rule, before the crime confirms)
    const ci = law.index.byTid.get(clause.tid);
    const said = citingSentence(text, ex.contentStart, ex.contentEnd);
    const v = ci !== undefined && citationStates(input) ? verbatimElsewhere(input, ci, input.siblings.map((t) => law.index.byTid.get(t)).filter((i): i is number => i !== undefined), sentenceClaim(said, true).slice(0, MAX_CLAIM_CHARS), claimTerms(law.index, sentenceClaim(said))) : null;
    if (v) {
      const c = law.index.clauses[v.index]!;
      const { wrong, point } = sameVersionWrong(input, c, r3(v.score), `援引句的「${v.run}」是该法规${label(c)}的原文，与所引${ex.clause}不符。`, `所述内容见于${label(c)}，疑似条号错误`);
      return { ...base, style: "restatement", compare: verdict("不一致", `援引句的「${v.run}」是该法规${label(c)}的原文（${v.run.length} 字），所引${ex.clause}虽规定「${hit}」，${v.cited ? `与该句相连的文字至多「${v.cited}」（${v.cited.length} 字）` : "与该句没有相连的文字"}，疑似条号错误。`, null, [v.run], [point]), wrongClause: wrong };
    }
    return { ...base, compare: verdict("一致", `${who}「${hit}」由${label(clause)}规定（罪名依《${source}》等），与所引条文相符。`, null, [hit]) };
  }
  // an article that names the crime itself (对犯受贿罪的…) or punishes by its article (依照本法第二百六十三条的规定定罪处罚)
  const stem = (n: string) => n.replace(/罪$/, "");
  const refs = [...clause.content.matchAll(/本(?:法|节)第([零〇一二两三四五六七八九十百千]+)条(之[一二三四五六七八九十]+)?/g)].map((m) => {
    const n = parseChineseNumber(m[1]!);
    return m[2] ? `${n}-${parseChineseNumber(m[2].slice(1))}` : String(n);
  });
  // or is the article the crime's own articles punish by (受贿罪, 第三百八十六条: 依照本法第三百八十三条的规定处罚)
  // …in one sentence that names the crime (对犯受贿罪的，…依照本法第三百八十三条的规定处罚)
  const punishedBy = (n: string) =>
    crimes.byName.get(n)!.some((t) => refersTo(contentOfTid(law.index, t), clause.tid)) ||
    law.index.clauses.some((c) => c.content.includes(`犯${stem(n)}罪`) && c.content.split(/[。；]/).some((p) => p.includes(`犯${stem(n)}罪`) && refersTo(p, clause.tid)));
  // an article with a crime of its own that only borrows another's punishment (第一百四十四条: …致人死亡…的，依照本法第一百四十一条的
  // 规定处罚) is not that crime's article; one that convicts by it (第二百三十八条: …致人死亡的，依照本法第二百三十二条的规定定罪处罚) is
  const convicting = convictingRefs(clause.content);
  const convictsBy = crimes.byTid.has(clause.tid) ? convicting : refs;
  // (naming the crime's act is not enough in an article that turns it into another crime: 第二百六十九条 犯盗窃、诈骗、抢夺罪…以抢劫罪论处)
  // (…依照本法第二百六十三条的规定定罪处罚: the crimes of the articles it convicts by)
  const turnedInto = [...[...clause.content.matchAll(/以([\u4e00-\u9fff、]{1,16}?罪)论处/g)].map((m) => m[1]!), ...convicting.flatMap((t) => crimes.byTid.get(t) ?? [])];
  const namesOwn = (n: string) => clause.content.includes(stem(n)) && (turnedInto.length === 0 || turnedInto.includes(n));
  const viaText = named.known.find((n) => namesOwn(n) || crimes.byName.get(n)!.some((t) => convictsBy.includes(t)) || punishedBy(n));
  if (viaText) {
    // a sentence that states the crime's own elements (根据《刑法》第二百六十五条，盗窃公私财物数额较大或者多次盗窃的，构成盗窃罪)
    // restates the article that defines it, not one that convicts by it (第二百六十五条: 盗接他人通信线路…的，依照第二百六十四条定罪处罚)
    if (!clause.content.includes(stem(viaText)) && citationStates(input)) {
      const defining = crimes.byName.get(viaText)!.map((t) => law.index.byTid.get(t)).find((i): i is number => i !== undefined && i !== law.index.byTid.get(clause.tid));
      const ci = law.index.byTid.get(clause.tid);
      if (defining !== undefined && ci !== undefined) {
        // word for word in each article's own text (support counts the articles an article refers to, so the cited one holds the other's words)
        const said = bigramSet(termText(sentenceClaim(citingSentence(text, ex.contentStart, ex.contentEnd)).replace(viaText, "")));
        const share = (i: number) => (said.size ? r3([...said].filter((b) => law.index.own[i]!.has(b)).length / said.size) : 0);
        const own = share(ci);
        const theirs = share(defining);
        if (theirs >= SUPPORT.other && own < SUPPORT.partial) {
          const c = law.index.clauses[defining]!;
          const { wrong, point } = sameVersionWrong(input, c, theirs, `援引句所述是「${viaText}」的罪状，由该法规${label(c)}规定。`, `所述罪状见于${label(c)}，疑似条号错误`);
          return {
            ...base,
            style: "restatement",
            compare: verdict("不一致", `援引句所述是「${viaText}」的罪状，见于该法规${label(c)}（相似度 ${theirs}）；所引${ex.clause}只规定${punishedBy(viaText) && !namesOwn(viaText) ? "该罪的处罚" : "依照该罪的条文定罪处罚的另一情形"}，疑似条号错误。`, own, [viaText], [point]),
            wrongClause: wrong,
          };
        }
      }
    }
    const why = clause.content.includes(stem(viaText)) ? `该条规定了「${stem(viaText)}」` : crimes.byName.get(viaText)!.some((t) => refs.includes(t)) ? "该条规定依照该罪的条文定罪处罚" : "该罪依该条的规定处罚";
    return { ...base, compare: verdict("一致", `${who}「${viaText}」与${label(clause)}的规定相符（${why}）。`, null, [viaText]) };
  }
  const general = Number(clause.tid.split("-")[0]) <= GENERAL_PART_LAST;
  // (an article punishing by one that defines no crime, 第三百八十六条 对犯受贿罪的…依照本法第三百八十三条的规定处罚, is its own opening's crime's)
  const viaRefs = refs.flatMap((t) => crimes.byTid.get(t) ?? []);
  const own = crimes.byTid.get(clause.tid) ?? (general ? [] : viaRefs.length ? viaRefs : punishes(crimes, clause.content));
  // 触犯 a general-part article alone (其行为触犯了《刑法》第六十八条，构成放火罪) cannot be: one violates the article defining the crime
  // (also beside another 触犯 in the sentence: …触犯第一百四十一条…，…触犯第二十九条之规定，以销售假药罪、销售有毒、有害食品罪…)
  // alone in its chain (触犯《刑法》第X条 with no 、第Y条 after it), in a sentence of fewer than LONG_LIST citations
  const violatedAlone = input.listSize < LONG_LIST && VIOLATES.test(text.slice(ex.contentStart, ex.start)) && !/第/.test(text.slice(ex.end, ex.chainEnd));
  const violatedGeneral = general && violatedAlone;
  // …nor a specific-part article that defines no crime (第一百一十三条: 本章上述危害国家安全罪行中…可以判处死刑) in another chapter than the crime's
  const chapterOf = (c: Clause) => /第[^章]*章[^/]*/.exec(c.chapter)?.[0] ?? "";
  const violatedChapter = !general && !own.length && violatedAlone && !DELEGATES.test(clause.content) && chapterOf(clause) !== "";
  // …nor is a general-part article alone the one a named crime is punished by (提请依照《刑法》第二十八条之规定处罚, 构成非法经营罪),
  // when the sentence says nothing of what the article is about (no phrase of its own, not its section's heading): 减轻处罚 /
  // 从轻处罚 after it, or 系胁从犯 before it, apply the institution, and keep the rule silent
  const punishedGeneral = general && input.listSize === 1 && PUNISH_LEAD.test(text.slice(ex.contentStart, ex.start)) && PUNISH_AFTER.test(text.slice(ex.chainEnd, ex.contentEnd)) && saysNothingOf(input, spoken);
  // …nor, in a list whose articles give no named crime its own, a general-part article listed first (依照《刑法》第四十四条、
  // 第六十七条第三款…之规定，以组织卖淫罪判处…: courts list the crime's article first) that the sentence says nothing of;
  // the first chapter (the law's reach in time and place: 第十二条 从旧兼从轻) is listed before the crimes' articles as a rule
  const listedFirst = general && !/第一章/.test(clause.chapter) && input.listSize > 1 && text.slice(ex.start, ex.end).startsWith("《") && !REVIEWS.test(sentence) && named.known.some((n) => !covered(input, crimes, n)) && saysNothingOf(input, spoken);
  const violated = violatedGeneral || violatedChapter || punishedGeneral || listedFirst;
  if ((!own.length && !violated) || named.unknown.length) return null;
  // a long list applies many articles to the whole case (数罪, 撤销原判…): an alarm only when the cited article defines a
  // crime the document never names and a crime the sentence names has no article of its own in the list
  // so does a shorter list whose other articles cover some of the crimes named (触犯第一百四十一条、第一百四十四条…以销售假药罪、销售有毒、有害食品罪)
  const several = input.listSize >= LONG_LIST || input.siblings.length > 0;
  if (several && (REVIEWS.test(sentence) || (!violated && !alienCrimeArticle(input, crimes, own)))) return null;
  const meant = named.known
    .map((n) => ({ name: n, tid: crimes.byName.get(n)![0]! }))
    .find((m) => law.index.byTid.has(m.tid) && !covered(input, crimes, m.name) && (!violatedChapter || chapterOf(law.index.clauses[law.index.byTid.get(m.tid)!]!) !== chapterOf(clause)));
  // every crime named has its article in the list, and this one stands for a crime the document never names
  if (several && !violated && !meant && named.known.every((n) => covered(input, crimes, n))) {
    // a crime the list covers only by the article punishing it (第三百九十条 for 行贿罪) while the article defining it
    // (第三百八十九条) is not listed: that one is likely meant — named when exactly one crime is so
    const unlisted = named.known
      .map((n) => crimes.byName.get(n)![0]!)
      .filter((t, i, all) => all.indexOf(t) === i && t !== clause.tid && law.index.byTid.has(t) && !input.siblings.includes(t));
    const c = unlisted.length === 1 ? law.index.clauses[law.index.byTid.get(unlisted[0]!)!]! : null;
    const named1 = c ? named.known.find((n) => crimes.byName.get(n)![0] === c.tid)! : "";
    const hint = c ? sameVersionWrong(input, c, sentenceSupport(input, law.index.clauses.indexOf(c)), `「${named1}」的罪状由该法规${label(c)}规定，而所列条文未含该条。`, `「${named1}」由${label(c)}规定，所列条文未含该条，疑似条号错误`) : null;
    return {
      ...base,
      compare: verdict(
        "不一致",
        `所引${ex.clause}规定的是「${shownCrimes(own)}${crimes.byTid.has(clause.tid) ? "" : "的处罚"}，全文未提及该罪，而${who}「${named.known.join("」「")}」已由所列其他条文规定${c ? `；「${named1}」的罪状条文${label(c)}未列，所引或为该条` : ""}，疑似条号错误。`,
        null,
        named.known,
        [{ kind: "scope", source: own.join("、"), quote: ex.clause, text: `所引${ex.clause}与所认定的罪名无关，疑似条号错误` }, ...(hint ? [hint.point] : [])],
      ),
      wrongClause: hint?.wrong ?? null,
    };
  }
  if (!meant || input.siblings.includes(meant.tid)) return null;
  const c = law.index.clauses[law.index.byTid.get(meant.tid)!]!;
  const { wrong, point } = sameVersionWrong(input, c, sentenceSupport(input, law.index.byTid.get(meant.tid)!), `${who}「${meant.name}」由该法规${label(c)}规定（罪名依《${source}》等）。`, `「${meant.name}」见于${label(c)}，疑似条号错误`);
  return {
    ...base,
    compare: verdict(
      "不一致",
      `${who}「${meant.name}」由该法规${label(c)}规定，所引${ex.clause}${own.length ? `规定的是「${shownCrimes(own)}${crimes.byTid.has(clause.tid) ? "" : "的处罚"}` : general ? "属总则，不规定具体罪名" : `不规定具体罪名，且在另一章（${chapterOf(clause).replace(/^第[^章]*章\s*/, "")}）`}，疑似条号错误。`,
      null,
      [meant.name],
      [point],
    ),
    wrongClause: wrong,
  };
}

/** Crime names for an explanation, without a selective name's variants (生产有毒罪 of 生产、销售有毒、有害食品罪: its characters are all the longer name's). */
function shownCrimes(names: string[]): string {
  const byLength = [...new Set(names)].sort((a, b) => b.length - a.length);
  const kept = byLength.filter((n, i) => !byLength.slice(0, i).some((m) => [...n].every((ch) => m.includes(ch))));
  return `${kept.join("」「")}」`;
}

/** The articles an article convicts by (依照本法第X条[、第Y条]的规定定罪处罚 / …定罪): tids. */
function convictingRefs(content: string): string[] {
  const out: string[] = [];
  for (const m of content.matchAll(/(?:依照|按照|依)本(?:法|节)((?:第[零〇一二两三四五六七八九十百千]+条(?:之[一二三四五六七八九十]+)?[、和或者]*)+)(?:的)?规定(?:定罪|以[^，。；]{1,12}论处)/g)) {
    for (const r of m[1]!.matchAll(/第([零〇一二两三四五六七八九十百千]+)条(之[一二三四五六七八九十]+)?/g)) {
      const n = parseChineseNumber(r[1]!);
      out.push(r[2] ? `${n}-${parseChineseNumber(r[2].slice(1))}` : String(n));
    }
  }
  return out;
}

/** A request to punish (提请本院依照…之规定，判处刑罚; 诉请本院依照…对被告人…予以惩处). */
/** …or the court's own: 依照…之规定，判决如下 / 的规定，应处…刑 after the sentence that found the crime (…其行为已构成X罪。依照…). */
const COURT_PUNISHES = /^(?:[^。；]{0,8}?)(?:依照|根据|依据|按照)[^。；]*?(?:之|的)规定\s*[，,]?\s*(?:判决如下|(?:应当|应)(?:判)?处|(?:对被告人[^，。；]{0,12}?)?(?:判处|处以))/;
const PUNISH_REQUEST = /(?:提请|诉请|请求|建议)(?:本院|法院|人民法院)?[^。；]{0,6}?(?:依照|根据|依据|按照|适用)[^。；]*?(?:判处|惩处|处罚|定罪|量刑|追究[^。；]{0,6}刑事责任)/;
/** How far back a request to punish is read for the crime charged (characters, within its paragraph). */
const CHARGE_WINDOW = 400;
/** A clause that charges a crime (构成/涉嫌/以…罪追究), not one that recalls a past conviction (曾因…被判处, 刑满释放). */
const CHARGES = /构成|涉嫌|以[^，。；]{2,24}?罪(?:追究|论处|定罪)|指控/;
const PAST_CONVICTION = /曾因|曾犯|曾被|前科|刑满释放|假释|服刑|被判处|判处[^，。；]*?刑|原判/;

/**
 * The crimes the text before `at` (its paragraph, at most CHARGE_WINDOW characters) charges, in clauses that charge a crime and
 * recall no past conviction; null when none, or when a crime-like name the lists do not know is charged (silent, as for a sentence).
 */
function chargedBefore(crimes: CrimeTable, text: string, at: number): { named: CrimesNamed; from: number } | null {
  const para = Math.max(text.lastIndexOf("\n", at - 1) + 1, at - CHARGE_WINDOW);
  const clauses = text.slice(para, at).split(/[，,。；;]/).filter((c) => CHARGES.test(c) && !PAST_CONVICTION.test(c));
  if (!clauses.length) return null;
  const named = crimesNamed(crimes, clauses.join("，"));
  return named.known.length && !named.unknown.length ? { named, from: para } : null;
}

/** Before a general-part article a named crime is punished by: 依照 / 根据 … (the whole lead, nothing else). */
const PUNISH_LEAD = /(?:依照|根据|依据|按照|适用)\s*$/;
/** After it: the bare punishment of the crime (之规定处罚, 的规定，对被告人定罪量刑, 之规定予以惩处, 的规定，请依法判处, 追究刑事责任). */
const PUNISH_AFTER = /^\s*(?:之|的)?(?:相关)?规定\s*[，,]?\s*(?:(?:请|提请本院|请求)?(?:依法)?\s*)?(?:对(?:被告人)?[^，。；、]{0,12}?)?(?:予以|依法)?(?:处罚|判处|惩处|处以刑罚|判处刑罚|定罪量刑|定罪处罚|追究[^，。；]{0,6}刑事责任)/;

/**
 * The institutions of the 刑法's general part a sentence applies in words its articles do not always use (系胁从犯 for 第二十八条's
 * 被胁迫参加犯罪, 如实供述 for 自首, 从轻处罚), each with the articles it is about: a sentence naming one may cite those articles
 * for it (系胁从犯 keeps 第二十八条 silent, not 第十四条: the eighth session's narrowing, courts' seeds 13 / 7 / 29 +1 / +1 / +2
 * applications caught and named, no new alarm). A hand table because the words are the courts' (胁从犯 and 坦白 are in no article
 * of the 刑法). Sentencing words (从轻, 减轻, 免除, 从重) and age (未成年, 已满…周岁) belong to many articles and keep any
 * general-part article silent.
 */
const INSTITUTION_ARTICLES: [RegExp, number[]][] = [
  [/主犯/, [26]], [/从犯/, [27]], [/胁从/, [28]], [/教唆/, [29]], [/累犯/, [65, 66]], [/自首|坦白|如实供述/, [67]], [/立功/, [68]],
  [/未遂/, [23]], [/中止/, [24]], [/预备/, [22]], [/缓刑/, [72, 73, 74, 75, 76, 77]], [/假释/, [81, 82, 83, 84, 85, 86]], [/减刑/, [78, 79, 80]],
  [/数罪/, [69, 70, 71]], [/单位犯罪/, [30, 31]], [/共同犯罪/, [25, 26, 27, 28, 29]], [/追诉|时效/, [87, 88, 89]], [/正当防卫/, [20]],
  [/紧急避险/, [21]], [/精神病|醉酒/, [18]], [/又聋又哑|盲人/, [19]], [/没收|追缴|退赔|责令/, [59, 60, 64]],
];
const ANY_INSTITUTION = /从轻|减轻|免除|从重|未成年|未满|已满|周岁/;
/** Does the sentence apply an institution the general-part article `tid` is about (or one of many articles)? */
function appliesInstitution(said: string, tid: string): boolean {
  if (ANY_INSTITUTION.test(said)) return true;
  const n = Number(tid.split("-")[0]);
  return INSTITUTION_ARTICLES.some(([re, arts]) => arts.includes(n) && re.test(said));
}

/**
 * The sentence (and the disposition after it) says nothing of what the cited article is about: none of its distinctive
 * phrases, not its section's heading, no heading concept of the law's general part it belongs to.
 */
function saysNothingOf(input: JudgeInput, sentence: string): boolean {
  const { law, clause } = input;
  const ci = law.index.byTid.get(clause.tid);
  if (ci === undefined) return false;
  const said = sentenceClaim(sentence);
  if (appliesInstitution(said, clause.tid)) return false;
  const heading = sectionHeading(clause.chapter);
  if (heading && heading.split(/和|、|及|与/).some((h) => h.length >= 2 && said.includes(h))) return false;
  for (const [term, members] of headingConcepts(law.index)) if (members.includes(ci) && said.includes(term)) return false;
  return distinctivePhrases(law.index, ci, said).length === 0;
}

/** A disposition that reviews another judgment (撤销…判决, 改判, 维持原判) names crimes being reversed or kept, not only those the list applies. */
const REVIEWS = /撤销|改判|维持|原判(?!根据|依照|依据)/;

/**
 * In a list (LONG_LIST articles or more, or beside other articles of the law): the cited article is a specific-part
 * article whose own crimes (`own`, as judgeByCrime reads them: its own, or those of the articles it refers to) the whole document never names (neither the full name nor its stem).
 */
function alienCrimeArticle(input: JudgeInput, crimes: CrimeTable, own: string[]): boolean {
  const { clause, text } = input;
  if (Number(clause.tid.split("-")[0]) <= GENERAL_PART_LAST) return false;
  if (!own.length) return false;
  const inDocument = crimesNamed(crimes, text);
  if (own.some((n) => inDocument.known.includes(n) || text.includes(n.replace(/罪$/, "")))) return false;
  // a listed article that punishes by the cited one (第三百八十六条 → 第三百八十三条) makes it part of that crime's sentence
  return !input.siblings.some((t) => refersTo(contentOfTid(input.law.index, t), clause.tid));
}

/** The text of the article `tid` of the law ("" when the version has no such article). */
function contentOfTid(law: LawIndex, tid: string): string {
  const i = law.byTid.get(tid);
  return i === undefined ? "" : law.clauses[i]!.content;
}

/**
 * A crime the sentence names is covered by the list when a listed article (other than the cited one) defines it, names
 * it, or convicts as it (第二百六十九条: 依照本法第二百六十三条的规定定罪处罚). Borrowing only its punishment (第一百四十四条:
 * …依照本法第一百四十一条的规定处罚) is not: that article's crime is its own.
 */
function covered(input: JudgeInput, crimes: CrimeTable, name: string): boolean {
  const tids = crimes.byName.get(name) ?? [];
  const stem = name.replace(/罪$/, "");
  return input.siblings.some((t) => {
    if (tids.includes(t)) return true;
    const c = contentOfTid(input.law.index, t);
    return c.includes(stem) || tids.some((x) => c.split(/[。；]/).some((part) => part.includes("定罪") && refersTo(part, x)));
  });
}

/** The crimes an article that defines none sets the punishment of: 对犯贪污罪的，根据情节轻重… (第三百八十三条). */
function punishes(crimes: CrimeTable, content: string): string[] {
  const m = /^(?:对)?犯([^，。；]{2,30}?罪)的/.exec(content);
  return m ? crimesNamed(crimes, m[1]!).known : [];
}

/** An article that sends its acts to other articles' crimes (依照本法有关规定定罪处罚, 依照…的规定处罚) may be violated with them. */
const DELEGATES = /有关规定|定罪处罚|依照本法|依照前款|的规定处罚/;

/** The citation is what the sentence says was violated (其行为触犯了《刑法》…). */
const VIOLATES = /触犯(?:了)?\s*$/;

/** Does the text refer to the article `tid` of the same law (本法第X条, 第X条)? */
function refersTo(text: string, tid: string): boolean {
  const label = clauseLabelFromTid(tid);
  const i = text.indexOf(label);
  if (i < 0) return false;
  // not when the label is only the start of a longer number (第一百二十二条 inside 第一百二十二条之一 is fine; 第二条 inside 第十二条 is not)
  return !/[零〇一二两三四五六七八九十百千]/.test(text[i - 1] ?? "") || text.slice(Math.max(0, i - 1), i) === "第";
}

/** Articles a bigram may occur in and still name one institution (自首, 缓刑, 留置权…). */
const SPECIFIC_ARTICLES = 3;

/** Every bigram of the phrase occurs in at most SPECIFIC_ARTICLES articles of the law. */
/** A phrase (as a whole) that at most SPECIFIC_ARTICLES articles of the law hold. */
function heldByFew(law: LawIndex, phrase: string): boolean {
  let n = 0;
  for (const t of law.texts) if (t.includes(phrase) && ++n > SPECIFIC_ARTICLES) return false;
  return n > 0;
}

function specific(law: LawIndex, phrase: string): boolean {
  for (let k = 0; k + 1 < phrase.length; k++) if ((law.postings.get(phrase.slice(k, k + 2))?.length ?? Infinity) > SPECIFIC_ARTICLES) return false;
  return true;
}

/** Does the claim carry informative terms (rare in the law) at all? */
function informativeOwn(law: LawIndex, ct: ReturnType<typeof claimTerms>): boolean {
  const limit = Math.max(3, law.N / 10);
  let n = 0;
  for (const b of ct.terms.keys()) if ((law.postings.get(b)?.length ?? Infinity) <= limit) n++;
  return n >= SUPPORT.informative;
}

/** Does the article hold at least one of the claim's informative terms (not only common words)? */
function heldInformative(law: LawIndex, i: number, ct: ReturnType<typeof claimTerms>): boolean {
  const limit = Math.max(3, law.N / 10);
  for (const b of ct.terms.keys()) if ((law.own[i]!.has(b) || law.topic[i]!.has(b)) && law.postings.get(b)!.length <= limit) return true;
  for (const b of ct.terms.keys()) if (law.topic[i]!.has(b)) return true;
  return false;
}

/**
 * Share of the claim's core terms (its rarest in the law: weight ≥ 80 % of the rarest's) that the
 * article holds: an article holding the crime's or institution's own name is never called wrong.
 */
function coreShare(law: LawIndex, i: number, ct: ReturnType<typeof claimTerms>): number {
  let max = 0;
  for (const w of ct.terms.values()) max = Math.max(max, w);
  let all = 0;
  let held = 0;
  for (const [b, w] of ct.terms) {
    if (w < 0.8 * max) continue;
    all += w;
    if (law.own[i]!.has(b) || law.context[i]!.has(b)) held += w;
  }
  return all ? held / all : 0;
}

function phrasesText(phrases: string[], verb: string): string {
  if (!phrases.length) return verb === "规定了" ? "的内容" : verb === "涉及" ? "与援引句部分相关" : "";
  return `${verb}「${phrases.join("」「")}」`;
}

/** Context the facts are read from: the paragraph before the citation, at most this many characters. */
const FACTS_WINDOW = 600;

/** Headings too general to say what an article is about. */
const GENERAL_HEADING = /^(?:总则|附则|分则|其他规定|一般规定|通则|基本规定|法律责任|罚则|犯罪|刑罚|附录)$/;

/** The last heading of an article's chapter path without its number (第一编…/第三章 刑罚/第四节 罚金 → 罚金), or "". */
function sectionHeading(chapter: string): string {
  const h = (chapter.split("/").pop() ?? "").replace(/^\s*第[^章节编]*[章节编]\s*/, "").trim();
  return h.length >= 2 && h.length <= 12 && !GENERAL_HEADING.test(h) ? h : "";
}

/** A section of at most this many articles names a concept specific enough to be its own (第四节 数罪并罚: 3 articles). */
export const HEADING_SECTION_MAX = 6;

/** A heading's word held by more than this share of the law's other articles is common stock, not the section's concept. */
export const HEADING_OUTSIDE_SHARE = 0.03;

/** What a concept word followed by these modifies is the matter in general (量刑时, 量刑档次), not the institution. */
const CONCEPT_AS_MODIFIER = "时|档次|幅度|标准|原则|规范|建议|意见|方面|问题";

/** An article of a code's general part (第一编 总则 / …). */
function inGeneralPart(chapter: string): boolean {
  return /^[^/]*总则\s*\//.test(chapter);
}

/** A denial just before a term (不构成累犯, 不属于自首, 并非主犯, 没有自首情节, 不应当数罪并罚…): the sentence says the case is not that. */
const DENIAL_BEFORE = /(?:不|未|非|没有|无)(?:应当|应|予以|予|得|能|构成|属于|是|系|认定为|具有|存在|成立|能认定为)?$/;

/** Every use of the term in the text is denied (DENIAL_BEFORE in the few characters before it). */
export function deniedOnly(text: string, term: string): boolean {
  let seen = false;
  for (let i = text.indexOf(term); i >= 0; i = text.indexOf(term, i + 1)) {
    seen = true;
    if (!DENIAL_BEFORE.test(text.slice(Math.max(0, i - 5), i))) return false;
  }
  return seen;
}

const conceptUses = new Map<string, RegExp>();
/** The concept word used as such: not 定罪量刑, not a modifier (CONCEPT_AS_MODIFIER). Compiled once per word. */
function conceptUse(term: string): RegExp {
  let re = conceptUses.get(term);
  if (!re) conceptUses.set(term, (re = new RegExp(`(?<!定罪)${term}(?!${CONCEPT_AS_MODIFIER})`)));
  return re;
}

const headingSections = new WeakMap<LawIndex, Map<string, number[]>>();

/**
 * The concepts the small sections of a code's general part are headed with, each with its articles: 刑法 第四节 数罪并罚 →
 * 第六十九至七十一条, 第三节 自首和立功 → 自首 and 立功 → 第六十七、六十八条 (a heading is split at 和 / 、 / 及 / 与).
 */
export function headingConcepts(law: LawIndex): Map<string, number[]> {
  let m = headingSections.get(law);
  if (m) return m;
  const bySection = new Map<string, number[]>();
  law.clauses.forEach((c, i) => {
    // only a code's general part (第一编 总则 of 刑法, 民法典): there an institution (累犯, 数罪并罚) is applied through its own
    // articles; a chapter of a special law (第二章 垄断协议) names conduct its liability articles (第五十条) apply to as well
    if (!sectionHeading(c.chapter) || !inGeneralPart(c.chapter)) return;
    const k = c.chapter;
    bySection.set(k, [...(bySection.get(k) ?? []), i]);
  });
  m = new Map();
  for (const [chapter, members] of bySection) {
    if (members.length > HEADING_SECTION_MAX) continue;
    for (const part of sectionHeading(chapter).split(/和|、|及|与/)) {
      const t = termText(part);
      if (t.length < 2 || m.has(t)) continue;
      // a word the rest of the law uses freely (罚金, 有期徒刑: the penalties every crime's article names) is no one section's
      let outside = 0;
      law.texts.forEach((x, i) => { if (!members.includes(i) && x.includes(t)) outside++; });
      if (outside > HEADING_OUTSIDE_SHARE * law.N) continue;
      m.set(t, members);
    }
  }
  headingSections.set(law, m);
  return m;
}

/**
 * The section whose heading names a concept the sentence draws on (被告人犯数罪，应当数罪并罚) while the cited article, itself
 * of the general part, lies outside it, never uses the word, and neither it nor an article cited with it refers to the section:
 * the section's article that holds the sentence best. (An article of the special part is applied with the institutions beside
 * it: …构成行贿罪的，依照第三百八十九条…数罪并罚 — unless `specialPartAlone`: the article cited alone, for no crime or conduct of
 * its own, in a sentence that names no crime (根据《刑法》第四百三十四条之规定，对被告人应当数罪并罚).) (The concept is the sentence's own only when the article cited is not where the law treats it.)
 */
function headingRival(law: LawIndex, ci: number, siblings: number[], claim: string, ct: ReturnType<typeof claimTerms>, citedTids: string[], specialPartAlone = false): { index: number; term: string; score: number } | null {
  const text = termText(claim);
  const cited = law.clauses[ci]!;
  for (const [term, members] of headingConcepts(law)) {
    // the word as a modifier (量刑时, 两个量刑档次, 量刑幅度) or in 定罪量刑 speaks of the matter in general, not of the institution
    if (!text.includes(term) || !conceptUse(term).test(text) || deniedOnly(text, term) || members.includes(ci) || !(inGeneralPart(cited.chapter) || (specialPartAlone && !/罪/.test(text.split(term).join("").replace(/数罪/g, "")))) || siblings.some((s) => members.includes(s))) continue;
    // (a special-part article that names the concept only to refer to its rules — 依照数罪并罚的规定处罚 — does not hold it;
    // 犯数罪 is the concept's own word, not another crime)
    if ((law.texts[ci]!.includes(term) && !onlyInReference(cited.content, term)) || members.some((m) => citedTids.includes(law.clauses[m]!.tid)) || members.some((m) => refersTo(cited.content, law.clauses[m]!.tid) || refersTo(law.clauses[m]!.content, cited.tid))) continue;
    // the best holder of the sentence; within 0.1 of it, the section's first (which usually states the rule: 第六十九条, not
    // 第七十条 that applies it to crimes found later)
    const scores = members.map((m) => supportOf(law, m, ct));
    const top = Math.max(...scores);
    const k = scores.findIndex((x) => x >= top - 0.1);
    if (k >= 0) return { index: members[k]!, term, score: scores[k]! };
  }
  return null;
}

/** After a citation, the article's conduct or crime itself (有刑法第二百二十九条第一款行为, 构成第三百八十九条规定的犯罪): the article is cited for it. */
const CONDUCT_AFTER = /^\s*(?:所)?(?:规定的|之|的)?(?:行为|犯罪|罪|情形)/;

/** sectionPartner's article must hold what the sentence says after the citation at least this nearly as well as the cited one. */
export const PARTNER_MARGIN = 0.05;

/**
 * The cited article's own section is headed with a concept the sentence uses (not denied), the cited article never uses the
 * word, and exactly one other article of the section does and is not cited elsewhere in the draft: that article (自首和立功 —
 * 立功 is 第六十八条's word, 自首 第六十七条's).
 */
function sectionPartner(law: LawIndex, ci: number, claim: string, ct: ReturnType<typeof claimTerms>, citedTids: string[]): { index: number; term: string; score: number } | null {
  const text = termText(claim);
  for (const [term, members] of headingConcepts(law)) {
    if (!members.includes(ci) || law.texts[ci]!.includes(term) || !text.includes(term) || !conceptUse(term).test(text) || deniedOnly(text, term)) continue;
    const holders = members.filter((m) => m !== ci && law.texts[m]!.includes(term));
    if (holders.length !== 1 || citedTids.includes(law.clauses[holders[0]!]!.tid)) continue;
    return { index: holders[0]!, term, score: supportOf(law, holders[0]!, ct) };
  }
  return null;
}

/** A bare citation against the facts written before it: 一致 when they speak of what the article is about, else 无法判断. */
function judgeAgainstFacts(input: JudgeInput, ci: number, exclude: Set<string>, lead: string): Judgment["compare"] {
  const { ex, law, text } = input;
  let s = Math.max(0, ex.contentStart - FACTS_WINDOW);
  const para = text.lastIndexOf("\n\n", ex.contentStart);
  if (para > s) s = para;
  const facts = sentenceClaim(text.slice(s, ex.contentEnd));
  // the article's own section heading (第四节 罚金, 第八节 缓刑) named in the text or the disposition after it
  const heading = sectionHeading(law.index.clauses[ci]!.chapter);
  let e = ex.contentEnd;
  if (DISPOSITION.test(text.slice(ex.contentStart, ex.contentEnd))) e = dispositionEnd(text, e);
  if (heading && text.slice(s, e).includes(heading)) {
    return verdict("一致", `${lead}上下文所述「${heading}」正是${ex.clause}所在节（${heading}）的内容。`, null, [heading]);
  }
  const ct = claimTerms(law.index, facts, exclude);
  const phrases = matchedPhrases(law.index, ci, facts);
  // evidence: the article's topic (what it repeats, its heading) in the facts, or two of its rare terms in a phrase
  const topic = law.index.topic[ci]!;
  const rare = Math.max(2, Math.ceil(law.index.N / 20));
  const topical = matchedPhrases(law.index, ci, facts, 4, (p) => {
    for (let k = 0; k + 1 < p.length; k++) {
      const b = p.slice(k, k + 2);
      if (topic.has(b) && (law.index.postings.get(b)?.length ?? Infinity) <= rare) return true;
    }
    return false;
  }).map((p) => p.replace(/^[的之了和与及或其并]+|[的之了和与及或其并]+$/g, "")).filter((p) => p.length >= 2);
  const limit = Math.max(3, law.index.N / 10);
  let informative = 0;
  for (const [b] of ct.terms) if (law.index.own[ci]!.has(b) && law.index.postings.get(b)!.length <= limit) informative++;
  const strong = phrases.filter((p) => p.length >= 3);
  if (topical.length || (strong.length && informative >= SUPPORT.informative)) {
    const shown = topical.length ? topical : strong;
    return verdict("一致", `${lead}上文所述${phrasesText(shown, "")}与${ex.clause}的规定相符。`, null, shown);
  }
  return verdict("无法判断", `${lead}${phrases.length ? `上文只有「${phrases.join("」「")}」与${ex.clause}相关，` : "上文未见与该条相关的表述，"}无法判断是否相符。`, null, phrases);
}

/** A legal role a phrase may name (compare-quote.ts's parties that are roles, not litigants): its phrase is held to the article's role. */
const ROLE_WORD = /股东|董事|监事|高级管理人员|出租人|承租人|出卖人|买受人|出借人|借款人|贷款人|债权人|债务人|保证人|抵押人|抵押权人|质权人|出质人|用人单位|劳动者|消费者|经营者|发包人|承包人|委托人|受托人|赠与人|受赠人|承运人|托运人|定作人|承揽人|合伙人|被保险人|保险人|投保人|发行人|监护人|继承人|配偶/;
const MODAL_OR_NUMBER = /应当|可以|不得|必须|禁止|有权|无权|百分之|[零〇一二两三四五六七八九十百千万0-9]+\s*(?:日|天|个月|月|年|倍|元|万元|亿元|万|亿|%|％|次|人|岁|小时|以上|以下|以内)|不|未|无|非/;

/** Explicit negations of a rule (非法, 不当得利, 无效 are words, not negations). */
const NEGATION = /不得|不能|不应|不予|不可|不需|无需|无须|不必|未经|未能|并非|不是|没有|不属于|不构成|不承担|不符合|不负|免除/;
/** A quantity: a number with its unit (这一条件, 第三人 are not quantities). */
const QUANTITY = /([0-9]+(?:\.[0-9]+)?|[零〇一二两三四五六七八九十百千万亿]+)\s*(?=日|天|个月|月|年|倍|元|万|亿|%|％|次|人以|名|岁|小时|周|以上|以下|以内)/g;

/** A hunk that is a number and nothing else (二十, 30, 五千万, 1.5). */
const BARE_NUMBER = /^(?:[0-9]+(?:\.[0-9]+)?|[零〇一二两三四五六七八九十百千万亿]+)$/;

/** The value of a bare number, or the text itself when it does not parse. */
function numberValue(s: string): string {
  return /^[0-9.]+$/.test(s) ? String(Number(s)) : String(parseChineseNumber(s) ?? s);
}

function numbersIn(s: string): string[] {
  return [...s.matchAll(QUANTITY)].map((m) => m[1]!).map((n) => String(/^[0-9.]+$/.test(n) ? Number(n) : (parseChineseNumber(n) ?? n)));
}

/**
 * A change a restatement may not make: a modal replaced by one of another force (not merely left
 * out), a number replaced by another (not merely left out or written with other words around it),
 * an explicit negation added or dropped.
 */
/** Does the phrase hold a crime's act as the 罪名 lists name it (盗窃 of 盗窃罪, 诈骗 of 诈骗罪)? */
function namesCrimeAct(crimes: CrimeTable, phrase: string): boolean {
  for (let i = 0; i < phrase.length; i++)
    for (const name of crimes.byFirst.get(phrase[i]!) ?? []) if (name.length >= 3 && phrase.startsWith(name.slice(0, -1), i)) return true;
  return false;
}

/** One crime's act written for another's (盗窃 for 诈骗): both, with 罪, are crimes the 罪名 lists know. */
function isCrimeSwap(p: CompareResult["差异"][number], crimes: CrimeTable): boolean {
  return p.kind === "wording" && !!p.source && !!p.quote && p.source !== p.quote && crimes.byName.has(`${p.source}罪`) && crimes.byName.has(`${p.quote}罪`);
}

function isRestatedChange(p: CompareResult["差异"][number]): boolean {
  const src = p.source ?? "";
  const dst = p.quote ?? "";
  const empty = (x: string) => !x || x === "（无）";
  if (p.kind === "modal") return !empty(src) && !empty(dst);
  if (p.kind === "number") {
    const a = numbersIn(src);
    const b = numbersIn(dst);
    if (a.length > 0 && b.length > 0) return !b.every((n) => a.includes(n));
    // one number put for another with nothing else changed (百分之二十 → 百分之三十: the hunk is 二十 → 三十; 五千万元 → 一亿元)
    return BARE_NUMBER.test(src) && BARE_NUMBER.test(dst) && numberValue(src) !== numberValue(dst);
  }
  if (p.kind === "negation") return NEGATION.test(src) !== NEGATION.test(dst) || reversedPair(src, dst) !== null;
  // one legal role put for another (董事为公司清算义务人 → 股东为…; 出租人 → 承租人); not a party of the case or a generic
  // word (被告, 当事人, 一方, 公司), which an application puts for the article's role
  if (p.kind === "party") return roles(src).length > 0 && roles(dst).length > 0 && !roles(dst).some((r) => roles(src).includes(r));
  return false;
}

/** A party word that names a legal role (not a litigant or a generic word), as compare-quote.ts lists them. */
const NOT_A_ROLE = new Set(["原告", "被告", "第三人", "当事人", "一方", "对方", "双方", "公司", "国家", "法人", "自然人", "人民法院", "仲裁机构", "行为人"]);
function roles(list: string): string[] {
  return list.split("、").filter((w) => w && !NOT_A_ROLE.has(w));
}

/**
 * Numbers, modals and negations a restatement changes: each comma-separated phrase of the claim
 * that holds one is aligned with the article; only a phrase that aligns closely (similarity ≥ 0.75,
 * at least 6 characters) is held to the article's wording, so facts around the rule never count.
 */
/**
 * The article a doctrine name of the sentence belongs to (named-concept.ts `conceptElsewhere`), in the current text (the
 * thesaurus numbers its articles: 公司法 2023 第八十九条 is 2018's 第七十四条); of several, the one supporting the
 * sentence most.
 */
function conceptRival(input: JudgeInput, ci: number, claim: string, ct: ReturnType<typeof claimTerms>): { index: number; key: string; term: string; score: number } | null {
  if (!input.concepts || input.law.regulation.sxx !== "现行有效") return null;
  const law = input.law.index;
  const found = conceptElsewhere(input.concepts, claim, { title: input.law.regulation.fgmc, clauses: law.clauses, texts: law.texts, byTid: law.byTid }, ci, new Set(input.siblings));
  if (!found) return null;
  const best = found.indexes.map((i) => ({ i, s: supportOf(law, i, ct) })).sort((a, b) => b.s - a.s)[0]!;
  return { index: best.i, key: found.key, term: found.term, score: best.s };
}


/** An exception of an article (但是…除外, 但…的除外): its words. */
const EXCEPTION = /但(?:是)?([^。；]{4,80}?)(?:的)?除外/g;
/** A claim restates an exception when it holds at least this share of its bigrams. */
export const EXCEPTION_HELD = 0.7;

/** The claim carries the words of one of the article's exceptions (then a turned modal or negation is that exception's). */
export function restatesException(claim: string, clauseText: string): boolean {
  const said = bigramSet(termText(claim));
  for (const m of clauseText.matchAll(EXCEPTION)) {
    const ex = bigramSet(termText(m[1]!));
    if (ex.size >= 3 && [...ex].filter((b) => said.has(b)).length >= EXCEPTION_HELD * ex.size) return true;
  }
  return false;
}

/** 即使…也不能 / 仍应: the words between, the exception a sentence denies. */
const EVEN_IF = /(?:即使|即便|哪怕|纵使|纵然)([^。；;]{4,60}?)[，,]?\s*(?:也|亦|仍然|仍|都|依然)(?:不能|不得|不可|无法|不|要|应当|应|须|需|必须)[^，。；;]{0,12}/g;

/**
 * An exception of the article (但是能够证明自己没有过错的除外) the sentence denies (即使能够证明自己没有过错也不能免责): its words
 * (≥ EXCEPTION_HELD of the exception's bigrams) between 即使 and 也不能 / 仍应. Else null.
 */
export function exceptionDenied(claim: string, clauseText: string): { source: string; quote: string; text: string } | null {
  for (const d of claim.matchAll(EVEN_IF)) {
    const said = bigramSet(termText(d[1]!));
    for (const m of clauseText.matchAll(EXCEPTION)) {
      const ex = bigramSet(termText(m[1]!));
      if (ex.size >= 3 && [...ex].filter((b) => said.has(b)).length >= EXCEPTION_HELD * ex.size) {
        return { source: m[0], quote: d[0], text: `例外被否定：原文「${m[0]}」，援引句「${d[0]}」` };
      }
    }
  }
  return null;
}

/** A doctrine name names its article over a well-supported cited one only with the statute's words for it this long, at least. */
export const CONCEPT_WORDS_MIN = 6;

/** An article named for changed numbers supports the sentence at least SUPPORT.agree and at most this much less than the cited one. */
export const FIT_SLACK = 0.25;

/**
 * Another article of the version judged against which the sentence's changed numbers are no change: it writes the
 * sentence's numbers and restating it turns nothing, while it supports the sentence well (SUPPORT.agree, and within
 * FIT_SLACK of the cited one) — not an article the draft cites elsewhere, nor in a list. Else null.
 */
function fitsElsewhere(input: JudgeInput, ci: number, siblings: number[], critical: CompareResult["差异"], sc: number, differences: (content: string) => CompareResult["差异"]): { index: number; score: number } | null {
  const { law } = input;
  if (input.siblings.length || !critical.every((p) => p.kind === "number")) return null;
  const elsewhere = new Set(input.citedTids ?? []);
  const numbers = critical.map((p) => termText(p.quote)).filter(Boolean);
  if (!numbers.length) return null;
  const said = input.text.slice(input.ex.contentStart, input.ex.contentEnd);
  // what the sentence says that few articles but the cited one say (发布虚假广告的 of 广告法 第五十五条): an article that does
  // not say it too is another rule with the same numbers (第五十八条: 一倍以上三倍以下 for other advertisements)
  const subject = distinctivePhrases(law.index, ci, said).map(termText);
  for (const s of bestSupport(law.index, claimTerms(law.index, said), 6)) {
    if (s.index === ci || siblings.includes(s.index) || s.score < SUPPORT.agree || s.score < sc - FIT_SLACK) continue;
    const c = law.index.clauses[s.index]!;
    if (c.tid === "0" || elsewhere.has(c.tid)) continue;
    if (!numbers.every((n) => law.index.texts[s.index]!.includes(n)) || !subject.every((p) => law.index.texts[s.index]!.includes(p))) continue;
    if (differences(c.content).length) continue;
    return { index: s.index, score: s.score };
  }
  return null;
}

/**
 * Another article of the version judged that refers to the cited one and says the sentence's modal with its act, the
 * sentence restating it with no change (第四十二条: 用人单位不得依照本法第四十条…的规定解除劳动合同, for 「不得以…为由解除
 * 劳动合同」 cited as 第四十条, whose 可以解除 it turns): the article limiting the cited one is the one meant — only when the
 * changes are modals alone, the sentence's modal word and act both in that article, and it supports the sentence at least
 * as well as the cited one. Not an article cited elsewhere in the draft or in a list.
 */
function modalElsewhere(input: JudgeInput, ci: number, siblings: number[], critical: CompareResult["差异"], restated: string, readAs: { applied: boolean; literal: string; continued?: string }): { index: number; score: number } | null {
  const { law, clause } = input;
  if (input.siblings.length || !critical.length || !critical.every((p) => p.kind === "modal")) return null;
  const idx = law.index;
  const ct = claimTerms(idx, restated);
  const sc = supportOf(idx, ci, ct);
  const elsewhere = new Set(input.citedTids ?? []);
  let best: { index: number; score: number } | null = null;
  for (let i = 0; i < idx.N; i++) {
    const c = idx.clauses[i]!;
    if (i === ci || siblings.includes(i) || elsewhere.has(c.tid) || !refersTo(c.content, clause.tid)) continue;
    // the sentence's modal and act, as the change reads them (援引句「不得解除劳动合同」: 不得 … 解除劳动合同)
    if (!critical.every((p) => { const m = MODAL_OPENS.exec(p.quote ?? ""); const act = m ? p.quote!.slice(m[1]!.length) : ""; return !!act && c.content.includes(m![1]!) && c.content.includes(act); })) continue;
    const score = supportOf(idx, i, ct);
    if (score < sc || restatedDifferences(restated, c.content, undefined, undefined, input.crimes, readAs).length) continue;
    if (!best || score > best.score) best = { index: i, score };
  }
  return best;
}

/**
 * A statement the citation opens (《劳动合同法》第三十七条规定，…) goes on past a semicolon (…；如果还在试用期内，只需要提前七日
 * 通知用人单位即可解除。): the clauses after it, to the sentence's end, when they cite nothing else; else "".
 */
function statementGoesOn(text: string, end: number): string {
  if (!/[；;]/.test(text[end] ?? "")) return "";
  const stop = text.slice(end + 1).search(/[。！？!?\n]/);
  const rest = text.slice(end + 1, stop < 0 ? Math.min(text.length, end + 1 + 300) : end + 1 + stop);
  return rest.length <= 300 && !/《|第[零〇一二两三四五六七八九十百千0-9]+条/.test(rest) ? rest : "";
}

/** The phrase says 可以 before a finding (可以认定, 可以确认), its only modal. */
function mayFind(phrase: string): boolean {
  const at = phrase.indexOf("可以");
  return at >= 0 && phrase.indexOf("可以", at + 1) < 0 && FINDING_AFTER.test(phrase.slice(at + 2));
}

/** A restated phrase shorter than this (compare-quote.ts's canonical characters) is read with the one before it too: compareQuote judges no paraphrase under eight. */
const SHORT_PHRASE = 8;

function restatedDifferences(claim: string, clauseText: string, paragraph?: number, item?: number, crimes?: CrimeTable | null, modal: { applied: boolean; literal: string; continued?: string } = { applied: false, literal: claim }): CompareResult["差异"] {
  const out: CompareResult["差异"] = [];
  const parts = claim.split(/(?<=[，,；;。：:])/);
  const phrases: string[] = [];
  for (let k = 0; k < parts.length; k++) {
    const own = parts[k]!.replace(/[，,；;。：:]$/, "");
    // (alone, a phrase under eight characters is judged only as a crime's act: compareQuote reads no shorter paraphrase)
    const short = canonical(own).text.length < SHORT_PHRASE;
    if (!short || (crimes && namesCrimeAct(crimes, own))) phrases.push(own);
    // a phrase too short to be aligned alone (视为不予延续: compare-quote.ts judges no paraphrase under eight characters) is read
    // with the one before it in its sentence too (逾期未作决定的，视为不予延续)
    // (past a clause left empty where a citation or a formula was cut out: …提供给他人的，，从轻处罚)
    let j = k - 1;
    while (j > 0 && !termText(parts[j]!)) j--;
    if (short && j >= 0 && /[，,]$/.test(parts[j]!)) phrases.push(`${parts[j]}${own}`);
  }
  for (const phrase of phrases) {
    if (termText(phrase).length < 6 || !(MODAL_OR_NUMBER.test(phrase) || ROLE_WORD.test(phrase) || (REVERSED_WORD.test(phrase) && reversedPossible(phrase, clauseText)) || (crimes && namesCrimeAct(crimes, phrase)))) continue;
    // a crime's act is aligned word for word (a restatement's wording is otherwise free)
    const act = !!crimes && namesCrimeAct(crimes, phrase);
    const cmp = compareQuote({ claim: phrase, quoted: act, clauseText, paragraph, item });
    const crit = cmp.差异
      .filter((p) => isRestatedChange(p) || (act && isCrimeSwap(p, crimes!)))
      // the article's exception restated as its own rule (…应予支持，但是双方约定的利率超过…四倍的除外 → …四倍的，不予支持): the
      // turned modal or negation is the exception's, not a change
      .filter((p) => (p.kind !== "modal" && p.kind !== "negation") || !restatesException(claim, clauseText))
      // (one tier of an article's several, aligned against another tier of its sentence: 三千元 … 五十万元以上的)
      .filter((p) => p.kind !== "number" || !sentenceHoldsNumber(clauseText, p.source, p.quote))
      // (a finding applied to the case, 可以认定该事实存在 for the article's 应当认定: restated-modal.ts FINDING_AFTER)
      .filter((p) => p.kind !== "modal" || !modal.applied || p.source !== "应当" || p.quote !== "可以" || !mayFind(phrase))
      .map((p) => (act && isCrimeSwap(p, crimes!) ? { ...p, text: `罪名不同：原文「${p.source}」，引文「${p.quote}」` } : p));
    if (!crit.length) continue;
    // the phrase must be the article's wording apart from the change: check alignment on the rest
    const sim = (cmp.语义相似度 ?? 0) / Math.pow(0.7, crit.length);
    if (sim >= 0.75) for (const p of crit) if (!out.some((o) => o.kind === p.kind && o.source === p.source && o.quote === p.quote)) out.push(p);
  }
  // a modal turned where the sentence adds words of its own to the phrase, or the article puts words between its modal
  // and the act (可以依照本章规定限制赔偿责任): read locally (restated-modal.ts)
  if (!out.some((p) => p.kind === "modal") && !restatesException(claim, clauseText))
    for (const m of modalChanges(modal.literal, clauseText, { applied: modal.applied })) out.push({ kind: "modal", source: m.source, quote: m.quote, text: m.text });
  // …and a number (提前七日通知用人单位 against 提前三日通知用人单位) where the sentence's own words break the phrase (restated-number.ts)
  if (!out.some((p) => p.kind === "number"))
    for (const m of numberChanges(modal.continued ? `${modal.literal}；${modal.continued}` : modal.literal, clauseText)) out.push({ kind: "number", source: m.source, quote: m.quote, text: m.text });
  // …and an exception of the article denied (但是能够证明自己没有过错的除外 → 即使能够证明自己没有过错也不能免责), or a word of
  // opposite effect read locally (依照第一款的规定从轻处罚 against …从重处罚)
  if (!out.some((p) => p.kind === "negation")) {
    const denied = exceptionDenied(modal.literal, clauseText);
    if (denied) out.push({ kind: "negation", ...denied });
    else if (!restatesException(claim, clauseText)) for (const m of reversedAround(modal.literal, clauseText)) out.push({ kind: "negation", ...m });
  }
  // …and who decides or by how many (省级 → 县级, 农业农村主管部门 → 自然资源主管部门, 一致同意 → 过半数同意; restated-authority.ts)
  if (!out.some((p) => p.kind === "party"))
    for (const m of authorityChanges(modal.continued ? `${modal.literal}；${modal.continued}` : modal.literal, clauseText)) out.push({ kind: "party", source: m.source, quote: m.quote, text: m.text });
  return out;
}
