/**
 * Word boundaries for keyword matches (issue 16): the bigram index finds 公司法 inside
 * 公司法定代表人, but a reader sees 公司 + 法定代表人 there, and so does jieba. An occurrence
 * is rejected when its END runs into a longer word: a word of the text's segmentation starts
 * strictly inside the occurrence and ends after it (公司|法定代表人 for 公司法; 规定|金额 for
 * 定金). An occurrence whose START lies inside a longer word is kept: Chinese compounds put
 * the modifier first (劳动合同解除 still holds 合同解除, 劳动合同 is a 合同).
 * The text is segmented in a window around the occurrence (WINDOW characters each side), by the
 * keyword segmenter (jieba with the index's legal dictionary: 按份共有 in 按份共有人 is kept, where
 * the default dictionary's 按|份|共|有人 ran it into 有人).
 */
import { keywordJieba } from "./keyword-segmenter";

const WINDOW = 8;
/**
 * The characters jieba joins into words (jieba-rs RE_HAN_DEFAULT: CJK ideographs, Latin
 * letters, digits, +#&._%-; a high surrogate stands for an ideograph beyond the BMP): a word
 * never spans any other character (punctuation, whitespace), so an occurrence followed by one
 * cannot run into a longer word and jieba need not be asked.
 */
const WORD_UNIT = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\ud800-\udbffa-zA-Z0-9+#&._%-]/;

export function crossesWordEnd(text: string, at: number, len: number): boolean {
  if (len < 2) return false; // no word can start strictly inside a single character
  const from = Math.max(0, at - WINDOW);
  const to = Math.min(text.length, at + len + WINDOW);
  if (at + len >= to) return false; // nothing after the occurrence
  if (!WORD_UNIT.test(text[at + len]!)) return false;
  const words = keywordJieba().cut(text.slice(from, to), false);
  const s = at - from;
  const e = s + len;
  let pos = 0;
  for (const w of words) {
    const start = pos;
    const end = pos + w.length;
    pos = end;
    if (start > s && start < e && end > e) return true;
    if (start >= e) break;
  }
  return false;
}
