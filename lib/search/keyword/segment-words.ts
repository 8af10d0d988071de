/**
 * Jieba word segmentation of a (normalised) keyword part, for the "words in any order"
 * alternative of a multi-word term: 合同解除 → [合同, 解除], so it also finds 解除合同.
 * Precise mode without HMM: stable dictionary words, no guessed neologisms.
 */
import { createRequire } from "node:module";
import type { Jieba as JiebaType } from "@node-rs/jieba";

const require = createRequire(import.meta.url);
let jieba: JiebaType | null = null;

function getJieba(): JiebaType {
  if (!jieba) {
    // CommonJS native addon (listed in serverExternalPackages); its dict module has no ESM entry.
    const { Jieba } = require("@node-rs/jieba") as typeof import("@node-rs/jieba");
    const { dict } = require("@node-rs/jieba/dict") as { dict: Uint8Array };
    jieba = Jieba.withDict(dict);
  }
  return jieba;
}

/** Jieba precise mode without HMM, the words in order (they concatenate to `text`). */
export function jiebaCut(text: string): string[] {
  return getJieba().cut(text, false);
}

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
