/**
 * What every corpus reader produces: normalised records ready for the index builder,
 * plus the problems it met (every file it could not use is reported, none dropped silently).
 */
import type { CaseRecord, RegulationRecord } from "../store/types";
import type { ValidityReport } from "./validity";

/** One regulation with its structured text: the record the store writes (declared in lib/store/types.ts). */
export type { RegulationRecord } from "../store/types";

export type ProblemKind =
  /** The file could not be parsed and contributes nothing. */
  | "unparsed"
  /** Deliberately not ingested (not a legal source), with the reason. */
  | "skipped"
  /** Ingested, but something is incomplete (e.g. header without body). */
  | "warning";

export interface CorpusProblem {
  path: string;
  kind: ProblemKind;
  reason: string;
}

export interface ReaderStats {
  /** Article labels repeated inside one document, renamed `tid#n`. */
  duplicateArticles: number;
  /** Securities catalogue rows dropped because a full-text version covers them. */
  catalogueDuplicatesOfFullText: number;
  /** Full-text regulations whose empty fwzh/fbbm was filled from the matching catalogue row. */
  enrichedFromCatalogue: number;
  /** Catalogue rows repeating a secFutrsLawId (filed under several categories). */
  catalogueRepeatedRows: number;
  /** LeCaRDv2 query records repeating an id across files. */
  lecardRepeatedRows: number;
  /** Versions whose 施行日期 came from the amending instrument held in the corpus (dates.ts). */
  datesFromAmendingInstruments: number;
  /** Amending/repealing decisions given a family of their own (family.ts separateAmendingDecisions). */
  amendingDecisionsSeparated: number;
}

export interface CorpusContent {
  regulations: RegulationRecord[];
  cases: CaseRecord[];
  problems: CorpusProblem[];
  stats: ReaderStats;
  /** Validity before/after reconciliation and the conflicts met (set by readCorpus). */
  validity?: ValidityReport;
  /** Source → as-of date (set by readCorpus). */
  asOf?: Record<string, string>;
}

export function emptyStats(): ReaderStats {
  return {
    duplicateArticles: 0,
    catalogueDuplicatesOfFullText: 0,
    enrichedFromCatalogue: 0,
    catalogueRepeatedRows: 0,
    lecardRepeatedRows: 0,
    datesFromAmendingInstruments: 0,
    amendingDecisionsSeparated: 0,
  };
}
