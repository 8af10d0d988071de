/**
 * How a statute writes the numbers a lawyer or a client types (issue 16): 七天无理由退货 → the law
 * says 「七日内退货」, 7天 → 七日, 18岁 → 十八周岁, 30% → 百分之三十, 3倍 → 三倍. Statutes count days in
 * 日 and ages in 周岁 and write numbers in Chinese numerals; some regulations write Arabic ones
 * (女职工劳动保护特别规定: 98天产假), so both spellings are kept. `numberVariants` gives the other
 * spellings of a normalised part or word (not the text itself), `canonicalNumbers` the form
 * jieba cuts into words (Arabic numbers before a unit as Chinese numerals: 7天无理由退货 →
 * 七天无理由退货, so 七天 stays a word instead of being dropped as a one-character 7 and 天).
 * Pure string rules, no data: only a number followed by a unit of time, age, multiple or share
 * changes.
 */
import { parseChineseNumber, toChineseNumber } from "@/lib/text/numerals";

/** Units after which a number is a count a statute spells its own way. */
const UNIT = "天日周月年岁倍个";
const CN = "零〇一二两三四五六七八九十百千";
const ARABIC_BEFORE_UNIT = new RegExp(`(?<![0-9.])([0-9]{1,4})(?=[${UNIT}])`, "gu");
const CHINESE_BEFORE_UNIT = new RegExp(`([${CN}]{1,6})(?=[${UNIT}])`, "gu");
const MAX_VARIANTS = 4;

/** Arabic numbers before a unit as Chinese numerals (7天 → 七天, 15日 → 十五日). */
export function canonicalNumbers(text: string): string {
  if (!/[0-9]/u.test(text)) return text;
  return text.replace(ARABIC_BEFORE_UNIT, (d: string) => toChineseNumber(Number(d)));
}

/** A share as a statute writes it: 30% → 百分之三十. */
function percentWords(text: string): string {
  return text.replace(/(?<![0-9.])([0-9]{1,3})%/gu, (_m, d: string) => `百分之${toChineseNumber(Number(d))}`);
}

/** Chinese numerals before a unit as Arabic ones (九十八天 → 98天). */
function arabicNumbers(text: string): string {
  return text.replace(CHINESE_BEFORE_UNIT, (m: string) => {
    const n = parseChineseNumber(m);
    return n === null ? m : String(n);
  });
}

/** Statute units for everyday ones after a number: 天 → 日, 岁 → 周岁. */
function statuteUnits(text: string): string {
  return text
    .replace(new RegExp(`([${CN}0-9])天`, "gu"), "$1日")
    .replace(new RegExp(`([${CN}0-9])岁`, "gu"), "$1周岁")
    .replace(/周周岁/gu, "周岁");
}

/**
 * The other spellings of the numbers in a normalised text (七天 → 七日, 7天; 18岁 → 十八周岁 …),
 * at most MAX_VARIANTS, without the text itself; [] when it holds no number before a unit.
 */
export function numberVariants(text: string): string[] {
  if (!new RegExp(`[${CN}0-9][${UNIT}%]`, "u").test(text)) return [];
  const canon = canonicalNumbers(percentWords(text));
  const out = new Set<string>([canon, statuteUnits(canon), arabicNumbers(canon), arabicNumbers(statuteUnits(canon))]);
  out.delete(text);
  return [...out].filter((v) => v.length > 0).slice(0, MAX_VARIANTS);
}
