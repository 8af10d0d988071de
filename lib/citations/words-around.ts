/**
 * The words right around a term of a sentence (CJK characters only, stopping at punctuation or a digit), and how many of
 * them two places share, and the bigrams of a stretch: how restated-number.ts, restated-authority.ts and compare-quote.ts
 * (`reversedAround`) find the article's place for a sentence's number, authority or word of opposite effect. Hand-written: a
 * few lines of string work.
 */

/** Character bigrams of the CJK words of a text, those holding a numeral left out (how much of a stretch an article holds). */
export function wordBigrams(t: string): Set<string> {
  const out = new Set<string>();
  const c = t.replace(/[^\u4e00-\u9fff]/g, "|");
  for (let i = 0; i + 1 < c.length; i++) {
    const b = c.slice(i, i + 2);
    if (!b.includes("|") && !/[零〇一二两三四五六七八九十百千万亿]/.test(b)) out.add(b);
  }
  return out;
}

/** Up to `n` CJK characters right before `at`. */
export function wordsBefore(s: string, at: number, n: number): string {
  return /[\u4e00-\u9fff]*$/.exec(s.slice(Math.max(0, at - n), at))![0];
}

/** Up to `n` CJK characters right after `end`. */
export function wordsAfter(s: string, end: number, n: number): string {
  return /^[\u4e00-\u9fff]*/.exec(s.slice(end, end + n))![0];
}

/** Characters two texts share from their start. */
export function sharedStart(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/** Characters two texts share at their end. */
export function sharedEnd(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

/** A term's own clause at most this many characters before it: a condition's consequence, not a clause of its own. */
const CONDITION_CLAUSE_MAX = 20;

/**
 * The CJK characters of the clause before the one holding `at` (clauses end at ，；。：) — the condition a consequence follows
 * (…未尽到安全保障义务的，承担相应的补充责任; 不满六个月的，向劳动者支付半个月工资…) — or "" when the term's own clause runs longer
 * than CONDITION_CLAUSE_MAX before it. An empty clause (，， where a citation was cut out) is passed over.
 */
export function conditionBefore(s: string, at: number): string {
  const own = s.slice(0, at).search(/[，,；;。：:\n][^，,；;。：:\n]*$/);
  if (own < 0 || at - own - 1 > CONDITION_CLAUSE_MAX) return "";
  let end = own;
  while (end > 0 && /[，,；;。：:\s]/.test(s[end - 1]!)) end--;
  const prev = s.slice(0, end).search(/[^，,；;。：:\n]*$/);
  return s.slice(prev, end).replace(/[^\u4e00-\u9fff]/g, "");
}
