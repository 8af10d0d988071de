/**
 * The spec's top_k rule: absent or <= 0 gives 10, > 50 gives 50, otherwise top_k.
 * Our lenient reading for values the spec does not cover: a numeric string ("7") counts as
 * its number, a fraction is truncated (7.9 → 7, 0.5 → 0 → 10), and anything that is not a
 * finite number (null, "abc", true, NaN) falls back to the default 10 instead of failing.
 */
export const TOP_K_DEFAULT = 10;
export const TOP_K_MAX = 50;

export function normalizeTopK(value: unknown): number {
  let n: number;
  if (typeof value === "number") n = value;
  else if (typeof value === "string" && value.trim() !== "") n = Number(value.trim());
  else return TOP_K_DEFAULT;
  if (!Number.isFinite(n)) return TOP_K_DEFAULT;
  n = Math.trunc(n);
  if (n <= 0) return TOP_K_DEFAULT;
  return Math.min(n, TOP_K_MAX);
}
