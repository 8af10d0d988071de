/**
 * A restatement's number against the article's, read locally: a number with its unit (七日, 六个月, 一千元,
 * 七十周岁, 百分之三十) in the sentence, and the words right around it, found in the article around another
 * number («提前七日通知用人单位» against «提前三日通知用人单位»). The comma-phrase alignment (judge.ts
 * restatedDifferences) misses these when the sentence adds words of its own to the phrase (只需要…即可解除)
 * or cuts it elsewhere. Hand-written: where a number sits in a statute's sentence is a drafting convention
 * no library reads.
 */
import { parseChineseNumber } from "../text/numerals";
import { jiebaCut } from "../text/segmenter";
import { sharedEnd, sharedStart, wordsAfter, wordsBefore } from "./words-around";

/** A number with a unit (or 百分之 before it): the unit says what is counted. */
const NUMBER = /(?:([一二三四五六七八九十百千]+)分之)?([零〇一二两三四五六七八九十百千万亿0-9０-９.]+)(个月|个工作日|工作日|小时|周岁|日|天|年|倍|万元|亿元|元|岁|次|人|%)?/g;

/** Words right before the number (at least this many characters) found right before a number in the article… */
export const NUMBER_LEFT_MIN = 2;
/** …and right after its unit (at least this many in common), unless the words before are at least NUMBER_LEFT_ALONE long. */
export const NUMBER_RIGHT_MIN = 2;
export const NUMBER_LEFT_ALONE = 3;
/** A number opening its clause in both: at least this many characters after it in common (七十五周岁以上的，). */
export const NUMBER_OPENS_RIGHT = 3;
/** How many characters of context are tried on each side. */
const CONTEXT = 8;

/** At least this share of the bigrams of the number's clause and the clauses either side (numerals left out) are the article's. */
export const NUMBER_WINDOW_SHARE = 0.5;

/** Character bigrams of the CJK words of a text, those holding a numeral left out. */
function wordBigrams(t: string): Set<string> {
  const out = new Set<string>();
  const c = t.replace(/[^\u4e00-\u9fff]/g, "|");
  for (let i = 0; i + 1 < c.length; i++) {
    const b = c.slice(i, i + 2);
    if (!b.includes("|") && !/[零〇一二两三四五六七八九十百千万亿]/.test(b)) out.add(b);
  }
  return out;
}

/** The share of the bigrams of the clause holding `at` and the clauses either side that the article holds. */
function windowShare(sentence: string, at: number, content: string): number {
  const parts = sentence.split(/(?<=[，,；;。：:])/);
  let pos = 0;
  let k = 0;
  for (; k < parts.length; k++) {
    if (pos + parts[k]!.length > at) break;
    pos += parts[k]!.length;
  }
  const mine = wordBigrams(parts.slice(Math.max(0, k - 1), k + 2).join(""));
  const theirs = wordBigrams(content);
  return mine.size ? [...mine].filter((b) => theirs.has(b)).length / mine.size : 0;
}

export interface NumberChange {
  /** The article's number as written and the sentence's. */
  source: string;
  quote: string;
  /** 数字/期限/金额改变：… (one sentence for 说明 / 要点). */
  text: string;
}

interface Num {
  at: number;
  end: number;
  written: string;
  value: number;
  unit: string;
}

const TIME = ["日", "个月", "年", "小时", "个工作日"];

const UNIT_SAME: Record<string, string> = { 天: "日", 岁: "周岁", 工作日: "个工作日" };

function numbers(s: string): Num[] {
  const out: Num[] = [];
  for (const m of s.matchAll(NUMBER)) {
    const [written, share, digits, unit] = m;
    // a number is counted only with its unit or as a share (一方, 第三人, 十分 are no numbers)
    if (!unit && !share) continue;
    const whole = share ? parseChineseNumber(share) : 1;
    if (!whole) continue;
    let v = parseChineseNumber(digits!.replace(/\.$/, ""));
    if (v === null) {
      if (!/^[0-9.]+$/.test(digits!)) continue;
      v = Number(digits);
    }
    let u = unit ? (UNIT_SAME[unit] ?? unit) : "";
    // a year of the calendar (2022年) is a date, not a time limit
    if (u === "年" && v >= 1900) continue;
    if (u === "万元") (v *= 10_000), (u = "元");
    if (u === "亿元") (v *= 100_000_000), (u = "元");
    // a share is compared as a fraction: 百分之三十 = 30% = 0.3, 二分之一 = 0.5
    if (share) (v /= whole), (u = `分之${u}`);
    if (u === "%") (v /= 100), (u = "分之");
    out.push({ at: m.index!, end: m.index! + written!.length, written: written!, value: v, unit: u });
  }
  return out;
}

/** The words right before a number, and right after its unit. */
const leftOf = (s: string, at: number) => wordsBefore(s, at, CONTEXT);
const rightOf = (s: string, end: number) => wordsAfter(s, end, CONTEXT);

/**
 * Numbers the sentence changes: for each number with a unit in the sentence, the article's numbers of the same
 * kind of unit with the same words right before them (at least NUMBER_LEFT_MIN characters) and right after
 * (NUMBER_RIGHT_MIN in common, or NUMBER_LEFT_ALONE before). Reported only when every such place holds another
 * value and the article holds the sentence's value with that unit nowhere (an article of several time limits is
 * not contradicted by one of them).
 */
export function numberChanges(sentence: string, content: string): NumberChange[] {
  const mine = numbers(sentence);
  if (!mine.length) return [];
  const theirs = numbers(content);
  const out: NumberChange[] = [];
  for (const n of mine) {
    const left = leftOf(sentence, n.at);
    const right = rightOf(sentence, n.end);
    // a number opening its clause (…减少一年，七十周岁以上的，按五年计算) is placed by the words after it only
    const opens = left.length === 0 && (n.at === 0 || /[，,；;。：:]/.test(sentence[n.at - 1]!));
    if (left.length < NUMBER_LEFT_MIN && !opens) continue;
    const kind = (u: string) => u.replace(/^个/, "");
    let best: { t: Num; l: number; r: number }[] = [];
    let same = false;
    for (const t of theirs) {
      const tl = leftOf(content, t.at);
      const l = sharedEnd(tl, left);
      const r = sharedStart(rightOf(content, t.end), right);
      if (opens ? tl.length > 0 || r < NUMBER_OPENS_RIGHT : l < NUMBER_LEFT_MIN) continue;
      // a sum of money against a time limit is another number altogether
      const sameKind = t.unit === n.unit || (TIME.includes(t.unit) && TIME.includes(n.unit)) || kind(t.unit) === kind(n.unit);
      if (!sameKind) continue;
      if (!opens && l < NUMBER_LEFT_ALONE && r < NUMBER_RIGHT_MIN) continue;
      // the article says the sentence's number in those words (an article of several time limits, each in its words)
      if (t.value === n.value && t.unit === n.unit) same = true;
      // the place whose words around it are most the sentence's (重大误解…之日起九十日内, not 当事人…之日起一年内)
      if (!best.length || l + r > best[0]!.l + best[0]!.r) best = [{ t, l, r }];
      else if (l + r === best[0]!.l + best[0]!.r) best.push({ t, l, r });
    }
    if (same || !best.length) continue;
    // (an article of tiers names the sentence's number in the same sentence of the article, after another: 三千元…、五十万元以上的)
    if (best.some((b) => sentenceHoldsNumber(content, b.t.written, n.written, left))) continue;
    // the words around it must be the article's: a rule of the citing text's own that borrows a phrase (…可以自执行异议
    // 裁定送达之日起六个月内，向…人民法院申请再审 under 民事诉讼法 第二百三十四条's 十五日内向人民法院提起诉讼) is no restatement
    if (windowShare(sentence, n.at, content) < NUMBER_WINDOW_SHARE) continue;
    const { l, r } = best[0]!;
    // (the words before shown from a word's start: 撤销事由之日起, not 销事由之日起)
    let shown = left.slice(left.length - l);
    if (l === CONTEXT) {
      const words = jiebaCut(shown);
      if (words.length > 1) shown = words.slice(1).join("");
    }
    const around = (w: string) => `「${shown}${w}${right.slice(0, r)}」`;
    const source = [...new Set(best.map((b) => b.t.written))];
    out.push({ source: source.join("、"), quote: n.written, text: `数字/期限/金额改变：原文${source.map(around).join("")}，援引句${around(n.written)}` });
  }
  return out;
}

/**
 * Does a sentence of the article (to 。 or ；) that holds `source` also hold the value of `quote` with its unit? An article
 * of tiers (诈骗公私财物价值三千元至一万元以上、三万元至十万元以上、五十万元以上的，应当分别认定为…) names each; a
 * restatement picking one tier (价值五十万元以上的…数额特别巨大) aligned against the first changes nothing.
 */
export function sentenceHoldsNumber(content: string, source: string, quote: string, left = ""): boolean {
  const want = numbers(quote)[0];
  if (!want || !source) return false;
  // (the tier listed after a separator, or after the sentence's own words: not 期限三个月以上 for 试用期不得超过三个月)
  const placed = (sent: string, n: Num) => {
    const l = leftOf(sent, n.at);
    return l === "" || (left !== "" && l.endsWith(left.slice(-1)));
  };
  return content.split(/[。；;\n]/).some((sent) => sent.includes(source) && numbers(sent).some((n) => n.value === want.value && n.unit === want.unit && placed(sent, n)));
}
