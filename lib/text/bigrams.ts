/**
 * Character-bigram tokens for the FTS5 index. Each run of CJK characters becomes its
 * overlapping bigrams (a single-character run stays one token); Latin/digit runs become
 * lower-case words. Index and query both use this, after `normalizeText`.
 */
import { normalizeText } from "./normalize";

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const RUN = /[\u3400-\u9fff\uf900-\ufaff]+|[a-z0-9]+/g;

export function bigramTokens(text: string, alreadyNormalized = false): string[] {
  const s = alreadyNormalized ? text : normalizeText(text);
  const out: string[] = [];
  for (const m of s.matchAll(RUN)) {
    const run = m[0];
    if (!CJK.test(run[0]!)) {
      out.push(run);
      continue;
    }
    const chars = Array.from(run);
    if (chars.length === 1) {
      out.push(chars[0]!);
      continue;
    }
    for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  }
  return out;
}

/** Space-joined bigram tokens, the form stored in the FTS tables. */
export function bigramDocument(text: string): string {
  return bigramTokens(text).join(" ");
}

/**
 * An FTS5 phrase that matches the term exactly as a substring of indexed text
 * ("合同解除" → "合同 同解 解除"). Returns null for a term with no indexable characters.
 * A single CJK character becomes a prefix query on its bigrams.
 */
export function bigramPhrase(term: string): string | null {
  const toks = bigramTokens(term);
  if (toks.length === 0) return null;
  if (toks.length === 1 && Array.from(toks[0]!).length === 1 && CJK.test(toks[0]!)) return `"${toks[0]}"*`;
  return `"${toks.join(" ")}"`;
}
