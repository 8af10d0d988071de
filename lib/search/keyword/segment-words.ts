/**
 * Jieba word segmentation of a (normalised) keyword part, for the "words in any order"
 * alternative of a multi-word term: 合同解除 → [合同, 解除], so it also finds 解除合同.
 * Precise mode without HMM: stable dictionary words, no guessed neologisms; the keyword segmenter
 * (jieba with the index's legal dictionary, keyword-segmenter.ts).
 */
import { getJieba } from "@/lib/text/segmenter";
import { keywordJieba } from "./keyword-segmenter";

/**
 * Precise-mode words, with every word of 4+ characters replaced by its search-mode sub-words
 * (解除合同 → 解除, 合同), so the expansion is symmetric: 合同解除 finds 解除合同 and
 * 解除合同 finds 合同解除. Sub-words contained in another sub-word are dropped. Words of
 * 2–3 characters (违约, 证券法) are kept whole. The words are cut where the keyword segmenter
 * (jieba with the legal dictionary) puts word boundaries, and within a legal word of 4+
 * characters as jieba's default dictionary cuts it: a legal word is not split across (按份共有人 →
 * 按份共有 + 人, not 按|份|共|有人), a short one stays whole like any short word (违约金过高 →
 * 违约金, 过高; the default dictionary says 过|高) and a long one keeps the default words and
 * sub-words as before (缔约过失责任 → 缔约, 过失, 责任; the legal dictionary's search mode would
 * add the overlapping 失责).
 */
export function segmentWords(text: string): string[] {
  const out: string[] = [];
  const base = getJieba();
  const legal = keywordJieba();
  const words = legal === base ? base.cut(text, false) : legal.cut(text, false).flatMap((w) => (w.length < 4 ? [w] : base.cut(w, false)));
  for (const w of words) {
    const len = Array.from(w).length;
    if (len < 4) {
      out.push(w);
      continue;
    }
    const subs = [...new Set(base.cutForSearch(w, false))].filter((s) => {
      const n = Array.from(s).length;
      return n >= 2 && n < len;
    });
    const minimal = subs.filter((s) => !subs.some((o) => o !== s && o.includes(s)));
    out.push(...(minimal.length >= 2 ? minimal : [w]));
  }
  return out;
}
