/**
 * Reader for cases/lecardv2/query/*.json (JSON lines {id, query, fact}). The files overlap,
 * so records are deduplicated by id (first wins). Title, court and case number are parsed
 * from the opening of `query`: "<title>判决书<court>刑事判决书（2019）渝0109刑初483号：…".
 * There is no judgment date in the source.
 */
import type { CaseRecord } from "../store/types";
import { CASE_NUMBER_PATTERN, normalizeCaseNumber } from "../text/case-number";
import { emptyCase } from "./case-fields";
import type { CorpusProblem } from "./types";

export function parseLecardQuery(id: number, query: string, fact: string): CaseRecord {
  const rec = emptyCase(`lecard-${id}`, "lecardv2");
  rec.case_type = "刑事";
  rec.full_text = query;
  rec.basic_facts = fact;
  const m = new RegExp(CASE_NUMBER_PATTERN).exec(query);
  const prefix = m ? query.slice(0, m.index) : query.slice(0, 120);
  if (m) {
    rec.case_number = normalizeCaseNumber(m[0]);
    rec.case_numbers = [rec.case_number];
  }
  // a leading "<parties><offence>一审刑事判决书" title precedes the court's own heading
  const firstDoc = /^(.*?(?:判决书|裁定书))(.*)$/.exec(prefix);
  const hasTitle = firstDoc && /人民法院/.test(firstDoc[2]!);
  const heading = hasTitle ? firstDoc![2]! : prefix;
  rec.name = hasTitle ? firstDoc![1]! : heading;
  rec.court = /^(.*?人民法院)/.exec(heading)?.[1] ?? "";
  return rec;
}

export function readLecardFile(
  text: string,
  relPath: string,
  seen: Set<number>,
): { cases: CaseRecord[]; problems: CorpusProblem[]; repeated: number } {
  const cases: CaseRecord[] = [];
  const problems: CorpusProblem[] = [];
  let repeated = 0;
  text.split(/\r?\n/).forEach((raw, i) => {
    if (!raw.trim()) return;
    try {
      const o = JSON.parse(raw) as { id?: unknown; query?: unknown; fact?: unknown };
      if (typeof o.id !== "number" || typeof o.query !== "string") throw new Error("missing id or query");
      if (seen.has(o.id)) {
        repeated++;
        return;
      }
      seen.add(o.id);
      cases.push(parseLecardQuery(o.id, o.query, typeof o.fact === "string" ? o.fact : ""));
    } catch (e) {
      problems.push({ path: `${relPath}:${i + 1}`, kind: "unparsed", reason: (e as Error).message });
    }
  });
  return { cases, problems, repeated };
}
