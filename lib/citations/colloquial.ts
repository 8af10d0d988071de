/**
 * A draft's everyday words read as the statute's (退一赔三 → 欺诈, 三倍, 增加赔偿; 辞退 → 解除劳动合同): the lawyer's
 * thesaurus the searches use (data/thesaurus.json, THESAURUS_PATH), loaded once per process. Absent or unreadable:
 * null, and the check reads the draft's own words only.
 */
import { readDataFile, thesaurusPath } from "@/lib/config";
import { normalizeText } from "@/lib/text/normalize";
import { colloquialHits, parseConcepts, parseThesaurus, type Thesaurus, type ThesaurusConcept } from "@/lib/text/thesaurus";

let loaded: { path: string; th: Thesaurus | null; concepts: Map<string, ThesaurusConcept> | null } | null = null;

/** Both sections of the thesaurus file, read once per process and per path (null each when absent or unreadable). */
function thesaurusFile(): NonNullable<typeof loaded> {
  const file = thesaurusPath();
  if (loaded?.path !== file) {
    let th: Thesaurus | null = null;
    let concepts: Map<string, ThesaurusConcept> | null = null;
    try {
      const text = readDataFile(file);
      th = text === null ? null : parseThesaurus(text);
      concepts = text === null ? null : parseConcepts(text);
    } catch {
      th = null;
      concepts = null;
    }
    loaded = { path: file, th, concepts };
  }
  return loaded;
}

export function colloquialThesaurus(): Thesaurus | null {
  return thesaurusFile().th;
}

/** The thesaurus's concepts (doctrine names with the articles that state them: 离婚经济补偿 → 民法典 第一千零八十八条); null when absent. */
export function conceptTable(): Map<string, ThesaurusConcept> | null {
  return thesaurusFile().concepts;
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
