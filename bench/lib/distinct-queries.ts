/**
 * Distinct queries for the load benchmark's distinct-query mode (`npm run bench -- load
 * --distinct`, issue 16): request lists in which no keyword and no question repeats, so every
 * request costs the server what a first request costs (no ranking, result or phrase cache hit).
 * Built reproducibly from what the repository has, the same list on every run for the same index:
 *
 * Keywords (rh_ft_search), each keyword string used at most once in the whole list, from
 *   1. the lawyer's terms of the relevance table (bench/lib/relevance-terms.ts, 79 terms as a
 *      lawyer types them, e.g. 违约金 过高);
 *   2. the words of the public STARD questions (../shared/benchmarks/stard-train.jsonl): jieba
 *      precise-mode words of 2–6 CJK characters (what a layperson types: 工资, 离婚, 个体工商户);
 *   3. the regulation titles: their 2–4 character CJK substrings found in at least two titles
 *      (bench/lib/cold-queries.ts titleTerms; 管理, 市场监督, 安全生产 …), which fill the rest.
 * The three sources are merged without repeats (a term of an earlier source is not taken again),
 * shuffled with a fixed-seed PRNG (sources and titles interleave throughout every slice), and
 * turned into requests by cold-queries.ts requestsFromTerms: 60 % one term, 20 % two terms AND,
 * 20 % two terms OR; about 1 in 7 with sxx 现行有效 and 1 in 11 with xljb_1 法律.
 *
 * Questions (law_vector_search): the STARD questions, each once, in a fixed-seed shuffled order.
 */
import fs from "node:fs";
import path from "node:path";
import type Database from "better-sqlite3";
import { rng as mulberry32 } from "../../lib/search/semantic/linalg";
import { jiebaCut } from "../../lib/text/segmenter";
import { RELEVANCE_TERMS } from "./relevance-terms";
import { requestsFromTerms, titleTerms, type FtBody } from "./cold-queries";

export const STARD_FILE = path.resolve(process.cwd(), "../shared/benchmarks/stard-train.jsonl");

/** The STARD questions in file order ([] when the file is absent). */
export function stardQuestions(file = process.env.STARD_PATH ?? STARD_FILE): string[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => (JSON.parse(l) as { query: string }).query);
}

const WORD = /^[\u4e00-\u9fff]{2,6}$/u;

/** Distinct keyword terms with the number each source contributed, shuffled (fixed seed). */
export function distinctTerms(db: Database.Database, seed = 16_000): { terms: string[]; bySource: Record<string, number> } {
  const seen = new Set<string>();
  const bySource: Record<string, number> = { relevance: 0, questions: 0, titles: 0 };
  const take = (t: string, source: string) => {
    const k = t.trim();
    if (!k || seen.has(k)) return;
    seen.add(k);
    bySource[source]!++;
  };
  for (const r of RELEVANCE_TERMS) take(r.q, "relevance");
  for (const q of stardQuestions()) for (const w of jiebaCut(q)) if (WORD.test(w)) take(w, "questions");
  for (const t of titleTerms(db, 2)) take(t, "titles");
  const terms = [...seen];
  const rand = mulberry32(seed);
  for (let i = terms.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [terms[i], terms[j]] = [terms[j]!, terms[i]!];
  }
  return { terms, bySource };
}

/** `count` distinct rh_ft_search bodies (throws when the sources run out). */
export function distinctKeywordRequests(db: Database.Database, count: number): { requests: FtBody[]; bySource: Record<string, number> } {
  const { terms, bySource } = distinctTerms(db);
  const requests = requestsFromTerms(terms, count);
  if (requests.length < count) throw new Error(`only ${requests.length} distinct keyword requests could be built (${terms.length} terms)`);
  return { requests, bySource };
}

/** The STARD questions, each once, shuffled with a fixed seed. */
export function distinctQuestions(seed = 16_001): string[] {
  const qs = [...new Set(stardQuestions())];
  const rand = mulberry32(seed);
  for (let i = qs.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [qs[i], qs[j]] = [qs[j]!, qs[i]!];
  }
  return qs;
}
