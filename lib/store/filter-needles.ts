/**
 * What the keyword filters compare (shared by the store's SQL conditions, filter-sql.ts, and
 * the searches' in-memory predicates, lib/search/keyword/filter-predicates.ts, which must agree).
 */
import { lawNameKey, normalizeText } from "../text/normalize";

export type FilterField = "fgmc" | "xljb_1" | "sxx" | "dy" | "fbbm" | "fbrq" | "ssrq" | "securities";

/** Title needles for one fgmc part: the part as written and its law-name key (if non-empty). */
export function titleNeedles(part: string): string[] {
  const out = [part];
  const key = lawNameKey(part);
  if (key && key !== part) out.push(key);
  return out;
}

/** Issuing-body needles: as written and normalised. */
export function bodyNeedles(part: string): string[] {
  const n = normalizeText(part);
  return n !== part ? [part, n] : [part];
}
