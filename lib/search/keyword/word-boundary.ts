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
  if (!mayCross(text, at, len)) return false;
  const from = Math.max(0, at - WINDOW);
  const words = keywordJieba().cut(text.slice(from, Math.min(text.length, at + len + WINDOW)), false);
  return crossesIn(words, 0, words.length, at - from, len);
}

/** False when no word can run past the occurrence's end, so jieba need not be asked. */
function mayCross(text: string, at: number, len: number): boolean {
  if (len < 2) return false; // no word can start strictly inside a single character
  if (at + len >= Math.min(text.length, at + len + WINDOW)) return false; // nothing after the occurrence
  return WORD_UNIT.test(text[at + len]!);
}

/** Whether a word of words[from, to) (a window's segmentation) starts strictly inside [s, s + len) and ends after it. */
function crossesIn(words: readonly string[], from: number, to: number, s: number, len: number): boolean {
  const e = s + len;
  let pos = 0;
  for (let i = from; i < to; i++) {
    const start = pos;
    const end = pos + words[i]!.length;
    pos = end;
    if (start > s && start < e && end > e) return true;
    if (start >= e) break;
  }
  return false;
}

/**
 * Joins windows for one jieba call: a control character, which jieba never joins to anything
 * (it is neither an ideograph nor a Latin letter, digit or whitespace: a word of its own), so the
 * joined text segments as the windows one by one with this character between them.
 */
const SEP = "\u0001";
/** Windows segmented per jieba call (each call costs ≈1.5 µs beside the segmentation itself). */
const BATCH = 4;

/**
 * True when `term` occurs in `text` at least once without its end running into a longer word:
 * the same as some occurrence having !crossesWordEnd, with the windows of up to BATCH
 * occurrences segmented in one jieba call (a text where the term keeps running into words
 * needed one call per occurrence).
 */
export function hasOccurrenceWithinWords(text: string, term: string): boolean {
  const len = term.length;
  const pending: number[] = [];
  for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) {
    if (!mayCross(text, at, len)) return true;
    pending.push(at);
  }
  if (pending.length === 0) return false;
  if (pending.length === 1 || text.includes(SEP)) return pending.some((at) => !crossesWordEnd(text, at, len));
  for (let b = 0; b < pending.length; b += BATCH) {
    const batch = pending.slice(b, b + BATCH);
    const windows = batch.map((at) => text.slice(Math.max(0, at - WINDOW), Math.min(text.length, at + len + WINDOW)));
    const words = keywordJieba().cut(windows.join(SEP), false);
    // where each window's words start (and, as a check, that they spell the window)
    const starts: number[] = [];
    let w = 0;
    for (const win of windows) {
      starts.push(w);
      let n = 0;
      while (w < words.length && words[w] !== SEP) n += words[w++]!.length;
      if (n !== win.length) return pending.slice(b).some((at) => !crossesWordEnd(text, at, len)); // never seen: one window at a time
      w++;
    }
    starts.push(w);
    for (const [k, at] of batch.entries()) {
      if (!crossesIn(words, starts[k]!, starts[k + 1]! - 1, at - Math.max(0, at - WINDOW), len)) return true;
    }
  }
  return false;
}
