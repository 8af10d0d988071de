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
import type Database from "better-sqlite3";
import { bigramPhrase } from "@/lib/text/bigrams";
import { semanticTerms } from "./terms";

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

const stmtCache = new WeakMap<Database.Database, Map<string, Database.Statement>>();

function stmt(db: Database.Database, sql: string): Database.Statement {
  let m = stmtCache.get(db);
  if (!m) {
    m = new Map();
    stmtCache.set(db, m);
  }
  let s = m.get(sql);
  if (!s) {
    s = db.prepare(sql);
    m.set(sql, s);
  }
  return s;
}

export function bm25Search(db: Database.Database, question: string, opts: Bm25Options): Hit[] {
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
  const rows = opts.rids
    ? (stmt(
        db,
        `SELECT f.rowid AS cid, bm25(clause_fts) AS s FROM clause_fts f JOIN clauses c ON c.cid = f.rowid
         WHERE clause_fts MATCH ? AND c.rid IN (SELECT value FROM json_each(?)) ORDER BY s LIMIT ?`,
      ).all(match, JSON.stringify(opts.rids), opts.limit) as { cid: number; s: number }[])
    : (stmt(db, "SELECT rowid AS cid, bm25(clause_fts) AS s FROM clause_fts WHERE clause_fts MATCH ? ORDER BY s LIMIT ?").all(
        match,
        opts.limit,
      ) as { cid: number; s: number }[]);
  // FTS5's bm25() is lower-is-better; report the conventional positive score.
  return rows.map((r) => ({ cid: r.cid, score: -r.s }));
}
