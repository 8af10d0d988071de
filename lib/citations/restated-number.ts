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
import { conditionBefore, sharedEnd, sharedStart, wordBigrams, wordsAfter, wordsBefore } from "./words-around";

/** A number with a unit (or 百分之 before it): the unit says what is counted. */
const NUMBER = /(?:([一二三四五六七八九十百千]+)分之)?([零〇一二两三四五六七八九十百千万亿0-9０-９.]+|半(?=个月|年|日|天))(个月|个工作日|工作日|小时|周岁|日|天|年|倍|万元|亿元|元|岁|次|人|%)?/g;

/** Words right before the number (at least this many characters) found right before a number in the article… */
export const NUMBER_LEFT_MIN = 2;
/** …and right after its unit (at least this many in common), unless the words before are at least NUMBER_LEFT_ALONE long. */
export const NUMBER_RIGHT_MIN = 2;
export const NUMBER_LEFT_ALONE = 3;
/** A number opening its clause in both: at least this many characters after it in common (七十五周岁以上的，). */
export const NUMBER_OPENS_RIGHT = 3;
/** Or the number's clause opens with the same words as the article's clause holding it, at least this many characters
 * (增加赔偿的金额为购买商品价款的十倍 against 增加赔偿的金额为消费者购买商品的价款或者接受服务的费用的三倍): the sentence
 * restates that clause, however it words what comes between. */
export const NUMBER_CLAUSE_OPENS = 6;
/** …or the clause before the number's, the condition it follows, ends alike in both, at least this many characters. */
export const NUMBER_CONDITION = 5;
/** Where the article says the sentence's number elsewhere: the words before another number this long at least, alone, to place it. */
export const NUMBER_LEFT_HELD = 5;
/** How many characters of context are tried on each side. */
const CONTEXT = 8;

/** At least this share of the bigrams of the number's clause and the clauses either side (numerals left out) are the article's… */
export const NUMBER_WINDOW_SHARE = 0.5;
/** …or at least this share of the bigrams of the number's own clause. */
export const NUMBER_CLAUSE_SHARE = 0.8;

/** The share of the bigrams of the clause holding `at` and the `side` clauses either side that the article holds. */
function windowShare(sentence: string, at: number, content: string, side = 1): number {
  const parts = sentence.split(/(?<=[，,；;。：:])/);
  let pos = 0;
  let k = 0;
  for (; k < parts.length; k++) {
    if (pos + parts[k]!.length > at) break;
    pos += parts[k]!.length;
  }
  const mine = wordBigrams(parts.slice(Math.max(0, k - side), k + 1 + side).join(""));
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
    // (半个月, 半年: a half)
    let v = digits === "半" ? 0.5 : parseChineseNumber(digits!.replace(/\.$/, ""));
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

/** The CJK characters of the clause holding `at`, from its start (after ，；。：) up to `at`. */
function clauseOpening(s: string, at: number): string {
  const from = s.slice(0, at).search(/[^，,；;。：:\n]*$/);
  return s.slice(from, at).replace(/[^\u4e00-\u9fff]/g, "");
}

/** The words right before a number, and right after its unit. */
const leftOf = (s: string, at: number) => wordsBefore(s, at, CONTEXT);
const rightOf = (s: string, end: number) => wordsAfter(s, end, CONTEXT);

/**
 * Numbers the sentence changes: for each number with a unit in the sentence, the article's numbers of the same
 * kind of unit with the same words right before them (at least NUMBER_LEFT_MIN characters) and right after
 * (NUMBER_RIGHT_MIN in common, or NUMBER_LEFT_ALONE before). Reported only when every such place holds another
 * value and the article holds the sentence's value with that unit nowhere (an article of several time limits is
 * not contradicted by one of them). `held` receives the sentence's numbers the article says in those words.
 */
export function numberChanges(sentence: string, content: string, held?: string[]): NumberChange[] {
  const mine = numbers(sentence);
  if (!mine.length) return [];
  const theirs = numbers(content);
  const out: NumberChange[] = [];
  for (const n of mine) {
    // a count of the case's facts said roughly (累计缴费6年多, 三个月左右, 十余次) is no number of a rule
    if (/^(?:多|余|左右|许|来)/.test(sentence.slice(n.end, n.end + 2))) continue;
    const left = leftOf(sentence, n.at);
    const right = rightOf(sentence, n.end);
    // a number opening its clause (…减少一年，七十周岁以上的，按五年计算) is placed by the words after it only
    const opens = left.length === 0 && (n.at === 0 || /[，,；;。：:]/.test(sentence[n.at - 1]!));
    if (left.length < NUMBER_LEFT_MIN && !opens && conditionBefore(sentence, n.at).length < NUMBER_CONDITION && clauseOpening(sentence, n.at).length < NUMBER_CLAUSE_OPENS) continue;
    const kind = (u: string) => u.replace(/^个/, "");
    let best: { t: Num; l: number; r: number; o: number; byCondition: boolean }[] = [];
    let same = false;
    for (const t of theirs) {
      const tl = leftOf(content, t.at);
      // (a 的 the sentence puts before its number is no word of the article's: 报价利率的十倍 against 报价利率四倍)
      const l = Math.max(sharedEnd(tl, left), sharedEnd(tl, left.replace(/的$/, "")), sharedEnd(tl.replace(/的$/, ""), left));
      const r = sharedStart(rightOf(content, t.end), right);
      const opening = sharedStart(clauseOpening(content, t.at), clauseOpening(sentence, n.at));
      // (or the clause before it, the condition it follows, ends alike: 不满六个月的，按一个月工资… against 不满六个月的，向劳动者支付半个月工资…)
      const condition = sharedEnd(conditionBefore(content, t.at), conditionBefore(sentence, n.at));
      const clauseAlike = !opens && (opening >= NUMBER_CLAUSE_OPENS || condition >= NUMBER_CONDITION);
      // a number opening the sentence's clause that the article holds with the same words after it, though not opening its
      // clause (但六十周岁以上的， restated as …，六十周岁以上的年龄…): nothing changed, however another number opens a clause alike
      if (opens && t.value === n.value && t.unit === n.unit && r >= NUMBER_OPENS_RIGHT) same = true;
      if (opens ? tl.length > 0 || r < NUMBER_OPENS_RIGHT : l < NUMBER_LEFT_MIN && !clauseAlike) continue;
      // a sum of money against a time limit is another number altogether
      const sameKind = t.unit === n.unit || (TIME.includes(t.unit) && TIME.includes(n.unit)) || kind(t.unit) === kind(n.unit);
      if (!sameKind) continue;
      if (!opens && l < NUMBER_LEFT_ALONE && r < NUMBER_RIGHT_MIN && !clauseAlike) continue;
      // the article says the sentence's number in those words (an article of several time limits, each in its words)
      if (t.value === n.value && t.unit === n.unit) same = true;
      // the place whose words around it are most the sentence's (重大误解…之日起九十日内, not 当事人…之日起一年内)
      const o = clauseAlike ? Math.max(opening, condition) : 0;
      const byCondition = clauseAlike && opening < NUMBER_CLAUSE_OPENS;
      if (!best.length || l + r + o > best[0]!.l + best[0]!.r + best[0]!.o) best = [{ t, l, r, o, byCondition }];
      else if (l + r + o === best[0]!.l + best[0]!.r + best[0]!.o) best.push({ t, l, r, o, byCondition });
    }
    if (same) held?.push(n.written);
    if (same || !best.length) continue;
    // the article says the sentence's number elsewhere (…保全措施后三十日内不依法提起诉讼 for 「必须在30日内正式起诉」): another
    // number is the one meant only where its words match on both sides, or at least NUMBER_LEFT_HELD before it (要求支付价款
    // 三倍 against 价款十倍或者损失三倍), or its clause opens alike
    if (theirs.some((t) => t.value === n.value && t.unit === n.unit) && !best.some((b) => (b.l >= NUMBER_LEFT_MIN && b.r >= NUMBER_RIGHT_MIN) || b.l >= NUMBER_LEFT_HELD || b.o)) continue;
    // a fact of the case that meets the article's threshold (持有公司40%表决权的股东 for 百分之十以上表决权的股东; 盗窃5000元 for
    // 数额较大 at 一千元以上) applies the article: a number the sentence gives no 以上 / 以下 of its own is measured against it
    if (!bound(sentence, n) && best.every((b) => meets(n.value, b.t.value, bound(content, b.t)))) continue;
    // (an article of tiers names the sentence's number in the same sentence of the article, after another: 三千元…、五十万元以上的)
    if (best.some((b) => sentenceHoldsNumber(content, b.t.written, n.written, left))) continue;
    // the words around it must be the article's: a rule of the citing text's own that borrows a phrase (…可以自执行异议
    // 裁定送达之日起六个月内，向…人民法院申请再审 under 民事诉讼法 第二百三十四条's 十五日内向人民法院提起诉讼) is no restatement
    // (…unless the number's own clause is the article's words nearly all: the sentence's conclusion after it is its own —
    // 用人单位不得招用未满十八周岁的未成年人，故该店招用二人的行为本身即属违法)
    if (windowShare(sentence, n.at, content) < NUMBER_WINDOW_SHARE && windowShare(sentence, n.at, content, 0) < NUMBER_CLAUSE_SHARE) continue;
    const { l, r, o, byCondition } = best[0]!;
    // (the sentence's 的 before its number, read past above, is shown on its side only)
    const de = left.endsWith("的") && sharedEnd(leftOf(content, best[0]!.t.at), left) < l ? "的" : "";
    // (…and the article's, on its side: 工资的百分之二百 against 工资百分之三百)
    const theirDe = !de && leftOf(content, best[0]!.t.at).endsWith("的") && sharedEnd(leftOf(content, best[0]!.t.at), left) < l ? "的" : "";
    const bare = de ? left.slice(0, -1) : left;
    // (the words before shown from a word's start: 撤销事由之日起, not 销事由之日起)
    let shown = bare.slice(bare.length - l);
    if (l === CONTEXT) {
      const words = jiebaCut(shown);
      if (words.length > 1) shown = words.slice(1).join("");
    }
    // (placed by its clause's opening words: those shown, then what stands between)
    // (…or by the condition before it: 「不满六个月的，……半个月工资」)
    if (l < NUMBER_LEFT_MIN && o) {
      const cond = conditionBefore(sentence, n.at);
      shown = byCondition ? `${cond.slice(cond.length - o)}，……${shown}` : `${clauseOpening(sentence, n.at).slice(0, o)}……${shown}`;
    }
    const around = (w: string, mine = false) => `「${shown}${mine ? de : theirDe}${w}${right.slice(0, r)}」`;
    const source = [...new Set(best.map((b) => b.t.written))];
    out.push({ source: source.join("、"), quote: n.written, text: `数字/期限/金额改变：原文${source.map((w) => around(w)).join("")}，援引句${around(n.written, true)}` });
  }
  return out;
}

/** A threshold around a number: before it (超过 / 不满 …) or after its unit (以上 / 以下 …), as the comparison it sets. */
type Bound = ">=" | "<=" | ">" | "<" | null;
const BOUND_AFTER: [RegExp, Bound][] = [[/^(?:以上|或者以上)/, ">="], [/^(?:以下|以内|或者以下)/, "<="]];
const BOUND_BEFORE: [RegExp, Bound][] = [[/(?:不超过|不高于|不多于|最高|至多)$/, "<="], [/(?:不低于|不少于|不满足)$/, ">="], [/(?:超过|高于|多于)$/, ">"], [/(?:不满|不足|低于|少于|未满)$/, "<"], [/(?:已满|满)$/, ">="]];

function bound(s: string, n: Num): Bound {
  const after = s.slice(n.end, n.end + 4);
  for (const [re, b] of BOUND_AFTER) if (re.test(after)) return b;
  const before = s.slice(Math.max(0, n.at - 3), n.at);
  for (const [re, b] of BOUND_BEFORE) if (re.test(before)) return b;
  return null;
}

/** Does the value meet the bound set by the article's number (no bound: never)? */
function meets(v: number, t: number, b: Bound): boolean {
  return b === ">=" ? v >= t : b === "<=" ? v <= t : b === ">" ? v > t : b === "<" ? v < t : false;
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
