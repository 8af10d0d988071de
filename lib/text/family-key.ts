/**
 * The family key groups versions of one instrument: the law-name key of the title with
 * version marks removed. （2021年修正） / (2019修订) / （2018年版） are version marks;
 * （试行）, （二） or （1988年） are not (a trial rule, a numbered amendment, a dated
 * constitutional amendment are separate instruments), so they stay in the key.
 */
import { lawNameKey } from "./normalize";

const VERSION_MARK = /[（(]\s*\d{4}\s*年?(?:\d{1,2}月(?:\d{1,2}日)?)?\s*(?:第?[一二三四五六七八九十]+次)?(?:修正|修订|修改|版|本)\s*[）)]/g;

export function stripVersionMarks(title: string): string {
  return title.replace(VERSION_MARK, "").trim();
}

export function familyKey(title: string): string {
  return lawNameKey(stripVersionMarks(title));
}
