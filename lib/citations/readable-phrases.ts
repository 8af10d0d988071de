/**
 * Phrases a verdict rests on, as the draft wrote them. The judge matches CJK characters only (termText:
 * punctuation and spaces dropped), so its phrases can read 「申请执行人被执行人可以参加竞买」 or begin inside
 * a word (「用范围内的土地使用权」 of 占用范围内…). Each phrase is found again in the sentence it came from,
 * given back with the draft's own punctuation and widened to whole words (jieba, lib/text/segmenter);
 * a two-character run that is no word of the sentence but the junction of two (「权参」 of 知情权、参与权)
 * says nothing to a reader and is left out of the list when other phrases remain.
 * Written by hand: the mapping between the judge's comparison form and the draft's text is ours.
 */
import { jiebaCut } from "../text/segmenter";
import { normalizeText } from "../text/normalize";
import type { Judgment } from "./judge";

const CJK = /[\u3400-\u9fff]/;

/** The source's CJK characters in comparison form, each with its offset in the source. */
function comparisonForm(source: string): { text: string; at: number[] } {
  const chars = Array.from(source);
  const whole = normalizeText(source);
  const sameLength = Array.from(whole).length === chars.length;
  const norm = sameLength ? Array.from(whole) : chars.map((c) => normalizeText(c));
  let text = "";
  const at: number[] = [];
  let offset = 0;
  for (let i = 0; i < chars.length; i++) {
    const n = norm[i]!;
    if (n.length === 1 && CJK.test(n)) {
      text += n;
      at.push(offset);
    }
    offset += chars[i]!.length;
  }
  return { text, at };
}

export interface ReadablePhrase {
  /** The phrase as the draft wrote it, widened to whole words. */
  text: string;
  /** A two-character junction of two words, no word of its own. */
  junction: boolean;
}

/** Longest span of a readable phrase (characters): a phrase is never widened into a whole sentence. */
const MAX_WIDENED = 40;

/** A source prepared once for all the phrases of a verdict: its comparison form and its word boundaries. */
interface Prepared {
  source: string;
  form: { text: string; at: number[] };
  bounds: number[];
}

function prepare(source: string): Prepared {
  const bounds: number[] = [0];
  let off = 0;
  for (const w of jiebaCut(source)) bounds.push((off += w.length));
  return { source, form: comparisonForm(source), bounds };
}

/**
 * `phrase` (comparison form) found in `source`: the draft's own span, widened to word boundaries;
 * null when the source does not hold it.
 */
export function readablePhrase(phrase: string, source: string | Prepared): ReadablePhrase | null {
  if (!phrase) return null;
  const { source: src, form, bounds } = typeof source === "string" ? prepare(source) : source;
  const span = (k: number) => {
    const lastChar = form.at[k + phrase.length - 1]!;
    return { start: form.at[k]!, end: lastChar + (src.codePointAt(lastChar)! > 0xffff ? 2 : 1) };
  };
  // the first occurrence that is a whole word (or run of words) of the draft, else the first one
  // (所得 of 企业所得税法第三条所称所得: the term, not the inside of the law's name)
  let k = form.text.indexOf(phrase);
  if (k < 0) return null;
  for (let j = k; j >= 0; j = form.text.indexOf(phrase, j + 1)) {
    const s = span(j);
    if (bounds.includes(s.start) && bounds.includes(s.end)) {
      k = j;
      break;
    }
  }
  const { start, end } = span(k);
  const from = Math.max(...bounds.filter((b) => b <= start));
  const to = Math.min(...bounds.filter((b) => b >= end));
  let text = src.slice(from, to);
  if (Array.from(text).length > MAX_WIDENED) text = src.slice(start, end);
  text = text.replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, "");
  return { text, junction: Array.from(phrase).length === 2 && isJunction(start, end, bounds) };
}

/** A two-character span that crosses a word boundary without being a word or a pair of whole words. */
function isJunction(start: number, end: number, bounds: number[]): boolean {
  const inner = bounds.filter((b) => b > start && b < end);
  return inner.length > 0 && !(bounds.includes(start) && bounds.includes(end));
}

/**
 * The phrases of a verdict (its 依据) as the draft wrote them, and its texts (说明, 要点) with each
 * 「phrase」 replaced; junction fragments are dropped from both when another phrase remains.
 */
export function readablePhrases(phrases: string[], source: string): { phrases: string[]; rewrite: (s: string) => string } {
  const prepared = prepare(source);
  const found = phrases.map((p) => ({ p, r: readablePhrase(p, prepared) }));
  const keep = found.filter((x) => !x.r?.junction);
  const dropJunctions = keep.length > 0 && keep.length < found.length;
  const map = new Map<string, string | null>();
  for (const x of found) map.set(x.p, x.r ? (dropJunctions && x.r.junction ? null : x.r.text) : x.p);
  const rewrite = (s: string): string => {
    let out = s;
    for (const [p, r] of map) {
      if (r === null) out = out.split(`「${p}」`).join("");
      else if (r !== p) out = out.split(`「${p}」`).join(`「${r}」`);
    }
    return out;
  };
  const out: string[] = [];
  for (const x of found) {
    const r = map.get(x.p);
    if (r != null && !out.includes(r)) out.push(r);
  }
  return { phrases: out, rewrite };
}

/** Characters before a citation searched for its phrases (a list's verdict reads the text above it). */
const CONTEXT_BEFORE = 600;

/** A judgment of a sentence's words (not a quote's alignment) with its phrases as the draft wrote them. */
export function readableJudgment(j: Judgment, text: string, ex: { contentStart: number; contentEnd: number }): Judgment {
  const basis = j.compare.依据;
  if (j.style === "quote" || !basis?.length) return j;
  const source = text.slice(Math.max(0, ex.contentStart - CONTEXT_BEFORE), ex.contentEnd);
  const { phrases, rewrite } = readablePhrases(basis, source);
  return {
    ...j,
    compare: {
      ...j.compare,
      说明: rewrite(j.compare.说明),
      要点: j.compare.要点.map(rewrite),
      差异: j.compare.差异.map((d) => ({ ...d, text: rewrite(d.text) })),
      依据: phrases,
    },
  };
}
