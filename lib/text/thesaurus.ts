/**
 * The lawyer's thesaurus (data/thesaurus.json, `entries`: a colloquial term → the statutory terms a statute
 * uses for it, each entry with its source in the file's `_about`), parsed, and the scan that finds its keys in
 * a text: the semantic search rewrites questions with it (lib/search/semantic/rewrite.ts), the citation check
 * reads a draft's everyday words as the statute's (lib/citations). Pure: the caller reads the file.
 */
import { normalizeText } from "./normalize";

export interface Thesaurus {
  keys: Map<string, string[]>;
  maxKeyLength: number;
}

/** The `entries` of the thesaurus file's JSON text. */
export function parseThesaurus(text: string): Thesaurus {
  const json = JSON.parse(text) as { entries: Record<string, string[]> };
  const keys = new Map<string, string[]>();
  let maxKeyLength = 0;
  for (const [k, v] of Object.entries(json.entries)) {
    const key = normalizeText(k).trim();
    if (!key || !Array.isArray(v)) continue;
    keys.set(key, v.map((x) => String(x)));
    maxKeyLength = Math.max(maxKeyLength, key.length);
  }
  return { keys, maxKeyLength };
}

/** A concept of the thesaurus's `concepts` section: a doctrine name or a lawyer's word with the statute's wordings for it. */
export interface ThesaurusConcept {
  /** Normalised statutory wordings (the key itself excluded). */
  terms: string[];
  /** [law name, 第X条] of the articles that define the concept or state the rule, as the file writes them. */
  articles: Array<[string, string]>;
}

/** The `concepts` section of the thesaurus file's JSON text: normalised key → concept (entries with neither wordings nor articles left out). */
export function parseConcepts(text: string): Map<string, ThesaurusConcept> {
  const json = JSON.parse(text) as { concepts?: Record<string, { terms?: string[]; articles?: unknown[] }> };
  const map = new Map<string, ThesaurusConcept>();
  for (const [k, v] of Object.entries(json.concepts ?? {})) {
    const key = normalizeText(k);
    const terms = [...new Set((v.terms ?? []).map((t) => normalizeText(String(t))))].filter((t) => t && t !== key);
    const articles = (v.articles ?? []).filter((a): a is [string, string] => Array.isArray(a) && typeof a[0] === "string" && typeof a[1] === "string");
    if (key && (terms.length || articles.length)) map.set(key, { terms, articles });
  }
  return map;
}

export interface ColloquialHit {
  /** Start of the key in the text scanned. */
  at: number;
  key: string;
  terms: string[];
}

/**
 * The thesaurus keys in a text normalised as the keys are (normalizeText), left to right: at each position the
 * longest key that starts there, and the scan resumes after it, so hits never overlap.
 */
export function colloquialHits(th: Thesaurus, s: string): ColloquialHit[] {
  const out: ColloquialHit[] = [];
  let i = 0;
  while (i < s.length) {
    let hit: string | null = null;
    for (let len = Math.min(th.maxKeyLength, s.length - i); len >= 1; len--) {
      const cand = s.slice(i, i + len);
      if (th.keys.has(cand)) {
        hit = cand;
        break;
      }
    }
    if (hit) {
      out.push({ at: i, key: hit, terms: th.keys.get(hit)! });
      i += hit.length;
    } else i++;
  }
  return out;
}
