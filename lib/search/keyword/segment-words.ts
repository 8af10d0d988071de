/**
 * Jieba word segmentation of a (normalised) keyword part, for the "words in any order"
 * alternative of a multi-word term: 合同解除 → [合同, 解除], so it also finds 解除合同.
 * Precise mode without HMM: stable dictionary words, no guessed neologisms.
 */
import { getJieba } from "@/lib/text/segmenter";

/**
 * Precise-mode words, with every word of 4+ characters replaced by its search-mode sub-words
 * (解除合同 → 解除, 合同), so the expansion is symmetric: 合同解除 finds 解除合同 and
 * 解除合同 finds 合同解除. Sub-words contained in another sub-word are dropped. Words of
 * 2–3 characters (违约, 证券法) are kept whole.
 */
export function segmentWords(text: string): string[] {
  const j = getJieba();
  const out: string[] = [];
  for (const w of j.cut(text, false)) {
    const len = Array.from(w).length;
    if (len < 4) {
      out.push(w);
      continue;
    }
    const subs = [...new Set(j.cutForSearch(w, false))].filter((s) => {
      const n = Array.from(s).length;
      return n >= 2 && n < len;
    });
    const minimal = subs.filter((s) => !subs.some((o) => o !== s && o.includes(s)));
    out.push(...(minimal.length >= 2 ? minimal : [w]));
  }
  return out;
}
