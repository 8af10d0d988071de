/** Assembles a RegulationRecord from a parsed LawRefBook document and its file context. */
import { buildClauses } from "./clauses";
import type { ParsedLawDoc } from "./law-markdown";
import { deriveRegulation, type FileContext } from "./lawrefbook-meta";
import type { RegulationRecord } from "./types";
import { deriveImplementationDate } from "./dates";

export function toRecord(ctx: FileContext, doc: ParsedLawDoc, fgid: string): RegulationRecord {
  const bodyStart = doc.blocks
    .slice(0, 5)
    .map((b) => (b.kind === "heading" ? b.text : b.paragraphs.join("\n")))
    .join("\n");
  const reg = deriveRegulation(ctx, { title: doc.title, header: doc.header, bodyStart }, fgid, ctx.dirs[0] === "DLC" ? "dlc" : "lawrefbook");
  const aliases = [doc.title];
  if (ctx.row?.name) aliases.push(ctx.row.name);
  const clauses = buildClauses(fgid, doc.articles, doc.blocks);
  const derived = deriveImplementationDate({
    family: reg.family,
    header: doc.header,
    fbrq: reg.fbrq,
    dbValidFrom: ctx.row?.valid_from ?? "",
    clauses,
    blocks: doc.blocks,
    nationalLaw: reg.xljb_1 === "法律" || reg.xljb_1 === "宪法",
    title: doc.title,
  });
  const before = { ssrq: reg.ssrq, ssrq_source: reg.ssrq_source };
  if (derived.ssrq) {
    reg.ssrq = derived.ssrq;
    reg.ssrq_source = derived.ssrq_source;
  }
  return { reg, clauses, blocks: doc.blocks, aliases, dates: { before, conflict: derived.conflict } };
}

