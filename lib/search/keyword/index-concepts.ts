/**
 * The concepts of one index handle (issue 16): the crime names its 罪名 lists teach (crime-concepts.ts)
 * and the thesaurus's `articles` (concepts.ts) resolved to that index's clauses: the cids of the
 * current version of each named law's articles. useIndexConcepts makes them the active derived concepts;
 * every keyword search calls it first, so a search on another index handle (a new index rolled out,
 * a test's own index) switches them, and with them the keyword segmenter's legal dictionary. Built once per handle.
 */
import type { KeywordIndex } from "@/lib/store/keyword-index";
import { lawNameKey } from "@/lib/text/normalize";
import { loadConcepts, setDerivedConcepts, type DerivedConcept } from "./concepts";
import { crimeConcepts } from "./crime-concepts";
import { loadRegulationMeta } from "./load-regulation-meta";
import { legalWords } from "./legal-words";
import { setLegalWords } from "./keyword-segmenter";

/** The thesaurus's articles on this index: key → cids of the current version's articles (unresolved ones left out). */
export function thesaurusArticles(ix: KeywordIndex): Map<string, Set<number>> {
  const concepts = loadConcepts();
  const laws = new Set<string>();
  for (const c of concepts.values()) for (const [law] of c.articles) laws.add(lawNameKey(law));
  const out = new Map<string, Set<number>>();
  if (laws.size === 0) return out;
  const byLaw = new Map<string, Map<string, number[]>>(); // law key → ft_num → cids
  for (const r of loadRegulationMeta(ix).rows) {
    if (r.sxx !== "现行有效" || !laws.has(r.fgmc_key)) continue;
    const arts = byLaw.get(r.fgmc_key) ?? new Map<string, number[]>();
    for (const c of ix.clausesOfRegulation(r.rid)) arts.set(c.ft_num, [...(arts.get(c.ft_num) ?? []), c.cid]);
    byLaw.set(r.fgmc_key, arts);
  }
  for (const [key, c] of concepts) {
    const keys = new Set<number>();
    for (const [law, ft] of c.articles) for (const k of byLaw.get(lawNameKey(law))?.get(ft) ?? []) keys.add(k);
    if (keys.size) out.set(key, keys);
  }
  return out;
}

/** Crime concepts and thesaurus articles of one index, merged (articles united). */
export function indexConcepts(ix: KeywordIndex): Map<string, DerivedConcept> {
  const out = crimeConcepts(ix);
  for (const [key, articles] of thesaurusArticles(ix)) {
    const c = out.get(key);
    if (c) for (const a of articles) c.articles.add(a);
    else out.set(key, { terms: [], articles });
  }
  return out;
}

const built = new WeakMap<KeywordIndex, { concepts: Map<string, DerivedConcept>; words: string[] }>();
let active: WeakRef<KeywordIndex> | null = null;

/**
 * Makes the concepts of `ix` the active derived concepts and its legal dictionary (legal-words.ts)
 * the keyword segmenter's (built on first use per handle).
 */
export function useIndexConcepts(ix: KeywordIndex): void {
  if (active?.deref() === ix) return;
  let m = built.get(ix);
  if (!m) {
    const concepts = indexConcepts(ix);
    built.set(ix, (m = { concepts, words: legalWords(ix, concepts.keys()) }));
  }
  setLegalWords(m.words); // before the concepts: their generation bump empties the parts compiled with the former segmenter
  setDerivedConcepts(m.concepts);
  active = new WeakRef(ix);
}
