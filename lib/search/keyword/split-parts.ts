/**
 * Splits a space-separated request field into its parts. The spec says "split on spaces";
 * users paste from Chinese input methods, so the ideographic space (U+3000), tabs and
 * newlines count as spaces too. Empty parts are dropped.
 */
export function splitParts(value: string | null | undefined): string[] {
  if (!value) return [];
  return value.split(/[\s\u3000]+/u).filter((p) => p.length > 0);
}
