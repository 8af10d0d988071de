/**
 * "Cold" rh_ft_search requests for the keyword benchmark: keywords no cache has seen, built
 * deterministically from the index itself (the same list on every run for the same index).
 *
 * Terms are the distinct 2–4 character CJK substrings of the regulation titles (fgmc) that
 * occur in at least two titles (more word-like than a one-off cut such as 市城市养: ~33k of
 * ~87k substrings), shuffled with a fixed-seed PRNG so that consecutive requests come from unrelated titles
 * rather than from one alphabetical stretch (上海市…). Every term is used at most once in the
 * whole list, so no request shares a term (a cached ranking, a memoised jieba split)
 * with another, and none repeats a term of `exclude` (the warm query mix).
 *
 * Request shapes, by position i: 60% a single term, 20% two terms AND, 20% two terms OR
 * (i mod 20); about 1 in 7 with sxx 现行有效 and 1 in 11 with xljb_1 法律 (a few with both).
 */
import type Database from "better-sqlite3";
import { rng as mulberry32 } from "../../lib/search/semantic/linalg";

export type FtBody = Record<string, string | number>;

const CJK_RUN = /[\u4e00-\u9fff]+/gu;

/**
 * Distinct 2–4 character CJK substrings found in at least `minTitles` titles, in order of
 * first occurrence (by rid).
 */
export function titleTerms(db: Database.Database, minTitles: number): string[] {
  const titlesWith = new Map<string, number>(); // insertion order = first occurrence
  const rows = db.prepare("SELECT fgmc FROM regulations ORDER BY rid").pluck().all() as string[];
  for (const title of rows) {
    const inTitle = new Set<string>();
    for (const run of title.match(CJK_RUN) ?? []) {
      const chars = Array.from(run);
      for (let len = 2; len <= 4; len++) {
        for (let s = 0; s + len <= chars.length; s++) inTitle.add(chars.slice(s, s + len).join(""));
      }
    }
    for (const t of inTitle) titlesWith.set(t, (titlesWith.get(t) ?? 0) + 1);
  }
  return [...titlesWith].filter(([, n]) => n >= minTitles).map(([t]) => t);
}

/**
 * `count` distinct cold rh_ft_search bodies (fewer if the titles run out of terms). `exclude`:
 * terms never to use (the warm mix's keyword parts).
 */
export function coldFtRequests(db: Database.Database, count: number, exclude: Iterable<string>, seed = 20240603, minTitles = 2): FtBody[] {
  const banned = new Set(exclude);
  const terms = titleTerms(db, minTitles).filter((t) => !banned.has(t));
  const rand = mulberry32(seed);
  for (let i = terms.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [terms[i], terms[j]] = [terms[j]!, terms[i]!];
  }
  return requestsFromTerms(terms, count);
}

/**
 * Up to `count` rh_ft_search bodies from `terms` in order, each term used once: by position i,
 * 60% a single term, 20% two terms AND, 20% two terms OR (i mod 20); sxx 现行有效 when
 * i mod 7 = 3, xljb_1 法律 when i mod 11 = 5.
 */
export function requestsFromTerms(terms: string[], count: number): FtBody[] {
  const out: FtBody[] = [];
  let t = 0;
  for (let i = 0; out.length < count; i++) {
    const shape = i % 20;
    const need = shape < 12 ? 1 : 2;
    if (t + need > terms.length) break;
    const body: FtBody =
      need === 1
        ? { keyword: terms[t]! }
        : { keyword: `${terms[t]!} ${terms[t + 1]!}`, search_mode: shape < 16 ? "AND" : "OR" };
    t += need;
    if (i % 7 === 3) body.sxx = "现行有效";
    if (i % 11 === 5) body.xljb_1 = "法律";
    out.push(body);
  }
  return out;
}
