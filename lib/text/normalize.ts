/**
 * Text normalisation shared by ingest, search and citation check. Everything that is
 * compared or indexed goes through `normalizeText`, so index and query agree.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

type Converter = (s: string) => string;
type Dict = string | Array<[string, string]>;
interface OpenCCModule {
  Converter: (o: { from: string; to: string }) => Converter;
  Locale?: { configs?: Record<string, { normalizationChain?: Dict[][]; conversionChain?: Dict[][]; segmentation?: unknown }> };
}
let t2s: Converter | null = null;
/**
 * UTF-16 code units that can start a change (one bit each), or null when the dictionaries'
 * shape is unknown (then every string is converted). See `mayChange`.
 */
let changing: Uint8Array | null = null;
/** For a code unit marked 2 in `changing`: the changing keys recorded under it (all longer than one unit). */
let changingKeys: Map<number, string[]> = new Map();

/** Traditional → simplified (OpenCC data, Hong Kong/Taiwan variants → mainland). */
export function toSimplified(s: string): string {
  if (!t2s) {
    // opencc-js ships CommonJS with its dictionaries inlined; loaded lazily (≈30 ms).
    const OpenCC = require("opencc-js") as OpenCCModule;
    t2s = OpenCC.Converter({ from: "t", to: "cn" });
    const units = changingUnits(OpenCC);
    changing = units?.bits ?? null;
    changingKeys = units?.keys ?? new Map();
  }
  return mayChange(s) ? t2s(s) : s;
}

/**
 * False when OpenCC cannot change `s`, which spares the conversion for nearly every text of
 * the corpus (it is simplified already: 4k of 147k clauses hold a character the t2s
 * dictionaries would change; converting every clause took ≈4 s of the ingest). OpenCC
 * replaces a dictionary key found in the text by its value; an entry whose key equals its
 * value changes nothing. For each entry that does change (key ≠ value), the key's first
 * character that differs from the value is recorded; a text holding none of the recorded
 * characters holds no changing key, so OpenCC returns it unchanged. Characters beyond the BMP
 * (surrogates) always count as "may change". A character recorded only for keys of two units or
 * more (坏: 土坏 → 土坯 and ten others; 覆: 批覆 → 批复 …; 53 such characters) counts only when the
 * text holds one of those keys whole: 破坏 and 覆盖 no longer send a clause through OpenCC (3,465
 * and 782 of the 4,389 clauses that went there, for 19 that it changes).
 */
function mayChange(s: string): boolean {
  const bits = changing;
  if (!bits) return true;
  let checked: number[] | undefined;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const b = bits[c];
    if (b === 1 || (c >= 0xd800 && c <= 0xdfff)) return true;
    if (b === 2 && !checked?.includes(c)) {
      // recorded only for changing keys longer than one unit (坏 for 土坏 → 土坯, 覆 for 批覆 → 批复): a change needs one of them whole
      if (changingKeys.get(c)!.some((k) => s.includes(k))) return true;
      (checked ??= []).push(c);
    }
  }
  return false;
}

/**
 * `bits`: 1 for a code unit recorded for a changing key of one unit (the text holding it may change),
 * 2 for one recorded only for longer changing keys (`keys`: those keys; the text may change only
 * when it holds one of them whole, mayChange), 0 otherwise. Null when the dictionaries' shape is unknown.
 */
function changingUnits(OpenCC: OpenCCModule): { bits: Uint8Array; keys: Map<number, string[]> } | null {
  const cfg = OpenCC.Locale?.configs?.t2s;
  if (!cfg || cfg.segmentation || !Array.isArray(cfg.conversionChain)) return null;
  const bits = new Uint8Array(0x10000);
  const keys = new Map<number, string[]>();
  for (const group of [...(cfg.normalizationChain ?? []), ...cfg.conversionChain]) {
    if (!Array.isArray(group)) return null;
    for (const dict of group) {
      const entries = typeof dict === "string" ? dict.split("|").map((e) => e.split(" ")) : dict;
      if (!Array.isArray(entries)) return null;
      for (const entry of entries) {
        const [key, value] = entry as [string?, string?];
        if (typeof key !== "string" || typeof value !== "string") return null;
        if (key === value || key === "") continue;
        let j = 0;
        while (j < key.length && j < value.length && key[j] === value[j]) j++;
        const c = key.charCodeAt(Math.min(j, key.length - 1));
        if (c >= 0xd800 && c <= 0xdfff) continue; // surrogates: always "may change" (mayChange)
        if (key.length === 1) bits[c] = 1;
        else if (bits[c] !== 1) {
          bits[c] = 2;
          const list = keys.get(c);
          if (list) list.push(key);
          else keys.set(c, [key]);
        }
      }
    }
  }
  for (const c of keys.keys()) if (bits[c] === 1) keys.delete(c);
  return { bits, keys };
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
  const fast = normalizeCommon(s);
  if (fast !== null) return fast;
  return toSimplified(toHalfWidth(stripInvisible(s))).toLowerCase();
}

/**
 * normalizeText in one pass for the texts it sees nearly always (simplified Chinese with full-width
 * punctuation and ASCII): the four steps cost a pass and a string each (two regular expressions
 * with a callback per full-width comma), and the keyword ranking normalises up to a hundred
 * candidate clauses per search. Each code unit is either kept — ASCII other than A–Z, general
 * punctuation outside the zero-width and separator characters, CJK symbols, kana and ideographs
 * (U+3001–U+9FFF, U+F900–U+FAFF: no case), half-width forms after U+FF5E — or mapped as the steps
 * map it: A–Z lower-cased, U+FF01–U+FF5E to ASCII (lower-cased), U+3000 to a space, zero-width
 * characters dropped. Null (the caller takes the four steps) for any other code unit (Latin-1 and
 * other cased scripts, surrogates), when the result holds a character that can start an OpenCC
 * change (toSimplified's bits), or before the OpenCC dictionaries' shape is known. Tested against
 * the four steps on every BMP character, alone and in text.
 */
function normalizeCommon(s: string): string | null {
  if (!t2s) toSimplified("");
  const bits = changing;
  if (!bits) return null;
  let out = "";
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (bits[c] !== 0) return null;
    let to = -1; // -1: kept; -2: dropped; else the code unit it becomes
    if (c < 0x80) {
      if (c >= 0x41 && c <= 0x5a) to = c + 0x20;
    } else if (c >= 0x3001 && c <= 0x9fff) {
      /* ideographs, kana, CJK punctuation */
    } else if (c >= 0xff01 && c <= 0xff5e) {
      c -= 0xfee0;
      if (bits[c] !== 0) return null; // what OpenCC sees is the half-width character, before lower-casing
      to = c >= 0x41 && c <= 0x5a ? c + 0x20 : c;
    } else if ((c >= 0x2010 && c <= 0x2027) || (c >= 0x2030 && c <= 0x205e) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xff5f && c <= 0xffef)) {
      /* punctuation, compatibility ideographs, half-width forms */
    } else if (c === 0x3000) to = 0x20;
    else if ((c >= 0x200b && c <= 0x200f) || c === 0x2028 || c === 0x2029 || c === 0x2060 || c === 0xfeff) to = -2;
    else return null;
    if (to === -1) continue;
    if (to >= 0 && bits[to] !== 0) return null;
    out += s.slice(from, i);
    if (to >= 0) out += String.fromCharCode(to);
    from = i + 1;
  }
  return from === 0 ? s : out + s.slice(from);
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
