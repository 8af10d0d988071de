/**
 * Cheap text similarity for locating an article across versions and for ranking candidates:
 * Dice coefficient over character bigrams of the comparison form (punctuation dropped).
 */
import { normalizeText } from "../text/normalize";
import { ByteLru, stringBytes } from "../text/byte-lru";

/**
 * Memo caches, bounded by bytes (lib/text/byte-lru.ts), not entries: index texts repeat across
 * requests, but a draft's claims can be 20,000 characters each, and a cache of entries let a
 * few of them hold ~22 MiB. Budgets: SIMILARITY_COMPACT_BYTES + SIMILARITY_BIGRAM_BYTES.
 * An entry over an eighth of its budget is computed and not kept.
 */
export const SIMILARITY_COMPACT_BYTES = 8 * 1024 * 1024;
export const SIMILARITY_BIGRAM_BYTES = 24 * 1024 * 1024;
/** Estimated heap bytes per entry of a bigram count Map (2-character key string, number, slot). */
const BIGRAM_ENTRY_BYTES = 80;

const compactMemo = new ByteLru<string, string>("similarity.compact", SIMILARITY_COMPACT_BYTES, (k, v) => stringBytes(k) + stringBytes(v));
const bigramMemo = new ByteLru<string, Map<string, number>>(
  "similarity.bigrams",
  SIMILARITY_BIGRAM_BYTES,
  (k, v) => stringBytes(k) + 64 + v.size * BIGRAM_ENTRY_BYTES,
);

/** Comparison form: normalised, without punctuation and whitespace (memoised: index texts repeat). */
export function compact(s: string): string {
  return compactMemo.get(s) ?? compactMemo.set(s, normalizeText(s).replace(/[\s\p{P}\p{S}]/gu, ""));
}

function bigramCounts(s: string): Map<string, number> {
  const hit = bigramMemo.get(s);
  if (hit) return hit;
  const m = new Map<string, number>();
  for (let i = 0; i + 1 < s.length; i++) {
    const b = s.slice(i, i + 2);
    m.set(b, (m.get(b) ?? 0) + 1);
  }
  return bigramMemo.set(s, m);
}

/** Dice coefficient of character bigrams, in [0, 1]. */
export function diceSimilarity(a: string, b: string): number {
  const x = compact(a);
  const y = compact(b);
  if (x === y) return x.length > 0 ? 1 : 0;
  if (x.length < 2 || y.length < 2) return 0;
  const ca = bigramCounts(x);
  const cb = bigramCounts(y);
  let inter = 0;
  for (const [k, v] of ca) inter += Math.min(v, cb.get(k) ?? 0);
  return (2 * inter) / (x.length - 1 + (y.length - 1));
}

/** Share of `part`'s bigrams found in `whole` (how much of a quote the clause covers), in [0, 1]. */
export function containment(part: string, whole: string): number {
  const x = compact(part);
  const y = compact(whole);
  if (x.length < 2) return x.length === 1 && y.includes(x) ? 1 : 0;
  const ca = bigramCounts(x);
  const cb = bigramCounts(y);
  let inter = 0;
  for (const [k, v] of ca) inter += Math.min(v, cb.get(k) ?? 0);
  return inter / (x.length - 1);
}
