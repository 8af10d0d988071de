/**
 * Crime names as keyword concepts (issue 16), taught by the corpus itself. A lawyer types the crime
 * (职务侵占, 帮助信息网络犯罪活动罪); the 刑法 article that defines it never says the name: it describes
 * the act (「公司、企业或者其他单位的工作人员，利用职务上的便利，将本单位财物非法占为己有」). The index's
 * own 罪名 lists (lib/text/crime-lists.ts) say which article defines each crime, so each name (with
 * and without 罪) becomes a concept:
 *   - its wording: the stretch of the defining article's 罪状 that shares most with the name (actWording;
 *     none when the article already holds the name), so the article matches the keyword at all;
 *   - its articles: that article in every 刑法 version (cids), which the ranking treats as
 *     defining the part (lawyer-rank.ts DEFINES), so it goes above the interpretations that only
 *     repeat the name.
 * Only 分则 articles (第一百零二条 on): the lists name no 总则 article as a crime's. Built once per index
 * handle (≈ 0.4 s) by index-concepts.ts.
 */
import type { KeywordIndex } from "@/lib/store/keyword-index";
import { CRIME_LIST_TITLE, crimeArticles } from "@/lib/text/crime-lists";
import { lawNameKey, normalizeText } from "@/lib/text/normalize";
import type { DerivedConcept } from "./concepts";
import { loadRegulationMeta } from "./load-regulation-meta";

const CRIMINAL_LAW = lawNameKey("中华人民共和国刑法");
/** The first article of the 分则. */
const FIRST_SPECIAL_ARTICLE = 102;
/** Stretches of a 罪状 that every crime shares: never a crime's wording. */
const STOCK = /情节严重|情节特别严重|情节较轻|情节恶劣|数额较大|数额巨大|数额特别巨大|违反国家规定|造成严重后果|后果严重|后果特别严重|有下列情形之一|尚不构成犯罪|依照前款|依照本法|前款规定/u;
/** Shortest and longest wording kept. */
const MIN_WORDING = 4;
const MAX_WORDING = 40;

function bigrams(s: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + 2 <= s.length; i++) out.add(s.slice(i, i + 2));
  return out;
}

function shared(a: Set<string>, b: string): number {
  let n = 0;
  for (const g of bigrams(b)) if (a.has(g)) n++;
  return n;
}

/**
 * The wording of a crime in its defining article (pure): the 款 sharing most character bigrams with the
 * name; its 罪状 (the text before 「的，处」, else its first sentence); of the 罪状's comma-separated (full- or half-width)
 * stretches without stock phrases, the one sharing most bigrams with the name, then the longest.
 * null when no stretch is usable.
 */
export function actWording(article: string, name: string): string | null {
  const key = bigrams(name.replace(/罪$/u, ""));
  const paragraphs = article.split("\n").map((p) => p.trim()).filter(Boolean);
  let best = paragraphs[0];
  let bestShared = -1;
  for (const p of paragraphs) {
    const n = shared(key, p);
    if (n > bestShared) [best, bestShared] = [p, n];
  }
  if (!best) return null;
  const cut = best.search(/的[，,]处/u);
  const act = cut > 0 ? best.slice(0, cut) : best.split("。")[0]!;
  let wording: string | null = null;
  let wordingShared = -1;
  for (const raw of act.split(/[，；：。,;:]/u)) {
    const s = raw.replace(/^(?:或者|并且|而且|或|并)/u, "").trim();
    if (s.length < MIN_WORDING || s.length > MAX_WORDING || STOCK.test(s)) continue;
    const n = shared(key, s);
    if (n > wordingShared || (n === wordingShared && s.length > wording!.length)) [wording, wordingShared] = [s, n];
  }
  return wording;
}

/** tid of a 分则 article (「264」, 「135-1」), else false. */
function specialPart(tid: string): boolean {
  const n = Number.parseInt(tid, 10);
  return Number.isFinite(n) && n >= FIRST_SPECIAL_ARTICLE;
}

/** The crime concepts of an index (see the module comment). */
export function crimeConcepts(ix: KeywordIndex): Map<string, DerivedConcept> {
  const regs = loadRegulationMeta(ix).rows;
  const seen = new Set<string>();
  const lists: string[] = [];
  for (const r of regs) {
    const title = r.fgmc.replace(/\s+/g, "");
    if (!CRIME_LIST_TITLE.test(title) || seen.has(title)) continue;
    seen.add(title);
    lists.push(ix.clausesOfRegulation(r.rid).map((c) => c.content).join("\n"));
  }
  const out = new Map<string, DerivedConcept>();
  if (lists.length === 0) return out;
  const versions = regs.filter((r) => r.fgmc_key === CRIMINAL_LAW);
  const current = versions.find((r) => r.sxx === "现行有效") ?? versions[versions.length - 1];
  if (!current) return out;
  const articles = new Map<string, { cid: number; content: string }[]>(); // tid → the article in each version, current first
  for (const v of [current, ...versions.filter((r) => r !== current)]) {
    for (const c of ix.clausesOfRegulation(v.rid)) {
      if (!specialPart(c.tid)) continue;
      const list = articles.get(c.tid) ?? [];
      list.push({ cid: c.cid, content: normalizeText(c.content) });
      articles.set(c.tid, list);
    }
  }
  for (const [name, tids] of crimeArticles(lists)) {
    const held = tids.filter((t) => articles.has(t));
    if (held.length === 0) continue;
    const keys = new Set<number>();
    for (const t of held) for (const a of articles.get(t)!) keys.add(a.cid);
    const first = articles.get(held[0]!)![0]!.content;
    for (const key of [normalizeText(name), normalizeText(name.replace(/罪$/u, ""))]) {
      if (key.length < 2 || key.includes("、") || out.has(key)) continue;
      const wording = first.includes(key) ? null : actWording(first, key);
      out.set(key, { terms: wording && wording !== key ? [wording] : [], articles: keys });
    }
  }
  return out;
}
