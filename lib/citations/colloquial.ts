/**
 * A draft's everyday words read as the statute's (退一赔三 → 欺诈, 三倍, 增加赔偿; 辞退 → 解除劳动合同): the lawyer's
 * thesaurus the searches use (data/thesaurus.json, THESAURUS_PATH), loaded once per process. Absent or unreadable:
 * null, and the check reads the draft's own words only.
 */
import { readDataFile, thesaurusPath } from "@/lib/config";
import { normalizeText } from "@/lib/text/normalize";
import { colloquialHits, parseConcepts, parseThesaurus, type Thesaurus, type ThesaurusConcept } from "@/lib/text/thesaurus";

let loaded: { path: string; th: Thesaurus | null } | null = null;

export function colloquialThesaurus(): Thesaurus | null {
  const file = thesaurusPath();
  if (loaded?.path !== file) {
    let th: Thesaurus | null = null;
    try {
      const text = readDataFile(file);
      th = text === null ? null : parseThesaurus(text);
    } catch {
      th = null;
    }
    loaded = { path: file, th };
  }
  return loaded.th;
}

let concepts: { path: string; map: Map<string, ThesaurusConcept> | null } | null = null;

/** The thesaurus's concepts (doctrine names with the articles that state them: 离婚经济补偿 → 民法典 第一千零八十八条), loaded once per process; null when absent. */
export function conceptTable(): Map<string, ThesaurusConcept> | null {
  const file = thesaurusPath();
  if (concepts?.path !== file) {
    let map: Map<string, ThesaurusConcept> | null = null;
    try {
      const text = readDataFile(file);
      map = text === null ? null : parseConcepts(text);
    } catch {
      map = null;
    }
    concepts = { path: file, map };
  }
  return concepts.map;
}

/**
 * The statutory terms of the everyday words in `text` that the text does not already hold, joined by 「，」 ("" when
 * none). Only words the law itself never uses (`inLaw` false: 退一赔三, 辞退, 老板): a thesaurus key the statute writes
 * too (限制, 赔偿) is the statute's word in a draft, not a layperson's.
 */
export function statutoryWords(th: Thesaurus, text: string, inLaw: (word: string) => boolean): string {
  const out: string[] = [];
  for (const h of colloquialHits(th, normalizeText(text))) {
    if (inLaw(h.key)) continue;
    for (const t of h.terms) if (!text.includes(t) && !out.includes(t)) out.push(t);
  }
  return out.join("，");
}
