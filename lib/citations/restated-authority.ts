/**
 * Who decides and by how many, restated: the level of government (省级以上 for 县级以上), the department (自然资源主管部门 for
 * 农业农村主管部门) or the share that must consent (过半数同意 for 一致同意) in the sentence, where the article says another
 * with the same words around it. Hand-written: these are closed classes of a statute's own wording that no library knows,
 * read like restated-number.ts reads numbers (the words on both sides must be the article's).
 */
import { sharedEnd, sharedStart, wordsAfter, wordsBefore } from "./words-around";

/** The words compared: a level of government, a department before 主管部门 / 行政部门, a share that consents. */
const CLASSES: { name: string; re: RegExp; say: string; rightMin: number }[] = [
  { name: "level", re: /国务院|省、自治区、直辖市|省级|设区的市级|设区的市|县级|乡级|乡、镇|乡镇/g, say: "机关层级", rightMin: 3 },
  // (the department's own name, after the body it belongs to: 人民政府农业农村主管部门, 国务院专利行政部门)
  { name: "department", re: /(?<=人民政府|国务院|以上|级)[\u4e00-\u9fff]{2,6}?(?=主管部门|行政部门|行政管理部门)/g, say: "主管部门", rightMin: 3 },
  // (同意 / 通过 after it: two characters say what is shared)
  { name: "share", re: /全体|一致|过半数|半数以上|三分之二以上|四分之三以上/g, say: "表决或同意比例", rightMin: 2 },
];

/** Words right before a term compared, at least this many in common (CJK characters), and after it the class's rightMin… */
export const AUTHORITY_LEFT_MIN = 2;
/** …or, with no words before it in common, this many after. */
export const AUTHORITY_RIGHT_ALONE = 6;
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
      for (const t of theirs) {
        const l = sharedEnd(leftOf(content, t.at), left);
        const r = sharedStart(rightOf(content, t.end), right);
        if (!((l >= AUTHORITY_LEFT_MIN && r >= c.rightMin) || r >= AUTHORITY_RIGHT_ALONE)) continue;
        if (t.term === term) same = true;
        else other ??= t;
      }
      if (same || !other) continue;
      out.push({ source: other.term, quote: term, text: `${c.say}改变：原文「${other.term}」，援引句「${term}」` });
    }
  }
  return out;
}
