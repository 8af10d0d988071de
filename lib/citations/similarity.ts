/**
 * Cheap text similarity for locating an article across versions and for ranking candidates:
 * Dice coefficient over character bigrams of the comparison form (punctuation dropped).
 */
import { normalizeText } from "../text/normalize";

const MEMO_MAX = 20_000;
const compactMemo = new Map<string, string>();
const bigramMemo = new Map<string, Map<string, number>>();

function remember<V>(memo: Map<string, V>, key: string, value: V): V {
  if (memo.size >= MEMO_MAX) memo.clear();
  memo.set(key, value);
  return value;
}

/** Comparison form: normalised, without punctuation and whitespace (memoised: index texts repeat). */
export function compact(s: string): string {
  return compactMemo.get(s) ?? remember(compactMemo, s, normalizeText(s).replace(/[\s\p{P}\p{S}]/gu, ""));
}

function bigramCounts(s: string): Map<string, number> {
  const hit = bigramMemo.get(s);
  if (hit) return hit;
  const m = remember(bigramMemo, s, new Map<string, number>());
  for (let i = 0; i + 1 < s.length; i++) {
    const b = s.slice(i, i + 2);
    m.set(b, (m.get(b) ?? 0) + 1);
  }
  return m;
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
