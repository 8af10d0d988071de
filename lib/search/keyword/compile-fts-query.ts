/**
 * Turns keyword parts into FTS5 MATCH expressions over the character-bigram index.
 *
 * Every part is normalised (half-width, simplified, lower-case) and reduced to bigram tokens
 * by lib/text/bigrams.ts, whose tokens hold only CJK characters and [a-z0-9]: no user
 * character can reach the FTS5 grammar (quotes, NEAR, *, ^, column filters, parentheses),
 * so there is nothing to inject and nothing to escape.
 *
 * A part matches as
 *   exact:    its bigram phrase ("合同解除" as a substring), or
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
import type { SearchMode } from "./types";

export interface CompiledPart {
  /** Normalised part text, for highlighting. */
  text: string;
  /** FTS5 phrase of the whole part. */
  phrase: string;
  /** Normalised jieba words (>= 2 chars) when the part splits into several, else []. */
  words: string[];
  /** FTS5 phrases of `words`. */
  wordPhrases: string[];
}

export interface CompiledQuery {
  parts: CompiledPart[];
  /** Every part as its exact phrase, joined by the mode. */
  exact: string;
  /** Every part as (phrase OR words-AND), joined by the mode; equals `exact` when no part splits. */
  full: string;
  /** True when `full` can match more than `exact`. */
  expanded: boolean;
}

/** compilePart is pure and runs jieba: memoised per part string (bounded by PART_CACHE_BYTES). */
export const PART_CACHE_BYTES = 4 * 1024 * 1024;
const partCache = new ByteLru<string, CompiledPart | null>("keyword.compiled-parts", PART_CACHE_BYTES, (k, v) => {
  let n = stringBytes(k) + 16;
  if (v) for (const s of [v.text, v.phrase, ...v.words, ...v.wordPhrases]) n += stringBytes(s) + 8;
  return n;
});

export function compilePart(part: string): CompiledPart | null {
  if (part.length > 200) return compilePartUncached(part);
  const hit = partCache.get(part);
  if (hit !== undefined) return hit;
  return partCache.set(part, compilePartUncached(part));
}

function compilePartUncached(part: string): CompiledPart | null {
  const text = normalizeText(part);
  const phrase = bigramPhrase(text);
  if (!phrase) return null;
  const words: string[] = [];
  const wordPhrases: string[] = [];
  for (const w of segmentWords(text)) {
    if (Array.from(w).length < 2) continue;
    const p = bigramPhrase(w);
    if (!p || p === phrase || wordPhrases.includes(p)) continue;
    words.push(w);
    wordPhrases.push(p);
  }
  if (wordPhrases.length < 2) return { text, phrase, words: [], wordPhrases: [] };
  return { text, phrase, words, wordPhrases };
}

export function compileFtsQuery(parts: string[], mode: SearchMode): CompiledQuery | null {
  const compiled: CompiledPart[] = [];
  for (const p of parts) {
    const c = compilePart(p);
    if (c && !compiled.some((x) => x.phrase === c.phrase)) compiled.push(c);
  }
  if (compiled.length === 0) return null;
  const join = ` ${mode} `;
  const exact = compiled.map((c) => c.phrase).join(join);
  const expanded = compiled.some((c) => c.wordPhrases.length > 0);
  const full = expanded
    ? compiled
        .map((c) => (c.wordPhrases.length ? `(${c.phrase} OR (${c.wordPhrases.join(" AND ")}))` : c.phrase))
        .join(join)
    : exact;
  return { parts: compiled, exact, full, expanded };
}

/** Highlight terms of a compiled query: whole parts first, then their words; longest first. */
export function highlightTerms(q: CompiledQuery): string[] {
  const terms = new Set<string>();
  for (const p of q.parts) terms.add(p.text);
  for (const p of q.parts) for (const w of p.words) terms.add(w);
  return [...terms].sort((a, b) => b.length - a.length);
}
