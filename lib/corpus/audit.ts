/**
 * The ingest's metadata audit: 施行日期 coverage before/after derivation (by provenance),
 * validity before/after reconciliation with the conflicts, the sources' as-of dates, and the
 * 20 most-cited laws (by 《…》 references in the corpus's own clauses and in the cases) with
 * their dates and validity, for a human to eyeball.
 */
import type { CorpusContent, RegulationRecord } from "./types";
import type { ValidityChecks, ValidityConflict } from "./validity";
import { INFERRED, textDerived, UNVERIFIED_DECISION } from "./dates";
import { familyKey } from "./family";

export interface CitedLaw {
  fgmc: string;
  references: number;
  clauses: number;
  cases: number;
  fbrq: string;
  ssrq: string;
  ssrq_source: string;
  sxx: string;
  data_as_of: string;
}

export interface MetadataAudit {
  ssrq: {
    fullText: number;
    before: number;
    after: number;
    inferred: number;
    /** After derivation: from the text's own words (正文, 题注, amending decision/instrument), the source's field, 推定, none. */
    byKind: { text: number; unverifiedDecision: number; database: number; inferred: number; none: number };
    bySource: Record<string, number>;
    conflicts: string[];
  };
  validity: { before: Record<string, number>; after: Record<string, number>; conflicts: ValidityConflict[]; checks: ValidityChecks };
  asOf: Record<string, string>;
  mostCited: CitedLaw[];
}

/** Provenance class of an ssrq_source, for counting (quotes dropped). */
export function provenanceClass(source: string): string {
  if (!source) return "(无)";
  if (source.startsWith(INFERRED)) {
    if (source.includes("题注未载该次修改")) return "推定 2（版本日期，题注未载该次修改）";
    if (source.includes("正文无施行条款")) return "推定 3（决议/决定/修正案自通过之日起生效）";
    return "推定 1（修正决定自公布之日起施行）";
  }
  return source
    .replace(/「[^」]*」/g, "「…」")
    .replace(/^修正决定（[^）]*待人工核实）：.*$/, "修正决定「本决定自…起施行」（amending-decisions.json，待人工核实）")
    .replace(/^修正决定：.*$/, "修正决定「本决定自…起施行」（amending-decisions.json，语料证实）");
}

const QUOTED = /《([^《》]{2,40})》/g;

export function auditMetadata(corpus: CorpusContent): MetadataAudit {
  const full = corpus.regulations.filter((r) => r.reg.has_fulltext);
  const bySource: Record<string, number> = {};
  for (const r of full) {
    const k = provenanceClass(r.reg.ssrq_source);
    bySource[k] = (bySource[k] ?? 0) + 1;
  }
  return {
    ssrq: {
      fullText: full.length,
      before: full.filter((r) => (r.dates ? r.dates.before.ssrq : r.reg.ssrq)).length,
      after: full.filter((r) => r.reg.ssrq).length,
      inferred: full.filter((r) => r.reg.ssrq_source.startsWith(INFERRED)).length,
      byKind: {
        text: full.filter((r) => r.reg.ssrq && textDerived(r.reg.ssrq_source) && !r.reg.ssrq_source.includes(UNVERIFIED_DECISION)).length,
        unverifiedDecision: full.filter((r) => r.reg.ssrq && r.reg.ssrq_source.includes(UNVERIFIED_DECISION)).length,
        database: full.filter((r) => r.reg.ssrq && r.reg.ssrq_source.startsWith("LawRefBook 数据库")).length,
        inferred: full.filter((r) => r.reg.ssrq && r.reg.ssrq_source.startsWith(INFERRED)).length,
        none: full.filter((r) => !r.reg.ssrq).length,
      },
      bySource,
      conflicts: full.filter((r) => r.dates?.conflict).map((r) => `${r.reg.fgmc} (${r.reg.fbrq || "无日期"}): ${r.dates!.conflict}`),
    },
    validity: corpus.validity ?? { before: {}, after: {}, conflicts: [], checks: { familiesWithTwoInForce: 0, supersededInForce: 0, examples: [] } },
    asOf: corpus.asOf ?? {},
    mostCited: mostCited(corpus, 20),
  };
}

/** Central 法律/行政法规/司法解释… families cited most, newest version's metadata. */
export function mostCited(corpus: CorpusContent, n: number): CitedLaw[] {
  const current = new Map<string, RegulationRecord>();
  for (const rec of corpus.regulations) {
    if (rec.reg.dy !== "中央" || !rec.reg.has_fulltext) continue;
    const had = current.get(rec.reg.family);
    if (!had || rec.reg.sxx === "现行有效" || (had.reg.sxx !== "现行有效" && rec.reg.fbrq > had.reg.fbrq)) current.set(rec.reg.family, rec);
  }
  const counts = new Map<string, { clauses: number; cases: number }>();
  const count = (text: string, field: "clauses" | "cases", self?: string) => {
    for (const m of text.matchAll(QUOTED)) {
      const fam = familyKey(m[1]!);
      if (fam === self || !current.has(fam)) continue;
      const c = counts.get(fam) ?? { clauses: 0, cases: 0 };
      c[field]++;
      counts.set(fam, c);
    }
  };
  for (const rec of corpus.regulations) for (const c of rec.clauses) if (c.content.includes("《")) count(c.content, "clauses", rec.reg.family);
  for (const k of corpus.cases) count([k.related_laws, k.judgment_analysis, k.judgment_key_points, k.judgment_result, k.full_text].join("\n"), "cases");
  return [...counts]
    .map(([fam, c]) => ({ fam, ...c, references: c.clauses + c.cases }))
    .sort((a, b) => b.references - a.references || (a.fam < b.fam ? -1 : 1))
    .slice(0, n)
    .map(({ fam, references, clauses, cases }) => {
      const r = current.get(fam)!.reg;
      return { fgmc: r.fgmc, references, clauses, cases, fbrq: r.fbrq, ssrq: r.ssrq, ssrq_source: r.ssrq_source, sxx: r.sxx, data_as_of: r.data_as_of };
    });
}
