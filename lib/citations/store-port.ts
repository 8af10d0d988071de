/**
 * The citation check's view of the index: the process-wide IndexStore, which structurally
 * satisfies CitationStore (only its public read methods are used, never raw()).
 */
import { getIndex } from "../store/index-store";
import type { CitationStore } from "./types";

export function citationStore(): CitationStore {
  return getIndex();
}
