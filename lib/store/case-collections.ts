/**
 * The case collections the index holds and their sizes (what a case-number check searched),
 * counted once per index handle.
 */
import type { IndexStore } from "./index-store";

export interface CaseCollection {
  /** CaseRecord.source: spc-guiding, lecardv2, lawrefbook, jsonl, … */
  source: string;
  count: number;
}

const cache = new WeakMap<IndexStore, CaseCollection[]>();

export function caseCollections(store: IndexStore): CaseCollection[] {
  let out = cache.get(store);
  if (!out) {
    out = store.caseSourceCounts();
    cache.set(store, out);
  }
  return out;
}
