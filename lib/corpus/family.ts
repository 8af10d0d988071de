/**
 * Version families. The family key itself (the law-name key with version marks removed) lives in
 * lib/text/family-key.ts, where the store and the searches import it too; corpus readers import it
 * from here or there.
 */
export { familyKey, stripVersionMarks } from "../text/family-key";

/** 「国务院关于修改部分行政法规的决定」, 「关于修改《X》的决定」, 「关于废止…的通知」: a decision that amends or repeals others. */
const AMENDING_DECISION = /关于(?:修改|修订|废止|取消|调整)[^。]*?(?:决定|通知)/;

/**
 * Each amending/repealing decision is its own instrument, whatever its title repeats: the 2014
 * and 2016 「国务院关于修改部分行政法规的决定」 are two decisions, not two versions of one, so a
 * later one neither supersedes nor lists the earlier. Their family is the title key plus the date.
 * Returns how many records changed.
 */
export function separateAmendingDecisions(regs: Array<{ fgmc: string; fbrq: string; family: string }>): number {
  let n = 0;
  for (const r of regs) {
    if (!AMENDING_DECISION.test(r.fgmc) || !r.fbrq || r.family.endsWith(`@${r.fbrq}`)) continue;
    r.family = `${r.family}@${r.fbrq}`;
    n++;
  }
  return n;
}
