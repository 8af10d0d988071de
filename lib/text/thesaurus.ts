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
