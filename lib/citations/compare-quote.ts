/**
 * Step 3 of the citation check: compares what the draft says a clause says with the clause's
 * authoritative text, deterministically and explainably (engine "builtin-rules-v1").
 *
 * 1. Scope: the cited 款 / 项 when the draft names one (款 = a paragraph with the items
 *    （一）（二）… that follow it), else the whole article.
 * 2. Comparison form of both sides: width, case and traditional characters unified, punctuation
 *    and spaces dropped, numerals written as Arabic numbers (三十日 = 30日, 二倍 = 2倍, 5万元 =
 *    五万元, 十五天 = 十五日), keeping a map back to the original characters.
 * 3. The quote is split at ellipses (…… / … / ... / （略）) and each part is aligned in order to
 *    the reference with a semi-global edit-distance alignment (the reference's unquoted start and
 *    end are free, so partial quotes align to the passage they copy; ellipses skip any text).
 * 4. Each run of differences is classified: modal (应当 → 可以, 不得 → 可以, 必须), negation added /
 *    dropped, number / period / amount / multiple changed, party (subject / object) changed,
 *    omitted condition, omission, addition, wording.
 * 5. Conclusion:
 *    - 一致: no difference other than punctuation, width, numeral style or one or two characters of
 *      minor wording (a verbatim quote is always 一致);
 *    - 不一致: any meaning-changing difference (modal, negation, number, party), or a quote that
 *      shares less than half its text with the clause;
 *    - 部分一致: otherwise (omitted conditions, dropped or added phrases, other rewording);
 *    - 无法判断: nothing to compare (no clause text, empty quote, or a sentence that applies
 *      the clause rather than restating it).
 *    语义相似度 ∈ [0, 1] = alignment similarity (2·matches / (quote + aligned clause length)) ×
 *    0.7 per meaning-changing difference × 0.9 per omitted condition, rounded to 3 decimals.
 */
import { jiebaCut } from "../text/segmenter";
import { sharedEnd, sharedStart, wordsAfter, wordsBefore } from "./words-around";
import { normalizeForOffsets } from "../text/normalize";
import { parseChineseNumber } from "../text/numerals";
import type { Conclusion, DiffPoint, PointKind, SemanticCompare } from "./types";
import { DEADLINE_AFTER } from "./restated-modal";

export const BUILTIN_ENGINE = "builtin-rules-v1";

export interface CompareInput {
  /** What the draft attributes to the clause (a quote, or the part of the sentence after the citation). */
  claim: string;
  /** True for a quote (or text after 规定：); false for a sentence applying the clause. */
  quoted: boolean;
  /**
   * Pasted text (the article's words after its number, without quotation marks; with `quoted`):
   * where the article's words end and the writer's begin is not marked, so words the text adds
   * after them (…技术措施的行为，是侵犯软件著作权的行为: at most half the text, the article's part at
   * least 15 characters) are not held against it; everything else is as for a quote.
   */
  pasted?: boolean;
  /** Authoritative clause text, paragraphs separated by "\n". */
  clauseText: string;
  paragraph?: number;
  item?: number;
}

export interface CompareResult extends SemanticCompare {
  差异: DiffPoint[];
  /** Share of the claim's characters that align to the clause. */
  coverage: number;
}

// ---------------------------------------------------------------- comparison form

interface Canon {
  text: string;
  /** Original index of each canon character. */
  map: number[];
  /** End (exclusive) in the original of each canon character's source. */
  mapEnd: number[];
  orig: string;
}

const DROP = /[\s\p{P}\p{S}]/u;
const NUM_CN = "零〇一二两三四五六七八九十百千万亿";
const NUM_RUN = new RegExp(`^(?:[0-9０-９]+(?:[.．][0-9０-９]+)?[万亿]?|[${NUM_CN}]+)`);

/** Builds the comparison form of `s` with a map back to original offsets. */
export function canonical(s: string): Canon {
  const norm = normalizeForOffsets(s);
  let text = "";
  const map: number[] = [];
  const mapEnd: number[] = [];
  let i = 0;
  let prevNumber = false;
  while (i < norm.length) {
    const ch = norm[i]!;
    const nm = NUM_RUN.exec(norm.slice(i, i + 24));
    if (nm && !(nm[0] === "万" || nm[0] === "亿")) {
      const tok = nm[0];
      const value = numberValue(tok);
      if (value !== null) {
        const out = String(value);
        for (const c of out) {
          text += c;
          map.push(i);
          mapEnd.push(i + tok.length);
        }
        i += tok.length;
        prevNumber = true;
        continue;
      }
    }
    if (DROP.test(ch)) {
      i++;
      continue;
    }
    text += prevNumber && ch === "天" ? "日" : ch;
    map.push(i);
    mapEnd.push(i + 1);
    prevNumber = false;
    i++;
  }
  return { text, map, mapEnd, orig: s };
}

function numberValue(tok: string): number | null {
  const half = tok.replace(/[０-９．]/g, (d) => (d === "．" ? "." : String.fromCharCode(d.charCodeAt(0) - 0xfee0)));
  const m = /^([0-9]+(?:\.[0-9]+)?)([万亿]?)$/.exec(half);
  if (m) return Number(m[1]) * (m[2] === "万" ? 10_000 : m[2] === "亿" ? 100_000_000 : 1);
  return parseChineseNumber(half);
}

/** Original text covered by canon range [a, b). */
function origSlice(c: Canon, a: number, b: number): string {
  if (b <= a || a >= c.map.length) return "";
  return c.orig.slice(c.map[a]!, c.mapEnd[Math.min(b, c.map.length) - 1]!);
}

// ---------------------------------------------------------------- scope (款 / 项)

export const ITEM_HEAD = /^\s*(?:[（(][一二三四五六七八九十]+[)）]|[一二三四五六七八九十]+、)/;

interface Scope {
  text: string;
  note: string | null;
}

export function scopeFor(clauseText: string, paragraph?: number, item?: number): Scope {
  const paras = clauseText.split("\n").map((p) => p.trim()).filter(Boolean);
  const kuan: { lead: string; items: string[] }[] = [];
  for (const p of paras) {
    if (ITEM_HEAD.test(p) && kuan.length) kuan[kuan.length - 1]!.items.push(p);
    else kuan.push({ lead: p, items: [] });
  }
  if (!paragraph && !item) return { text: clauseText, note: null };
  const k = kuan[(paragraph ?? 1) - 1];
  if (!k) return { text: clauseText, note: `该条没有第${paragraph}款（共${kuan.length}款），按全条比对` };
  if (item) {
    const it = k.items[item - 1];
    if (!it) return { text: [k.lead, ...k.items].join("\n"), note: `该款没有第${item}项（共${k.items.length}项），按全款比对` };
    return { text: it, note: null };
  }
  return { text: [k.lead, ...k.items].join("\n"), note: null };
}

// ---------------------------------------------------------------- alignment

const ELLIPSIS = /……|…+|\.{3,}|。{3,}|[（(［\[]\s*(?:略|省略|中略)\s*[)）］\]]|(?<=^|[，。；：、,;:])\s*略\s*(?=[，。；：、,;:]|$)/g;

type Op = "m" | "s" | "i" | "d"; // match, substitute, insert (quote only), delete (reference only)

interface Alignment {
  refStart: number;
  refEnd: number;
  ops: Op[];
  matches: number;
}

/** Largest DP table we fill (quote × reference characters); beyond it, a coarse comparison. */
const MAX_CELLS = 3_000_000;
// Scores (×10 integers): a long dropped phrase is one gap (open + extend·length), so an omitted
// condition aligns as one deletion rather than as scattered substitutions.
const MATCH = 10;
const MISMATCH = -6;
const GAP_OPEN = -12;
const GAP_EXT = -2;
const NEG = -1e9;

/**
 * Semi-global alignment (Gotoh, affine gaps) of the whole quote `q` inside `r[from..]`, with a
 * free reference prefix and suffix, so a partial quote aligns to the passage it copies.
 */
function alignSemiGlobal(q: string, r: string, from: number): Alignment | null {
  const n = q.length;
  const m = r.length - from;
  if (n === 0) return { refStart: from, refEnd: from, ops: [], matches: 0 };
  if (m <= 0) return { refStart: from, refEnd: from, ops: Array<Op>(n).fill("i"), matches: 0 };
  if (n * m > MAX_CELLS) return null;
  const W = m + 1;
  // pointers per state: 0 = came from M, 1 = from X (deletion), 2 = from Y (insertion)
  const pM = new Uint8Array((n + 1) * W);
  const pX = new Uint8Array((n + 1) * W);
  const pY = new Uint8Array((n + 1) * W);
  let Mp = new Float64Array(W);
  let Xp = new Float64Array(W).fill(NEG);
  let Yp = new Float64Array(W).fill(NEG);
  let Mc = new Float64Array(W);
  let Xc = new Float64Array(W);
  let Yc = new Float64Array(W);
  // row 0: free start anywhere in the reference
  Mp.fill(0);
  for (let i = 1; i <= n; i++) {
    const qc = q.charCodeAt(i - 1);
    const row = i * W;
    Mc[0] = NEG;
    Xc[0] = NEG;
    // leading insertion from the start state
    const yFromM = Mp[0]! + GAP_OPEN;
    const yFromY = Yp[0]! + GAP_EXT;
    if (yFromY > yFromM) {
      Yc[0] = yFromY;
      pY[row] = 2;
    } else {
      Yc[0] = yFromM;
      pY[row] = 0;
    }
    for (let j = 1; j <= m; j++) {
      const sc = qc === r.charCodeAt(from + j - 1) ? MATCH : MISMATCH;
      // M: diagonal
      let best = Mp[j - 1]!;
      let ptr = 0;
      if (Xp[j - 1]! > best) {
        best = Xp[j - 1]!;
        ptr = 1;
      }
      if (Yp[j - 1]! > best) {
        best = Yp[j - 1]!;
        ptr = 2;
      }
      Mc[j] = best + sc;
      pM[row + j] = ptr;
      // X: skip a reference character (deletion), same row
      let x = Mc[j - 1]! + GAP_OPEN;
      let px = 0;
      if (Xc[j - 1]! + GAP_EXT > x) {
        x = Xc[j - 1]! + GAP_EXT;
        px = 1;
      }
      if (Yc[j - 1]! + GAP_OPEN > x) {
        x = Yc[j - 1]! + GAP_OPEN;
        px = 2;
      }
      Xc[j] = x;
      pX[row + j] = px;
      // Y: a quote character with no reference counterpart (insertion), previous row
      let y = Mp[j]! + GAP_OPEN;
      let py = 0;
      if (Yp[j]! + GAP_EXT > y) {
        y = Yp[j]! + GAP_EXT;
        py = 2;
      }
      if (Xp[j]! + GAP_OPEN > y) {
        y = Xp[j]! + GAP_OPEN;
        py = 1;
      }
      Yc[j] = y;
      pY[row + j] = py;
    }
    [Mp, Mc] = [Mc, Mp];
    [Xp, Xc] = [Xc, Xp];
    [Yp, Yc] = [Yc, Yp];
  }
  // free end: best M or Y in the last row
  let bestJ = 0;
  let bestState = 0;
  let best = -Infinity;
  for (let j = 0; j <= m; j++) {
    if (Mp[j]! > best) {
      best = Mp[j]!;
      bestJ = j;
      bestState = 0;
    }
    if (Yp[j]! > best) {
      best = Yp[j]!;
      bestJ = j;
      bestState = 2;
    }
  }
  const ops: Op[] = [];
  let i = n;
  let j = bestJ;
  let state = bestState;
  let matches = 0;
  while (i > 0) {
    const cell = i * W + j;
    if (state === 0) {
      const same = q.charCodeAt(i - 1) === r.charCodeAt(from + j - 1);
      ops.push(same ? "m" : "s");
      if (same) matches++;
      state = pM[cell]!;
      i--;
      j--;
    } else if (state === 1) {
      ops.push("d");
      state = pX[cell]!;
      j--;
    } else {
      ops.push("i");
      state = pY[cell]!;
      i--;
    }
  }
  // trailing deletions inside the reference before the start are not part of the alignment
  ops.reverse();
  while (ops[0] === "d") {
    ops.shift();
    j++;
  }
  return { refStart: from + j, refEnd: from + bestJ, ops, matches };
}

interface Hunk {
  refFrom: number;
  refTo: number;
  qFrom: number;
  qTo: number;
}

function hunksOf(a: Alignment, qOffset: number): Hunk[] {
  const out: Hunk[] = [];
  let ri = a.refStart;
  let qi = qOffset;
  let cur: Hunk | null = null;
  for (const op of a.ops) {
    if (op === "m") {
      if (cur) out.push(cur);
      cur = null;
      ri++;
      qi++;
      continue;
    }
    cur ??= { refFrom: ri, refTo: ri, qFrom: qi, qTo: qi };
    if (op === "s" || op === "d") cur.refTo = ++ri;
    if (op === "s" || op === "i") cur.qTo = ++qi;
  }
  if (cur) out.push(cur);
  return out;
}

// ---------------------------------------------------------------- classification

const MODALS = ["不应当", "不应该", "应当", "应该", "不应", "应予", "不予", "不得", "不可以", "不能够", "不能", "可以", "必须", "务必", "无须", "无需", "不必", "禁止", "有权", "无权", "可", "应", "须"];
const MODAL_CLASS: Record<string, string> = {
  应当: "应当", 应该: "应当", 应: "应当", 必须: "应当", 须: "应当", 务必: "应当", 应予: "应当",
  可以: "可以", 可: "可以", 有权: "可以",
  不得: "不得", 禁止: "不得", 不应当: "不得", 不应该: "不得", 不应: "不得", 不能: "不得", 不能够: "不得", 不可以: "不得", 无权: "不得",
  无须: "无须", 无需: "无须", 不必: "无须", 不予: "不予",
};
const NEGATIONS = ["没有", "不", "未", "无", "非", "否", "勿", "毋"];
const PARTIES = [
  "用人单位", "劳动者", "出卖人", "买受人", "出借人", "借款人", "贷款人", "债权人", "债务人", "当事人", "一方", "对方", "双方",
  "消费者", "经营者", "公司", "股东", "控股股东", "实际控制人", "董事", "监事", "高级管理人员", "出租人", "承租人", "发包人",
  "承包人", "委托人", "受托人", "保证人", "抵押人", "抵押权人", "质权人", "出质人", "人民法院", "仲裁机构", "原告", "被告",
  "第三人", "行为人", "受害人", "被侵权人", "侵权人", "赠与人", "受赠人", "承运人", "托运人", "定作人", "承揽人", "国家",
  "法人", "自然人", "合伙人", "被保险人", "保险人", "投保人", "发行人", "投资者", "监护人", "被监护人", "继承人", "配偶",
];
/** The two sides of an act (who gives, who receives): one put for the other turns the rule to the other party. */
const FLIPPED: [string, string][] = [
  ["给付", "收受"], ["支付", "收取"], ["出租", "承租"], ["出卖", "买受"], ["出借", "借入"], ["赠与", "受赠"], ["委托", "受托"],
  ["发包", "承包"], ["转让", "受让"], ["出质", "质权"], ["抵押人", "抵押权人"], ["用人单位", "劳动者"],
];
/**
 * Words of opposite effect (视为接受 → 视为放弃, 从轻 → 从重, 延长 → 缩短): one put for the other reverses the rule, however few
 * characters change. Each pair a closed class of statute wording, written by hand.
 */
const REVERSED: [string, string][] = [
  ["接受", "放弃"], ["从轻", "从重"], ["减轻", "加重"], ["增加", "减少"], ["提高", "降低"], ["延长", "缩短"], ["同意", "拒绝"],
  ["支持", "驳回"], ["最高", "最低"], ["书面", "口头"], ["撤销", "维持"], ["准予", "不予"], ["解除", "继续履行"],
];

/** Words right around a word of opposite effect that must be the article's around its own (sum of both sides, and one side at least 2). */
export const REVERSED_AROUND = 4;
/** How many characters around it are read. */
const AROUND = 6;

/**
 * Words of opposite effect read locally, where the phrase alignment misses them (依照第一款的规定从轻处罚 against the article's
 * 依照第一款的规定从重处罚, the sentence's phrase cut short by the formula taken out): the sentence says one word of a pair and
 * not the other, the article the other and not the one, with REVERSED_AROUND characters around them in common.
 */
export function reversedAround(sentence: string, content: string): { source: string; quote: string; text: string }[] {
  const out: { source: string; quote: string; text: string }[] = [];
  for (const [x, y] of REVERSED) {
    for (const [a, b] of [[x, y], [y, x]] as const) {
      if (!sentence.includes(b) || !content.includes(a)) continue;
      // (where both words are said, each in its own words — 有权决定解除或者继续履行 — only a place the article says the one with
      // the sentence's words around it, and never the other so, counts: 视为解除合同 against 视为继续履行合同)
      const found = (() => {
        for (let at = sentence.indexOf(b); at >= 0; at = sentence.indexOf(b, at + 1)) {
          const left = wordsBefore(sentence, at, AROUND);
          const right = wordsAfter(sentence, at + b.length, AROUND);
          for (let k = content.indexOf(a); k >= 0; k = content.indexOf(a, k + 1)) {
            const theirLeft = wordsBefore(content, k, AROUND);
            const theirRight = wordsAfter(content, k + a.length, AROUND);
            const l = sharedEnd(left, theirLeft);
            const r = sharedStart(right, theirRight);
            const mine = `${left.slice(left.length - l)}${b}${right.slice(0, r)}`;
            const theirs = `${theirLeft.slice(theirLeft.length - l)}${a}${theirRight.slice(0, r)}`;
            if (l + r < REVERSED_AROUND || Math.max(l, r) < 2 || content.includes(mine) || sentence.includes(theirs)) continue;
            // (the words before shown from a word's start: 前款的规定, not 照前款的规定)
            let shown = left.slice(left.length - l);
            if (l === AROUND) {
              const words = jiebaCut(shown);
              if (words.length > 1) shown = words.slice(1).join("");
            }
            return { source: a, quote: b, text: `含义相反：原文「${shown}${a}${theirRight.slice(0, r)}」，援引句「${shown}${b}${right.slice(0, r)}」（${a} → ${b}）` };
          }
        }
        return null;
      })();
      if (found) out.push(found);
    }
  }
  return out;
}

/** Could a phrase put a word of the pairs for its opposite in this article: it says one, the article the other. */
export function reversedPossible(phrase: string, content: string): boolean {
  return REVERSED.some(([a, b]) => (phrase.includes(a) && content.includes(b)) || (phrase.includes(b) && content.includes(a)));
}

/** Any word of those pairs (a phrase holding one is worth aligning with the article); not 支持 / 驳回, whose phrases carry their
 * modal (应予支持, 不予支持) and are aligned for it already. */
export const REVERSED_WORD = new RegExp(REVERSED.flat().filter((w) => w !== "支持" && w !== "驳回").join("|"));

/** The pair of opposite words a change puts one for the other ([the article's, the draft's]), if any. */
export function reversedPair(source: string, quote: string): [string, string] | null {
  for (const [a, b] of REVERSED) {
    if (source.includes(a) && quote.includes(b) && !quote.includes(a) && !source.includes(b)) return [a, b];
    if (source.includes(b) && quote.includes(a) && !quote.includes(b) && !source.includes(a)) return [b, a];
  }
  return null;
}
const CONDITION_MARK = /的[，,；;]|^[^。]*的$|但|除|经|超过|不满|以上|以下|以内|之日起|期间|期限|情形|条件|同意|如果|若|在.{0,12}(?:内|前|后|时)|届满/;

function tokensIn(s: string, words: string[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < s.length) {
    const w = words.find((x) => s.startsWith(x, i));
    if (w) {
      out.push(w);
      i += w.length;
    } else i++;
  }
  return out;
}

function sameBag(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((v, k) => v === y[k]);
}

function window(text: string, from: number, to: number, pad: number): [number, number] {
  return [Math.max(0, from - pad), Math.min(text.length, to + pad)];
}

/** Widens [from, to) to whole number tokens plus their unit (日, 个月, 倍, 元, %…). */
function widenNumber(text: string, from: number, to: number): [number, number] {
  let a = from;
  let b = to;
  while (a > 0 && /[0-9.]/.test(text[a - 1]!)) a--;
  while (b < text.length && /[0-9.]/.test(text[b]!)) b++;
  const unit = /^(?:个月|个工作日|工作日|日|月|年|倍|元|万元|次|周|小时|岁|人|%|分之)/.exec(text.slice(b));
  if (unit) b += unit[0].length;
  return [a, b];
}

function quoteText(s: string): string {
  return `「${s}」`;
}

/** Words either side of a negation that must come with it for the article to hold it elsewhere. */
const NEGATION_CONTEXT = 3;

/** A stretch of the draft at least this long… */
const MOVED_MIN = 8;
/** …whose bigrams the article holds at least this much is the article's words moved (an item written in its lead's place). */
const MOVED_SHARE = 0.8;

/**
 * Is the draft's stretch [from, to) the article's own words moved in (not a flip: a flip is a word or two), each of its
 * negations held by the article with NEGATION_CONTEXT characters on one side at least (无偿转让, 明显不合理)?
 */
function negationsHeld(text: string, from: number, to: number, article: string): boolean {
  const stretch = text.slice(from, to);
  if (stretch.length < MOVED_MIN) return false;
  const bigrams = [...Array(stretch.length - 1).keys()].map((i) => stretch.slice(i, i + 2));
  if (bigrams.filter((b) => article.includes(b)).length < MOVED_SHARE * bigrams.length) return false;
  let any = false;
  for (const m of stretch.matchAll(new RegExp(NEGATIONS.join("|"), "g"))) {
    const at = from + m.index!;
    const before = text.slice(Math.max(0, at - NEGATION_CONTEXT), at + m[0].length);
    const after = text.slice(at, at + m[0].length + NEGATION_CONTEXT);
    const held = (w: string) => w.length === m[0].length + NEGATION_CONTEXT && article.includes(w);
    if (!held(before) && !held(after)) return false;
    any = true;
  }
  return any;
}

function classify(h: Hunk, ref: Canon, q: Canon, quoted: boolean): DiffPoint | null {
  const rs = ref.text.slice(h.refFrom, h.refTo);
  const qs = q.text.slice(h.qFrom, h.qTo);
  // modal words in a small window around the change
  const [ra, rb] = window(ref.text, h.refFrom, h.refTo, 2);
  const [qa, qb] = window(q.text, h.qFrom, h.qTo, 2);
  // quotes must keep the exact modal word; a paraphrase only its force (应当 = 必须, 可以 = 有权)
  const rm = tokensIn(ref.text.slice(ra, rb), MODALS).map((w) => (quoted ? w : MODAL_CLASS[w] ?? w));
  const qm = tokensIn(q.text.slice(qa, qb), MODALS).map((w) => (quoted ? w : MODAL_CLASS[w] ?? w));
  // a long phrase dropped or added wholesale is an omission / addition, even if it holds 不 or 应当
  // (so is a long stretch of the article summed up in a few words of the draft's own with no modal: 「…费用等，其次是…」 for two
  // items, one holding 应当 — an omission, not a modal dropped)
  // (the draft's own words of the hunk hold no modal: a modal just past its edge is aligned with the article's — 「…；并且“不得在每日
  // 二十二时…」 sums up 「，并采取技术措施，不得让未成年人接触…。网络游戏服务提供者」 and keeps the next 不得)
  // a word of opposite effect put for the article's (视为接受受遗赠 → 视为放弃受遗赠, 视为准予延续 → 视为不予延续), read with the
  // characters around the change (准 → 不 changes 准予 into 不予)
  const reversed = rs && qs ? reversedPair(ref.text.slice(ra, rb), q.text.slice(qa, qb)) : null;
  if (reversed) {
    const [sa, sb] = window(ref.text, h.refFrom, h.refTo, 4);
    const [ta, tb] = window(q.text, h.qFrom, h.qTo, 4);
    // (shown within its sentence: 「示的，视为拒绝追认」, not 「…追认。民事」)
    const shown = (t: string, w: string) => t.split(/[。；;\n]/).find((x) => x.includes(w)) ?? t;
    return { kind: "negation", source: reversed[0], quote: reversed[1], text: `含义相反：原文「${shown(origSlice(ref, sa, sb), reversed[0])}」，引文「${shown(origSlice(q, ta, tb), reversed[1])}」（${reversed[0]} → ${reversed[1]}）` };
  }
  const wholesale = ((!rs || !qs) && (rs + qs).length > 4) || (!tokensIn(qs, MODALS).length && (!qm.length || qs.length <= 2) && rs.length >= SUMMED_UP && rs.length >= 2 * qs.length);
  // (the draft's words around the modal are the article's own elsewhere — 「用人单位应当向劳动者支付经济补偿」 of 第四十六条's lead,
  // put after its item by a restatement that reorders them — the alignment met the wrong part: no changed modal)
  const restatedElsewhere = quoted && qm.length > 0 && qb - qa >= MODAL_PHRASE_ELSEWHERE && ref.text.includes(q.text.slice(qa, qb));
  // a right to act within a time limit restated as a duty to act within it (「可以自知道…之日起六十日内提出」 →
  // 「应当自知道…之日起六十日内提出」): both say the time limit; only a paraphrase, and not the other way round (a body's
  // duty to act within a time limit restated as a discretion is a change)
  const deadline = !quoted && rm.join() === "可以" && qm.join() === "应当" && DEADLINE_AFTER.test(ref.text.slice(rb)) && DEADLINE_AFTER.test(q.text.slice(qb));
  if (!wholesale && !sameBag(rm, qm) && (rm.length || qm.length) && !restatedElsewhere && !deadline) {
    const src = rm.join("、") || "（无）";
    const dst = qm.join("、") || "（无）";
    return { kind: "modal", source: src, quote: dst, text: `情态词改变：原文「${src}」，引文「${dst}」（${origSlice(ref, ra, rb)} → ${origSlice(q, qa, qb)}）` };
  }
  // (a change cutting 没有 in two — 有先后履行顺序的 against 没有先后履行顺序的: the hunk is 没 — reads the whole word)
  const withYou = (t: string, s: string, to: number) => (t.endsWith("没") && s[to] === "有" ? `${t}有` : t);
  const rn = tokensIn(withYou(rs, ref.text, h.refTo), NEGATIONS);
  const qn = tokensIn(withYou(qs, q.text, h.qTo), NEGATIONS);
  // the draft's negations, each with the words around it, are the article's own elsewhere (下列行为 with its items written in
  // its place: 「…的无偿转让财产、以明显不合理的价格进行交易…等行为」 — 不合理 is item (二)'s): moved, not added
  const movedIn = qn.length > rn.length && negationsHeld(q.text, h.qFrom, h.qTo, ref.text);
  if (!wholesale && rn.length !== qn.length && !movedIn) {
    const dropped = rn.length > qn.length;
    return {
      kind: "negation",
      source: origSlice(ref, ra, rb),
      quote: origSlice(q, qa, qb),
      text: dropped
        ? `否定词被删除：原文「${origSlice(ref, ra, rb)}」，引文「${origSlice(q, qa, qb)}」`
        : `增加了否定词：原文「${origSlice(ref, ra, rb)}」，引文「${origSlice(q, qa, qb)}」`,
    };
  }
  if (/[0-9]/.test(rs + qs) || (h.refFrom > 0 && /[0-9]/.test(ref.text[h.refFrom - 1]!) && /[0-9]/.test(q.text[h.qFrom - 1] ?? "")) || (/[0-9]/.test(ref.text[h.refTo] ?? "") && /[0-9]/.test(q.text[h.qTo] ?? ""))) {
    const [na, nb] = widenNumber(ref.text, h.refFrom, h.refTo);
    const [ma, mb] = widenNumber(q.text, h.qFrom, h.qTo);
    const src = origSlice(ref, na, nb);
    const dst = origSlice(q, ma, mb);
    const rt = ref.text.slice(na, nb);
    const qt = q.text.slice(ma, mb);
    // a changed number (both sides have one), or a bare number/unit dropped or added;
    // a whole phrase with a number dropped is an omitted condition (classified below)
    const bothNumbers = /[0-9]/.test(rt) && /[0-9]/.test(qt);
    // (a count without its unit — 一方, 一并, 之一 — is a word, not a number the quote adds or drops)
    const bare = (!rs || !qs) && (rs + qs).length <= 4 && /^(?:[0-9.]+)?(?:个月|个工作日|工作日|日|月|年|倍|元|万元|亿元|次|周|小时|周岁|岁|人|%|分之)?$/.test(rs + qs);
    // an item's label (（二）) is no number of the rule: a restatement that leaves the item out drops it
    // one of two alternatives left out (价款十倍或者损失三倍 → 价款十倍) states the other: an omission, classified below
    const alternativeLeft = qt !== "" && rt.length > qt.length && ((rt.startsWith(qt) && /^(?:或者|或|以及|及)/.test(rt.slice(qt.length))) || (rt.endsWith(qt) && /(?:或者|或|以及|及)$/.test(rt.slice(0, rt.length - qt.length))));
    if (rt !== qt && (bothNumbers || bare) && !(qt === "" && itemLabel(ref, na, nb)) && !alternativeLeft) {
      return { kind: "number", source: src, quote: dst, text: `数字/期限/金额改变：原文「${src || "（无）"}」，引文「${dst || "（无）"}」` };
    }
  }
  const [pa, pb] = window(ref.text, h.refFrom, h.refTo, 4);
  const [pqa, pqb] = window(q.text, h.qFrom, h.qTo, 4);
  const rp = tokensIn(ref.text.slice(pa, pb), PARTIES);
  const qp = tokensIn(q.text.slice(pqa, pqb), PARTIES);
  // (a role cut short by what the change drops — 有利于被保险人和受益人的解释 → 有利于保险人的解释 — names another role, none of the article's)
  // (in a restatement only: a quote's dropped words are an omission, read below)
  if (((rs && qs) || (!quoted && rs + qs && !qp.some((w) => rp.includes(w)))) && !sameBag(rp, qp) && rp.length && qp.length) {
    return { kind: "party", source: rp.join("、"), quote: qp.join("、"), text: `主体/对象改变：原文「${rp.join("、")}」，引文「${qp.join("、")}」` };
  }
  // one side of a two-sided act put for the other (收受定金的一方 for 给付定金的一方, 出租 for 承租): the rule now binds the other party
  const flip = rs && qs ? FLIPPED.find(([a, b]) => (rs.includes(a) && qs.includes(b)) || (rs.includes(b) && qs.includes(a))) : undefined;
  if (flip) {
    const [src, dst] = rs.includes(flip[0]) ? flip : [flip[1], flip[0]];
    return { kind: "party", source: src, quote: dst, text: `主体/对象改变：原文「${origSlice(ref, pa, pb)}」，引文「${origSlice(q, pqa, pqb)}」（${src} → ${dst}）` };
  }
  if (!quoted) return null; // a sentence applying the clause may add or drop words freely
  if (rs && !qs && itemLabel(ref, h.refFrom, h.refTo)) return null; // an item's label left out says nothing
  if (rs && !qs) {
    // a gap the alignment may place one way or another (十倍或者损失三倍 → 十倍: 「倍或者损失三」 or 「或者损失三倍」) is shown
    // at its rightmost place, which reads as the words left out
    let [f, t] = [h.refFrom, h.refTo];
    while (t < ref.text.length && ref.text[f] === ref.text[t]) [f, t] = [f + 1, t + 1];
    const o = origSlice(ref, f, t);
    const oWithNext = ref.orig.slice(ref.map[f]!, (ref.mapEnd[t - 1] ?? 0) + 1);
    if (rs.length >= 3 && CONDITION_MARK.test(oWithNext)) {
      return { kind: "condition", source: o, quote: "", text: `遗漏了条件或限定：${quoteText(o)}` };
    }
    if (rs.length >= 3) return { kind: "omission", source: o, quote: "", text: `省略了原文：${quoteText(o)}` };
    return { kind: "wording", source: o, quote: "", text: `措辞差异：原文${quoteText(o)}未出现在引文中` };
  }
  if (!rs && qs) {
    const o = origSlice(q, h.qFrom, h.qTo);
    if (qs.length >= 3) return { kind: "addition", source: "", quote: o, text: `增加了原文没有的表述：${quoteText(o)}` };
    return { kind: "wording", source: "", quote: o, text: `措辞差异：引文多出${quoteText(o)}` };
  }
  const src = origSlice(ref, h.refFrom, h.refTo);
  const dst = origSlice(q, h.qFrom, h.qTo);
  return { kind: "wording", source: src, quote: dst, text: `措辞不同：原文${quoteText(src)}，引文${quoteText(dst)}` };
}

/** An article's stretch at least this long replaced by draft words half its length or less, with no modal, is summed up, not a modal dropped. */
export const SUMMED_UP = 12;

/** A modal's surrounding words (the change ± 2 characters) this long found word for word elsewhere in the article are the article's. */
const MODAL_PHRASE_ELSEWHERE = 6;

/** Is the reference's number at [a, b) an item's label in the original (（二）, (三))? */
function itemLabel(ref: Canon, a: number, b: number): boolean {
  if (b <= a || a >= ref.map.length) return false;
  const s = ref.map[a]!;
  const e = ref.mapEnd[Math.min(b, ref.map.length) - 1]!;
  return /[（(]\s*$/.test(ref.orig.slice(Math.max(0, s - 2), s)) && /^\s*[）)]/.test(ref.orig.slice(e, e + 2));
}

const CRITICAL: PointKind[] = ["modal", "negation", "number", "party"];

/** An excerpt (see decide): at least this share of the quote's characters are the article's, in order… */
export const EXCERPT_COVERAGE = 0.97;
/** …the quote has at least this many characters… */
export const EXCERPT_MIN = 12;
/** …it leaves out at most this many stretches… */
export const EXCERPT_CUTS = 3;
/** …and its runs between them average at least this many characters. */
export const EXCERPT_RUN = 6;

// ---------------------------------------------------------------- compare

export function compareQuote(input: CompareInput): CompareResult {
  const base = { engine: BUILTIN_ENGINE };
  if (!input.clauseText.trim()) {
    return { ...base, 结论: "无法判断", 语义相似度: null, 说明: "知识库中没有可比对的条文原文。", 要点: [], 差异: [], coverage: 0 };
  }
  const segments = withoutEnumerators(input.claim)
    .split(ELLIPSIS)
    .map((s) => canonicalSegment(s))
    .filter((c) => c.text.length > 0);
  const qLen = segments.reduce((a, c) => a + c.text.length, 0);
  if (qLen === 0) {
    return { ...base, 结论: "无法判断", 语义相似度: null, 说明: "草稿没有给出可比对的引文内容。", 要点: [], 差异: [], coverage: 0 };
  }
  const scope = scopeFor(input.clauseText, input.paragraph, input.item);
  const framing = !!input.pasted && input.quoted;
  let result = alignAll(segments, canonical(scope.text), input.quoted, framing);
  // a 项 read with its 款's lead (「夫妻在婚姻关系存续期间所得的下列财产，为夫妻的共同财产：」 + （一）工资、奖金): the draft
  // often writes the two as one sentence
  if (input.item && !scope.note && result.similarity < 0.9) {
    const lead = scopeFor(input.clauseText, input.paragraph, undefined).text.split("\n")[0]!;
    if (lead !== scope.text) {
      // …or the 项 put in place of the lead's 下列… (所得的下列财产，为… → 所得的工资、奖金、劳务报酬，为…)
      const body = scope.text.replace(ITEM_HEAD, "").replace(/[；;。，,]\s*$/, "");
      const inPlace = lead.replace(LIST_IN_LEAD, body);
      for (const ref of inPlace !== lead ? [`${lead}\n${scope.text}`, inPlace] : [`${lead}\n${scope.text}`]) {
        const withLead = alignAll(segments, canonical(ref), input.quoted, framing);
        // (not when the lead brings a change of its own: 「业主…应当履行…的义务」 against 「业主…履行下列义务」 is no changed modal)
        const critical = (a: Aligned) => new Set(a.points.filter((p) => CRITICAL.includes(p.kind)).map((p) => p.kind));
        const before = critical(result);
        if (withLead.similarity > result.similarity + 0.1 && [...critical(withLead)].every((k) => before.has(k))) result = withLead;
      }
    }
  }
  // no 项 cited: one of the article's 项 written with its lead, in the lead's words or in place of its 下列… (「遗嘱或者赠与合同中
  // 确定只归一方的财产，为夫妻一方的个人财产」 of 「下列财产为夫妻一方的个人财产：…（三）遗嘱或者赠与合同中确定只归一方的财产」)
  if (!input.item && result.similarity < 0.9) {
    const lines = scope.text.split("\n");
    const lead = lines[0]!;
    const items = lines.slice(1).filter((l) => ITEM_HEAD.test(l));
    if (items.length >= 2 && items.length <= MAX_ITEMS_IN_PLACE && /下列/.test(lead)) {
      const critical = (a: Aligned) => new Set(a.points.filter((p) => CRITICAL.includes(p.kind)).map((p) => p.kind));
      const before = critical(result);
      let best: Aligned | null = null;
      for (const item of items) {
        const body = item.replace(ITEM_HEAD, "").replace(/[；;。，,]\s*$/, "");
        // (only in place: the lead then the 项 would let the lead's consequence, written after the 项, pass as the writer's framing)
        const inPlace = lead.replace(LIST_IN_LEAD, body);
        if (inPlace === lead) break;
        // (no framing: the lead's words written after the 项 are the article's, a change in them is one)
        const a = alignAll(segments, canonical(inPlace), input.quoted, false);
        if ((!best || a.similarity > best.similarity) && [...critical(a)].every((k) => before.has(k))) best = a;
      }
      if (best && best.similarity > result.similarity + 0.1) result = best;
    }
  }
  if (input.quoted && scope.text !== input.clauseText && result.similarity < 0.6) {
    const whole = alignAll(segments, canonical(input.clauseText), input.quoted, framing);
    if (whole.similarity > result.similarity + 0.15) {
      result = whole;
      result.points.unshift({ kind: "scope", source: "", quote: "", text: "引文与所引款项不符，但见于该条其他款项" });
    }
  }
  if (scope.note) result.points.unshift({ kind: "scope", source: "", quote: "", text: scope.note });
  result.points = result.points.filter((p) => !resolvesReference(p, input.clauseText));
  const decided = decide(result, input.quoted, qLen - result.framing);
  // the article's sentences in another order (收受定金的一方…应当双倍返还定金；反过来，给付定金的一方…无权请求返还定金):
  // read as one, the swap looks like negations dropped and added; each sentence aligned on its own is the article's
  if (decided.结论 === "不一致" && input.quoted) {
    const least = inOtherOrder(withoutEnumerators(input.claim), canonical(scope.text));
    if (least !== null) {
      const text = "各句均为原文（个别省略），但顺序与原文不同";
      return { ...decided, 结论: "部分一致", 语义相似度: round3(least), 说明: `引文${text}。`, 要点: [text], 差异: [{ kind: "wording", source: "", quote: "", text }] };
    }
  }
  return decided;
}

/**
 * A number "changed" where the article refers to another of its parts (不受本条第一款规定的仲裁时效期间的限制) and the draft
 * writes what that part says (不受一年仲裁时效期间的限制): the reference resolved, not a number changed — when the article
 * holds the draft's number with its unit. A reference replaced by a number the article does not hold stays a change.
 */
function resolvesReference(p: DiffPoint, clauseText: string): boolean {
  if (p.kind !== "number" || !p.quote || !p.source) return false;
  // the article's side of the change: its numeral is that of a reference (本条第一款, 前款, 本法第二十条) where it stands
  const refs = [...clauseText.matchAll(/(?:本条|本法|前)?第[零〇一二两三四五六七八九十百千0-9]+[款条项]/g)].map((m) => [m.index!, m.index! + m[0].length] as const);
  let inReference = false;
  for (let at = clauseText.indexOf(p.source); at >= 0 && !inReference; at = clauseText.indexOf(p.source, at + 1)) {
    for (let i = at; i < at + p.source.length && !inReference; i++) {
      if (/[零〇一二两三四五六七八九十百千0-9]/.test(clauseText[i]!) && refs.some(([a, b]) => i >= a && i < b)) inReference = true;
    }
  }
  if (!inReference) return false;
  const said = canonical(p.quote).text;
  return /[0-9]/.test(said) && /[^0-9.]$/.test(said) && canonical(clauseText).text.includes(said);
}

/** The lead's words announcing its 项 (下列财产, 下列情形之一), which a 项 written in place of them replaces. */
const LIST_IN_LEAD = /下列[\u4e00-\u9fa5]{0,4}?(?:之一)?(?=[的，,：:为是])/;
/** A 项 with its lead is tried for an uncited 项 only in an article of at most this many 项 (each costs an alignment). */
const MAX_ITEMS_IN_PLACE = 20;

/** A sentence of a reordered quote counts when it has at least this many characters and aligns at least this well alone. */
const REORDERED_MIN = 8;
const REORDERED_SIMILARITY = 0.75;

/**
 * The quote's sentences (split at ；。, a linking word 反过来 / 反之 / 同时 dropped), each aligned on its own with nothing
 * but words left out — no word put for another (收受 for 给付 would pass a swap of the two consequences), no changed modal,
 * negation, number or party — in an order the article does not have: their least similarity; else null.
 */
function inOtherOrder(claim: string, ref: Canon): number | null {
  const parts = claim
    .split(/[；;。]/)
    .map((x) => x.replace(/^[，,\s]*(?:反过来|反之|同时|另外|此外|并且|而)[，,]?/, ""))
    .map((x) => canonical(x))
    .filter((c) => c.text.length >= REORDERED_MIN);
  if (parts.length < 2) return null;
  let least = 1;
  let last = -1;
  let outOfOrder = false;
  for (const c of parts) {
    const a = alignAll([c], ref, true);
    if (a.coarse || a.similarity < REORDERED_SIMILARITY || a.points.some((p) => p.kind !== "omission" && p.kind !== "condition")) return null;
    const at = alignSemiGlobal(c.text, ref.text, 0);
    if (!at) return null;
    if (at.refStart < last) outOfOrder = true;
    last = at.refStart;
    least = Math.min(least, a.similarity);
  }
  return outOfOrder ? least : null;
}

/** The writer's own list numbers at the start of a line (1. 2、 ３．), which no article writes: not the quote's numbers. */
export function withoutEnumerators(claim: string): string {
  return claim.replace(/(^|\n)\s*[0-9０-９]{1,2}\s*[.．、](?![0-9０-９])\s*/g, "$1");
}

function canonicalSegment(s: string): Canon {
  return canonical(s);
}

interface Aligned {
  similarity: number;
  matches: number;
  /** Characters of the writer's own after the article's words (pasted text only), left out. */
  framing: number;
  points: DiffPoint[];
  coarse: boolean;
}

function alignAll(segments: Canon[], ref: Canon, quoted: boolean, framed = false): Aligned {
  let from = 0;
  let matches = 0;
  let refSpan = 0;
  let qLen = 0;
  const points: DiffPoint[] = [];
  let lastEnd = 0;
  const aligned: { seg: Canon; hunks: Hunk[]; edges: Hunk[] }[] = [];
  for (const [k, seg] of segments.entries()) {
    qLen += seg.text.length;
    const a = alignSemiGlobal(seg.text, ref.text, from);
    if (!a) return coarse(segments, ref);
    // ellipsis parts must keep their order, but a part that fits nowhere after the previous one
    // (e.g. quoted out of order) is aligned from the start instead
    matches += a.matches;
    refSpan += a.refEnd - a.refStart;
    const hunks = hunksOf(framed ? insertionsRight(a, seg.text) : a, 0);
    // pasted text: words after the last aligned character are the writer's (…的行为，是侵犯软件著作权的行为)
    const edge = (h: Hunk) => framed && h.refFrom === h.refTo && k === segments.length - 1 && h.qTo === seg.text.length && h.qFrom > 0;
    aligned.push({ seg, hunks, edges: hunks.filter(edge) });
    from = a.refEnd;
    lastEnd = a.refEnd;
  }
  let framing = aligned.reduce((n, x) => n + x.edges.reduce((m, h) => m + h.qTo - h.qFrom, 0), 0);
  if (framing > MAX_FRAMING * qLen || qLen - framing < MIN_FRAMED) framing = 0;
  for (const { seg, hunks, edges } of aligned) {
    for (const h of hunks) {
      if (framing && edges.includes(h)) continue;
      const p = classify(h, ref, seg, quoted);
      if (p) points.push(p);
    }
  }
  qLen -= framing;
  // a quote that stops right before a proviso (但是……除外) drops a condition
  if (quoted && lastEnd < ref.text.length) {
    const restOrig = ref.orig.slice(ref.map[lastEnd] ?? ref.orig.length);
    const para = restOrig.split("\n")[0]!.replace(/^[\s，,。；;：:]+/, "");
    if (/^(?:但|但是|除)/.test(para) && para.length > 2) {
      points.push({ kind: "condition", source: para, quote: "", text: `引文省略了但书：${quoteText(para.replace(/[。；;]$/, ""))}` });
    }
  }
  const sim = qLen + refSpan === 0 ? 0 : (2 * matches) / (qLen + refSpan);
  return { similarity: sim, matches, framing, points: dedupe(points), coarse: false };
}

/**
 * The same alignment with each run of inserted quote characters moved as far right as it can go
 * (…违约责任[，被告应当承担]违约责任 → …违约责任[，被告应当承担违约责任]): where repeated words make
 * the place of an insertion ambiguous, the writer's added words are taken to come after the
 * article's, so a conclusion written after pasted text is seen as trailing.
 */
function insertionsRight(a: Alignment, q: string): Alignment {
  const ops = [...a.ops];
  let qi = 0; // quote index of ops[i]
  for (let i = 0; i < ops.length; ) {
    if (ops[i] !== "i") {
      if (ops[i] !== "d") qi++;
      i++;
      continue;
    }
    let e = i;
    while (e < ops.length && ops[e] === "i") e++;
    const len = e - i;
    // the run covers q[qi, qi + len); slide it over each following match of the same character
    while (e < ops.length && ops[e] === "m" && q[qi] === q[qi + len]) {
      ops[i++] = "m";
      ops[e++] = "i";
      qi++;
    }
    qi += len;
    i = e;
  }
  return { ...a, ops };
}

/** At most this share of pasted text may be the writer's own words after the article's… */
const MAX_FRAMING = 0.5;
/** …and the article's words must be at least this many characters. */
const MIN_FRAMED = 15;

function coarse(segments: Canon[], ref: Canon): Aligned {
  // very long texts: bigram containment only, no differences listed
  const q = segments.map((s) => s.text).join("");
  const grams = new Set<string>();
  for (let i = 0; i + 1 < ref.text.length; i++) grams.add(ref.text.slice(i, i + 2));
  let hit = 0;
  for (let i = 0; i + 1 < q.length; i++) if (grams.has(q.slice(i, i + 2))) hit++;
  const sim = q.length > 1 ? hit / (q.length - 1) : 0;
  return { similarity: sim, matches: Math.round(sim * q.length), framing: 0, points: [], coarse: true };
}

function dedupe(points: DiffPoint[]): DiffPoint[] {
  const seen = new Set<string>();
  return points.filter((p) => (seen.has(p.text) ? false : (seen.add(p.text), true)));
}

function round3(x: number): number {
  return Math.round(Math.max(0, Math.min(1, x)) * 1000) / 1000;
}

function decide(a: Aligned, quoted: boolean, qLen: number): CompareResult {
  const coverage = qLen ? a.matches / qLen : 0;
  const critical = a.points.filter((p) => CRITICAL.includes(p.kind));
  const conditions = a.points.filter((p) => p.kind === "condition");
  const major = a.points.filter((p) => p.kind === "omission" || p.kind === "addition" || p.kind === "scope");
  const wording = a.points.filter((p) => p.kind === "wording");
  const wordingChars = wording.reduce((n, p) => n + Math.max(p.source.length, p.quote.length), 0);
  let sim = a.similarity * Math.pow(0.7, critical.length) * Math.pow(0.9, conditions.length);
  const 要点 = a.points.map((p) => p.text);
  const mk = (结论: Conclusion, 说明: string, s: number | null = round3(sim)): CompareResult => ({
    engine: BUILTIN_ENGINE,
    结论,
    语义相似度: s,
    说明,
    要点,
    差异: a.points,
    coverage: round3(coverage),
  });

  if (!quoted) {
    // A sentence that applies the clause: judge only when it restates the clause's rule.
    if (coverage < 0.7 || qLen < 8) {
      return { ...mk("无法判断", "草稿未引用条文原文，援引句主要是对案件事实的适用，无法逐字比对。"), 要点: [], 差异: [] };
    }
    if (critical.length) return mk("不一致", `援引句对条文的转述与原文不符：${critical.map((p) => p.text).join("；")}。`);
    return mk(coverage >= 0.85 ? "一致" : "部分一致", coverage >= 0.85 ? "援引句对条文的转述与原文相符。" : "援引句部分转述了条文内容。");
  }
  if (a.points.length === 0 && a.similarity >= 0.999) {
    return mk("一致", "引文与条文原文一致（忽略标点、全半角与数字写法）。", 1);
  }
  if (critical.length) {
    return mk("不一致", `引文改变了条文含义：${critical.map((p) => p.text).join("；")}。`);
  }
  if (a.coarse) {
    if (a.similarity >= 0.9) return mk("一致", "引文与条文原文基本一致（长文本按字词重合度比对）。");
    if (a.similarity >= 0.5) return mk("部分一致", "引文与条文部分重合（长文本按字词重合度比对）。");
    return mk("不一致", "引文与条文内容基本不重合（长文本按字词重合度比对）。");
  }
  if (sim < 0.5) {
    // an excerpt: every word of the quote is the article's, in order, in a few long runs with stretches between left
    // out (「诈骗公私财物数额巨大的，处三年以上十年以下有期徒刑，并处罚金」 of 第二百六十六条's three tiers): the writer
    // kept what bears on the case; its low similarity is the article's length, not invented words
    const cuts = a.points.filter((p) => p.kind === "omission" || p.kind === "condition").length;
    if (coverage >= EXCERPT_COVERAGE && qLen >= EXCERPT_MIN && cuts >= 1 && cuts <= EXCERPT_CUTS && qLen / (cuts + 1) >= EXCERPT_RUN) {
      const left = a.points.find((p) => p.kind === "omission" || p.kind === "condition")!;
      return mk("部分一致", `引文系从条文中摘取，各段文字均与原文相同，但省略了部分内容（${left.text}）。`);
    }
    return mk("不一致", "引文与该条文内容大部分不符，疑似虚构或张冠李戴。");
  }
  if (!conditions.length && !major.length && wordingChars <= 2 && sim >= 0.9) {
    return mk("一致", "引文与条文原文一致，仅有个别字词差异。");
  }
  const first = [...conditions, ...major, ...wording][0];
  return mk("部分一致", `引文与条文大体相符，但有出入：${first ? first.text : "措辞有所改动"}。`);
}
