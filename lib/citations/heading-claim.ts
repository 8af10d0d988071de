/**
 * A sentence that says nothing but the name of a part of the law (「依据《刑事诉讼法》第X条的规定，提起公诉，请依法判处」:
 * 提起公诉 is 第二编 第三章's heading) under an article outside that part, which never says it either: the number is
 * wrong whatever the facts. Support finds nothing to compare there (one phrase a dozen articles share), so without this
 * the sentence stays 无法判断 under any number. Pure: the caller passes the law's articles.
 */
import { termText } from "./law-index";

/** A heading this short (立案, 侦查) is a word, not a part's name. */
export const HEADING_CLAIM_MIN = 4;

/** Formula words around what a sentence applies an article to (请依法判处, 予以惩处, 追究刑事责任, …的规定). */
const FORMULA = /请求|请|要求|依法|判处|予以|惩处|追究|刑事责任|判决|裁定|处罚|依照|根据|依据|按照|之?规定|如下|的/g;

/** Headings naming no subject of their own. */
const GENERAL = /^(?:总则|附则|分则|其他规定|一般规定|通则|基本规定|法律责任|罚则|附录)$/;

/** The law as the rule reads it (a LawIndex's parts): its articles (tid, chapter path) and their term texts, in one order. */
export interface HeadingLaw {
  clauses: readonly { tid: string; chapter: string }[];
  /** termText of each article. */
  texts: readonly string[];
}

/** A heading's subjects: the heading without its number, split at 、 和 及 与 (立案、侦查和提起公诉 → 立案, 侦查, 提起公诉). */
function subjects(part: string): string[] {
  const h = part.replace(/^\s*第[^章节编]*[章节编]\s*/, "").replace(/\s+/g, "").trim();
  return h.split(/[、和及与]/).filter((s) => s.length >= HEADING_CLAIM_MIN && !GENERAL.test(s));
}

/**
 * The heading a claim consists of, once formula words are set aside, when the cited article (`at`) is outside every part
 * of the law headed by it and its text does not hold it: the heading, the deepest part headed by it, and that part's
 * first and last articles (tids). Null otherwise.
 */
export function headingOutside(law: HeadingLaw, at: number, claim: string): { heading: string; part: string; first: string; last: string } | null {
  const core = termText(claim.replace(FORMULA, ""));
  if (core.length < HEADING_CLAIM_MIN) return null;
  const cited = law.clauses[at];
  if (!cited || law.texts[at]!.includes(core)) return null;
  if (cited.chapter.split("/").some((p) => subjects(p).includes(core))) return null;
  // the deepest part headed by it: the articles whose last heading part naming it is the same
  let part = "";
  let depth = -1;
  const members: string[] = [];
  for (const a of law.clauses) {
    // (a chapter path that does not hold the words cannot be headed by them: most articles, read no further)
    if (!a.chapter.replace(/\s+/g, "").includes(core)) continue;
    const parts = a.chapter.split("/").map((p) => p.trim());
    const k = parts.findLastIndex((p) => subjects(p).includes(core));
    if (k < 0) continue;
    const path = parts.slice(0, k + 1).join(" / ");
    if (k > depth) {
      depth = k;
      part = path;
      members.length = 0;
    }
    if (k === depth && path === part) members.push(a.tid);
  }
  return members.length ? { heading: core, part, first: members[0]!, last: members[members.length - 1]! } : null;
}
