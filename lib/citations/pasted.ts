/**
 * Pasted text: an article's own words written after its number without quotation marks
 * (「《刑事诉讼法》第七十九条人民法院、人民检察院和公安机关…」, 「第十条第一款规定，县级以上地方人民政府…」).
 * Such text is compared word for word like a quote (judge.ts), so a wrong number or an altered
 * word in it is caught like one.
 *
 * Recognised (`pastedText`) when the text written straight after the clause chain — or after
 * (的|之)?规定 and a comma (规定： with or without quotation marks is a quote, found by the extractor) —
 * begins where a sentence of the article begins (of the article, a 款 or 项, or after 。；：; its first
 * PASTED_OPENING characters) and its
 * leading sentences are the article's words (≥ 80 % of their bigrams in the article, each sentence
 * ≥ 60 %). Under a wrong number: the first sentence is another article's (≥ 85 % of its bigrams there,
 * at least 20 points fewer in the cited one, beginning where a sentence of that article begins); the text is
 * then judged as pasted against the cited article, and the wrong-number search names the other.
 */
import { bestSupport, bigramSet, claimTerms, termText, type LawIndex } from "./law-index";

/** Pasted text is at least this many CJK characters (shorter runs are sentences, not article text). */
export const PASTED_MIN_CHARS = 15;

/** Characters at the start of pasted text that must open a paragraph or item of the article. */
export const PASTED_OPENING = 6;

/** Articles (best supported first) searched for the one whose text is pasted under a wrong number… */
const OTHER_SHORTLIST = 10;
/** …which must hold at least this share of the first sentence's bigrams… */
const OTHER_CONTAINMENT = 0.85;
/** …and this much more than the cited article. */
const OTHER_MARGIN = 0.2;

/** A quote or pasted text longer than this is compared on its first MAX_PASTED_CHARS characters. */
const MAX_PASTED_CHARS = 3_000;

/** (的|之)规定 and a comma between the number and the text: 第十条第一款规定，县级以上… */
const RULE_COMMA = /^(?:之|的)?规定\s*[，,]\s*/;

/** Text written straight after the clause chain (after a colon, a space, or 规定 and a comma), or null. */
export function pastedCandidate(text: string, chainEnd: number): { start: number; text: string } | null {
  let p = chainEnd;
  while (p < text.length && /[ \t　:：]/.test(text[p]!)) p++;
  const rule = RULE_COMMA.exec(text.slice(p, p + 8));
  if (rule) p += rule[0].length;
  if (p >= text.length || /[，,。；;、\n（(“"「]/.test(text[p]!)) return null;
  if (/^(?:之规定|的规定|规定|之|的|和|及|与|或|中|所|项|款|等|以及|作出|判决|裁定|关于|有关|对于|，)/.test(text.slice(p, p + 3))) return null;
  let e = text.indexOf("\n", p);
  if (e < 0) e = text.length;
  e = Math.min(e, p + MAX_PASTED_CHARS);
  const t = text.slice(p, e);
  return termText(t).length >= PASTED_MIN_CHARS ? { start: p, text: t } : null;
}

/**
 * Pasted text is the article's own words from the beginning of one of its sentences (of the article,
 * a 款, a 项, or a sentence after 。/；/：): text that picks up in the middle of a sentence
 * (应当承担继续履行…违约责任 after 第五百七十七条) is the writer's sentence.
 */
export function startsParagraph(pasted: string, clauseText: string): boolean {
  const t = termText(pasted);
  const open = t.slice(0, PASTED_OPENING);
  if (open.length < PASTED_OPENING) return false;
  const head = t.slice(0, OPENING_WINDOW);
  return clauseText
    .split("\n")
    .flatMap((p) => p.replace(/^\s*[（(][一二三四五六七八九十0-9]+[)）]/, "").split(/(?<=[。；;：:])/))
    .map(termText)
    .some((p) => p.startsWith(open) || (p.startsWith(open.slice(0, 4)) && editDistance(head, p.slice(0, OPENING_WINDOW)) <= 2));
}

/** An altered word near the start (人民法院不应当… for 人民法院应当…) still opens the sentence: the first 4
 *  characters exact and the first OPENING_WINDOW within 2 edits. */
const OPENING_WINDOW = 10;

/** Levenshtein distance of two short strings. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/** Share of the part's bigrams found in the article text (0..1). */
export function containmentIn(part: string, law: LawIndex, i: number): number {
  const bs = bigramSet(termText(part));
  if (bs.size === 0) return 0;
  let hit = 0;
  for (const b of bs) if (law.own[i]!.has(b)) hit++;
  return hit / bs.size;
}

/** The leading sentences of `t` that the article holds (each ≥ 0.6 contained), or "". */
export function pastedPrefix(t: string, law: LawIndex, i: number): string {
  const parts = t.split(/(?<=[。；;])/);
  let out = "";
  for (const part of parts) {
    if (termText(part).length < 2) {
      out += part;
      continue;
    }
    if (containmentIn(part, law, i) < 0.6) break;
    out += part;
  }
  return out.trim();
}

/**
 * The pasted text after the citation whose clause chain ends at `chainEnd`, judged against the
 * article `ci` of `law` (see the module comment), or null when the text there is not pasted
 * article text (or is the text of `siblings`, the other articles cited in the same list).
 */
export function pastedText(text: string, chainEnd: number, law: LawIndex, ci: number, siblings: readonly string[] = []): string | null {
  const pasted = pastedCandidate(text, chainEnd);
  if (!pasted) return null;
  const clause = law.clauses[ci]!;
  const own = pastedPrefix(pasted.text, law, ci);
  if (termText(own).length >= PASTED_MIN_CHARS && containmentIn(own, law, ci) >= 0.8 && startsParagraph(own, clause.content)) return own;
  // pasted text of another article (wrong number): its first sentence is held by another article
  const first = pasted.text.split(/(?<=[。；;])/)[0]!;
  const inCited = containmentIn(first, law, ci);
  // no other article can hold OTHER_MARGIN more than the cited one: not searched
  if (inCited > 1 - OTHER_MARGIN) return null;
  const ct = claimTerms(law, first);
  // the article holding most of the first sentence, among the OTHER_SHORTLIST best supported
  let cand = -1;
  let held = OTHER_CONTAINMENT;
  for (const s of bestSupport(law, ct, OTHER_SHORTLIST)) {
    if (s.index === ci) continue;
    const h = containmentIn(first, law, s.index);
    if (h >= held && (cand < 0 || h > held)) [cand, held] = [s.index, h];
  }
  if (cand < 0 || inCited > held - OTHER_MARGIN) return null;
  // the text of another article cited in the same list (第一百三十八条、第一百三十九条的规定，…) is that article's
  if (siblings.includes(law.clauses[cand]!.tid) || !startsParagraph(first, law.clauses[cand]!.content)) return null;
  const other = pastedPrefix(pasted.text, law, cand);
  return termText(other).length >= PASTED_MIN_CHARS ? other : null;
}
