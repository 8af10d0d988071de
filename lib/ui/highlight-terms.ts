/**
 * Client-side term highlighting for clause text (the clause search returns plain text):
 * split the text into plain and matched segments, which React renders as text and <mark>
 * — no HTML string is ever built, so nothing in the text can become markup.
 */
export interface TermSeg {
  text: string;
  hit: boolean;
}

/** Keyword string → distinct terms (split on whitespace), longest first. */
export function termsOf(keyword: string): string[] {
  const seen = new Set<string>();
  for (const t of keyword.split(/\s+/)) {
    const s = t.trim();
    if (s) seen.add(s);
  }
  return [...seen].sort((x, y) => y.length - x.length);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Half-width punctuation of a normalised term, matched in either width (the clause text keeps the full-width form). */
const WIDTHS: Record<string, string> = { ",": "[,，]", ";": "[;；]", ":": "[:：]", "!": "[!！]", "?": "[?？]", "(": "[(（]", ")": "[)）]" };

function termPattern(t: string): string {
  return Array.from(t, (c) => WIDTHS[c] ?? escapeRegExp(c)).join("");
}

/** The keyword's own terms, then the server's (facet_counts `terms`: concept wordings, words), each once, longest first. */
export function mergeTerms(own: string[], server: readonly string[] | undefined): string[] {
  if (!server?.length) return own;
  return [...new Set([...own, ...server.filter(Boolean)])].sort((x, y) => y.length - x.length);
}

export function highlightTerms(text: string, terms: string[]): TermSeg[] {
  const ts = terms.filter(Boolean);
  if (ts.length === 0 || !text) return text ? [{ text, hit: false }] : [];
  const re = new RegExp(ts.map(termPattern).join("|"), "gi");
  const out: TermSeg[] = [];
  let last = 0;
  for (const m of text.matchAll(re)) {
    const at = m.index ?? 0;
    if (m[0].length === 0) continue;
    if (at > last) out.push({ text: text.slice(last, at), hit: false });
    out.push({ text: m[0], hit: true });
    last = at + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), hit: false });
  return out;
}
