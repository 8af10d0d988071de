/**
 * The keyword search's segmenter: jieba with the active index's legal dictionary (legal-words.ts,
 * set per index handle by index-concepts.ts useIndexConcepts), used by the word-boundary check and
 * the words-in-any-order alternative. Before any index is used it is jieba's default dictionary.
 */
import type { Jieba } from "@node-rs/jieba";
import { getJieba, legalJieba } from "@/lib/text/segmenter";

let active: Jieba | null = null;

/** Makes jieba with `words` added the keyword search's segmenter (per index handle). */
export function setLegalWords(words: readonly string[]): void {
  active = process.env.KEYWORD_LEGAL_DICT === "0" ? null : legalJieba(words);
}

/** The keyword search's segmenter: jieba with the active index's legal dictionary (the default one before any index). */
export function keywordJieba(): Jieba {
  return active ?? getJieba();
}
