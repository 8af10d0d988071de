/**
 * The citation check's view of the index: the process-wide IndexStore, which structurally
 * satisfies CitationStore (only its typed read methods are used).
 */
import { getIndex } from "../store/index-store";
import type { CitationStore } from "./types";

export function citationStore(): CitationStore {
  return getIndex();
}
