/**
 * How current each source is. The corpus files carry no export date of their own, so a
 * source's as-of date is the latest publication date among its records (not after today):
 * the snapshot is at least that recent, and nothing newer than it can be known from it.
 * On this corpus: LawRefBook statutes (lawrefbook) 2025, its local packs (dlc) 2025, the
 * securities catalogue (securities) 2022-04-29. A JSONL file is its own source.
 */
import type { RegulationRecord } from "./types";

export function sourceAsOf(records: RegulationRecord[], today: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { reg } of records) {
    const key = asOfKey(reg.source, reg.source_path);
    if (reg.fbrq && reg.fbrq <= today && reg.fbrq > (out[key] ?? "")) out[key] = reg.fbrq;
  }
  return out;
}

/** JSONL records are dated per file; the other sources per source name. */
function asOfKey(source: string, sourcePath: string): string {
  return source === "jsonl" ? `jsonl:${sourcePath.replace(/:\d+$/, "")}` : source;
}

/** Writes data_as_of on every record; returns the per-source dates. */
export function assignAsOf(records: RegulationRecord[], today: string): Record<string, string> {
  const asOf = sourceAsOf(records, today);
  for (const { reg } of records) reg.data_as_of = asOf[asOfKey(reg.source, reg.source_path)] ?? "";
  return asOf;
}
