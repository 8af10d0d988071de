/**
 * Dumps every STARD training question's candidates with the signals the search computes for them
 * (rankClauses' `collect`: exactly what the bench and the learned ranking see), each question
 * ranked with the learned model of the other folds (5 folds by a hash of the question id, as the
 * bench), so the signals look like a new question's:
 *   npx tsx lib/search/semantic/tools/dump.ts [out.bin]      (default /tmp/semantic-signals.bin)
 * Writes out.bin (Float64 rows of SIGNAL_FIELDS + "art", the article id across versions) and
 * out.bin.json ({fields, questions: [{id, fold, total, gold, n}]}). tools/fit.ts reads them.
 * REWRITE=1 dumps the rewritten questions; LIMIT=n the first n questions.
 */
import fs from "node:fs";
import path from "node:path";
import { indexPath } from "@/lib/config";
import { openIndex } from "@/lib/store/index-store";
import { loadStard, mapGold } from "../eval";
import { buildLearned, type LearnedModel } from "../learned";
import { rankClauses } from "../search";
import { SIGNAL_FIELDS, type CandidateSignals } from "../rerank";
import { loadVectorIndex } from "../vector-index";
import { rewriteQuery } from "../rewrite";
import { learnedQuestions } from "./build-learned";

export const FOLDS = 5;
/** The bench's folds: a hash of the question id. */
export function foldOf(id: string, k = FOLDS): number {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return (h >>> 0) % k;
}

async function main(): Promise<void> {
  const out = process.argv[2] ?? "/tmp/semantic-signals.bin";
  const stard = process.env.STARD_PATH ?? path.resolve(process.cwd(), "../shared/benchmarks/stard-train.jsonl");
  const rewrite = process.env.REWRITE === "1";
  const ix = openIndex(indexPath());
  const lsa = loadVectorIndex(ix)?.lsa ?? null;
  const rows = loadStard(stard);
  let qs = mapGold(ix, stard);
  const limit = Number(process.env.LIMIT ?? 0);
  if (limit > 0) qs = qs.slice(0, limit);
  const models: LearnedModel[] = [];
  for (let k = 0; k < FOLDS; k++) models.push(buildLearned(ix, learnedQuestions(rows.filter((r) => foldOf(r.id) !== k)), lsa));
  const artOf = new Map<number, number>();
  const ids = new Map<string, number>();
  for (const [cid, tid, k] of ix.clauseArticles()) {
    const key = `${k}#${tid}`;
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = ids.size + 1));
    artOf.set(cid, id);
  }
  const fields = [...SIGNAL_FIELDS, "art"];
  const W = fields.length;
  const t0 = performance.now();
  const meta: { id: string; fold: number; total: number; gold: number[][]; n: number }[] = [];
  const fd = fs.openSync(out, "w");
  for (const q of qs) {
    const rw = rewrite ? rewriteQuery(q.query) : null;
    const collect: CandidateSignals[] = [];
    await rankClauses(ix, rw ? rw.text : q.query, {}, "hybrid", 100, { learned: models[foldOf(q.id)]!, phrases: rw?.terms, rerank: null, collect });
    const a = new Float64Array(collect.length * W);
    collect.forEach((c, i) => {
      SIGNAL_FIELDS.forEach((f, j) => (a[i * W + j] = c[f]));
      a[i * W + W - 1] = artOf.get(c.cid) ?? -c.cid;
    });
    fs.writeSync(fd, new Uint8Array(a.buffer));
    meta.push({ id: q.id, fold: foldOf(q.id), total: q.gold.length + q.unmatched, gold: q.gold, n: collect.length });
  }
  fs.closeSync(fd);
  fs.writeFileSync(out + ".json", JSON.stringify({ fields, questions: meta }));
  console.log(`${qs.length} questions, ${((performance.now() - t0) / qs.length).toFixed(1)} ms/question; wrote ${out} and ${out}.json`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) void main();
