/**
 * LLM-style and lawyer-style labelled sets (`npm run bench -- citations --set llm`): paragraphs written the way chat
 * assistants, lawyers' memos and judgments cite the law, each with one labelled target citation —
 * R (right), W (right content under a wrong article number), P (wrong 款 / 项), C (right number, content changed).
 * Written by helpers that never read the check's code, every article they used read from the index by SQL; each set
 * was measured blind before its misses were read (the figures in lib/citations/README.md, fourteenth session), so
 * they are development sets now, kept here to show regressions.
 *
 * Every item is checked with the reference date fixed at 2026-11-27 (the date they were written against), so the
 * figures do not drift as today moves on. Details go to data/tmp/citations-llm-sets.json.
 */
import fs from "node:fs";
import path from "node:path";
import { checkDraft } from "../../lib/citations/check-draft";
import type { CitationStore, RegulationEntry } from "../../lib/citations/types";

interface Item {
  id: string;
  label: "R" | "W" | "P" | "C";
  style: string;
  text: string;
  law: string;
  cited: string;
  truth: string;
  note: string;
}

/** The date the sets were written against. */
const REFERENCE_DATE = "2026-11-27";

/** The entry of the labelled citation: the one whose text span holds the cited clause (its clause equal to it first). */
function targetOf(item: Item, entries: RegulationEntry[]): RegulationEntry | undefined {
  const es = entries.filter((e) => e.tid);
  const span = (e: RegulationEntry) => item.text.slice(e.start_index, e.end_index);
  return es.find((e) => span(e).includes(item.cited) && e.clause === item.cited) ?? es.find((e) => span(e).includes(item.cited)) ?? es.find((e) => item.cited.startsWith(e.clause));
}

/** A 款 / 项 said wrong: 不一致, or 部分一致 saying the pinpoint is another unit's. */
function pinpointFlagged(e: RegulationEntry): boolean {
  const c = e.semantic_compare;
  return c.结论 === "不一致" || (c.结论 === "部分一致" && /款、项号有误|与所引款项不符|款项/.test(c.说明));
}

export async function evaluateLlmSets(opts: { store: CitationStore; dir: string; out: string }): Promise<void> {
  const files = fs.readdirSync(opts.dir).filter((f) => f.endsWith(".jsonl")).sort();
  const rows: string[] = [];
  const details: Record<string, unknown[]> = {};
  for (const f of files) {
    const items = fs.readFileSync(path.join(opts.dir, f), "utf8").split(/\r?\n/).filter((l) => l.trim()).map((l) => JSON.parse(l) as Item);
    const n = { R: 0, W: 0, P: 0, C: 0 };
    const ok = { R: 0, W: 0, P: 0, C: 0 };
    let named = 0;
    const out: unknown[] = [];
    for (const item of items) {
      const r = await checkDraft(item.text, { store: opts.store, requestId: `llm-${item.id}`, referenceDate: REFERENCE_DATE });
      const e = targetOf(item, r.regulations);
      const verdict = e ? (e.match_status === "found" ? e.semantic_compare.结论 : e.match_status) : "not extracted";
      n[item.label]++;
      const good = item.label === "R" ? verdict !== "不一致" : item.label === "P" ? !!e && e.match_status === "found" && pinpointFlagged(e) : verdict === "不一致";
      if (good) ok[item.label]++;
      const wc = e?.wrong_clause?.clause ?? "";
      if (item.label === "W" && verdict === "不一致" && wc && (wc === item.truth || item.truth.startsWith(wc) || wc.startsWith(item.truth))) named++;
      out.push({ id: item.id, label: item.label, style: item.style, cited: `${item.law}${item.cited}`, truth: item.truth, verdict, wrong_clause: wc, ok: good, 说明: e?.semantic_compare.说明 ?? "" });
    }
    details[f] = out;
    rows.push(
      `${f.padEnd(10)} false alarms ${n.R - ok.R} of ${n.R}; moved articles caught ${ok.W} of ${n.W} (named ${named}); 款 / 项 flagged ${ok.P} of ${n.P}; content changes caught ${ok.C} of ${n.C}`,
    );
  }
  console.log(`LLM-style and lawyer-style sets (bench/citations-eval/llm-sets, ${files.length} sets, reference date ${REFERENCE_DATE}):`);
  for (const r of rows) console.log(`  ${r}`);
  fs.mkdirSync(path.dirname(opts.out), { recursive: true });
  fs.writeFileSync(opts.out, JSON.stringify(details, null, 1));
  console.log(`details: ${path.relative(process.cwd(), opts.out)}`);
}
