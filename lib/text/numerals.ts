/**
 * Chinese numerals as they appear in statute citations: 第五百七十七条, 第一千二百六十条,
 * 第二十条之一, 第10条. Converts both ways; the Chinese form follows the statute-book
 * convention (十条 not 一十条, 一百一十条 with the 一 kept after 百).
 */

const DIGITS: Record<string, number> = {
  零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9,
  壹: 1, 贰: 2, 叁: 3, 肆: 4, 伍: 5, 陆: 6, 柒: 7, 捌: 8, 玖: 9,
};
const UNITS: Record<string, number> = { 十: 10, 拾: 10, 百: 100, 佰: 100, 千: 1000, 仟: 1000 };
const BIG_UNITS: Record<string, number> = { 万: 10_000, 亿: 100_000_000 };

/** Characters that may make up a Chinese or Arabic numeral (half- or full-width digits). */
export const NUMERAL_CHARS = "零〇一二两三四五六七八九十百千万亿壹贰叁肆伍陆柒捌玖拾佰仟0-9０-９";

/** Parses a Chinese (or Arabic, half/full-width) numeral. Returns null when it is not one. */
export function parseChineseNumber(input: string): number | null {
  const s = input.trim().replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
  if (s === "") return null;
  if (/^\d+$/.test(s)) return Number(s);
  let total = 0;
  let section = 0;
  let digit = -1;
  for (const ch of s) {
    if (ch in DIGITS) {
      digit = DIGITS[ch]!;
    } else if (ch in UNITS) {
      section += (digit < 0 ? 1 : digit) * UNITS[ch]!;
      digit = -1;
    } else if (ch in BIG_UNITS) {
      section += digit < 0 ? 0 : digit;
      total += (section === 0 ? 1 : section) * BIG_UNITS[ch]!;
      section = 0;
      digit = -1;
    } else if (/\d/.test(ch)) {
      // mixed forms such as 1千 are not statute style
      return null;
    } else {
      return null;
    }
  }
  if (digit >= 0) section += digit;
  return total + section;
}

const CN_DIGITS = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"];

/** Formats a non-negative integer (< 1亿) as a Chinese numeral in statute style. */
export function toChineseNumber(n: number): string {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`not a clause number: ${n}`);
  if (n === 0) return "零";
  if (n >= 10_000) {
    const high = Math.floor(n / 10_000);
    const low = n % 10_000;
    const lowText = low === 0 ? "" : (low < 1000 ? "零" : "") + below10k(low, true);
    return toChineseNumber(high) + "万" + lowText;
  }
  return below10k(n, false);
}

function below10k(n: number, inner: boolean): string {
  const parts: string[] = [];
  const units = ["千", "百", "十", ""];
  const values = [1000, 100, 10, 1];
  let zero = false;
  let started = false;
  for (let i = 0; i < 4; i++) {
    const d = Math.floor(n / values[i]!) % 10;
    if (d === 0) {
      if (started) zero = true;
      continue;
    }
    if (zero) parts.push("零");
    zero = false;
    // 十 alone at the head: 十条, 十五条 (not 一十五); inside larger numbers keep 一十
    if (i === 2 && d === 1 && !started && !inner) parts.push("十");
    else parts.push(CN_DIGITS[d]! + units[i]!);
    started = true;
  }
  return parts.join("");
}

/** Ordinal suffix such as 之一, 之二 → 1, 2. */
export function parseZhiSuffix(s: string | undefined | null): number | null {
  if (!s) return null;
  const m = /^之([一二三四五六七八九十]+)$/.exec(s);
  return m ? parseChineseNumber(m[1]!) : null;
}

/**
 * Canonical clause number used as `tid`: "577", or "120-1" for 第一百二十条之一.
 * Returns null for a label that is not 第…条.
 */
export function clauseTidFromLabel(label: string): string | null {
  const m = new RegExp(`^第([${NUMERAL_CHARS}]+)条(之[一二三四五六七八九十]+)?$`).exec(label.replace(/\s+/g, ""));
  if (!m) return null;
  const n = parseChineseNumber(m[1]!);
  if (n === null) return null;
  const zhi = parseZhiSuffix(m[2]);
  return zhi ? `${n}-${zhi}` : String(n);
}

/** 577 → 第五百七十七条; "120-1" → 第一百二十条之一. */
export function clauseLabelFromTid(tid: string): string {
  const [n, zhi] = tid.split("-");
  const base = `第${toChineseNumber(Number(n))}条`;
  return zhi ? `${base}之${toChineseNumber(Number(zhi))}` : base;
}
