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
import { colloquialHits, parseThesaurus, type Thesaurus } from "@/lib/text/thesaurus";

export type { Thesaurus };

let cached: Thesaurus | null = null;

export function loadThesaurus(file = thesaurusPath()): Thesaurus {
  const text = readDataFile(file);
  if (text === null) throw new Error(`thesaurus not found at ${file}`);
  return parseThesaurus(text);
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
  let i = 0;
  for (const h of colloquialHits(th, s)) {
    if (h.at > i) parts.push(s.slice(i, h.at));
    parts.push(h.terms.join(" "));
    for (const t of h.terms) if (!terms.includes(t)) terms.push(t);
    replaced.push(h.key);
    i = h.at + h.key.length;
  }
  if (i < s.length) parts.push(s.slice(i));
  return { text: parts.join(" ").replace(/\s+/g, " ").trim(), replaced, terms };
}
