/**
 * Reads every source of the corpus (and any JSONL files) into normalised records, then
 * applies the cross-record rules: catalogue/full-text dedupe and validity per family.
 */
import fs from "node:fs";
import path from "node:path";
import { readLawrefbook } from "./lawrefbook";
import { readGuidingCases } from "./spc-guiding";
import { readLecardFile } from "./lecard";
import { mergeCatalogueWithFullText, readSecuritiesCatalogue } from "./securities-catalogue";
import { readJsonl } from "./jsonl";
import { readUtf8File } from "./read-text";
import { assignValidity } from "./validity";
import { assignAsOf } from "./as-of";
import { datesFromAmendingInstruments } from "./dates";
import { lawNameKey } from "../text/normalize";
import { separateAmendingDecisions } from "./family";
import type { CorpusContent } from "./types";

export interface CorpusReadOptions {
  corpusDir: string;
  include?: (relPath: string) => boolean;
  /** Extra JSONL interchange files (absolute or cwd-relative paths). */
  jsonl?: string[];
  /** yyyy-MM-dd used for 尚未生效 / 已被修改; defaults to the current Beijing date. */
  today?: string;
}

export const GUIDING_CASES = "cases/spc-guiding/guiding-cases.jsonl";
export const LECARD_DIR = "cases/lecardv2/query";
export const SECURITIES_CSV = "securities/yangguo-checkrule/rules/lawdfall0507.csv";

export function beijingToday(): string {
  return new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
}

export class CorpusMissingError extends Error {}

export function readCorpus(opts: CorpusReadOptions): CorpusContent & { ignoredIndexFiles: number } {
  const dir = opts.corpusDir;
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new CorpusMissingError(`corpus folder not found: ${dir}`);
  const include = opts.include ?? (() => true);
  const out = readLawrefbook({ corpusDir: dir, include: opts.include });

  const readSource = (rel: string): string | null => {
    if (!include(rel)) return null;
    const file = path.join(dir, rel);
    if (!fs.existsSync(file)) {
      out.problems.push({ path: rel, kind: "unparsed", reason: "file missing" });
      return null;
    }
    const r = readUtf8File(file);
    if (!r.ok) out.problems.push({ path: rel, kind: "unparsed", reason: r.reason });
    return r.ok ? r.text : null;
  };

  const guiding = readSource(GUIDING_CASES);
  if (guiding !== null) {
    const g = readGuidingCases(guiding, GUIDING_CASES);
    out.cases.push(...g.cases);
    out.problems.push(...g.problems);
  }

  const lecardDir = path.join(dir, LECARD_DIR);
  if (fs.existsSync(lecardDir)) {
    const seen = new Set<number>();
    for (const name of fs.readdirSync(lecardDir).filter((n) => n.endsWith(".json")).sort()) {
      const rel = `${LECARD_DIR}/${name}`;
      const text = readSource(rel);
      if (text === null) continue;
      const l = readLecardFile(text, rel, seen);
      out.cases.push(...l.cases);
      out.problems.push(...l.problems);
      out.stats.lecardRepeatedRows += l.repeated;
    }
  }

  const csv = readSource(SECURITIES_CSV);
  if (csv !== null) {
    const s = readSecuritiesCatalogue(csv, SECURITIES_CSV);
    out.problems.push(...s.problems);
    out.stats.catalogueRepeatedRows += s.repeatedRows;
    const merged = mergeCatalogueWithFullText(s.records, out.regulations);
    out.regulations.push(...merged.kept);
    out.stats.catalogueDuplicatesOfFullText += merged.duplicates;
    out.stats.enrichedFromCatalogue += merged.enriched;
  }

  for (const file of opts.jsonl ?? []) {
    const r = readUtf8File(path.resolve(file));
    if (!r.ok) {
      out.problems.push({ path: file, kind: "unparsed", reason: r.reason });
      continue;
    }
    const j = readJsonl(r.text, file);
    out.regulations.push(...j.regulations);
    out.cases.push(...j.cases);
    out.problems.push(...j.problems);
  }

  // fgid and case id are primary keys: a repeat (e.g. a JSONL line reusing an id) is reported, first wins
  const fgids = new Set<string>();
  out.regulations = out.regulations.filter((r) => {
    if (!fgids.has(r.reg.fgid)) return fgids.add(r.reg.fgid);
    out.problems.push({ path: r.reg.source_path, kind: "unparsed", reason: `duplicate fgid ${r.reg.fgid} (${r.reg.fgmc})` });
    return false;
  });
  const caseIds = new Set<string>();
  out.cases = out.cases.filter((c) => {
    if (!caseIds.has(c.id)) return caseIds.add(c.id);
    out.problems.push({ path: c.source, kind: "unparsed", reason: `duplicate case id ${c.id}` });
    return false;
  });
  out.stats.datesFromAmendingInstruments = datesFromAmendingInstruments(out.regulations.map((r) => r.reg), lawNameKey);
  out.stats.amendingDecisionsSeparated = separateAmendingDecisions(out.regulations.map((r) => r.reg));
  const today = opts.today ?? beijingToday();
  out.validity = assignValidity(out.regulations, today);
  out.asOf = assignAsOf(out.regulations, today);
  return out;
}
