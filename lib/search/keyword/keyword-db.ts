/**
 * The index the keyword searches run on: the shared index's keyword reads
 * (lib/store/keyword-index.ts, part of the store's read interface). Only lib/store knows SQL.
 */
import { getIndex } from "@/lib/store/index-store";
import type { KeywordIndex } from "@/lib/store/keyword-index";

export function keywordDb(): KeywordIndex {
  return getIndex();
}
