/**
 * Who decides and by how many, restated: the level of government (省级以上 for 县级以上), the department (自然资源主管部门 for
 * 农业农村主管部门), the share that must consent (过半数同意 for 一致同意) or the form of a liability (连带责任保证 for 一般保证) in the sentence, where the article says another
 * with the same words around it. Hand-written: these are closed classes of a statute's own wording that no library knows,
 * read like restated-number.ts reads numbers (the words on both sides must be the article's).
 */
import { conditionBefore, sharedEnd, sharedStart, wordBigrams, wordsAfter, wordsBefore } from "./words-around";

/** The words compared: a level of government, a department before 主管部门 / 行政部门, a share that consents. */
const CLASSES: { name: string; re: RegExp; say: string; rightMin: number }[] = [
  { name: "level", re: /国务院|省、自治区、直辖市|省级|设区的市级|设区的市|县级|乡级|乡、镇|乡镇/g, say: "机关层级", rightMin: 3 },
  // (the department's own name, after the body it belongs to: 人民政府农业农村主管部门, 国务院专利行政部门)
  { name: "department", re: /(?<=人民政府|国务院|以上|级)[\u4e00-\u9fff]{2,6}?(?=主管部门|行政部门|行政管理部门)/g, say: "主管部门", rightMin: 3 },
  // (同意 / 通过 after it: two characters say what is shared)
  { name: "share", re: /全体|一致|过半数|半数以上|三分之二以上|四分之三以上/g, say: "表决或同意比例", rightMin: 2 },
  // (the form of a liability or guarantee: 按照一般保证承担保证责任 restated 按照连带责任保证承担…)
  // (a compensation the article grants instead of a liability — 由可能加害的建筑物使用人给予补偿 — is a form of its own)
  { name: "liability", re: /一般保证|连带责任保证|按份责任|连带赔偿责任|连带责任|补充赔偿责任|补充责任|给予补偿|适当补偿/g, say: "责任形式", rightMin: 2 },
];

/** Words right before a term compared, at least this many in common (CJK characters), and after it the class's rightMin… */
export const AUTHORITY_LEFT_MIN = 2;
/** …or, with no words before it in common, this many after. */
export const AUTHORITY_RIGHT_ALONE = 6;
/** …or, both ending their clause, this many before. */
export const AUTHORITY_LEFT_ENDS = 4;
const CONTEXT = 10;

export interface AuthorityChange {
  source: string;
  quote: string;
  text: string;
}

const leftOf = (s: string, at: number) => wordsBefore(s, at, CONTEXT);
const rightOf = (s: string, end: number) => wordsAfter(s, end, CONTEXT);

/** A level in one spelling (省、自治区、直辖市 is 省级; 乡、镇 is 乡镇); a department's name as matched. */
function bare(name: string, term: string): string {
  if (name !== "level") return term;
  return ({ "省、自治区、直辖市": "省级", 设区的市级: "设区的市", "乡、镇": "乡镇", 乡级: "乡镇" } as Record<string, string>)[term] ?? term;
}

/**
 * …or, for the form of a liability, the clause before the term's own ends alike in both, with at least this many
 * characters (…未尽到安全保障义务的，应当与第三人承担连带责任 against …未尽到安全保障义务的，承担相应的补充责任): the consequence of
 * the same condition, however the words right before the term run. Only where the article (the sentence of it restated,
 * when one is) never says the sentence's form.
 */
export const LIABILITY_CONDITION_MIN = 6;
/** The article's sentence the citing one restates holds at least this share of its words (outside the term compared)… */
export const RESTATED_SENTENCE_SHARE = 0.3;
/** …this much more than any other sentence of the article. */
export const RESTATED_SENTENCE_MARGIN = 0.15;

/**
 * The span of the article's sentence (to 。；or a line break) that holds the citing sentence's words — the term compared
 * and CONTEXT characters either side of it left out — clearly best (RESTATED_SENTENCE_SHARE, RESTATED_SENTENCE_MARGIN);
 * null when none does.
 */
function restatedSentence(sentence: string, at: number, end: number, content: string): [number, number] | null {
  const mine = wordBigrams(`${sentence.slice(0, Math.max(0, at - CONTEXT))}|${sentence.slice(end + CONTEXT)}`);
  if (mine.size < 4) return null;
  const spans: [number, number, number][] = [];
  let from = 0;
  for (const m of `${content}\n`.matchAll(/[。；;\n]/g)) {
    const part = content.slice(from, m.index!);
    if (part.trim()) {
      const theirs = wordBigrams(part);
      spans.push([from, m.index!, [...mine].filter((b) => theirs.has(b)).length / mine.size]);
    }
    from = m.index! + 1;
  }
  if (spans.length < 2) return null;
  spans.sort((a, b) => b[2] - a[2]);
  const [best, second] = spans;
  return best![2] >= RESTATED_SENTENCE_SHARE && best![2] - second![2] >= RESTATED_SENTENCE_MARGIN ? [best![0], best![1]] : null;
}

/**
 * Terms of the sentence (a level, a department, a share) that the article says otherwise with the same words around them:
 * ≥ AUTHORITY_LEFT_MIN characters before and the class's rightMin after in common, or ≥ AUTHORITY_RIGHT_ALONE after.
 * Not when the article says the sentence's term there too (an article naming two levels in turn).
 */
export function authorityChanges(sentence: string, content: string): AuthorityChange[] {
  const out: AuthorityChange[] = [];
  for (const c of CLASSES) {
    const theirs = [...content.matchAll(c.re)].map((m) => ({ term: bare(c.name, m[0]), at: m.index!, end: m.index! + m[0].length }));
    for (const m of sentence.matchAll(c.re)) {
      const term = bare(c.name, m[0]);
      if (term.length < 2 && c.name !== "level") continue;
      const at = m.index!;
      const end = m.index! + m[0].length;
      const left = leftOf(sentence, at);
      const right = rightOf(sentence, end);
      let same = false;
      let other: (typeof theirs)[number] | null = null;
      // the sentence's other words may say which of the article's sentences it restates (修改公司章程的决议 is 第三款's, 三分之二
      // 以上; 第二款 says 过半数 for decisions at large): the terms of that sentence only
      // (read in the sentence's own part around the term: 《…》第八十八条第一款，<the article's first sentence>；<its second, with
      // the term> restates the second)
      const from = sentence.slice(0, at).search(/[^。；;\n]*$/);
      const to = end + Math.max(0, sentence.slice(end).search(/[。；;\n]|$/));
      const span = restatedSentence(sentence.slice(from, to), at - from, end - from, content);
      for (const t of theirs) {
        // (the condition clause places the term by itself, wherever the sentence's other words are: …未对入网食品经营者进行实名
        // 登记…，使消费者的合法权益受到损害的，应当承担相应的补充责任 against the article's last clause, 应当与食品经营者承担连带责任)
        // (the article must not say the sentence's form: in the sentence restated, or anywhere when the term lies outside it)
        const inSpan = !span || (t.at >= span[0] && t.end <= span[1]);
        const condition = c.name === "liability" && !(inSpan && span ? content.slice(span[0], span[1]) : content).includes(term) && sharedEnd(conditionBefore(content, t.at), conditionBefore(sentence, at)) >= LIABILITY_CONDITION_MIN;
        if (!inSpan && !condition) continue;
        // (a liability's verb is part of its form: …使用人承担连带赔偿责任 against …使用人给予补偿)
        const verbless = (x: string) => (c.name === "liability" ? x.replace(/(?:应当|应|须|要)?(?:承担|负)$/, "") : x);
        const l = Math.max(sharedEnd(leftOf(content, t.at), left), sharedEnd(verbless(leftOf(content, t.at)), verbless(left)));
        const r = sharedStart(rightOf(content, t.end), right);
        // (both ending their clause: the words before must say more — 应当承担连带责任。 against 应当承担按份责任。)
        const ends = right === "" && rightOf(content, t.end) === "" && l >= AUTHORITY_LEFT_ENDS;
        if (!((l >= AUTHORITY_LEFT_MIN && r >= c.rightMin) || r >= AUTHORITY_RIGHT_ALONE || ends || condition)) continue;
        if (t.term === term) same = true;
        else other ??= t;
      }
      if (same || !other) continue;
      out.push({ source: other.term, quote: term, text: `${c.say}改变：原文「${other.term}」，援引句「${term}」` });
    }
  }
  return out;
}
