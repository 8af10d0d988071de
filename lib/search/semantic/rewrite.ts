/**
 * rewrite_flag: colloquial → statutory query rewriting from data/thesaurus.json.
 *
 * The question is normalised, then scanned left to right; at each position the longest
 * thesaurus key that starts there is replaced by its statutory terms (space-separated), and
 * scanning resumes after it (so matches never overlap). The rewritten text is what both
 * halves of the hybrid search use, and what the response reports in `answer`.
 *   老板拖欠工资不给加班费 → 用人单位 拖欠劳动报酬 足额支付劳动报酬 不给 加班费 延长工作时间 工资报酬
 */
import { readDataFile, thesaurusPath } from "@/lib/config";
import { normalizeText } from "@/lib/text/normalize";

export interface Thesaurus {
  keys: Map<string, string[]>;
  maxKeyLength: number;
}

let cached: Thesaurus | null = null;

export function loadThesaurus(file = thesaurusPath()): Thesaurus {
  const text = readDataFile(file);
  if (text === null) throw new Error(`thesaurus not found at ${file}`);
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

export function getThesaurus(): Thesaurus {
  cached ??= loadThesaurus();
  return cached;
}

export interface Rewrite {
  text: string;
  /** The colloquial keys that were replaced, in order. */
  replaced: string[];
  /** The statutory terms that replaced them, in order (duplicates removed). */
  terms: string[];
}

export function rewriteQuery(query: string, th: Thesaurus = getThesaurus()): Rewrite {
  const s = normalizeText(query);
  const parts: string[] = [];
  const replaced: string[] = [];
  const terms: string[] = [];
  let plain = "";
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
      if (plain) parts.push(plain);
      plain = "";
      parts.push(th.keys.get(hit)!.join(" "));
      for (const t of th.keys.get(hit)!) if (!terms.includes(t)) terms.push(t);
      replaced.push(hit);
      i += hit.length;
    } else {
      plain += s[i];
      i++;
    }
  }
  if (plain) parts.push(plain);
  return { text: parts.join(" ").replace(/\s+/g, " ").trim(), replaced, terms };
}
