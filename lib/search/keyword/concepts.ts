/**
 * Keyword concepts (issue 16): a keyword part that names a concept also matches the words the
 * statute uses for it (过高 → 过分高于, 表见代理 → 有理由相信行为人有代理权). Data: the
 * "concepts" section of data/thesaurus.json (THESAURUS_PATH), one entry per concept with its
 * statutory wordings and the source article of each; loaded once, normalised like keyword parts.
 * Matching is by the whole part (normalised) equal to a key: 过高 expands, 违约金过高 does not
 * (type it as two parts, 违约金 过高, to get each part's concept under AND).
 *
 * An entry may also name the articles that define the concept or state the rule (`articles`,
 * [law, 第X条]). Those, and the concepts the corpus itself teaches (crime-concepts.ts: a crime
 * name → the 罪状 of the 刑法 article that defines it), are resolved per index handle into
 * that index's cids (index-concepts.ts) and set with setDerivedConcepts; the ranking treats those
 * articles as defining the part (lawyer-rank.ts DEFINES). The thesaurus's wordings win where both
 * have a key; the articles are the union of both.
 */
import { readDataFile, thesaurusPath } from "@/lib/config";
import { parseConcepts, type ThesaurusConcept } from "@/lib/text/thesaurus";

export type { ThesaurusConcept };

let loaded: { file: string; map: Map<string, ThesaurusConcept> } | null = null;

/** normalised key → the thesaurus concept (entries with neither wordings nor articles left out). */
export function loadConcepts(): Map<string, ThesaurusConcept> {
  const file = thesaurusPath();
  if (loaded?.file === file) return loaded.map;
  const text = readDataFile(file);
  const map = text !== null ? parseConcepts(text) : new Map<string, ThesaurusConcept>();
  loaded = { file, map };
  generation++; // another thesaurus file: parts compiled with the former one are stale
  return map;
}

export interface DerivedConcept {
  /** Normalised wordings the part also matches. */
  terms: string[];
  /** cids (in the index the concepts were built from) of the articles that define the concept. */
  articles: Set<number>;
}

let derived: Map<string, DerivedConcept> = new Map();
let generation = 0;

/** Replaces the corpus-taught concepts (normalised key → concept); bumps conceptsGeneration(). */
export function setDerivedConcepts(map: Map<string, DerivedConcept>): void {
  derived = map;
  generation++;
}

/** Changes whenever the concepts a part compiles to may have changed (compiled parts are cached by it). */
export function conceptsGeneration(): number {
  return generation;
}

/** The statutory wordings a normalised keyword part also matches ([] when it names no concept). */
export function conceptTerms(partNorm: string): string[] {
  const own = loadConcepts().get(partNorm)?.terms;
  return own?.length ? own : (derived.get(partNorm)?.terms ?? []);
}

const NONE: ReadonlySet<number> = new Set();
/** cids of the articles that define the part's concept in the active index (empty when none is known). */
export function definingArticles(partNorm: string): ReadonlySet<number> {
  return derived.get(partNorm)?.articles ?? NONE;
}
