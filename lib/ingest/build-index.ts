/**
 * The ingest: reads the corpus (lib/corpus), audits its metadata and hands the records and the
 * post-build steps to the index writer (lib/store/write-index.ts), which builds the index into a
 * temporary file and swaps it in only on success. It sits above lib/corpus, lib/store and the
 * features whose build steps it runs, so none of those imports another upwards.
 */
import path from "node:path";
import { readCorpus, type CorpusReadOptions } from "../corpus/read-corpus";
import type { CorpusProblem, ReaderStats, RegulationRecord } from "../corpus/types";
import { auditMetadata, type MetadataAudit } from "../corpus/audit";
import { writeIndex, type BuildStep, type ProgressFn } from "../store/write-index";
import { buildSteps } from "./build-steps";

export type { ProgressFn } from "../store/write-index";

export interface BuildOptions {
  corpusDir: string;
  outPath: string;
  include?: (relPath: string) => boolean;
  jsonl?: string[];
  onProgress?: ProgressFn;
  /** Post-build steps; default every step of lib/ingest/build-steps.ts. */
  steps?: readonly BuildStep[];
  /** yyyy-MM-dd for validity rules; default today (Beijing). */
  today?: string;
}

export const COVERAGE_FIELDS = ["fbbm", "fwzh", "xljb_1", "xljb_2", "sxx", "dy", "fbrq", "ssrq"] as const;

export interface BuildSummary {
  outPath: string;
  corpusDir: string;
  builtAt: string;
  ms: number;
  regulations: { total: number; fullText: number; catalogue: number };
  clauses: number;
  cases: number;
  caseNumbers: number;
  /** Filled / total over full-text regulations (has_fulltext or lawrefbook/jsonl source). */
  coverage: Record<(typeof COVERAGE_FIELDS)[number], { filled: number; total: number }>;
  problems: CorpusProblem[];
  stats: ReaderStats & { ignoredIndexFiles: number };
  /** Dates, validity, as-of dates and the most-cited laws (lib/corpus/audit.ts). */
  audit: MetadataAudit;
  /** Time spent reading the corpus (incl. date derivation and validity) and on the audit. */
  readMs: number;
  auditMs: number;
  /** Wall time of each build step in ms, in order (read, regulations, cases, each post-build step, optimize). */
  steps: Array<{ name: string; ms: number }>;
}

export async function buildIndex(opts: BuildOptions): Promise<BuildSummary> {
  const t0 = Date.now();
  const progress = opts.onProgress ?? (() => {});
  const steps: BuildSummary["steps"] = [];
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    steps.push({ name, ms: Math.round(now - mark) });
    mark = now;
  };
  const readOpts: CorpusReadOptions = { corpusDir: path.resolve(opts.corpusDir), include: opts.include, jsonl: opts.jsonl, today: opts.today };
  progress(0, 1, "read");
  const corpus = readCorpus(readOpts);
  const readMs = Date.now() - t0;
  progress(1, 1, "read");
  const tAudit = Date.now();
  const audit = auditMetadata(corpus);
  const auditMs = Date.now() - tAudit;
  lap("read corpus");

  const outPath = path.resolve(opts.outPath);
  const summary: BuildSummary = {
    outPath,
    corpusDir: readOpts.corpusDir,
    builtAt: "",
    ms: 0,
    regulations: {
      total: corpus.regulations.length,
      fullText: corpus.regulations.filter((r) => r.reg.has_fulltext).length,
      catalogue: corpus.regulations.filter((r) => !r.reg.has_fulltext).length,
    },
    clauses: 0,
    cases: corpus.cases.length,
    caseNumbers: 0,
    coverage: coverageOf(corpus.regulations),
    problems: corpus.problems,
    stats: { ...corpus.stats, ignoredIndexFiles: corpus.ignoredIndexFiles },
    audit,
    readMs,
    auditMs,
    steps,
  };
  await writeIndex({
    outPath,
    regulations: corpus.regulations,
    cases: corpus.cases,
    steps: opts.steps ?? buildSteps,
    onProgress: opts.onProgress,
    onPhase: lap,
    meta: (written) => {
      Object.assign(summary, { builtAt: written.builtAt, clauses: written.clauses, caseNumbers: written.caseNumbers });
      return metaEntries(summary);
    },
  });
  summary.ms = Date.now() - t0;
  return summary;
}

function coverageOf(records: RegulationRecord[]): BuildSummary["coverage"] {
  const fullText = records.filter((r) => r.reg.source !== "securities");
  const cov = {} as BuildSummary["coverage"];
  for (const f of COVERAGE_FIELDS) cov[f] = { filled: fullText.filter((r) => r.reg[f] !== "").length, total: fullText.length };
  return cov;
}

/** The meta entries stored with the index (schema_version is added by the writer). */
function metaEntries(s: BuildSummary): Record<string, string> {
  return {
    built_at: s.builtAt,
    corpus_dir: s.corpusDir,
    regulations: String(s.regulations.total),
    regulations_fulltext: String(s.regulations.fullText),
    clauses: String(s.clauses),
    cases: String(s.cases),
    case_numbers: String(s.caseNumbers),
    summary: JSON.stringify({ ...s, problems: s.problems.length, audit: { ...s.audit, validity: { ...s.audit.validity, conflicts: s.audit.validity.conflicts.length } } }),
    data_as_of: JSON.stringify(s.audit.asOf),
  };
}
