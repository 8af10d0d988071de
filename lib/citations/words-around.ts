/**
 * The words right around a term of a sentence (CJK characters only, stopping at punctuation or a digit), and how many of
 * them two places share: how restated-number.ts and restated-authority.ts find the article's place for a sentence's number
 * or authority. Hand-written: a few lines of string work.
 */

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
