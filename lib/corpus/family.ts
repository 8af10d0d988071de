/**
 * The family key groups versions of one instrument: the law-name key of the title with
 * version marks removed. （2021年修正） / (2019修订) / （2018年版） are version marks;
 * （试行）, （二） or （1988年） are not (a trial rule, a numbered amendment, a dated
 * constitutional amendment are separate instruments), so they stay in the key.
 */
import { lawNameKey } from "../text/normalize";

const VERSION_MARK = /[（(]\s*\d{4}\s*年?(?:\d{1,2}月(?:\d{1,2}日)?)?\s*(?:第?[一二三四五六七八九十]+次)?(?:修正|修订|修改|版|本)\s*[）)]/g;

export function stripVersionMarks(title: string): string {
  return title.replace(VERSION_MARK, "").trim();
}

export function familyKey(title: string): string {
  return lawNameKey(stripVersionMarks(title));
}

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
