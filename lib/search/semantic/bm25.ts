/**
 * The lexical half of the hybrid: BM25 (SQLite FTS5 `bm25()`) over clause_fts, queried with
 * the question's terms. Each term (lib/search/semantic/terms.ts: jieba search-mode words minus
 * question phrasing) becomes an exact bigram phrase (lib/text/bigrams.ts), and the phrases
 * are OR-ed, so a clause scores by how many of the question's words it contains, weighted by
 * their rarity. To bound the cost of long questions, only the `maxTerms` rarest words are
 * kept (idf from the LSA vocabulary; longest first without it): 16 keeps STARD quality and
 * cuts BM25's p99 by a third versus 24. Words in more than ~13 % of clauses (idf < 2, `minIdf`)
 * are left out too: they cost the longest posting lists and barely move the ranking (hybrid p99
 * 54 → 36 ms for −0.004 R@10 on STARD).
 *
 * Independent of the keyword operation's engine on purpose: a question is not a keyword list.
 */
import { bigramPhrase } from "@/lib/text/bigrams";
import { semanticTerms } from "./terms";
import { topByScore } from "./top-by-score";
import type { SemanticIndex } from "@/lib/store/semantic-index";

export interface Hit {
  cid: number;
  score: number;
}

export interface Bm25Options {
  limit: number;
  /** Restrict to clauses of these regulations (rids); null/undefined = all. */
  rids?: number[] | null;
  maxTerms?: number;
  /** Whole statutory phrases (from the rewrite) matched as exact phrases besides the question's words. */
  extraTerms?: string[];
  /** extraTerms shorter than this are left out (default 6). */
  minPhraseLength?: number;
  /** Inverse document frequency of a term when known (the LSA vocabulary): rarer terms are kept first. */
  idf?: (term: string) => number | undefined;
  /** Terms with a known idf below this are left out (very common words: long posting lists, little evidence). */
  minIdf?: number;
}

/** The FTS5 MATCH expression for a question, or null when it has no usable term. */
export function bm25Match(terms: string[], maxTerms = 24, idf?: (term: string) => number | undefined, minIdf = 0): string | null {
  let uniq = [...new Set(terms)];
  if (idf && minIdf > 0) {
    const kept = uniq.filter((t) => (idf(t) ?? 100) >= minIdf);
    if (kept.length) uniq = kept;
  }
  if (idf) {
    // Rarest first (a term the vocabulary does not know is rarer than any it knows); ties: longer first.
    const score = (t: string) => idf(t) ?? 100;
    uniq.sort((a, b) => score(b) - score(a) || b.length - a.length);
  } else {
    // Longer words first: they are the rarer, more specific ones; their parts follow.
    uniq.sort((a, b) => b.length - a.length);
  }
  const phrases: string[] = [];
  for (const t of uniq) {
    const p = bigramPhrase(t);
    if (p && !phrases.includes(p)) phrases.push(p);
    if (phrases.length >= maxTerms) break;
  }
  return phrases.length ? phrases.join(" OR ") : null;
}

export function bm25Search(db: SemanticIndex, question: string, opts: Bm25Options): Hit[] {
  const qterms = semanticTerms(question);
  const minLen = opts.minPhraseLength ?? 6;
  let match = bm25Match(qterms, opts.maxTerms ?? 24, opts.idf, opts.minIdf);
  if (opts.extraTerms?.length) {
    // Long statutory compounds (the rewrite's thesaurus terms, e.g. 延长工作时间) as exact phrases, beyond the
    // word budget: jieba splits them into common words whose bigram phrases lose the compound. Only those of
    // at least `minPhraseLength` characters: shorter ones cost STARD MRR (4: −0.006; 6: −0.002).
    const have = new Set(qterms);
    const extra = [...new Set(opts.extraTerms)].filter((t) => !have.has(t) && !semanticTerms(t).includes(t) && t.length >= minLen).map((t) => bigramPhrase(t)).filter((p): p is string => !!p);
    const phrases = [...new Set(extra)].filter((p) => !match || !match.split(" OR ").includes(p));
    if (phrases.length) match = [match, ...phrases].filter(Boolean).join(" OR ");
  }
  if (!match || opts.limit <= 0) return [];
  if (opts.rids && opts.rids.length === 0) return [];
  if (phraseCacheEntries() > 0) return bm25FromPhraseLists(db, match.split(" OR "), opts.limit, opts.rids ?? null);
  const rows = db.bm25Clauses(match, opts.limit, opts.rids ?? null);
  // FTS5's bm25() is lower-is-better; report the conventional positive score.
  return rows.map((r) => ({ cid: r.cid, score: -r.s }));
}

/* ---------- the same BM25 from cached per-phrase lists ---------- */

/**
 * FTS5's bm25() of an OR of phrases is, for each clause, the sum over the phrases (in query
 * order) of idf(phrase) × a term-frequency part that depends only on that phrase and that
 * clause (fts5_aux.c); a phrase a clause does not hold adds exactly 0. So each phrase's
 * contributions, i.e. bm25() of the phrase alone for every clause holding it, are computed once
 * and kept (a question's words recur across questions: 劳动, 工资, 赔偿 …), and a question's
 * BM25 is their sum in the same order: the same doubles as the OR query, without FTS5
 * evaluating the whole OR again. Ties are ordered by clause rowid. Bounded per index handle
 * by SEMANTIC_BM25_CACHE_ENTRIES (default 4,000,000 clause entries ≈ 48 MB: all 1,228 STARD questions
 * touch 3.7k phrases, 3.4M entries, and 1.5M thrashed (10 FTS5 phrase queries a new question instead of 3.5); 0 = off: one
 * FTS5 OR query per question), least recently used phrases dropped first.
 */
function phraseCacheEntries(): number {
  const raw = process.env.SEMANTIC_BM25_CACHE_ENTRIES;
  const n = raw === undefined || raw.trim() === "" ? 4_000_000 : Math.floor(Number(raw));
  return Number.isFinite(n) && n >= 0 ? n : 4_000_000;
}

/** Each kept phrase also counts this many entries for itself (key, Map entry, arrays): a flood of new words cannot pile up empty lists. */
const PHRASE_OVERHEAD = 64;

interface PhraseList {
  cid: Int32Array;
  /** The phrase's contribution (positive: −bm25 of the phrase alone). */
  w: Float64Array;
}

interface PhraseState {
  lists: Map<string, PhraseList>;
  entries: number;
  /** Lists kept for good (pinPhrases: the learned expansion's words), outside the LRU order but inside its budget. */
  pinned: Map<string, PhraseList>;
  pinnedEntries: number;
  /** Per clause: the running sum, and the clauses with a non-zero sum (scratch, reset after each query). */
  acc: Float64Array;
  touched: Int32Array;
  ridOf: Int32Array;
  /** The clauses of each regulation: ridClauses[ridStart[r] .. ridStart[r + 1]) (built on first use). */
  ridStart: Int32Array | null;
  ridClauses: Int32Array | null;
}

const phraseStates = new WeakMap<SemanticIndex, PhraseState>();

function phraseState(db: SemanticIndex): PhraseState {
  let st = phraseStates.get(db);
  if (!st) {
    const ridOf = db.clauseRegulations();
    st = { lists: new Map(), entries: 0, pinned: new Map(), pinnedEntries: 0, acc: new Float64Array(ridOf.length), touched: new Int32Array(ridOf.length), ridOf, ridStart: null, ridClauses: null };
    phraseStates.set(db, st);
  }
  return st;
}

function phraseList(db: SemanticIndex, st: PhraseState, phrase: string): PhraseList {
  const pin = st.pinned.get(phrase);
  if (pin) return pin;
  const hit = st.lists.get(phrase);
  if (hit) {
    st.lists.delete(phrase);
    st.lists.set(phrase, hit);
    return hit;
  }
  const list: PhraseList = db.phraseContributions(phrase);
  const budget = phraseCacheEntries();
  const weight = list.cid.length + PHRASE_OVERHEAD;
  if (st.pinnedEntries + weight > budget) return list;
  evict(st, budget - st.pinnedEntries - weight);
  st.lists.set(phrase, list);
  st.entries += weight;
  return list;
}

/** Drops the least recently used (unpinned) lists until they hold at most `keep` entries. */
function evict(st: PhraseState, keep: number): void {
  while (st.entries > keep && st.lists.size > 0) {
    const [oldest, dropped] = st.lists.entries().next().value!;
    st.lists.delete(oldest);
    st.entries -= dropped.cid.length + PHRASE_OVERHEAD;
  }
}

/** Pinned lists may take at most this share of the phrase cache's budget (the rest stays for the questions' own words). */
const PIN_SHARE = 0.875;

/**
 * Computes the phrase lists of `terms` (each term's bigram phrase, as bm25Weighted searches it) once
 * and keeps them for good, so no question pays for them again and no question's words evict them:
 * the learned expansion's vocabulary (learned.ts expansionVocabulary; its words are what most
 * questions' expanded queries consist of), at warm-up. Inside the SEMANTIC_BM25_CACHE_ENTRIES budget:
 * terms are pinned in the given order while the pinned lists take at most PIN_SHARE of it, and the
 * least recently used of the other lists are dropped to make room. The lists are the same either
 * way, so the sums (and every ranking) are unchanged. Returns what is pinned in all.
 */
export function pinPhrases(db: SemanticIndex, terms: Iterable<string>): { phrases: number; entries: number } {
  const st = phraseState(db);
  const budget = phraseCacheEntries() * PIN_SHARE;
  for (const t of terms) {
    const p = bigramPhrase(t);
    if (!p || st.pinned.has(p)) continue;
    const cached = st.lists.get(p);
    const list = cached ?? db.phraseContributions(p);
    const weight = list.cid.length + PHRASE_OVERHEAD;
    if (st.pinnedEntries + weight > budget) continue;
    if (cached) {
      st.lists.delete(p);
      st.entries -= weight;
    }
    st.pinned.set(p, list);
    st.pinnedEntries += weight;
  }
  evict(st, phraseCacheEntries() - st.pinnedEntries);
  return { phrases: st.pinned.size, entries: st.pinnedEntries };
}

/** Also the best `limit` clauses within regulations `rids`, pushed to `out` (bm25Weighted). */
interface Within {
  rids: number[];
  limit: number;
  out: Hit[];
}

function bm25FromPhraseLists(db: SemanticIndex, phrases: string[], limit: number, rids: number[] | null, weights?: Map<string, number>, within?: Within): Hit[] {
  const st = phraseState(db);
  let allowed: Uint8Array | null = null;
  if (rids) {
    allowed = new Uint8Array(rids.reduce((m, r) => Math.max(m, r), 0) + 1);
    for (const r of rids) allowed[r] = 1;
  }
  const acc = st.acc;
  const ridOf = st.ridOf;
  const touched = st.touched;
  let n = 0;
  for (const p of phrases) {
    const list = phraseList(db, st, p);
    const { cid, w } = list;
    const len = cid.length;
    // the same additions as `acc[c] += weights ? k · w : w`, in the same order, without per-entry branches;
    // a clause is listed in `touched` on its first contribution without a branch either (written at n every
    // time, n moved past it only when its sum was still 0: that branch was taken about half the time, at
    // random, and mispredicted, ≈20 % of the loop's time)
    if (weights) {
      const k = weights.get(p) ?? 1;
      for (let i = 0; i < len; i++) {
        const c = cid[i]!;
        if (allowed && allowed[ridOf[c]!] !== 1) continue;
        const a = acc[c]!;
        touched[n] = c;
        n += Number(a === 0);
        acc[c] = a + k * w[i]!;
      }
    } else if (allowed) {
      for (let i = 0; i < len; i++) {
        const c = cid[i]!;
        if (allowed[ridOf[c]!] !== 1) continue;
        const a = acc[c]!;
        touched[n] = c;
        n += Number(a === 0);
        acc[c] = a + w[i]!;
      }
    } else {
      for (let i = 0; i < len; i++) {
        const c = cid[i]!;
        const a = acc[c]!;
        touched[n] = c;
        n += Number(a === 0);
        acc[c] = a + w[i]!;
      }
    }
  }
  if (within && within.rids.length) {
    // the best among the clauses of a few regulations, from the same sums (no second pass over the
    // lists): their touched clauses are those with a sum > 0 (every contribution is positive), and
    // the kept set does not depend on the order they are offered in
    if (!st.ridStart) indexByRegulation(st);
    const start = st.ridStart!;
    const clauses = st.ridClauses!;
    let m = 0;
    for (const r of new Set(within.rids)) if (r >= 0 && r + 1 < start.length) m += start[r + 1]! - start[r]!;
    const sel = new Int32Array(m);
    m = 0;
    for (const r of new Set(within.rids)) {
      if (r < 0 || r + 1 >= start.length) continue;
      for (let k = start[r]!; k < start[r + 1]!; k++) if (acc[clauses[k]!]! > 0) sel[m++] = clauses[k]!;
    }
    within.out.push(...topByScore(acc, sel, m, within.limit));
  }
  // the best of all, and every sum back to 0 in the same pass
  return topByScore(acc, touched, n, limit, true);
}

/** The clauses of each regulation, from the clause → regulation map (once per index handle). */
function indexByRegulation(st: PhraseState): void {
  const { ridOf } = st;
  let max = 0;
  for (let c = 0; c < ridOf.length; c++) max = Math.max(max, ridOf[c]!);
  const start = new Int32Array(max + 2);
  for (let c = 0; c < ridOf.length; c++) start[ridOf[c]! + 1]!++;
  for (let r = 0; r <= max; r++) start[r + 1] = start[r + 1]! + start[r]!;
  const fill = start.slice(0, max + 1);
  const clauses = new Int32Array(ridOf.length);
  for (let c = 0; c < ridOf.length; c++) clauses[fill[ridOf[c]!]!++] = c;
  st.ridStart = start;
  st.ridClauses = clauses;
}

/**
 * Weighted BM25 over cached per-phrase lists: Σ weight(term) · bm25(term alone, clause) for
 * the `limit` best clauses (the learned query expansion of learned.ts: statutory words a
 * question's words are associated with). Terms without a bigram phrase are skipped. `within`
 * also collects the best clauses of a few regulations from the same sums (the in-law list).
 */
export function bm25Weighted(db: SemanticIndex, terms: Map<string, number>, limit: number, rids: number[] | null = null, within?: Within): Hit[] {
  const weights = new Map<string, number>();
  for (const [t, w] of terms) {
    const p = bigramPhrase(t);
    if (p && w > 0) weights.set(p, (weights.get(p) ?? 0) + w);
  }
  if (weights.size === 0 || limit <= 0) return [];
  return bm25FromPhraseLists(db, [...weights.keys()], limit, rids, weights, within);
}
