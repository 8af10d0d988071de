/**
 * A short highlighted fragment for a regulation hit: about `width` characters of `text`
 * around the first occurrence of a term, every occurrence of any term inside it wrapped in
 * <em>…</em>, and everything else HTML-escaped (the only markup in the result is <em>).
 * Matching is on the normalised form (half-width, simplified, lower-case) mapped back to
 * the original characters, so 合同 finds 合 同 written in traditional or full-width forms.
 * Returns null when no term occurs.
 */
import { escapeHtml, normalizeForOffsets } from "@/lib/text/normalize";

export const FRAGMENT_WIDTH = 120;
/** Characters of context kept before the first match. */
const LEAD = 30;

export function highlightFragment(text: string, terms: string[], width = FRAGMENT_WIDTH): string | null {
  if (!text || terms.length === 0) return null;
  const chars = Array.from(text);
  const norm = Array.from(normalizeForOffsets(text));
  // normalizeForOffsets is per code point; if a mapping ever changed the length, give up safely.
  if (norm.length !== chars.length) return null;
  const hay = norm.join("");
  const needles = terms.filter((t) => t.length > 0).sort((a, b) => b.length - a.length);

  // first occurrence of any term (code-point index)
  let first = -1;
  for (const t of needles) {
    const at = hay.indexOf(t);
    if (at >= 0) {
      const cp = Array.from(hay.slice(0, at)).length;
      if (first < 0 || cp < first) first = cp;
    }
  }
  if (first < 0) return null;

  let start = Math.max(0, first - LEAD);
  const end = Math.min(chars.length, start + width);
  start = Math.max(0, Math.min(start, end - width));
  const winNorm = norm.slice(start, end);
  const winChars = chars.slice(start, end);

  // mark covered positions, longest terms first, non-overlapping
  const mark = new Array<boolean>(winNorm.length).fill(false);
  const winHay = winNorm;
  for (const t of needles) {
    const tc = Array.from(t);
    for (let i = 0; i + tc.length <= winHay.length; i++) {
      let ok = true;
      for (let j = 0; j < tc.length; j++) {
        if (winHay[i + j] !== tc[j] || mark[i + j]) {
          ok = false;
          break;
        }
      }
      if (ok) {
        for (let j = 0; j < tc.length; j++) mark[i + j] = true;
        i += tc.length - 1;
      }
    }
  }

  let out = start > 0 ? "…" : "";
  let inEm = false;
  for (let i = 0; i < winChars.length; i++) {
    if (mark[i] && !inEm) {
      out += "<em>";
      inEm = true;
    } else if (!mark[i] && inEm) {
      out += "</em>";
      inEm = false;
    }
    out += escapeHtml(winChars[i]!.replace(/\s+/g, " "));
  }
  if (inEm) out += "</em>";
  if (end < chars.length) out += "…";
  return out;
}
