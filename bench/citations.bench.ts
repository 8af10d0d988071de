/**
 * Citation check benchmark (`npm run bench -- citations`):
 * 1. a ~10,000-character draft with 40 citations, checked in-process over the full index
 *    (lib/config indexPath(), default data/index.sqlite) without a chat model: p50 / p99 (target p50 < 50 ms);
 * 2. the same draft with a simulated 1 s chat model (local OpenAI-compatible test server with a
 *    1000 ms delay): p50 / p99 and the ratio to (1);
 * 3. precision / recall of the 不一致 and no-hit verdicts over the hand-made drafts set
 *    (test/fixtures/drafts), on the same index;
 * 4. the real-text set (bench/citations-eval): court judgments' and guiding cases' own citations and
 *    their perturbations (swapped article numbers, wrongly restated clauses), per style, plus the
 *    share of statute citations resolved over whole documents; details in data/tmp/citations-eval.json;
 * 5. name resolution on real writing (bench/citations-eval/names.ts): precision and recall of name →
 *    instrument against hand labels (names-gold.json); runs before (4), alone with `--names-only`;
 * 6. the LLM-style and lawyer-style labelled sets (bench/citations-eval/llm-sets.ts): false alarms, moved articles
 *    caught and named, 款 / 项 flagged, content changes caught, per set; alone with `--set llm`.
 *
 * `npm run bench -- citations --eval-only` runs only (4) and (6); `--limit N` (or CITATIONS_EVAL_LIMIT) sets
 * the passages per style (default 300, at most 3 per document and style); `--no-documents` skips the whole-document pass;
 * `--seed N` (or CITATIONS_EVAL_SEED) changes the sample.
 */
import { indexPath } from "../lib/config";
import { checkDraft } from "../lib/citations/check-draft";
import { loadDrafts, scoreVerdict, verdictsOf } from "../test/helpers/evaluate-drafts";
import { extractCitations } from "../lib/citations/extract-citations";
import { citationStore } from "../lib/citations/store-port";
import { startChatServer } from "../test/helpers/chat-server";
import { fmt, timeInProcess } from "./lib/stats";
import { evaluateCitations } from "./citations-eval/evaluate";
import { evaluateNames } from "./citations-eval/names";
import { evaluateLlmSets } from "./citations-eval/llm-sets";
import path from "node:path";
import { corpusDir, projectRoot } from "../lib/config";

function flag(name: string): string | undefined {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const v = args[i + 1];
  return v && !v.startsWith("--") ? v : "";
}

const FILLER =
  "本案的争议焦点在于双方之间的合同关系是否成立、被告是否构成违约以及违约责任的具体范围。原告提交的证据能够相互印证，形成完整的证据链，" +
  "足以证明其主张的事实。被告虽辩称其已按约履行，但未提交相应证据予以证明，应当承担举证不能的不利后果。";

/** Builds a draft of about `chars` characters holding `citations` statute citations, from the drafts set. */
export function buildBenchDraft(chars = 10_000, citations = 40): { text: string; citations: number } {
  const pieces = loadDrafts()
    .map((d) => d.text)
    .filter((t) => !t.includes("<script>"));
  let text = "";
  let count = 0;
  let i = 0;
  while (count < citations) {
    const piece = pieces[i % pieces.length]!;
    i++;
    const n = extractCitations(piece).statutes.length;
    if (n === 0 || count + n > citations) {
      if (i > pieces.length * 4) break;
      continue;
    }
    text += piece + "\n" + FILLER + "\n";
    count += n;
  }
  // pieces can interact (a name-only mention is dropped once the law is cited with a clause): top up
  while (extractCitations(text).statutes.length < citations) text += "另见《中华人民共和国民法典》第五百零九条。\n";
  while (text.length < chars) text += FILLER;
  return { text, citations: extractCitations(text).statutes.length };
}

export async function run(): Promise<void> {
  const store = citationStore();
  console.log(`index: ${indexPath()}`);
  if (flag("names-only") !== undefined) {
    evaluateNames({ corpus: corpusDir(), store, out: path.join(projectRoot, "data/tmp/citations-names.json") });
    return;
  }
  if (flag("eval-only") === undefined) await runDraftBenches();
  console.log("");
  evaluateNames({ corpus: corpusDir(), store, out: path.join(projectRoot, "data/tmp/citations-names.json") });
  // --set courts | write-ups | legislation | llm: one of the sets only
  const set = flag("set");
  const sets = [
    { name: "courts", title: "real-text set (judgments and guiding cases, perturbed)", out: "data/tmp/citations-eval.json" },
    { name: "write-ups", title: "write-ups set (lawrefbook 案例: analyses written for readers, as a lawyer answers; perturbed the same way)", out: "data/tmp/citations-eval-writeups.json" },
    { name: "legislation", title: "legislation set (current 法律, 行政法规 and 司法解释 citing other instruments' articles: the legislator's own citations in statute language; perturbed the same way)", out: "data/tmp/citations-eval-legislation.json" },
  ] as const;
  // --set llm: the LLM-style and lawyer-style labelled sets (bench/citations-eval/llm-sets)
  if (!set || set === "llm") {
    console.log("\n--- LLM-style and lawyer-style sets ---");
    await evaluateLlmSets({ store, dir: path.join(projectRoot, "bench/citations-eval/llm-sets"), out: path.join(projectRoot, "data/tmp/citations-llm-sets.json") });
  }
  for (const s of sets) {
    if (set && set !== s.name) continue;
    console.log(`\n--- ${s.title} ---`);
    await evaluateCitations({
      store,
      perStyle: Number(flag("limit") || process.env.CITATIONS_EVAL_LIMIT || 300),
      seed: Number(flag("seed") || process.env.CITATIONS_EVAL_SEED || 13),
      documents: flag("no-documents") === undefined,
      out: path.join(projectRoot, s.out),
      sources: s.name,
    });
  }
}

async function runDraftBenches(): Promise<void> {
  const store = citationStore();
  const { text, citations } = buildBenchDraft();
  console.log(`draft: ${text.length} characters, ${citations} statute citations`);

  const plain = await timeInProcess(() => checkDraft(text, { store, requestId: "bench" }), 200, 20);
  console.log(`no chat model:        ${fmt(plain)}  (target p50 < 50 ms: ${plain.p50 < 50 ? "met" : "MISSED"})`);

  const server = await startChatServer({ mode: "ok", delayMs: 1000 });
  try {
    const chat = { url: `${server.url}/v1/chat/completions`, model: "simulated-1s", key: "", timeoutMs: 20_000, required: false };
    const before = server.requests.length;
    const withModel = await timeInProcess(() => checkDraft(text, { store, requestId: "bench", chat }), 10, 1);
    const calls = (server.requests.length - before) / 11;
    console.log(`simulated 1 s model:  ${fmt(withModel)}  (${calls.toFixed(1)} model call(s) per draft)`);
    console.log(`ratio p50 with model / without: ${(withModel.p50 / plain.p50).toFixed(1)}×`);
  } finally {
    await server.close();
  }

  const drafts = loadDrafts();
  const pairs = [];
  for (const d of drafts) pairs.push({ expected: d.expected, got: verdictsOf(await checkDraft(d.text, { store, requestId: "bench" })) });
  for (const v of ["不一致", "no-hit"] as const) {
    const s = scoreVerdict(pairs, v);
    console.log(`drafts set (${drafts.length} drafts) ${v}: precision ${s.precision.toFixed(3)} recall ${s.recall.toFixed(3)} (tp ${s.tp}, fp ${s.fp}, fn ${s.fn})`);
  }
}
