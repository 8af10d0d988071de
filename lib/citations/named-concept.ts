/**
 * A doctrine name the draft uses (离婚经济补偿, 表见代理, 不安抗辩权, 违约金调整) is the concept of the articles the
 * lawyer's thesaurus gives for it (data/thesaurus.json `concepts`, each with its source): a sentence naming it under
 * another article of that law says that article holds a rule it does not (「依据《民法典》第一千零八十条，夫妻一方可以
 * 请求离婚经济补偿」: 第一千零八十八条's). The words of the name are often not the statute's, so support alone named
 * the article holding most of its characters (第一千零七十九条, 夫妻一方要求离婚). Pure: the caller loads the table.
 */
import { termText } from "./law-index";
import { lawNameKey, normalizeText } from "../text/normalize";
import { clauseTidFromLabel } from "../text/numerals";
import type { ThesaurusConcept } from "../text/thesaurus";

/** A name shorter than this is a word of everyday use too (定金, 过高, 辞退): no evidence of the article meant. */
export const CONCEPT_KEY_MIN = 4;

export interface NamedConcept {
  /** The name as the thesaurus writes it (normalised). */
  key: string;
  /** Articles of this law the thesaurus gives for it (tids: "1088", "133-1"). */
  tids: string[];
  /** The statute's wordings for it. */
  terms: string[];
}

/**
 * The thesaurus concepts a sentence names whose articles are in the law titled `lawTitle`: keys of at least
 * CONCEPT_KEY_MIN characters found in the sentence, a key inside a longer key found there left out
 * (经济补偿 inside 离婚经济补偿).
 */
export function conceptsNamed(concepts: Map<string, ThesaurusConcept>, sentence: string, lawTitle: string): NamedConcept[] {
  const text = normalizeText(sentence);
  const law = lawNameKey(lawTitle);
  const hits: NamedConcept[] = [];
  for (const [key, c] of concepts) {
    if (key.length < CONCEPT_KEY_MIN || !text.includes(key)) continue;
    const tids = c.articles.filter(([name]) => lawNameKey(name) === law).map(([, art]) => clauseTidFromLabel(art)).filter((t): t is string => !!t);
    if (tids.length) hits.push({ key, tids: [...new Set(tids)], terms: c.terms });
  }
  return hits.filter((h) => !hits.some((o) => o !== h && o.key.length > h.key.length && o.key.includes(h.key)));
}

/** Words before a name that say a case meets (or not) what another rule requires: 符合假释条件的. */
const MEETS_CONDITION = /(?:符合|具备|满足|达到)$/;

/** A doctrine name whose words (its name or the statute's wordings for it) more articles of the law than this hold names none of them. */
export const CONCEPT_SPREAD = 3;

/** The law as the rule reads it (a LawIndex's parts and its title): its articles (tid, chapter path), their term texts, tid → index. */
export interface ConceptLaw {
  title: string;
  clauses: readonly { tid: string; chapter: string }[];
  texts: readonly string[];
  byTid: ReadonlyMap<string, number>;
}

/** The chapter of a law's principles (刑法 第一章 刑法的任务、基本原则和适用范围; 民法典 第一章 基本规定; a law's 第一章 总则). */
const PRINCIPLES_HEADING = /基本原则|基本规定|^总则$/;

/** The deepest heading of a chapter path, without its number (第一编 总则 / 第一章 基本规定 → 基本规定). */
function lastHeading(chapter: string): string {
  return (chapter.split("/").pop() ?? "").replace(/^\s*第[^章节编]*[章节编]\s*/, "").trim();
}

/**
 * The articles a doctrine name of the sentence belongs to when it is not the cited one (`at`: index in `law`): the
 * thesaurus gives this law's article(s) for it, none is the cited one or one cited near it (`near`, tids), the cited
 * article holds neither the name nor any of the statute's words for it, and at most CONCEPT_SPREAD articles of the law
 * hold them (认罪认罚: 第十五条 states it, a dozen articles apply it — it names none of them), and they are not in the
 * law's chapter of principles (罪责刑相适应 is invoked beside any article of the 刑法). The first such name
 * counts; its articles as indexes in `law`, with the statute's wording the first of them holds ("" when none).
 */
export function conceptElsewhere(concepts: Map<string, ThesaurusConcept>, sentence: string, law: ConceptLaw, at: number, near: Set<string>): { key: string; indexes: number[]; term: string } | null {
  const own = law.texts[at]!;
  for (const hit of conceptsNamed(concepts, sentence, law.title)) {
    if (hit.tids.includes(law.clauses[at]!.tid) || hit.tids.some((t) => near.has(t))) continue;
    // a condition met or not (符合假释条件的, 不具备…) refers to the rule that sets it, beside the cited one's
    if (MEETS_CONDITION.test(sentence.slice(0, sentence.indexOf(hit.key)).slice(-3))) continue;
    const words = [hit.key, ...hit.terms].map(termText).filter((w) => w.length >= 2);
    if (words.some((w) => own.includes(w))) continue;
    if (law.texts.filter((t) => words.some((w) => t.includes(w))).length > CONCEPT_SPREAD) continue;
    const indexes = hit.tids.map((t) => law.byTid.get(t)).filter((i): i is number => i !== undefined);
    // a principle (罪责刑相适应, 诚信原则) is invoked beside any article: its article, in the law's chapter of principles, is never the one meant
    if (!indexes.length || indexes.some((i) => PRINCIPLES_HEADING.test(lastHeading(law.clauses[i]!.chapter)))) continue;
    const term = hit.terms.find((w) => law.texts[indexes[0]!]!.includes(termText(w))) ?? "";
    return { key: hit.key, indexes, term };
  }
  return null;
}
