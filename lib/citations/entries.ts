/**
 * The entries step of the citation check: a judged citation → the response's regulation entry
 * (the spec's fields first, then ours). Pure: every value comes from the extraction, the
 * resolution and the judgment; nothing is looked up here.
 */
import { BUILTIN_ENGINE } from "./compare-quote";
import type { Judged } from "./judge-citations";
import { detailUrl } from "./resolve-citation";
import type { ExtractedStatute, RegulationEntry, SemanticCompare } from "./types";

function clauseNormal(ex: ExtractedStatute): string {
  if (!ex.tid) return "";
  const [n, zhi] = ex.tid.split("-");
  let s = ` 第${n}条${zhi ? `之${zhi}` : ""}`;
  if (ex.paragraph) s += ` 第${ex.paragraph}款`;
  if (ex.item) s += ` 第${ex.item}项`;
  return s;
}

/** A comparison that was not made, and why. */
export function skippedCompare(结论: SemanticCompare["结论"], 说明: string, extra: Partial<SemanticCompare> = {}): SemanticCompare {
  return { 结论, 语义相似度: null, 说明, 要点: [], engine: BUILTIN_ENGINE, 依据: [], ...extra };
}

function compareFor(j: Judged, lawExists: boolean): SemanticCompare {
  const { ex, res, judgment } = j;
  const reg = res.regulation;
  const written = ex.definedAs ? `${ex.definedAs}》（即《${ex.name}` : ex.name;
  if (!ex.tid) {
    return skippedCompare("无法判断", "仅引用了法规名称，未引用具体条文，跳过比对。", {
      skipped: true,
      skip_reason: "NO_CLAUSE",
      skip_message: lawExists ? "仅有法规名称，无具体条文，不做语义比对。" : "仅有法规名称，且知识库中未收录该法规。",
    });
  }
  if (j.deadline) return skippedCompare("无法判断", "本次请求的处理时限已到，该条未作内容比对（请拆分文书后重试）。", { skip_reason: "DEADLINE" });
  switch (res.status) {
    case "law_not_found":
      return skippedCompare("无法判断", `知识库中未找到《${written}》，也没有名称相近的法规，疑似虚构或名称有误。`, { skip_reason: "LAW_NOT_FOUND" });
    case "not_in_index":
      return skippedCompare(
        "无法判断",
        res.candidates.length
          ? `知识库未收录《${written}》，名称相近的有：${res.candidates.map((c) => `《${c.fgmc}》`).join("、")}；请核实名称。`
          : `知识库未收录《${written}》（此类文件知识库收录不全），也没有名称相近的法规，无法核对该条；请核实名称与出处。`,
        { skip_reason: "NOT_IN_INDEX" },
      );
    case "repealed_not_in_corpus": {
      const where = res.replacedBy?.clause ? `；${ex.quoted ? "引文" : "所述内容"}现见于《${res.replacedBy.fgmc}》${res.replacedBy.clause}` : "";
      return skippedCompare("无法判断", `《${ex.name}》已废止（${res.repealed?.note ?? ""}），知识库未收录其原文，无法核对该条${where}。`, { skip_reason: "REPEALED_NOT_IN_CORPUS" });
    }
    case "no_fulltext":
      return skippedCompare("无法判断", `知识库仅有《${reg?.fgmc ?? ex.name}》的目录信息，未收录全文，无法核对条文。`, { skip_reason: "NO_FULLTEXT" });
    case "clause_missing":
      if (judgment) return judgment.compare;
      // the draft predates a revision of it: the number may be the old one, not an invention
      if (res.renumbered)
        return skippedCompare("无法判断", `现有版本的《${reg?.fgmc ?? ex.name}》没有${ex.clause.replace(/第[^条]*款.*$/, "") || ex.clause}；${/晚于文书日期$/.test(res.renumbered) ? res.renumbered : `文书日期早于该法规此后的修改（${res.renumbered}）`}，知识库未收录当时的版本，条文序号可能已变动，无法比对。`, { skip_reason: "CLAUSE_MISSING" });
      return skippedCompare("无法判断", `《${reg?.fgmc ?? ex.name}》没有${ex.clause.replace(/第[^条]*款.*$/, "") || ex.clause}，疑似虚构条文，无法比对。`, { skip_reason: "CLAUSE_MISSING" });
    case "found":
      if (judgment) return judgment.compare;
      return skippedCompare("无法判断", "没有可比对的内容。");
  }
}

/**
 * The verdict in one sentence with what it rests on: the date judged at (and why), the version and the article
 * compared, then the explanation with its phrases — 「按 2026-11-26（今天）适用的版本，对照《中华人民共和国民法典》
 * （2021-01-01 起施行，现行有效）第五百七十七条：第五百七十七条规定了「…」，与援引句对该条的适用相符。」 No comparison
 * made: the explanation alone.
 */
export function verdictBasis(j: Judged, compare: SemanticCompare): string {
  const { ex, res } = j;
  const reg = res.regulation;
  const at = res.judgedAt;
  if (!reg || !at || !ex.tid || (res.status !== "found" && !(res.status === "clause_missing" && j.judgment)) || compare.skipped) return compare.说明;
  const version = `${reg.ssrq || reg.fbrq ? `${reg.ssrq || reg.fbrq} 起施行，` : ""}${reg.sxx || "效力不详"}`;
  const where = res.status === "found" ? ex.clause : `（该版本无${ex.clause}）`;
  const lead = at.mark ? `按文书注明的 ${at.mark} 年版本` : `按 ${at.date}（${at.why}）适用的版本`;
  return `${lead}，对照《${reg.fgmc}》（${version}）${where}：${compare.说明}`;
}

export function regulationEntry(j: Judged, id: string): RegulationEntry {
  const { ex, res, judgment } = j;
  const reg = res.regulation;
  const written = ex.name.replace(/[《》〈〉]/g, "");
  const name = ex.shape === "back_reference" ? `《${written}》` : /^《/.test(ex.nameRaw) ? ex.nameRaw : ex.nameRaw || written;
  const lawExists = res.status !== "law_not_found" && res.status !== "not_in_index";
  const compare = compareFor(j, lawExists);
  return {
    name,
    clause: ex.clause,
    content: ex.content,
    extract_reg_id: id,
    url: reg ? detailUrl(reg.fgid, res.clause ? res.clause.tid : undefined) : "",
    think_tank_content: res.clause?.content ?? "",
    source_no_specific_clause: ex.tid === "",
    data_as_of: reg?.data_as_of ?? "",
    law_exists: lawExists,
    think_tank_clause_missing: res.status === "clause_missing",
    publish_date: reg?.fbrq ?? "",
    implement_date: reg?.ssrq ?? "",
    implement_date_source: reg?.ssrq_source ?? "",
    validity_status: reg?.sxx ?? res.repealed?.status ?? "",
    document_number: reg?.fwzh ?? "",
    semantic_compare: compare,
    start_index: ex.start,
    end_index: ex.end,
    normalized: `${reg?.fgmc ?? written}${clauseNormal(ex)}`,
    match_status: res.status,
    citation_shape: ex.shape,
    fgid: reg?.fgid ?? "",
    official_name: reg?.fgmc ?? "",
    tid: ex.tid,
    version_basis: res.versionBasis,
    version_note: res.versionNote,
    versions: res.versions.map((v) => ({ fgid: v.fgid, fgmc: v.fgmc, fbrq: v.fbrq, ssrq: v.ssrq, sxx: v.sxx, data_as_of: v.data_as_of })),
    replaced_by: res.replacedBy,
    candidates: res.candidates,
    claim_style: !ex.tid ? "none" : judgment?.style ?? (ex.quoted ? "quote" : "bare"),
    claim_text: judgment?.claimText ?? (ex.quoted ? ex.claim : ""),
    think_tank_scope: judgment?.scope ?? null,
    wrong_clause: judgment?.wrongClause ?? null,
    verdict_basis: verdictBasis(j, compare),
  };
}
