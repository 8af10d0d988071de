/**
 * Answered questions as anchor text (issue 16): the public STARD training questions, which the
 * semantic search learns from (data/semantic/stard-learned.json, built by the setup command with
 * lib/search/semantic/tools/build-learned.ts; learnedPath, SEMANTIC_LEARNED_PATH), each with the
 * articles that answer it. A layperson's question is a sentence about its articles in a layperson's
 * words, as a citing sentence is one in a lawyer's (anchors.ts): 「商标在先使用…」 is answered by
 * 商标法 第五十九条, whose text says 先于商标注册人使用. When no current national article matches every
 * part's concept, the keyword search takes the articles answering a question that holds every part's
 * concept as anchored candidates (search-clauses.ts withAnchorCandidates: n = the questions), so a
 * word statutes never use can reach the article a question using it was answered with.
 *
 * Read once per index handle: the questions normalised like keyword parts, their answers resolved to
 * the current version's cids (lawNameKey#tid, the keys the file holds; unresolved ones left out).
 * `KEYWORD_LEARNED=0` (or `SEMANTIC_LEARNED=off`, or no file) turns it off.
 */
import type { KeywordIndex } from "@/lib/store/keyword-index";
import { learnedPath, readDataFile } from "@/lib/config";
import { normalizeText } from "@/lib/text/normalize";
import { loadRegulationMeta } from "./load-regulation-meta";
import type { CompiledPart } from "./compile-fts-query";

export interface LearnedAnchors {
  /** Normalised question texts. */
  texts: string[];
  /** Per question, the cids of the current versions of its answering articles. */
  answers: number[][];
  /** Two-character run → the questions holding it (ascending): a wording is looked for only in those of its rarest run. */
  bigrams: Map<string, number[]>;
}

const NONE: LearnedAnchors = { texts: [], answers: [], bigrams: new Map() };
const built = new WeakMap<KeywordIndex, { file: string; anchors: LearnedAnchors }>();

export function learnedAnchorsOn(): boolean {
  return process.env.KEYWORD_LEARNED !== "0" && process.env.SEMANTIC_LEARNED !== "off";
}

/** The answered questions of the learned data file on `ix` (empty when there is none). */
export function learnedAnchors(ix: KeywordIndex): LearnedAnchors {
  const file = learnedPath();
  const b = built.get(ix);
  if (b?.file === file) return b.anchors;
  const anchors = readLearnedAnchors(ix, file);
  built.set(ix, { file, anchors });
  return anchors;
}

function readLearnedAnchors(ix: KeywordIndex, path: string): LearnedAnchors {
  const text = readDataFile(path);
  if (text === null) return NONE;
  const file = JSON.parse(text) as { questions?: Array<{ q: string; gold: string[] }> };
  const questions = file.questions ?? [];
  const laws = new Set<string>();
  for (const q of questions) for (const g of q.gold) laws.add(g.slice(0, g.lastIndexOf("#")));
  const cidOf = new Map<string, number[]>(); // lawNameKey#tid → cids of the current version(s)
  for (const r of loadRegulationMeta(ix).rows) {
    if (r.sxx !== "现行有效" || !laws.has(r.fgmc_key)) continue;
    for (const c of ix.clausesOfRegulation(r.rid)) {
      const key = `${r.fgmc_key}#${c.tid}`;
      cidOf.set(key, [...(cidOf.get(key) ?? []), c.cid]);
    }
  }
  return learnedAnchorsOf(questions.map((q) => ({ text: q.q, cids: [...new Set(q.gold.flatMap((g) => cidOf.get(g) ?? []))] })));
}

/** The anchors of answered questions (text, answering cids); questions without a resolved answer left out. */
export function learnedAnchorsOf(questions: Array<{ text: string; cids: number[] }>): LearnedAnchors {
  const texts: string[] = [];
  const answers: number[][] = [];
  for (const q of questions) {
    if (q.cids.length === 0) continue;
    texts.push(normalizeText(q.text));
    answers.push(q.cids);
  }
  const bigrams = new Map<string, number[]>();
  texts.forEach((t, q) => {
    for (let i = 0; i + 2 <= t.length; i++) {
      const b = t.slice(i, i + 2);
      const list = bigrams.get(b);
      if (!list) bigrams.set(b, [q]);
      else if (list[list.length - 1] !== q) list.push(q);
    }
  });
  return { texts, answers, bigrams };
}

/** The questions that may hold `w` (those holding its rarest two-character run; every question for a one-character wording). */
function mayHold(a: LearnedAnchors, w: string): number[] | null {
  if (w.length < 2) return null;
  let rarest: number[] | undefined;
  for (let i = 0; i + 2 <= w.length; i++) {
    const list = a.bigrams.get(w.slice(i, i + 2));
    if (!list) return [];
    if (!rarest || list.length < rarest.length) rarest = list;
  }
  return rarest!;
}

/**
 * The articles answering the questions that hold every part's concept (its text or a wording):
 * cid → the number of such questions, most first (ties: lower cid), at most `limit`.
 */
export function learnedMatches(a: LearnedAnchors, parts: CompiledPart[], limit: number): Array<[number, number]> {
  if (a.texts.length === 0 || parts.length === 0) return [];
  const wordings = parts.map((p) => [p.text, ...p.synonyms]);
  // the questions to read: those of the part with the fewest candidates (any question when a wording has one character)
  let scan: number[] | null = null;
  for (const ws of wordings) {
    const lists = ws.map((w) => mayHold(a, w));
    if (lists.some((l) => l === null)) continue;
    const union = [...new Set(lists.flatMap((l) => l!))];
    if (union.length === 0) return [];
    if (!scan || union.length < scan.length) scan = union;
  }
  const count = new Map<number, number>();
  const read = (i: number) => {
    const t = a.texts[i]!;
    if (!wordings.every((ws) => ws.some((w) => t.includes(w)))) return;
    for (const c of a.answers[i]!) count.set(c, (count.get(c) ?? 0) + 1);
  };
  if (scan) for (const i of scan) read(i);
  else for (let i = 0; i < a.texts.length; i++) read(i);
  return [...count].sort((x, y) => y[1] - x[1] || x[0] - y[0]).slice(0, limit);
}
