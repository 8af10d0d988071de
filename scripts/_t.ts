import { buildBenchDraft } from "../bench/citations.bench";
import { checkDraft } from "../lib/citations/check-draft";
import { citationStore } from "../lib/citations/store-port";
const store = citationStore();
const { text } = buildBenchDraft();
for (let i = 0; i < 5; i++) await checkDraft(text, { store, requestId: "t" });
const ts: number[] = [];
for (let i = 0; i < 40; i++) { const t = performance.now(); await checkDraft(text, { store, requestId: "t" }); ts.push(performance.now() - t); }
ts.sort((a, b) => a - b);
console.log("p50", ts[20]!.toFixed(1), "min", ts[0]!.toFixed(1));
