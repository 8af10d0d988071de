/**
 * The JSONL interchange format, so a firm can load its own knowledge base: one JSON object
 * per line, either
 *   {"type":"regulation","fgmc":"…", …Regulation fields…, "clauses":[{"ft_num":"第一条","content":"…"}]}
 * or
 *   {"type":"case","name":"…","case_number":"…", …CaseRecord fields…}
 * Every field except fgmc (regulation) and name or case_number (case) is optional. A bad
 * line is reported with its line number and skipped; the rest of the file still loads.
 */
import { z } from "zod";
import type { CaseRecord, Clause, Regulation } from "../store/types";
import { clauseTidFromLabel } from "../text/numerals";
import { findCaseNumbers, normalizeCaseNumber } from "../text/case-number";
import { emptyCase } from "./case-fields";
import { familyKey } from "./family";
import { stableId } from "./read-text";
import { isSecuritiesRegulation } from "./securities-rule";
import type { CorpusProblem, RegulationRecord } from "./types";
import { SXX_VALUES } from "../store/types";

const str = z.string().default("");
const date = z.union([z.literal(""), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "date must be yyyy-MM-dd")]).default("");

const ClauseLine = z.object({
  ft_num: str,
  tid: z.string().optional(),
  content: z.string().min(1, "clause content is empty"),
  chapter: str,
});

const RegulationLine = z.object({
  type: z.literal("regulation"),
  fgid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "fgid: letters, digits, _ or -").optional(),
  fgmc: z.string().min(1, "fgmc is required"),
  fbbm: str, fwzh: str, xljb_1: str, xljb_2: str,
  sxx: z.union([z.literal(""), z.enum(SXX_VALUES)]).default(""),
  dy: z.string().default("中央"),
  location: str,
  fbrq: date, ssrq: date, expiry: date,
  is_securities: z.boolean().optional(),
  preamble: str,
  /** Whole text for a document without articles (kept as clause tid "0"). */
  text: str,
  clauses: z.array(ClauseLine).default([]),
});

const CaseLine = z.object({
  type: z.literal("case"),
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
  name: str, case_number: str, case_numbers: z.array(z.string()).default([]),
  case_type: str, court: str, judgment_date: date,
  basic_facts: str, judgment_key_points: str, judgment_result: str, judgment_analysis: str,
  typical_significance: str, case_commentary: str, related_laws: str,
  keywords: z.array(z.string()).default([]), source_url: str, full_text: str,
}).refine((c) => c.name !== "" || c.case_number !== "", "a case needs a name or a case_number");


export interface JsonlContent {
  regulations: RegulationRecord[];
  cases: CaseRecord[];
  problems: CorpusProblem[];
}

export function readJsonl(text: string, label: string): JsonlContent {
  const out: JsonlContent = { regulations: [], cases: [], problems: [] };
  text.split(/\r?\n/).forEach((raw, i) => {
    if (!raw.trim()) return;
    const where = `${label}:${i + 1}`;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (e) {
      out.problems.push({ path: where, kind: "unparsed", reason: `invalid JSON: ${(e as Error).message}` });
      return;
    }
    const type = (json as { type?: unknown } | null)?.type;
    const parsed = type === "case" ? CaseLine.safeParse(json) : type === "regulation" ? RegulationLine.safeParse(json) : null;
    if (!parsed) {
      out.problems.push({ path: where, kind: "unparsed", reason: 'type must be "regulation" or "case"' });
      return;
    }
    if (!parsed.success) {
      const msg = parsed.error.issues.map((x) => `${x.path.join(".") || "line"}: ${x.message}`).join("; ");
      out.problems.push({ path: where, kind: "unparsed", reason: msg });
      return;
    }
    if (parsed.data.type === "case") out.cases.push(toCase(parsed.data as z.infer<typeof CaseLine>));
    else out.regulations.push(toRegulation(parsed.data as z.infer<typeof RegulationLine>, where));
  });
  return out;
}

function toRegulation(d: z.infer<typeof RegulationLine>, where: string): RegulationRecord {
  // stable across rebuilds and file moves: the name and date identify the version
  const fgid = d.fgid ?? stableId(`jsonl:${d.fgmc}:${d.fbrq}`);
  const used = new Set<string>();
  const clauses: Clause[] = d.clauses.map((c, ord) => {
    let tid = c.tid ?? clauseTidFromLabel(c.ft_num) ?? `p${ord + 1}`;
    if (used.has(tid)) tid = `${tid}#${ord + 1}`;
    used.add(tid);
    return { id: `${fgid}_${tid}`, fgid, tid, ord, ft_num: c.ft_num, content: c.content, chapter: c.chapter };
  });
  if (clauses.length === 0 && d.text) clauses.push({ id: `${fgid}_0`, fgid, tid: "0", ord: 0, ft_num: "", content: d.text, chapter: "" });
  const reg: Regulation = {
    fgid,
    fgmc: d.fgmc,
    fbbm: d.fbbm, fwzh: d.fwzh, xljb_1: d.xljb_1, xljb_2: d.xljb_2, sxx: d.sxx,
    dy: d.dy, location: d.location || d.dy,
    fbrq: d.fbrq, ssrq: d.ssrq, expiry: d.expiry,
    family: familyKey(d.fgmc),
    source: "jsonl",
    source_path: where,
    is_securities: d.is_securities ?? isSecuritiesRegulation(d.fgmc, d.fbbm),
    has_fulltext: clauses.length > 0,
    preamble: d.preamble,
    fbrq_source: d.fbrq ? "JSONL fbrq" : "",
    ssrq_source: d.ssrq ? "JSONL ssrq" : "",
    sxx_source: d.sxx ? "JSONL sxx" : "",
    data_as_of: "",
  };
  const blocks = clauses.map((c) =>
    c.ft_num ? { kind: "clause" as const, tid: c.tid, ft_num: c.ft_num, paragraphs: c.content.split("\n") } : { kind: "text" as const, paragraphs: c.content.split("\n") },
  );
  return { reg, clauses, blocks, aliases: [d.fgmc] };
}

function toCase(d: z.infer<typeof CaseLine>): CaseRecord {
  const primary = d.case_number ? normalizeCaseNumber(d.case_number) : "";
  const numbers = [...new Set([primary, ...d.case_numbers.map(normalizeCaseNumber), ...findCaseNumbers(d.judgment_result)].filter(Boolean))];
  const rec = emptyCase(d.id ?? `jsonl-${stableId(`jsonl-case:${primary || d.name}`)}`, "jsonl");
  const { type: _type, id: _id, ...fields } = d;
  return { ...rec, ...fields, case_number: primary || numbers[0] || "", case_numbers: numbers };
}
