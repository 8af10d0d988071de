/**
 * The keyword search's legal dictionary (issue 16), taught by the index itself and built once per
 * index handle: jieba's default dictionary cuts legal words into pieces (按份共有人 → 按|份|共|有人,
 * 紧急避险 → 紧急|避险), so the word-boundary check (word-boundary.ts) rejected real matches and the
 * words-in-any-order alternative (segment-words.ts) split them badly. The words:
 *   - the concepts' keys and single-word wordings: the thesaurus's (concepts.ts) and the crimes of
 *     the index's own 罪名 lists (crime-concepts.ts);
 *   - the terms the law defines, in the current 法律, 行政法规 and 司法解释 of the index:
 *     「本法所称X，是指」「X，是指」「X是指」 opening a sentence (前款所称X… too);
 *   - the subjects of their chapter and section headings (第七节 假释, 第四节 宣告失踪和宣告死亡 →
 *     宣告失踪, 宣告死亡).
 * Each is added at jieba's suggested frequency (lib/text/segmenter.ts legalJieba), so it only joins
 * what the default dictionary left in pieces. The semantic search keeps the default dictionary.
 */
import type { KeywordIndex } from "@/lib/store/keyword-index";
import { normalizeText } from "@/lib/text/normalize";
import { loadConcepts } from "./concepts";
import { loadRegulationMeta } from "./load-regulation-meta";
import { headingSubject, lastHeading } from "./lawyer-rank";

/** The levels whose definitions and headings teach words (national statutes and interpretations). */
export const DICTIONARY_LEVELS: ReadonlySet<string> = new Set(["宪法", "法律", "行政法规", "司法解释"]);

/** A dictionary word: 2–10 ideographs (无固定期限劳动合同; a longer "word" is a phrase). */
const IDEOGRAPHS = /^[\u4e00-\u9fff]{2,10}$/u;
/** A phrase rather than a word: it holds 的, or it is an amount (三万元以上十万元以下). */
const PHRASE = /的|以上|以下/u;
const WORD = { test: (w: string) => IDEOGRAPHS.test(w) && !PHRASE.test(w) };

/**
 * The terms a text defines: 「本法所称X，是指」「前款所称X是指」, or 「X，是指」「X是指」 opening a sentence.
 * X is the ideographs right before 是指 (up to 10), without a leading 的 or 所称-phrase.
 */
const DEFINED = /(?:^|[。；;\n：:])(?:[^。；;\n：:，,]{0,12}?所称的?)?([\u4e00-\u9fff]{2,10}?)[，,]?是指/gu;
/** 「…的，为X。」「…，称为X；」 closing a sentence: what a rule names (…的，为限制民事行为能力人). */
const NAMED = /[，,](?:为|称为|是(?!指))([\u4e00-\u9fff]{2,10})(?=[。；;])/gu;
/** 「（以下简称X）」: the short name a text gives. */
const SHORT = /简称[“"「]?([\u4e00-\u9fff]{2,10})[”"」]?[）)，,]/gu;
/** 「X包括A和B」 / 「X分为A、B和C」 as a whole sentence of short names: the kinds of X (共有包括按份共有和共同共有). */
const KINDS = /(?:^|[。；;\n])([\u4e00-\u9fff]{2,6})(?:包括|分为)((?:[\u4e00-\u9fff]{2,6}(?:、|和|与|或者))+[\u4e00-\u9fff]{2,6})(?=[。；;])/gu;

export function definedTerms(text: string): string[] {
  const out: string[] = [];
  const add = (w: string) => {
    const t = w.replace(/^(?:本|前|该|上述)?(?:法|条例|规定|解释|办法|章|节|条|款)?所称的?/u, "");
    if (WORD.test(t)) out.push(t);
  };
  if (text.includes("是指")) for (const m of text.matchAll(DEFINED)) add(m[1]!);
  for (const m of text.matchAll(NAMED)) add(m[1]!);
  if (text.includes("简称")) for (const m of text.matchAll(SHORT)) add(m[1]!);
  if (text.includes("包括") || text.includes("分为")) {
    for (const m of text.matchAll(KINDS)) {
      if (/[的等为]/u.test(m[2]!)) continue; // a phrase (…等为治疗支出的费用), not a list of kinds
      add(m[1]!);
      for (const k of m[2]!.split(/、|和|与|或者/u)) add(k);
    }
  }
  return out;
}

/** The subjects a chapter/section heading names: 「第四节 宣告失踪和宣告死亡」 → 宣告失踪, 宣告死亡. */
export function headingWords(heading: string): string[] {
  return headingSubject(heading)
    .split(/[和与及、，,\s]|或者/u)
    .filter((w) => WORD.test(w));
}

/** The legal dictionary's words for one index (normalised, deduplicated, sorted). */
export function legalWords(ix: KeywordIndex, conceptKeys: Iterable<string>): string[] {
  const words = new Set<string>();
  const add = (w: string) => {
    if (WORD.test(w)) words.add(w);
  };
  for (const k of conceptKeys) add(k);
  for (const [k, c] of loadConcepts()) {
    add(k);
    for (const t of c.terms) add(t);
  }
  const meta = loadRegulationMeta(ix);
  const teaching = (rid: number) => {
    const r = meta.byRid.get(rid);
    return r !== undefined && r.sxx === "现行有效" && DICTIONARY_LEVELS.has(r.xljb_1);
  };
  for (const r of meta.rows) {
    if (!teaching(r.rid)) continue;
    for (const c of ix.clausesOfRegulation(r.rid)) {
      for (const w of definedTerms(c.content)) add(normalizeText(w)); // the patterns take either width; only the words are normalised
    }
  }
  const ridOf = ix.clauseRegulations();
  for (const [cid, chapter] of ix.sectionOpeners()) {
    if (cid < ridOf.length && teaching(ridOf[cid]!)) for (const w of headingWords(normalizeText(lastHeading(chapter)))) add(w);
  }
  return [...words].sort();
}
