/**
 * A lawyer's ranking for the clause keyword search (issue 16). FTS5's bm25 alone ranks a
 * city's 文明行为促进条例 above 民法典 第一千二百五十四条 for 抛掷物品: it knows nothing of
 * 效力级别, of currency, of which article states the rule or of which articles the law and the
 * courts rely on. The ranking here combines them; every weight is a named constant below.
 *
 *   score = REL × (bm25 / best bm25)^REL_POWER   relevance of the text (FTS5 bm25, relative to the pool's best)
 *         + LEVEL[xljb_1]                        效力级别, only when no region (dy) or level (xljb_1) is asked
 *         + NOT_CURRENT                          when sxx is not 现行有效 (失效, 已被修改: other versions sink)
 *         + AUTHORITY × ln(1 + texts + CASE_WEIGHT × cases)
 *                                                citations by other legal texts and by cases (authority.ts)
 *         + LAW_AUTHORITY × ln(1 + the same summed over the article's regulation)
 *                                                the law's own weight: 民法典 before a law cited a few times
 *         + DEFINES | LEADS                      a part is the article's subject: defined (…是自首 / 格式条款是…),
 *                                                the article the part's concept names as defining it (a crime
 *                                                name's 刑法 article, crime-concepts.ts), or the article opens with it;
 *                                                DEFINES + LEADS when the article opens by defining it (要约是…)
 *         + HEADING                              a part is in the article's own chapter/section heading
 *                                                (spaces between Han characters dropped: 第四章 肖 像 权)
 *         + OPENS_HEADING                        … and the article is the first of that chapter/section
 *                                                (第七节 假释 opens with 第八十一条, the rule of 假释), or the first
 *                                                of it to hold the part (第三节 宣告失踪和宣告死亡: 第四十六条 for 宣告死亡)
 *         + SYNONYM                              (negative) a part matched only through a concept wording
 *         + ANCHOR × ln(1 + n)                   n sentences citing the article hold every part's concept
 *                                                (anchor text, anchors.ts); ANCHOR_PART per part its own text lacks
 *
 * Candidates: the POOL best matches of the expression by bm25 (with the filters), so a filter
 * to a region or a level ranks within what it keeps by the same score. The query-independent
 * terms (level, currency, authority) are one array per index handle; the subject terms need
 * the article's text and are computed for the SUBJECT_DEPTH best after the static terms (and for
 * the articles a part's concept names among the SCAN_LIMIT best, search-clauses.ts rankTier).
 * Word boundaries: a literal occurrence whose end runs into a longer word (公司法 in
 * 公司|法定代表人, jieba) does not count; a clause left with no valid occurrence of a part
 * (and no concept wording) is dropped.
 *
 * `_score` stays the relevance score above (plus the tier bonus of rank-tiers.ts).
 */
import { normalizeText } from "@/lib/text/normalize";
import type { RegulationFilters } from "@/lib/store/types";
import type { KeywordIndex } from "@/lib/store/keyword-index";
import { relaxedNeed, type CompiledPart } from "./compile-fts-query";
import { loadRegulationMeta } from "./load-regulation-meta";
import { hasOccurrenceWithinWords } from "./word-boundary";

/**
 * The weights (tunable; `npm run bench -- keyword --relevance` shows their effect term by
 * term). Mutable so the bench can sweep them; the server never changes them.
 */
export const W = {
  /** Text relevance: REL × (bm25 / best bm25 of the pool)^REL_POWER, in (0, REL]. Relative, so
   * a query whose bm25 values run high (a term repeated in short texts) does not drown the rest;
   * the power < 1 flattens term-frequency differences a lawyer does not care about. */
  REL: 6,
  REL_POWER: 0.5,
  /** Any sxx other than 现行有效: older versions and repealed texts go below the current ones. */
  NOT_CURRENT: -4,
  /** Weight of ln(1 + citations); 刑法 第六十七条 (≈ 56 citations) gets ≈ +2.4. */
  AUTHORITY: 0.6,
  /** A citing case counts as this many citing texts (cases cite what courts apply). */
  CASE_WEIGHT: 1,
  /**
   * Weight of ln(1 + citations of the whole law): the sum over its articles of what AUTHORITY counts.
   * Among articles that say the same thing, the code the other texts and the courts rely on
   * (民法典: thousands of citations, ≈ +0.8) before a law cited a few times (妇女权益保障法, ≈ +0.2).
   */
  LAW_AUTHORITY: 0.1,
  /** A part is defined by the article (…，是自首 / 为一般保证 / 格式条款是… / …是指). */
  DEFINES: 3,
  /** The article opens with a part (商品房预售，应当… / 居住权人有权…). */
  LEADS: 1,
  /** A part occurs in the article's own (deepest) chapter/section heading (第四节 数罪并罚). */
  HEADING: 1.5,
  /** Added to HEADING when the article is the first of that chapter/section and the heading begins with the part (the rule before its details). */
  OPENS_HEADING: 1.5,
  /**
   * The article opens a run of consecutive articles of its section that all match the query (试用买卖: 第六百三十七条
   * before 第六百三十八、六百三十九条): a statute introduces a subject in the first article that deals with it.
   */
  OPENS_RUN: 0.5,
  /** Per part matched only through a concept wording (过分高于 for 过高), not literally. */
  SYNONYM: -0.5,
  /** Relaxed candidates (no national article matches every part's concept): per part matched by its words in any order. */
  WORDS: -0.5,
  /** … per part matched by all but one of its words (one of two) only. */
  PARTIAL: -1.5,
  /** A part names a law (law-parts.ts) and the article is of that law (its title holds the part): 劳动合同法 试用期 → 劳动合同法 第十九条. */
  NAMED_LAW: 1,
  /**
   * Anchor text (anchors.ts): the article is cited by sentences that hold every part's concept
   * (n such sentences in other legal texts and cases): + ANCHOR × ln(1 + n), weighed with the subject
   * terms (the anchored articles are scored beside the SUBJECT_DEPTH best, as the named ones are).
   */
  ANCHOR: 1,
  /** … per part the article's own text does not hold (it matched only through its anchors). */
  ANCHOR_PART: -2,
  /** An anchor candidate the pool lacked enters as relevant as ANCHOR_REL × the pool's best bm25. */
  ANCHOR_REL: 0.5,
};

/** 效力级别 prior (no dy / xljb_1 filter): the statute first, then its interpretation and the State Council's regulations, local rules last. */
export const LEVEL: Record<string, number> = {
  宪法: 4,
  法律: 4,
  司法解释: 2.5,
  行政法规: 2.5,
  部门规章: 1,
  自治条例和单行条例: 0,
  地方性法规: 0,
  地方政府规章: 0,
  "行业/团体规范": -0.5,
};
/** 宪法, 法律, 司法解释, 行政法规: what a lawyer means by the national article (relaxed matching, search-clauses.ts). */
export const NATIONAL_LEVEL = 2.5;
/** 宪法, 法律: the statute itself; when no current one matches exactly, relaxed statute articles join (search-clauses.ts). */
export const TOP_LEVEL = 4;
/** Most anchor candidates taken in per search (the articles most often cited by sentences matching the query). */
export const ANCHOR_CANDIDATES = 20;
/** Most relaxed candidates taken in (the best by bm25 of the relaxed expression). */
export const RELAXED_CANDIDATES = 200;

/** True when the pool holds a current clause of a national level. */
export function hasNational(db: KeywordIndex, pool: Pool): boolean {
  const national = staticTerms(db).national;
  for (let i = 0; i < pool.length; i++) if (national[pool.cid[i]!] === 1) return true;
  return false;
}

/** True when the clause is current and of a national level. */
export function isNational(db: KeywordIndex, cid: number): boolean {
  return staticTerms(db).national[cid] === 1;
}

/** The highest 效力级别 (LEVEL) of the pool's current national clauses; -Infinity when it holds none. */
export function bestNationalLevel(db: KeywordIndex, pool: Pool): number {
  const s = staticTerms(db);
  let best = -Infinity;
  for (let i = 0; i < pool.length; i++) {
    const cid = pool.cid[i]!;
    if (s.national[cid] === 1 && s.level[cid]! > best) best = s.level[cid]!;
  }
  return best;
}

/** The 效力级别 (LEVEL) of a clause's regulation. */
export function levelOf(db: KeywordIndex, cid: number): number {
  return staticTerms(db).level[cid] ?? 0;
}

/** Candidates ranked (bm25 best, after filters). */
export const POOL = 1000;
/** Candidates whose subject terms are computed (after the static terms). */
export const SUBJECT_DEPTH = 20;
/**
 * Most candidates examined per tier (subject terms, word boundaries): a fragment that is no
 * word (关法 in 相关|法律) can have all its occurrences cross a boundary; the scan stops here
 * rather than reading the whole pool, so such a query returns fewer hits, not a slow answer.
 */
export const SCAN_LIMIT = 100;

export interface Candidate {
  cid: number;
  bm: number;
}

interface Static {
  /** Currency + authority per cid (level kept apart: it depends on the filters). */
  base: Float32Array;
  level: Float32Array;
  /** 1 where the clause opens a chapter or section of its regulation. */
  opens: Uint8Array;
  /** 1 where the clause is of a national level (NATIONAL_LEVEL or above) and current. */
  national: Uint8Array;
  /** The openers and their own (deepest) heading, normalised, with the headings holding each bigram. */
  openers: { cid: Int32Array; heading: string[]; byBigram: Map<string, number[]> };
}
const statics = new WeakMap<KeywordIndex, Static>();

function staticTerms(db: KeywordIndex): Static {
  let s = statics.get(db);
  if (s) return s;
  const ridOf = db.clauseRegulations();
  const meta = loadRegulationMeta(db).byRid;
  const base = new Float32Array(ridOf.length);
  const level = new Float32Array(ridOf.length);
  const national = new Uint8Array(ridOf.length);
  for (let cid = 1; cid < ridOf.length; cid++) {
    const r = meta.get(ridOf[cid]!);
    if (!r) continue;
    base[cid] = r.sxx === "现行有效" ? 0 : W.NOT_CURRENT;
    level[cid] = LEVEL[r.xljb_1] ?? 0;
    if (level[cid]! >= NATIONAL_LEVEL && r.sxx === "现行有效") national[cid] = 1;
  }
  const byRid = new Map<number, number>();
  for (const [cid, texts, cases] of db.clauseAuthority()) {
    if (cid < base.length) base[cid]! += W.AUTHORITY * Math.log1p(texts + W.CASE_WEIGHT * cases);
    if (cid < base.length) byRid.set(ridOf[cid]!, (byRid.get(ridOf[cid]!) ?? 0) + texts + W.CASE_WEIGHT * cases);
  }
  if (W.LAW_AUTHORITY !== 0) for (let cid = 1; cid < ridOf.length; cid++) base[cid]! += W.LAW_AUTHORITY * Math.log1p(byRid.get(ridOf[cid]!) ?? 0);
  const opens = new Uint8Array(ridOf.length);
  const sections = db.sectionOpeners().filter(([cid]) => cid < opens.length);
  for (const [cid] of sections) opens[cid] = 1;
  // an article opening a section may open the chapter (编, 分编) above it too (民法典 第三百九十四条 opens 第十七章 抵押权 and its
  // 第一节 一般抵押权): the chapter's heading is one of its own, so 抵押权 finds the article that opens the subject
  const rows: Array<[number, string]> = [];
  const seen = new Set<string>();
  for (const [cid, chapter] of [...sections].sort((a, b) => a[0] - b[0])) {
    const parts = chapter.split(" / ");
    for (let k = 1; k < parts.length; k++) {
      const key = `${ridOf[cid]}\u0000${parts.slice(0, k).join(" / ")}`;
      if (!seen.has(key)) {
        seen.add(key);
        rows.push([cid, parts[k - 1]!]);
      }
    }
    seen.add(`${ridOf[cid]}\u0000${chapter}`);
    rows.push([cid, chapter]);
  }
  const openers = { cid: new Int32Array(rows.length), heading: new Array<string>(rows.length), byBigram: new Map<string, number[]>() };
  rows.forEach(([cid, chapter], i) => {
    openers.cid[i] = cid;
    const h = normalizedHeading(lastHeading(chapter));
    openers.heading[i] = h;
    for (let j = 0; j + 2 <= h.length; j++) {
      const g = h.slice(j, j + 2);
      const list = openers.byBigram.get(g);
      if (!list) openers.byBigram.set(g, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    }
  });
  s = { base, level, opens, national, openers };
  statics.set(db, s);
  return s;
}

/** Load the static terms ahead of traffic (warm-up). */
export function warmLawyerRank(db: KeywordIndex): void {
  staticTerms(db);
}

export interface ClauseText {
  content: string;
  chapter: string;
  /** The clause's cid, to recognise an article a part's concept names as defining it. */
  cid?: number;
  /** The article opens its chapter/section (opensSection). */
  opens?: boolean;
  /** No earlier article of its chapter/section matches the query (firstMatchOfSection): 民法典 第四十六条 for 宣告死亡. */
  firstMatch?: boolean;
  /** The article opens a run of consecutive matching articles of its section (opensRun). */
  opensRun?: boolean;
  /** A relaxed candidate: a part may match by its words in any order (W.WORDS) or all but one of them (W.PARTIAL). */
  relaxed?: boolean;
  /** Indices of the parts that name a law (law-parts.ts) which the clause's regulation title holds: matched by the title. */
  inTitle?: number[];
  /** Sentences citing the article hold every part's concept (anchors.ts): a part its text lacks is matched by them (W.ANCHOR_PART). */
  anchored?: boolean;
}

/** Most articles a query takes in through their heading (HEADING_CANDIDATES best by the static terms). */
export const HEADING_CANDIDATES = 20;

/**
 * The articles that open a chapter or section whose own heading begins with a part (第四节 宣告失踪和宣告死亡
 * for 宣告失踪, opened by 民法典 第四十条, whose text says 宣告该自然人为失踪人): the heading names the
 * article's subject, so it is a candidate though its text lacks the words. Only the heading's first
 * subject: 第三节 自首和立功 opens with 自首 (第六十七条), not with 立功. At most
 * HEADING_CANDIDATES, best static terms first (level counted unless a region or level is asked).
 */
export function headingCandidates(db: KeywordIndex, parts: CompiledPart[], filters: RegulationFilters): number[] {
  const s = staticTerms(db);
  const found = new Set<number>();
  for (const p of parts) {
    if (p.text.length < 2) continue;
    let rarest: number[] | undefined;
    for (let j = 0; j + 2 <= p.text.length; j++) {
      const list = s.openers.byBigram.get(p.text.slice(j, j + 2));
      if (!list) {
        rarest = [];
        break;
      }
      if (!rarest || list.length < rarest.length) rarest = list;
    }
    for (const i of rarest ?? []) if (headingSubject(s.openers.heading[i]!).startsWith(p.text)) found.add(s.openers.cid[i]!);
  }
  if (found.size === 0) return [];
  const useLevel = !filters.dy?.length && !filters.xljb_1?.length;
  const score = (cid: number) => s.base[cid]! + (useLevel ? s.level[cid]! : 0);
  return [...found].sort((a, b) => score(b) - score(a) || a - b).slice(0, HEADING_CANDIDATES);
}

/** The deepest heading of a chapter path: 「第一编 总则 / 第四章 … / 第七节 假释」 → 「第七节 假释」. */
export function lastHeading(chapter: string): string {
  const at = chapter.lastIndexOf(" / ");
  return (at < 0 ? chapter : chapter.slice(at + 3)).trim();
}

/** A heading without its number: 「第四节 宣告失踪和宣告死亡」 → 「宣告失踪和宣告死亡」. */
export function headingSubject(heading: string): string {
  return heading.replace(/^第[零〇一二两三四五六七八九十百千0-9]+[编分章节目]\s*/u, "").trim();
}

/** The subjects a heading lists: 「第三节 宣告失踪和宣告死亡」 → 宣告失踪, 宣告死亡; 「第一节 一般抵押权」 → 一般抵押权. */
export function headingSubjects(heading: string): string[] {
  return headingSubject(heading).split(/[和与及、]/u);
}

/** Most articles a query takes in because a part's concept names them (DEFINED_CANDIDATES, lowest cids first). */
export const DEFINED_CANDIDATES = 20;

/**
 * The articles the parts' concepts name as defining them (a thesaurus entry's articles, a crime's
 * 刑法 article): candidates though their text lacks a part (委托合同 任意解除 → 民法典 第九百三十三条,
 * 「可以随时解除委托合同」) and though the bm25 list was cut before them.
 */
export function definedCandidates(parts: CompiledPart[]): number[] {
  const out = new Set<number>();
  for (const p of parts) for (const cid of p.defines) out.add(cid);
  return [...out].sort((a, b) => a - b).slice(0, DEFINED_CANDIDATES);
}

/** True when the clause opens a chapter or section of its regulation. */
export function opensSection(db: KeywordIndex, cid: number): boolean {
  return staticTerms(db).opens[cid] === 1;
}

/**
 * True when no earlier article of the clause's chapter/section matches (`matches`: the query's
 * candidates): the first article on the subject in a section headed by it states the rule, the
 * next ones its details (第三节 宣告失踪和宣告死亡: 第四十六条 opens the 宣告死亡 articles).
 */
export function firstMatchOfSection(db: KeywordIndex, cid: number, matches: (cid: number) => boolean): boolean {
  const opens = staticTerms(db).opens;
  for (let k = cid; k > 0 && opens[k] !== 1; ) if (matches(--k)) return false;
  return true;
}

/**
 * The article opens a run of consecutive articles of one section that all match (`matches`): the next article of its
 * section matches, and the one before it does not (or belongs to another section or law).
 */
export function opensRun(db: KeywordIndex, cid: number, matches: (cid: number) => boolean): boolean {
  const ridOf = db.clauseRegulations();
  const opens = staticTerms(db).opens;
  if (cid + 1 >= ridOf.length || ridOf[cid + 1] !== ridOf[cid] || opens[cid + 1] === 1 || !matches(cid + 1)) return false;
  return opens[cid] === 1 || cid <= 1 || ridOf[cid - 1] !== ridOf[cid] || !matches(cid - 1);
}

/** Subject terms of one article for the query parts; null when a part has no valid occurrence. */
export function subjectScore(parts: CompiledPart[], row: ClauseText, mode: "AND" | "OR"): number | null {
  // Normalising costs (OpenCC); the stored text is simplified nearly always, so it is used as
  // it is when it already holds every part, else normalised.
  const text = parts.every((p) => row.content.includes(p.text)) ? row.content : normalizeText(row.content);
  const last = lastHeading(row.chapter);
  const heading = parts.some((p) => last.includes(p.text)) ? last : normalizedHeading(last);
  let score = 0;
  let matched = 0;
  for (const [i, p] of parts.entries()) {
    // the part names the article's own law (劳动合同法 试用期): the title matches it when the text does not
    const titled = row.inTitle?.includes(i) === true;
    if (titled) score += W.NAMED_LAW;
    const literal = hasOccurrenceWithinWords(text, p.text);
    const viaConcept = !literal && p.synonyms.some((w) => text.includes(w));
    const viaWords = !literal && !viaConcept && p.words.length > 0 && p.words.every((w, i) => text.includes(w) || p.wordSynonyms[i]!.some((t) => text.includes(t)));
    const opensOnIt = row.opens === true && headingSubject(heading).startsWith(p.text);
    const named = row.cid !== undefined && p.defines.has(row.cid);
    const partial = row.relaxed === true && !literal && !viaConcept && !viaWords && !opensOnIt && !named && p.words.length >= 2 && wordsFound(p, text) >= relaxedNeed(p.words.length);
    // the article the part's concept names, or the opener of the section the part names, stands for the part though its text lacks it
    if (!literal && !viaConcept && !viaWords && !opensOnIt && !named && !partial) {
      if (titled) {
        matched++;
        continue;
      }
      if (row.anchored === true) {
        matched++;
        score += W.ANCHOR_PART;
        continue;
      }
      if (mode === "AND") return null;
      continue;
    }
    matched++;
    if (viaConcept) score += W.SYNONYM;
    if (row.relaxed === true && viaWords) score += W.WORDS;
    if (partial) score += W.PARTIAL;
    const names = literal ? [p.text] : viaConcept ? p.synonyms.filter((w) => text.includes(w)) : [];
    // an article that opens by defining the part (要约是…) before one that defines it further on (要约邀请是… 构成要约。)
    if (named || names.some((n) => defines(text, n))) score += W.DEFINES + (names.some((n) => opensDefining(text, n)) ? W.LEADS : 0);
    else if (names.some((n) => text.startsWith(n))) score += W.LEADS;
    const firstOnIt = literal && row.firstMatch === true && headingSubjects(heading).some((h) => h.startsWith(p.text));
    if (heading.includes(p.text)) score += W.HEADING + (opensOnIt || firstOnIt ? W.OPENS_HEADING : 0);
  }
  return matched === 0 ? null : score + (row.opensRun === true ? W.OPENS_RUN : 0);
}

/** How many of a part's words (or their wordings) the text holds. */
function wordsFound(p: CompiledPart, text: string): number {
  let n = 0;
  p.words.forEach((w, i) => {
    if (text.includes(w) || p.wordSynonyms[i]!.some((t) => text.includes(t))) n++;
  });
  return n;
}

/**
 * normalizeText of a chapter/section heading, memoised: headings repeat across the articles
 * of a chapter and across queries, and OpenCC costs far more than a map lookup. Bounded: the
 * memo is emptied when it reaches HEADING_MEMO entries (~40 bytes a heading).
 */
const HEADING_MEMO = 20_000;
/** Spaces between two Han characters, dropped from a heading: 「第四章 肖 像 权」 is the chapter 肖像权. */
const SPACED_HAN = /(?<=\p{Script=Han})\s+(?=\p{Script=Han})/gu;
const headingMemo = new Map<string, string>();
function normalizedHeading(h: string): string {
  let n = headingMemo.get(h);
  if (n === undefined) {
    if (headingMemo.size >= HEADING_MEMO) headingMemo.clear();
    n = normalizeText(h).replace(SPACED_HAN, "");
    headingMemo.set(h, n);
  }
  return n;
}


// full- or half-width punctuation: the text is the stored one or its normalised form
const DEF_AFTER = /^(?:[，,]?是指|是|[，,]?指|为|[，,]是)/u;
const DEF_BEFORE = /(?:是|为|称|属于|构成)$/u;
const DEF_CLOSE = /^[人]?(?:[。；，;,:：]|$)/u;

/**
 * The article defines `term`: 「term是/是指/为…」 opening a sentence or after 所称, 「…是/为/属于 term」 closing a clause (「…下列费用，为破产费用：」),
 * or a list announced for it: its conditions (「有下列情形之一的，视同工伤：」, 「对有下列情形之一的…，可以取保候审：」)
 * or its items (「遗产管理人应当履行下列职责：」); not a list it is only part of (「…不得认定为工伤或者视同工伤：」).
 */
export function defines(text: string, term: string): boolean {
  for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) {
    const after = text.slice(at + term.length, at + term.length + 3);
    const before = text.slice(Math.max(0, at - 2), at);
    const sentenceStart = at === 0 || /[。；;\n]/u.test(text[at - 1]!);
    if ((sentenceStart || before === "所称") && DEF_AFTER.test(after)) return true; // 本法所称商品房预售，是指…
    if (DEF_BEFORE.test(before) && DEF_CLOSE.test(after)) return true;
    if (/^[:：]/u.test(after) && (/的[，,]$/u.test(before) || before === "下列" || (/^(?:可以|应当)$/u.test(before) && listLeads(text, at)))) return true;
  }
  return false;
}

/** The article opens with a definition of `term`: 「要约是…」, 「无固定期限劳动合同，是指…」. */
export function opensDefining(text: string, term: string): boolean {
  return text.startsWith(term) && DEF_AFTER.test(text.slice(term.length, term.length + 3));
}

/** The sentence before `at` announces a list (有下列情形之一的，可以取保候审： / 应当履行下列职责：). */
function listLeads(text: string, at: number): boolean {
  const from = Math.max(0, text.lastIndexOf("。", at), text.lastIndexOf("\n", at), at - 60);
  return text.slice(from, at + 4).includes("下列");
}

/** A tier's candidates: clause rowids and their bm25, in bm25 order (parallel arrays). */
export interface Pool {
  cid: ArrayLike<number>;
  bm: ArrayLike<number>;
  length: number;
}

/**
 * The `limit` best candidates of the pool by the static score (relevance + currency +
 * authority + level unless the filters ask for a region or level), best first; ties by bm25,
 * then rowid (a total order, so the first `limit` are those a full sort would put first).
 * Selected in one pass over the pool without sorting it or building an object per candidate.
 */
export function staticRank(db: KeywordIndex, pool: Pool, filters: RegulationFilters, limit: number): Array<Candidate & { score: number }> {
  const s = staticTerms(db);
  const useLevel = !filters.dy?.length && !filters.xljb_1?.length;
  const { cid, bm, length: n } = pool;
  let best = 0;
  for (let i = 0; i < n; i++) if (bm[i]! < best) best = bm[i]!;
  const rel = (b: number) => (best < 0 && b < 0 ? W.REL * Math.pow(b / best, W.REL_POWER) : 0);
  const score = new Float64Array(n);
  for (let i = 0; i < n; i++) score[i] = rel(bm[i]!) + s.base[cid[i]!]! + (useLevel ? s.level[cid[i]!]! : 0);
  const before = (i: number, j: number) =>
    score[i]! > score[j]! || (score[i] === score[j] && (bm[i]! < bm[j]! || (bm[i] === bm[j] && cid[i]! < cid[j]!)));
  const k = Math.min(limit, n);
  const top = new Int32Array(k);
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (count === k && !before(i, top[k - 1]!)) continue;
    let at = count < k ? count++ : k - 1;
    while (at > 0 && before(i, top[at - 1]!)) {
      top[at] = top[at - 1]!;
      at--;
    }
    top[at] = i;
  }
  return Array.from(top, (i) => ({ cid: cid[i]!, bm: bm[i]!, score: score[i]! }));
}
