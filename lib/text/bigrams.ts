/**
 * Character-bigram tokens for the FTS5 index. Each run of CJK characters becomes its
 * overlapping bigrams (a single-character run stays one token); Latin/digit runs become
 * lower-case words. Index and query both use this, after `normalizeText`.
 */
import { normalizeText } from "./normalize";

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

export function bigramTokens(text: string, alreadyNormalized = false): string[] {
  const out: string[] = [];
  eachToken(alreadyNormalized ? text : normalizeText(text), (t) => out.push(t));
  return out;
}

/**
 * Calls `emit` with each token of a normalised text, in order: the runs RUN matches, walked by
 * UTF-16 unit (RUN's CJK ranges are all in the BMP, so a run's characters are its units and a
 * bigram is a two-unit slice). A hand-written scan: the index build tokenises 18M characters.
 */
function eachToken(s: string, emit: (token: string) => void): void {
  const n = s.length;
  let i = 0;
  while (i < n) {
    const kind = unitKind(s.charCodeAt(i));
    if (kind === 0) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < n && unitKind(s.charCodeAt(j)) === kind) j++;
    if (kind === 2 || j - i === 1) emit(s.slice(i, j));
    else for (let k = i; k + 1 < j; k++) emit(s.slice(k, k + 2));
    i = j;
  }
}

/** 1: a CJK character of RUN, 2: [a-z0-9], 0: anything else. */
function unitKind(c: number): number {
  if ((c >= 0x3400 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff)) return 1;
  if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)) return 2;
  return 0;
}

/** Space-joined bigram tokens, the form stored in the FTS tables. */
export function bigramDocument(text: string): string {
  const out: string[] = [];
  eachToken(normalizeText(text), (t) => out.push(t));
  return out.join(" ");
}

/**
 * An FTS5 phrase that matches the term exactly as a substring of indexed text
 * ("合同解除" → "合同 同解 解除"). Returns null for a term with no indexable characters.
 * A single CJK character becomes a prefix query on its bigrams; with `openEnd`, so does one ending the term (the 年 of 1年).
 */
export function bigramPhrase(term: string, openEnd = false): string | null {
  const toks = bigramTokens(term);
  if (toks.length === 0) return null;
  if (toks.length === 1 && Array.from(toks[0]!).length === 1 && CJK.test(toks[0]!)) return `"${toks[0]}"*`;
  // openEnd: a lone CJK character ending the term after a number (1年 → 1 + 年) is the first half of a bigram in
  // the text (「之日起1年内」 indexes 1 + 年内), so it is a prefix — the keyword search's parts; the semantic search's
  // terms keep the exact phrase (its cross-validated figures were measured so)
  const last = toks[toks.length - 1]!;
  if (openEnd && Array.from(last).length === 1 && CJK.test(last)) return `"${toks.join(" ")}"*`;
  return `"${toks.join(" ")}"`;
}
