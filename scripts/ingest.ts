/**
 * npm run ingest -- [--corpus DIR] [--out PATH] [--jsonl FILE]...
 * Builds the index (env CORPUS_DIR / INDEX_PATH / JSONL_FILES as defaults), shows progress
 * (a redrawn bar on a terminal, plain lines otherwise) and prints a summary. Exits 1 on a
 * fatal failure; the previous index is then left in place.
 */
import { pathToFileURL } from "node:url";
import { corpusDir, indexPath } from "../lib/config";
import { buildIndex, COVERAGE_FIELDS, type BuildSummary, type ProgressFn } from "../lib/ingest/build-index";
import { buildSteps } from "../lib/ingest/build-steps";
import { provenanceClass } from "../lib/corpus/audit";

export interface IngestArgs {
  corpus: string;
  out: string;
  jsonl: string[];
}

export function parseIngestArgs(argv: string[], env: Record<string, string | undefined> = process.env): IngestArgs {
  const args: IngestArgs = {
    corpus: corpusDir(),
    out: indexPath(),
    jsonl: (env.JSONL_FILES ?? "").split(",").map((s) => s.trim()).filter(Boolean),
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = argv[i + 1];
    if (!["--corpus", "--out", "--jsonl"].includes(flag)) throw new Error(`unknown argument: ${flag}`);
    if (value === undefined) throw new Error(`${flag} needs a value`);
    i++;
    if (flag === "--corpus") args.corpus = value;
    else if (flag === "--out") args.out = value;
    else args.jsonl.push(value);
  }
  return args;
}

/** Progress on stderr: one redrawn line on a TTY, a line per phase change/10% otherwise. */
export function progressReporter(stream: NodeJS.WriteStream = process.stderr): ProgressFn & { end(): void } {
  const tty = Boolean(stream.isTTY);
  let lastPhase = "";
  let lastTenth = -1;
  const fn = ((done: number, total: number, phase: string) => {
    const frac = total > 0 ? Math.min(1, done / total) : 1;
    if (tty) {
      const width = 30;
      const bar = "#".repeat(Math.round(frac * width)).padEnd(width, ".");
      stream.write(`\r${phase.padEnd(14)} [${bar}] ${String(Math.round(frac * 100)).padStart(3)}% ${done}/${total}   `);
      return;
    }
    const tenth = Math.floor(frac * 10);
    if (phase !== lastPhase || tenth !== lastTenth) stream.write(`${phase}: ${done}/${total}\n`);
    lastPhase = phase;
    lastTenth = tenth;
  }) as ProgressFn & { end(): void };
  fn.end = () => {
    if (tty) stream.write("\n");
  };
  return fn;
}

const pct = (a: number, b: number) => (b === 0 ? "n/a" : `${((100 * a) / b).toFixed(1)}%`);

export function formatSummary(s: BuildSummary): string {
  const lines = [
    `index: ${s.outPath}`,
    `corpus: ${s.corpusDir}`,
    `regulations: ${s.regulations.total} (full text ${s.regulations.fullText}, catalogue/metadata only ${s.regulations.catalogue})`,
    `clauses: ${s.clauses}`,
    `cases: ${s.cases} (case numbers indexed: ${s.caseNumbers})`,
    `metadata coverage over ${s.coverage.fbbm.total} non-catalogue regulations:`,
    ...COVERAGE_FIELDS.map((f) => `  ${f.padEnd(7)} ${pct(s.coverage[f].filled, s.coverage[f].total).padStart(6)}  (${s.coverage[f].filled}/${s.coverage[f].total})`),
    `duplicate article numbers inside one document (renamed tid#n): ${s.stats.duplicateArticles}`,
    `securities catalogue: ${s.stats.catalogueRepeatedRows} repeated rows merged by secFutrsLawId; ${s.stats.catalogueDuplicatesOfFullText} rows dropped as versions held in full text (${s.stats.enrichedFromCatalogue} of those filled an empty fwzh/fbbm)`,
    `LeCaRDv2: ${s.stats.lecardRepeatedRows} repeated query records merged by id`,
    `LawRefBook _index.md navigation pages ignored: ${s.stats.ignoredIndexFiles}`,
  ];
  const groups: Array<[string, string]> = [
    ["unparsed", "files/lines that could not be parsed"],
    ["warning", "ingested with warnings"],
    ["skipped", "skipped on purpose"],
  ];
  for (const [kind, title] of groups) {
    const list = s.problems.filter((p) => p.kind === kind);
    lines.push(`${title}: ${list.length}`);
    for (const p of list) lines.push(`  ${p.path}: ${p.reason}`);
  }
  lines.push(...formatAudit(s));
  lines.push(`build steps: ${s.steps.map((x) => `${x.name} ${(x.ms / 1000).toFixed(1)} s`).join(", ")}`);
  lines.push(`build time: ${(s.ms / 1000).toFixed(1)} s (reading the corpus with date derivation and validity ${(s.readMs / 1000).toFixed(1)} s, audit ${(s.auditMs / 1000).toFixed(1)} s)`);
  return lines.join("\n");
}

/** The metadata audit: dates, validity, as-of dates, most-cited laws. */
export function formatAudit(s: BuildSummary): string[] {
  const a = s.audit;
  const tally = (o: Record<string, number>) => Object.entries(o).sort((x, y) => y[1] - x[1]).map(([k, v]) => `${k} ${v}`).join(", ");
  const lines = [
    `metadata audit`,
    `  施行日期 (ssrq) over ${a.ssrq.fullText} full-text regulations: before derivation ${a.ssrq.before} (${pct(a.ssrq.before, a.ssrq.fullText)}), after ${a.ssrq.after} (${pct(a.ssrq.after, a.ssrq.fullText)}), of which inferred (推定) ${a.ssrq.inferred}`,
    `  of which from the corpus's own words (正文, 题注, amending instrument) ${a.ssrq.byKind.text}, amending-decisions.json entries a human must verify ${a.ssrq.byKind.unverifiedDecision}, the source's field (valid_from) ${a.ssrq.byKind.database}, 推定 ${a.ssrq.byKind.inferred}; none ${a.ssrq.byKind.none}`,
    `  ssrq provenance: ${tally(a.ssrq.bySource)}`,
    `  ssrq from the amending instrument held in the corpus (修正案, 修改决定): ${s.stats.datesFromAmendingInstruments}`,
    `  ssrq conflicts (source database field vs the text's own words; the text wins): ${a.ssrq.conflicts.length}`,
    ...a.ssrq.conflicts.slice(0, 10).map((c) => `    ${c}`),
    ...(a.ssrq.conflicts.length > 10 ? [`    … ${a.ssrq.conflicts.length - 10} more`] : []),
    `  validity before reconciliation: ${tally(a.validity.before)}`,
    `  validity after reconciliation:  ${tally(a.validity.after)}`,
    `  validity conflicts (source status overridden by the family rule): ${a.validity.conflicts.length}`,
  ];
  const byReason = new Map<string, number>();
  for (const c of a.validity.conflicts) byReason.set(`${c.from} → ${c.to}: ${c.reason}`, (byReason.get(`${c.from} → ${c.to}: ${c.reason}`) ?? 0) + 1);
  for (const [k, v] of byReason) lines.push(`    ${k}: ${v}`);
  const ck = a.validity.checks;
  lines.push(`  validity checks: families with two 现行有效 versions ${ck.familiesWithTwoInForce}; 现行有效 versions whose known successor is in effect ${ck.supersededInForce}`);
  for (const e of ck.examples) lines.push(`    ${e}`);
  lines.push(`  data as of (latest publication date per source): ${Object.entries(a.asOf).map(([k, v]) => `${k} ${v}`).join(", ")}`);
  lines.push(`  20 most-cited laws (《…》 references in clauses + cases): fbrq / ssrq (provenance) / sxx`);
  for (const l of a.mostCited) {
    lines.push(`    ${String(l.references).padStart(5)} (${l.clauses}+${l.cases})  ${l.fgmc}  ${l.fbrq || "—"} / ${l.ssrq || "—"} (${provenanceClass(l.ssrq_source)}) / ${l.sxx} 数据截至 ${l.data_as_of}`);
  }
  return lines;
}

export async function runIngest(args: IngestArgs, progress?: ProgressFn): Promise<BuildSummary> {
  // the post-build steps (semantic vectors, keyword authority) are passed in: the store imports no feature
  return buildIndex({ corpusDir: args.corpus, outPath: args.out, jsonl: args.jsonl, onProgress: progress, steps: buildSteps });
}

async function main(): Promise<void> {
  let args: IngestArgs;
  try {
    args = parseIngestArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`ingest: ${(e as Error).message}\nusage: npm run ingest -- [--corpus DIR] [--out PATH] [--jsonl FILE]...`);
    process.exit(2);
  }
  const progress = progressReporter();
  try {
    const summary = await runIngest(args, progress);
    progress.end();
    console.log(formatSummary(summary));
  } catch (e) {
    progress.end();
    console.error(`ingest failed: ${(e as Error).message}\nThe previous index (if any) at ${args.out} was left unchanged.`);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) void main();
