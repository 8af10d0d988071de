/**
 * Text normalisation shared by ingest, search and citation check. Everything that is
 * compared or indexed goes through `normalizeText`, so index and query agree.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

type Converter = (s: string) => string;
let t2s: Converter | null = null;

/** Traditional → simplified (OpenCC data, Hong Kong/Taiwan variants → mainland). */
export function toSimplified(s: string): string {
  if (!t2s) {
    // opencc-js ships CommonJS with its dictionaries inlined; loaded lazily (≈30 ms).
    const OpenCC = require("opencc-js") as { Converter: (o: { from: string; to: string }) => Converter };
    t2s = OpenCC.Converter({ from: "t", to: "cn" });
  }
  return t2s(s);
}

/** Full-width ASCII → half-width, ideographic space → space, NFKC otherwise. Keeps Chinese punctuation. */
export function toHalfWidth(s: string): string {
  return s
    .replace(/[\uff01-\uff5e]/g, (c) => {
      // keep full-width punctuation that Chinese text relies on: （）《》 are not in this range except （）
      return String.fromCharCode(c.charCodeAt(0) - 0xfee0);
    })
    .replace(/\u3000/g, " ");
}

const ZERO_WIDTH = /[\u200b-\u200f\u2028\u2029\u2060\ufeff]/g;

/** Removes zero-width characters and trims whitespace runs. */
export function stripInvisible(s: string): string {
  return s.replace(ZERO_WIDTH, "");
}

/**
 * The comparison form: half-width, simplified, lower-case, no zero-width characters.
 * Length-preserving except for zero-width removal and rare multi-char t2s mappings,
 * so callers needing offsets should use `normalizeForOffsets`.
 */
export function normalizeText(s: string): string {
  return toSimplified(toHalfWidth(stripInvisible(s))).toLowerCase();
}

/**
 * Character-for-character normalisation (same length as the input) for places that
 * map matches back to offsets in the original text: half-width + lower-case and a
 * per-character traditional→simplified pass.
 */
export function normalizeForOffsets(s: string): string {
  let out = "";
  for (const ch of toHalfWidth(s).toLowerCase()) {
    if (ch.length === 1 && ch.charCodeAt(0) >= 0x3400) {
      const conv = toSimplified(ch);
      out += conv.length === 1 ? conv : ch;
    } else {
      out += ch;
    }
  }
  return out;
}

/** Strips 《》〈〉 and whitespace, unifies brackets; used for law-name keys. */
export function lawNameKey(name: string): string {
  return normalizeText(name)
    .replace(/[《》〈〉<>“”"'‘’\s]/g, "")
    .replace(/[（(]/g, "(")
    .replace(/[）)]/g, ")")
    .replace(/中华人民共和国/g, "");
}

/** Escapes text for HTML element and attribute contexts. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) =>
    c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === '"' ? "&quot;" : "&#39;",
  );
}
