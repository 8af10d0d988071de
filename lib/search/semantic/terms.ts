/**
 * Term extraction for the semantic index and for questions: jieba search-mode segmentation
 * (a compound and its parts: 劳动合同 → 劳动, 合同, 劳动合同) of the normalised text, CJK
 * words of two or more characters and Latin/digit words, minus a short list of function words
 * and question phrasing that carry no legal meaning. Index and query use the same function.
 */
import { normalizeText } from "@/lib/text/normalize";
import { getJieba } from "@/lib/text/segmenter";

/**
 * Words that say nothing about the legal subject: pronouns, question words, modal verbs and
 * fillers of everyday questions, plus statute boilerplate that occurs in every other article.
 * General Chinese, not derived from any benchmark's questions.
 */
export const STOPWORDS = new Set(
  (
    "怎么 怎么办 怎样 怎么样 如何 什么 为什么 哪些 哪个 哪里 多少 多久 几年 几个 是否 是不是 有没有 能不能 可不可以 会不会 要不要 " +
    "可以 能够 应该 应当 需要 必须 请问 咨询 问题 情况 一下 的话 这种 那种 这个 那个 这样 那样 之后 以后 以前 现在 已经 还是 或者 " +
    "我们 你们 他们 她们 自己 本人 别人 对方 一个 一些 有些 没有 不是 就是 但是 因为 所以 如果 虽然 而且 并且 然后 其中 以及 " +
    "及其 等等 相关 有关 进行 予以 给予 依照 按照 根据 本法 本条 本规定 本条例 本办法 规定 前款 第一款 第二款 下列 之一 " +
    "吗 呢 吧 啊 了 的 地 得 着 过 和 与 及 或 在 是 有 被 把 对 向 从 由 为 以 于 将 就 也 都 还 又 我 你 他 她 它 该"
  ).split(/\s+/),
);

/**
 * Whether a jieba token is a term: CJK (U+3400–9FFF, U+F900–FAFF), a–z and 0–9 only, at least
 * two characters, not digits alone, not a stop word. Character-code tests (the same as the
 * former regular expressions /^[\u3400-\u9fff\uf900-\ufaffa-z0-9]+$/, a CJK first character of
 * length < 2, /^\d+$/), ≈4× cheaper on the build's 12 million tokens.
 */
export function isTerm(tok: string): boolean {
  const n = tok.length;
  if (n < 2) return false;
  let digits = true;
  for (let i = 0; i < n; i++) {
    const c = tok.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) continue;
    if ((c >= 0x3400 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0x61 && c <= 0x7a)) digits = false;
    else return false;
  }
  return !digits && !STOPWORDS.has(tok);
}

/**
 * The last few texts' terms: one question is segmented by five callers (BM25, the embedding, the
 * question memory, the expansion, the expansion's own words), each of which would run jieba again.
 */
const recentTerms: { text: string; normalized: boolean; terms: string[] }[] = [];
const RECENT_TERMS = 4;

/** Terms of `text` (normalised here unless `normalized`). Repeats kept: callers count tf. A fresh array each call. */
export function semanticTerms(text: string, normalized = false): string[] {
  for (const r of recentTerms) if (r.text === text && r.normalized === normalized) return r.terms.slice();
  const s = normalized ? text : normalizeText(text);
  const out: string[] = [];
  for (const tok of getJieba().cutForSearch(s, true)) if (isTerm(tok)) out.push(tok);
  if (text.length <= 2000) {
    recentTerms.unshift({ text, normalized, terms: out.slice() });
    if (recentTerms.length > RECENT_TERMS) recentTerms.pop();
  }
  return out;
}
