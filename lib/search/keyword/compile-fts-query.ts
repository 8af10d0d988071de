/**
 * Turns keyword parts into FTS5 MATCH expressions over the character-bigram index.
 *
 * Every part is normalised (half-width, simplified, lower-case) and reduced to bigram tokens
 * by lib/text/bigrams.ts, whose tokens hold only CJK characters and [a-z0-9]: no user
 * character can reach the FTS5 grammar (quotes, NEAR, *, ^, column filters, parentheses),
 * so there is nothing to inject and nothing to escape.
 *
 * A part matches as
 *   exact:    its concept: its bigram phrase ("合同解除" as a substring) or one of the
 *             statutory wordings the concept thesaurus lists for it (concepts.ts: 过高 also
 *             matches 过分高于), so under AND each part matches its concept; or
 *   expanded: the AND of its jieba words (each at least 2 characters) as phrases, so
 *             合同解除 also finds 解除合同 / 解除……合同.
 * Parts are joined with AND or OR. `exact` joins only the phrases; the searches rank its
 * matches first (a lawyer typing 合同解除 expects clauses with that phrase on top).
 * A part with no indexable characters (punctuation only) is dropped.
 */
import { bigramPhrase } from "@/lib/text/bigrams";
import { normalizeText } from "@/lib/text/normalize";
import { segmentWords } from "./segment-words";
import { ByteLru, stringBytes } from "@/lib/text/byte-lru";
import { conceptTerms, conceptsGeneration, definingArticles } from "./concepts";
import { canonicalNumbers, numberVariants } from "./number-variants";
import type { SearchMode } from "./types";

export interface CompiledPart {
  /** Normalised part text, for highlighting. */
  text: string;
  /** FTS5 phrase of the whole part. */
  phrase: string;
  /** Normalised jieba words (>= 2 chars) when the part splits into several, else []. */
  words: string[];
  /** FTS5 expressions of `words`: each word's phrase, or (phrase OR its concept's wordings…) when the word names a concept (违约金过高 → 违约金, 过高 → 过分高于). */
  wordPhrases: string[];
  /** Per word of `words`, its concept's normalised wordings ([] when none). */
  wordSynonyms: string[][];
  /** Normalised statutory wordings of the part's concept (concepts.ts), [] when none. */
  synonyms: string[];
  /** The part's concept as one FTS5 expression: its phrase, or (phrase OR wordings…). */
  concept: string;
  /** cids of the articles that define the part's concept (a crime's article, a thesaurus entry's), empty when none is known. */
  defines: ReadonlySet<number>;
}

export interface CompiledQuery {
  parts: CompiledPart[];
  /** Every part as its concept (its exact phrase or a thesaurus wording), joined by the mode. */
  exact: string;
  /** Every part as (phrase OR words-AND), joined by the mode; equals `exact` when no part splits. */
  full: string;
  /** True when `full` can match more than `exact`. */
  expanded: boolean;
  /**
   * The second tier's expression: what `full` matches and `exact` does not (the words in any
   * order). When `exact` is an OR of the parts' concepts (one part, or mode OR), no row it
   * leaves holds a concept phrase, so the concepts are left out of the positive side: the
   * same rows and the same bm25 (a phrase without occurrences adds 0 and the others keep
   * their order; identical rankings on 1,637 such expressions) for ≈25 % less work.
   */
  rest: string;
  /**
   * The relaxed expression (AND of several parts only; null otherwise): each part as its concept,
   * its words in any order, or all but one of its words (one of two: 小区车位 → 车位; two of three:
   * 七天无理由退货 → 七日 … 退货). search-clauses.ts takes its national articles in when no clause of
   * a national level matches `exact` (the lawyer's words are not the statute's).
   */
  relaxed: string | null;
}

/** compilePart is pure and runs jieba: memoised per part string (bounded by PART_CACHE_BYTES). */
export const PART_CACHE_BYTES = 4 * 1024 * 1024;
const partCache = new ByteLru<string, CompiledPart | null>("keyword.compiled-parts", PART_CACHE_BYTES, (k, v) => {
  let n = stringBytes(k) + 16;
  if (v) for (const s of [v.text, v.phrase, ...v.words, ...v.wordPhrases, ...v.wordSynonyms.flat()]) n += stringBytes(s) + 8;
  return n;
});

let cachedGeneration = -1;

export function compilePart(part: string): CompiledPart | null {
  if (part.length > 200) return compilePartUncached(part);
  if (cachedGeneration !== conceptsGeneration()) {
    partCache.clear();
    cachedGeneration = conceptsGeneration();
  }
  const hit = partCache.get(part);
  if (hit !== undefined) return hit;
  return partCache.set(part, compilePartUncached(part));
}

function compilePartUncached(part: string): CompiledPart | null {
  const text = normalizeText(part);
  const phrase = bigramPhrase(text, true);
  if (!phrase) return null;
  const synonyms: string[] = [];
  const synPhrases: string[] = [];
  // the numbers as a statute writes them (七天 → 七日, 7天 → 七天) count as the part's wordings (number-variants.ts)
  const canon = canonicalNumbers(text);
  addWordings(phrase, [...conceptTerms(text), ...(canon === text ? [] : conceptTerms(canon)), ...numberVariants(text)], synonyms, synPhrases);
  const concept = orGroup(phrase, synPhrases);
  const defines = definingArticles(text);
  const words: string[] = [];
  const bare: string[] = [];
  const wordPhrases: string[] = [];
  const wordSynonyms: string[][] = [];
  for (const w of segmentWords(canon)) {
    if (Array.from(w).length < 2) continue;
    const p = bigramPhrase(w, true);
    if (!p || p === phrase || bare.includes(p)) continue;
    words.push(w);
    bare.push(p);
    const syn: string[] = [];
    const synP: string[] = [];
    addWordings(p, [...conceptTerms(w), ...numberVariants(w)], syn, synP);
    wordPhrases.push(orGroup(p, synP));
    wordSynonyms.push(syn);
  }
  if (wordPhrases.length < 2) return { text, phrase, words: [], wordPhrases: [], wordSynonyms: [], synonyms, concept, defines };
  return { text, phrase, words, wordPhrases, wordSynonyms, synonyms, concept, defines };
}

/** Most adjacent parts that can spell one concept together (工伤 认定 标准 → 工伤认定). */
export const JOINED_PARTS = 3;

/**
 * Under AND, adjacent parts that together spell a concept's key name that concept, typed with a
 * space (离婚 房产分割 = 离婚房产分割, 工伤 认定 = 工伤认定, 合同纠纷 管辖 = 合同纠纷管辖): each of
 * them also matches the concept's statutory wordings, and the articles it names stand for each
 * (lawyer-rank.ts). The longest run from each position wins; compiled parts are shared (cached),
 * so a part taking a joined concept is a copy.
 */
export function withJoinedConcepts(compiled: CompiledPart[]): CompiledPart[] {
  const out = compiled.slice();
  for (let i = 0; i < out.length; i++) {
    for (let n = Math.min(JOINED_PARTS, out.length - i); n >= 2; n--) {
      const key = compiled.slice(i, i + n).map((c) => c.text).join("");
      const terms = conceptTerms(key);
      const articles = definingArticles(key);
      if (terms.length === 0 && articles.size === 0) continue;
      for (let k = i; k < i + n; k++) out[k] = joinConcept(out[k]!, terms, articles);
      break;
    }
  }
  return out;
}

function joinConcept(part: CompiledPart, terms: string[], articles: ReadonlySet<number>): CompiledPart {
  const synonyms = part.synonyms.slice();
  // a compiled part's synonyms all have a phrase (addWordings kept only those)
  const synPhrases = synonyms.map((t) => bigramPhrase(t, true)!);
  addWordings(part.phrase, terms, synonyms, synPhrases);
  const concept = orGroup(part.phrase, synPhrases);
  const defines = articles.size === 0 ? part.defines : new Set([...part.defines, ...articles]);
  return { ...part, synonyms, concept, defines };
}

/** Adds each wording whose FTS phrase is neither `own` nor one already there, with its phrase. */
function addWordings(own: string, wordings: Iterable<string>, terms: string[], phrases: string[]): void {
  for (const t of wordings) {
    const p = bigramPhrase(t, true);
    if (p && p !== own && !phrases.includes(p)) {
      terms.push(t);
      phrases.push(p);
    }
  }
}

/** A phrase or'ed with its wordings' phrases. */
function orGroup(own: string, phrases: string[]): string {
  return phrases.length ? `(${[own, ...phrases].join(" OR ")})` : own;
}

export function compileFtsQuery(parts: string[], mode: SearchMode): CompiledQuery | null {
  let compiled: CompiledPart[] = [];
  for (const p of parts) {
    const c = compilePart(p);
    if (c && !compiled.some((x) => x.phrase === c.phrase)) compiled.push(c);
  }
  if (compiled.length === 0) return null;
  if (mode === "AND" && compiled.length > 1) compiled = withJoinedConcepts(compiled);
  const join = ` ${mode} `;
  const exact = compiled.map((c) => c.concept).join(join);
  const expanded = compiled.some((c) => c.wordPhrases.length > 0);
  const full = expanded
    ? compiled
        .map((c) => (c.wordPhrases.length ? `(${c.concept} OR (${c.wordPhrases.join(" AND ")}))` : c.concept))
        .join(join)
    : exact;
  const words = compiled.filter((c) => c.wordPhrases.length).map((c) => `(${c.wordPhrases.join(" AND ")})`);
  const rest = expanded && (mode === "OR" || compiled.length === 1) ? `(${words.join(" OR ")}) NOT (${exact})` : `(${full}) NOT (${exact})`;
  const relaxed = mode === "AND" && expanded ? compiled.map((c) => relaxedPart(c, compiled.length - 1)).join(" AND ") : null;
  return { parts: compiled, exact, full, expanded, rest, relaxed };
}

/** Most words of a part whose subsets the relaxed expression lists (5 words: 5 subsets of 4). */
const RELAX_MAX_WORDS = 5;

/** Words of a part a relaxed match needs: one of two, else all but one. */
export function relaxedNeed(words: number): number {
  return Math.max(1, words - 1);
}

/**
 * A part in the relaxed expression: its concept, or `relaxedNeed` of its words (each with its
 * wordings), when the query still asks for two things at least (`others`: the other parts; a
 * lone two-word part is not cut to one of its words, which would match nearly anything:
 * 整治条例 → 条例); else its concept or all its words.
 */
function relaxedPart(c: CompiledPart, others: number): string {
  const n = c.wordPhrases.length;
  if (n < 2 || n > RELAX_MAX_WORDS || relaxedNeed(n) + others < 2) return c.wordPhrases.length ? `(${c.concept} OR (${c.wordPhrases.join(" AND ")}))` : c.concept;
  const need = relaxedNeed(n);
  const subsets: string[] = [];
  for (let skip = 0; skip < n; skip++) {
    const kept = c.wordPhrases.filter((_w, i) => i !== skip);
    subsets.push(need === 1 ? kept[0]! : `(${kept.join(" AND ")})`);
  }
  return `(${[c.concept, ...new Set(subsets)].join(" OR ")})`;
}

/** Highlight terms of a compiled query: whole parts and their concept wordings, then their words and the words' wordings; longest first. */
export function highlightTerms(q: CompiledQuery): string[] {
  const terms = new Set<string>();
  for (const p of q.parts) terms.add(p.text);
  for (const p of q.parts) for (const w of p.synonyms) terms.add(w);
  for (const p of q.parts) for (const w of p.words) terms.add(w);
  for (const p of q.parts) for (const ws of p.wordSynonyms) for (const w of ws) terms.add(w);
  return [...terms].sort((a, b) => b.length - a.length);
}
