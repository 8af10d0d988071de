/**
 * Crime names → the articles of the 刑法 that define them, read from the index's own 罪名 lists
 * (最高人民检察院关于适用刑法分则规定的犯罪的罪名的意见 and the 确定罪名的补充规定 series: lists
 * 「N．X罪（第N条…）」, tables 「| 第N条 … | X罪（取消Y罪罪名）|」, and 「第N条…的罪名由“Y”修改为“X”」).
 * A criminal judgment rarely restates its article; it names the crime (以诈骗罪追究其刑事责任). The
 * crime named says which article is meant: the judge step uses it to confirm an applied 刑法 article
 * and to name the right one when the number is wrong. Written here because no library knows these
 * lists; the data are the index's, so a new 补充规定 in the corpus is picked up by the next ingest.
 */
import { CRIME_LIST_TITLE, crimeArticles, parseCrimeList } from "../text/crime-lists";
import type { CitationStore } from "./types";

export { parseCrimeList };

export interface CrimeTable {
  /** Crime name (with 罪) → tids of the 刑法 articles defining it, in the list's order. */
  byName: Map<string, string[]>;
  /** tid → crime names it defines. */
  byTid: Map<string, string[]>;
  /** Titles the table was read from. */
  sources: string[];
  /** Names by their first character, longest first (for the scan of a sentence). */
  byFirst: Map<string, string[]>;
}

/** Builds the table from texts (pure). */
export function buildCrimeTable(texts: { title: string; text: string }[]): CrimeTable {
  const byName = crimeArticles(texts.map((t) => t.text));
  const byTid = new Map<string, string[]>();
  for (const [name, tids] of byName) for (const t of tids) byTid.set(t, [...(byTid.get(t) ?? []), name]);
  const byFirst = new Map<string, string[]>();
  for (const name of [...byName.keys()].sort((a, b) => b.length - a.length)) byFirst.set(name[0]!, [...(byFirst.get(name[0]!) ?? []), name]);
  return { byName, byTid, sources: texts.map((t) => t.title), byFirst };
}

const tables = new WeakMap<CitationStore, CrimeTable>();

/** The table read from the store's 罪名 lists (built once per store handle). */
export function crimeTableOf(store: CitationStore): CrimeTable {
  let t = tables.get(store);
  if (!t) {
    const seen = new Set<string>();
    const texts: { title: string; text: string }[] = [];
    for (const r of store.listTitles()) {
      if (!CRIME_LIST_TITLE.test(r.fgmc) || seen.has(r.fgmc.replace(/\s+/g, ""))) continue;
      seen.add(r.fgmc.replace(/\s+/g, ""));
      texts.push({ title: r.fgmc, text: store.getClauses(r.fgid).map((c) => c.content).join("\n") });
    }
    t = buildCrimeTable(texts);
    tables.set(store, t);
  }
  return t;
}

/**
 * Crime mentions in a sentence: 以/构成/犯/涉嫌/判处/定 … 罪 (the name, with 罪). A mention runs over no other 罪 but that
 * of 犯罪 (包庇毒品犯罪分子罪): 与前罪未执行的刑罚…数罪并罚 names no crime.
 */
const MENTION = /(?:以|构成|犯有|犯|涉嫌|成立|判处|定|系|属|和|及|与|、)((?:犯罪|(?!罪)[\u4e00-\u9fa5、]){2,24}?罪)(?![名行状责刑过数犯])/g;

/** Everything of a mention up to its last mention verb (…构成 / …犯 / …以). */
const MENTION_LEAD = /^.*(?:构成|犯有|犯|涉嫌|成立|判处|以|定|系|属)/;

export interface CrimesNamed {
  /** Known crimes the sentence names (longest matches, in order of appearance). */
  known: string[];
  /** Crime-like mentions the table does not know (an unknown name blocks any 不一致 from crimes). */
  unknown: string[];
}

/** The crimes a sentence names. */
export function crimesNamed(table: CrimeTable, sentence: string): CrimesNamed {
  const spans: { s: number; e: number; name: string }[] = [];
  for (let i = 0; i < sentence.length; i++) {
    const names = table.byFirst.get(sentence[i]!);
    if (!names) continue;
    for (const name of names) if (sentence.startsWith(name, i)) spans.push({ s: i, e: i + name.length, name });
  }
  spans.sort((a, b) => a.s - b.s || b.e - a.e);
  const kept: typeof spans = [];
  for (const sp of spans) if (!kept.some((k) => k.s <= sp.s && sp.e <= k.e)) kept.push(sp);
  const known = [...new Set(kept.map((k) => k.name))];
  const unknown: string[] = [];
  // what is left once the known names are blanked out
  let rest = sentence;
  for (const k of kept) rest = rest.slice(0, k.s) + "，".repeat(k.e - k.s) + rest.slice(k.e);
  for (const m of rest.matchAll(MENTION)) {
    const name = m[1]!;
    if (name.includes("犯罪") || /^[数本此该轻重死无有得认定]罪$/.test(name)) continue;
    unknown.push(name);
  }
  // a known name that is only the tail of a longer mention (构成网络诈骗罪 → 诈骗罪) is not what the sentence names
  for (const m of sentence.matchAll(MENTION)) {
    if (m[1]!.includes("犯罪")) continue;
    // the mention may begin inside a word (规定 → 定) and run over the verb: 定被告人张某犯挪用公款罪 names 挪用公款罪
    const name = m[1]!.replace(MENTION_LEAD, "");
    const end = m.index! + m[0].length;
    if (name.length < 2 || table.byName.has(name) || name.includes("、")) continue;
    if (kept.some((k) => k.e === end && k.s > end - name.length)) unknown.push(name);
  }
  return { known, unknown };
}
