/**
 * A regulation's articles as a small search index, for judging what a sentence says against the
 * cited article and for finding the article it fits instead (suspected wrong article number).
 *
 * Terms are character bigrams of the comparison form (CJK only: punctuation, digits and Latin
 * dropped), so no segmenter is needed and 违约责任 matches 违约责任 exactly. Each article also has
 * its context: its chapter heading and the articles it refers to (依照本法第二百六十三条, 前款,
 * 前条), so a sentence that names the crime 抢劫罪 fits 刑法 第二百六十九条 (定罪 依照第二百六十三条).
 * Written by hand because it is a few postings lists over one law's articles, built in
 * microseconds per article; a search library would add a dependency for less.
 *
 * Built on first use per regulation and cached per store (bounded by total bigram count).
 */
import type { Clause } from "../store/types";
import { normalizeText } from "../text/normalize";
import { clauseTidFromLabel } from "../text/numerals";
import { jiebaCut } from "../text/segmenter";

export interface LawIndex {
  fgid: string;
  clauses: Clause[];
  /** bigram → indices of the articles holding it (ascending). */
  postings: Map<string, number[]>;
  /** Per article: own bigrams. */
  own: Set<string>[];
  /** Per article: context bigrams (heading, referenced articles) not in `own`. */
  context: Set<string>[];
  /** Per article: its topic: bigrams it repeats (and the law uses in at most a third of its
   *  tenth of its articles) and the words of its own heading (第四节 罚金 → 罚金). */
  topic: Set<string>[];
  /** Per article: its text as compared (termText), computed once. */
  texts: string[];
  /** Number of articles. */
  N: number;
  byTid: Map<string, number>;
  /** Total bigram entries held (for the cache's bound). */
  size: number;
}

const CJK = /[\u3400-\u9fff]/;

/** The comparison form used for terms: normalised, CJK characters only. */
export function termText(s: string): string {
  let out = "";
  for (const ch of normalizeText(s)) if (CJK.test(ch)) out += ch;
  return out;
}

/** Character bigrams of a term text (distinct). */
export function bigramSet(t: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + 1 < t.length; i++) out.add(t.slice(i, i + 2));
  return out;
}

const XREF = /(?:本法|本条例|本规定|本解释|本办法)?第([零〇一二两三四五六七八九十百千0-9]+)条(?:之([一二三四五六七八九十]+))?/g;

function referencedTids(content: string): string[] {
  const out: string[] = [];
  for (const m of content.matchAll(XREF)) {
    // only the law's own references (本法第X条 or a bare 第X条 inside the text)
    const before = content.slice(Math.max(0, m.index! - 6), m.index!);
    if (/》\s*$/.test(before)) continue;
    // an exception to the article (但是本法第一千零六十三条第三项规定的除外; 除本法第X条另有规定外) brings no words of its own
    // (the reference's own clause: 「…第四十七条规定支付赔偿金，但…的除外」 still refers to 第四十七条)
    const end = content.slice(m.index!).search(/[，,。；;\n]/);
    const clauseStart = Math.max(content.lastIndexOf("，", m.index!), content.lastIndexOf("。", m.index!), content.lastIndexOf("；", m.index!), content.lastIndexOf("\n", m.index!)) + 1;
    if (/除外/.test(content.slice(m.index!, end < 0 ? undefined : m.index! + end)) || /除[^，。；]*$/.test(content.slice(clauseStart, m.index!))) continue;
    const tid = clauseTidFromLabel(m[0].replace(/^本(?:法|条例|规定|解释|办法)/, ""));
    if (tid) out.push(tid);
  }
  return out;
}

export function buildLawIndex(fgid: string, clauses: Clause[]): LawIndex {
  const texts = clauses.map((c) => termText(c.content));
  const own = texts.map((t) => bigramSet(t));
  const byTid = new Map<string, number>();
  clauses.forEach((c, i) => byTid.set(c.tid, i));
  const postings = new Map<string, number[]>();
  let size = 0;
  own.forEach((set, i) => {
    size += set.size;
    for (const b of set) {
      const l = postings.get(b);
      if (l) l.push(i);
      else postings.set(b, [i]);
    }
  });
  const context = clauses.map((c, i) => {
    const ctx = new Set<string>();
    const add = (s: Set<string>) => {
      for (const b of s) if (!own[i]!.has(b)) ctx.add(b);
    };
    const heading = c.chapter.split("/").pop() ?? "";
    add(bigramSet(termText(heading.replace(/^第[^章节编]*[章节编]/, ""))));
    for (const tid of referencedTids(c.content)) {
      const j = byTid.get(tid);
      if (j !== undefined && j !== i) add(own[j]!);
    }
    if (/前条|上一条/.test(c.content) && i > 0) add(own[i - 1]!);
    size += ctx.size;
    return ctx;
  });
  const N = clauses.length;
  const topic = clauses.map((c, i) => {
    const t = texts[i]!;
    const seen = new Set<string>();
    const out = new Set<string>();
    for (let k = 0; k + 1 < t.length; k++) {
      const b = t.slice(k, k + 2);
      if (seen.has(b) && (postings.get(b)?.length ?? N) <= Math.max(3, N / 10)) out.add(b);
      seen.add(b);
    }
    const heading = (c.chapter.split("/").pop() ?? "").replace(/^\s*第[^章节编]*[章节编]\s*/, "");
    for (const b of bigramSet(termText(heading))) if (own[i]!.has(b)) out.add(b);
    size += out.size;
    return out;
  });
  return { fgid, clauses, postings, own, context, topic, texts, N, byTid, size };
}

export interface Support {
  /** Index of the article in LawIndex.clauses. */
  index: number;
  /** Weighted share of the claim's in-law terms the article holds, [0,1]. */
  score: number;
}

export interface ClaimTerms {
  /** The claim's distinct bigrams that occur somewhere in the law, with their weights (idf). */
  terms: Map<string, number>;
  /** Sum of weights. */
  weight: number;
  /** How many of the terms are informative (held by at most a tenth of the articles, or 3). */
  informative: number;
  /** The largest weight (the rarest term). */
  maxWeight: number;
}

/** Enough for a judgment of its own: two informative terms, or one rare one (a crime's name: 抢劫). */
export function judgeable(law: LawIndex, ct: ClaimTerms): boolean {
  return ct.informative >= 2 || (ct.informative >= 1 && ct.maxWeight >= Math.log(1 + law.N / 20));
}

/** The claim's terms as the law sees them: bigrams the law uses, weighted by rarity among its articles. */
export function claimTerms(law: LawIndex, claim: string, exclude?: Set<string>): ClaimTerms {
  const terms = new Map<string, number>();
  let weight = 0;
  let informative = 0;
  let maxWeight = 0;
  const limit = Math.max(3, law.N / 10);
  for (const b of bigramSet(termText(claim))) {
    if (exclude?.has(b)) continue;
    const post = law.postings.get(b);
    if (!post) continue;
    const w = Math.log(1 + law.N / post.length);
    terms.set(b, w);
    weight += w;
    maxWeight = Math.max(maxWeight, w);
    if (post.length <= limit) informative++;
  }
  return { terms, weight, informative, maxWeight };
}

/** Context terms count this much of an own term. */
export const CONTEXT_WEIGHT = 0.6;

/** Support of one article for the claim terms. */
export function supportOf(law: LawIndex, i: number, ct: ClaimTerms): number {
  if (ct.weight === 0) return 0;
  let s = 0;
  const own = law.own[i]!;
  const ctx = law.context[i]!;
  for (const [b, w] of ct.terms) {
    if (own.has(b)) s += w;
    else if (ctx.has(b)) s += w * CONTEXT_WEIGHT;
  }
  return s / ct.weight;
}

/** The articles best supporting the claim terms (own text; context added for the top ones), best first. */
export function bestSupport(law: LawIndex, ct: ClaimTerms, top = 5): Support[] {
  if (ct.weight === 0) return [];
  const acc = new Float64Array(law.N);
  for (const [b, w] of ct.terms) for (const i of law.postings.get(b)!) acc[i]! += w;
  // shortlist by own-text score, then rescore with context
  const order = Array.from(acc.keys()).filter((i) => acc[i]! > 0);
  order.sort((a, b) => acc[b]! - acc[a]!);
  const short = order.slice(0, Math.max(top * 4, 20));
  const scored = short.map((i) => ({ index: i, score: supportOf(law, i, ct), focus: focusOf(law, i, ct) }));
  // near-equal support: the article that speaks of the terms most (BM25-like focus) first
  scored.sort((a, b) => (Math.abs(b.score - a.score) > 0.05 ? b.score - a.score : b.focus - a.focus || b.score - a.score) || a.index - b.index);
  return scored.slice(0, top).map(({ index, score }) => ({ index, score }));
}

/** How much an article is about the claim terms: Σ weight · saturated frequency / length norm (BM25's shape). */
function focusOf(law: LawIndex, i: number, ct: ClaimTerms): number {
  const t = law.texts[i]!;
  const len = Math.max(1, t.length);
  let f = 0;
  for (const [b, w] of ct.terms) {
    if (!law.own[i]!.has(b)) continue;
    let tf = 0;
    for (let k = t.indexOf(b); k >= 0; k = t.indexOf(b, k + 1)) tf++;
    f += (w * (tf * 2.2)) / (tf + 1.2 * (0.25 + 0.75 * (len / 120)));
  }
  return f;
}

/**
 * The claim's phrases the article holds: maximal runs of the claim's term text whose bigrams are all
 * in the article (own or context), longest first, at least 3 characters (or 2 for a rare bigram);
 * or, with `keep`, every run it keeps.
 */
export function matchedPhrases(law: LawIndex, i: number, claim: string, max = 4, keep?: (run: string) => boolean): string[] {
  const t = termText(claim);
  const own = law.own[i]!;
  const ctx = law.context[i]!;
  let runs: string[] = [];
  let start = -1;
  for (let k = 0; k + 1 <= t.length; k++) {
    const b = t.slice(k, k + 2);
    const hit = b.length === 2 && (own.has(b) || ctx.has(b));
    if (hit && start < 0) start = k;
    if (!hit && start >= 0) {
      runs.push(t.slice(start, k + 1));
      start = -1;
    }
  }
  if (start >= 0) runs.push(t.slice(start));
  const numeric = /^[零〇一二两三四五六七八九十百千万年月日个以上下内]+$/;
  runs = runs.filter((r) => !numeric.test(r));
  if (keep) return [...new Set(runs.filter(keep))].sort((a, b) => b.length - a.length).slice(0, max);
  const limit = Math.max(3, law.N / 10);
  const good = runs
    .map((r) => r.replace(/^[的之了和与及或其并]+|[的之了和与及或其并]+$/g, ""))
    .filter((r) => r.length >= 3 || (r.length === 2 && (law.postings.get(r)?.length ?? Infinity) <= limit));
  return [...new Set(good)].sort((a, b) => b.length - a.length).slice(0, max);
}

/** Words that never start or end a phrase: they join words, they do not name anything (应当, 可以, 或者, 依照…). */
export const JOINING_WORDS = new Set(["应当", "可以", "或者", "以及", "并且", "已经", "依法", "对于", "关于", "根据", "依照", "按照", "属于", "具有", "应该", "不得", "但是", "如果", "并且", "其他"]);

/** A run of numerals and date words (年月日 of a date whose digits were dropped) names nothing. */
const NUMERIC = /^[零〇一二两三四五六七八九十百千万年月日个以上下内]+$/;

/** The claim's words (jieba, precise mode) in its comparison form (termText: punctuation dropped, as in the articles' texts). */
export function claimWords(claim: string): string[] {
  const t = termText(claim);
  return t ? jiebaCut(t) : [];
}

/**
 * The claim's phrases that article i's own text holds word for word, cut at word boundaries: maximal runs of
 * the claim's consecutive words (claimWords) that the article holds as one string, without single-character
 * words or joining words (JOINING_WORDS) at either end — so a junction of two words (由|管理人, 人|行使优先受偿权,
 * 位|未) is never taken for a phrase. Longest first.
 */
export function wordPhrases(law: LawIndex, i: number, claim: string, words: string[] = claimWords(claim)): string[] {
  const text = law.texts[i]!;
  const out = new Set<string>();
  let s = 0;
  while (s < words.length) {
    let e = s;
    let cur = "";
    while (e < words.length && text.includes(cur + words[e])) cur += words[e++];
    if (e === s) {
      s++;
      continue;
    }
    let a = s;
    let b = e;
    const edge = (w: string) => w.length < 2 || JOINING_WORDS.has(w);
    while (a < b && edge(words[a]!)) a++;
    while (b > a && edge(words[b - 1]!)) b--;
    const p = words.slice(a, b).join("");
    if (p.length >= 2 && !NUMERIC.test(p)) out.add(p);
    s = e;
  }
  return [...out].sort((x, y) => y.length - x.length);
}

/** Bigram entries kept in the per-store cache of law indexes (≈ 40 bytes each with the sets). */
/** Byte budget of the per-law index cache, per store handle (estimated heap bytes, see lawIndexBytes). */
export const LAW_INDEX_CACHE_BYTES = 192 * 1024 * 1024;
/** Estimated heap bytes of one bigram entry (a 2-character string in a Set or a postings list). */
const BYTES_PER_ENTRY = 48;

/** Estimated heap bytes of a law index: its bigram entries and its article texts (UTF-16). */
export function lawIndexBytes(idx: LawIndex): number {
  let chars = 0;
  for (const t of idx.texts) chars += t.length;
  return idx.size * BYTES_PER_ENTRY + chars * 2;
}

const CACHE = new WeakMap<object, { map: Map<string, LawIndex>; bytes: number }>();

/** Estimated bytes held by the law-index cache of a store (for tests and the memory report). */
export function lawIndexCacheBytes(store: object): number {
  return CACHE.get(store)?.bytes ?? 0;
}

/**
 * The law index of one regulation version, built on first use and kept per store (a re-ingest
 * swaps the store object, which drops the cache); least recently used indexes are dropped past
 * `budget` estimated bytes (LAW_INDEX_CACHE_BYTES), the newest one always kept.
 */
export function lawIndexFor(store: object, fgid: string, clauses: () => Clause[], budget = LAW_INDEX_CACHE_BYTES): LawIndex {
  let c = CACHE.get(store);
  if (!c) CACHE.set(store, (c = { map: new Map(), bytes: 0 }));
  const hit = c.map.get(fgid);
  if (hit) {
    c.map.delete(fgid);
    c.map.set(fgid, hit);
    return hit;
  }
  const idx = buildLawIndex(fgid, clauses());
  c.map.set(fgid, idx);
  c.bytes += lawIndexBytes(idx);
  for (const [k, v] of c.map) {
    if (c.bytes <= budget || k === fgid) break;
    c.map.delete(k);
    c.bytes -= lawIndexBytes(v);
  }
  return idx;
}
