/**
 * Keyword concepts (issue 16): a keyword part that names a concept also matches the words the
 * statute uses for it (过高 → 过分高于, 表见代理 → 有理由相信行为人有代理权). Data: the
 * "concepts" section of data/thesaurus.json (THESAURUS_PATH), one entry per concept with its
 * statutory wordings and the source article of each; loaded once, normalised like keyword parts.
 * Matching is by the whole part (normalised) equal to a key: 过高 expands, 违约金过高 does not
 * (type it as two parts, 违约金 过高, to get each part's concept under AND).
 */
import { readDataFile, thesaurusPath } from "@/lib/config";
import { normalizeText } from "@/lib/text/normalize";

interface ConceptEntry {
  terms: string[];
  src: string;
}

let loaded: { file: string; map: Map<string, string[]> } | null = null;

/** normalised key → normalised statutory wordings (the key itself excluded). */
export function loadConcepts(): Map<string, string[]> {
  const file = thesaurusPath();
  if (loaded?.file === file) return loaded.map;
  const map = new Map<string, string[]>();
  const text = readDataFile(file);
  if (text !== null) {
    const json = JSON.parse(text) as { concepts?: Record<string, ConceptEntry> };
    for (const [k, v] of Object.entries(json.concepts ?? {})) {
      const key = normalizeText(k);
      const terms = [...new Set(v.terms.map((t) => normalizeText(t)))].filter((t) => t && t !== key);
      if (key && terms.length) map.set(key, terms);
    }
  }
  loaded = { file, map };
  return map;
}

/** The statutory wordings a normalised keyword part also matches ([] when it names no concept). */
export function conceptTerms(partNorm: string): string[] {
  return loadConcepts().get(partNorm) ?? [];
}
