/**
 * Builds data/semantic/stard-learned.json (the question memory and law prior of learned.ts)
 * from the STARD training split:
 *   npx tsx lib/search/semantic/tools/build-learned.ts [stard.jsonl] [out.json]
 * Each question is kept with its gold articles as `lawNameKey#tid` (the keys the index uses),
 * so the runtime maps them to whichever versions of the law the index holds.
 */
import fs from "node:fs";
import path from "node:path";
import { lawNameKey } from "@/lib/text/normalize";
import { clauseTidFromLabel } from "@/lib/text/numerals";
import { loadStard } from "../eval";
import type { LearnedFile, LearnedQuestion } from "../learned";

export function learnedQuestions(rows: ReturnType<typeof loadStard>): LearnedQuestion[] {
  return rows.map((r) => ({
    q: r.query,
    gold: [
      ...new Set(
        r.relevant.flatMap((g) => {
          const tid = clauseTidFromLabel(g.article);
          return tid ? [`${lawNameKey(g.law)}#${tid}`] : [];
        }),
      ),
    ],
  }));
}

function main(): void {
  const src = process.argv[2] ?? path.resolve(process.cwd(), "../shared/benchmarks/stard-train.jsonl");
  const out = process.argv[3] ?? path.resolve(process.cwd(), "data/semantic/stard-learned.json");
  const file: LearnedFile = {
    source:
      "STARD training split (Su et al. 2024, github.com/oneal2000/STARD @ bae10e1f, MIT licence): questions and their gold articles as lawNameKey#tid",
    questions: learnedQuestions(loadStard(src)),
  };
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(file, null, 0).replace(/\},\{"q"/g, '},\n{"q"') + "\n");
  console.log(`${out}: ${file.questions.length} questions, ${file.questions.reduce((a, q) => a + q.gold.length, 0)} gold articles`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) main();
