/**
 * Keyword parts that name a law (issue 16): a lawyer types 劳动合同法 试用期, 刑法 自首, 国家赔偿
 * 精神损害抚慰金 and means the article of that law, whose own text rarely names it (劳动合同法 第十九条
 * never says 劳动合同法). A part names a law when it is a regulation's name key (lawNameKey: without
 * 中华人民共和国) or is one with 法 added (国家赔偿 → 国家赔偿法, 商标 → 商标法). Under AND, such a
 * part is matched by the title of the article's regulation (search-clauses.ts takes in the
 * articles of the regulations whose title holds it that match the other parts; lawyer-rank.ts
 * subjectScore counts the title as the part's match, W.NAMED_LAW).
 */
import type { KeywordIndex } from "@/lib/store/keyword-index";
import { loadRegulationMeta } from "./load-regulation-meta";

const keysOf = new WeakMap<KeywordIndex, Set<string>>();

function lawKeys(db: KeywordIndex): Set<string> {
  let keys = keysOf.get(db);
  if (!keys) {
    keys = new Set(loadRegulationMeta(db).rows.map((r) => r.fgmc_key));
    keysOf.set(db, keys);
  }
  return keys;
}

/** True when the normalised part names a regulation of the index (刑法, 劳动合同法, 国家赔偿 → 国家赔偿法). */
export function namesLaw(db: KeywordIndex, part: string): boolean {
  if (Array.from(part).length < 2) return false;
  const keys = lawKeys(db);
  return keys.has(part) || keys.has(`${part}法`);
}
