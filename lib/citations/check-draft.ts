/**
 * The citation check (operation 1) as one function: extract → resolve → compare → (chat model)
 * → mark. Pure apart from the index reads and the optional chat-model call, so the route handler,
 * the benchmark and the drafts test all run exactly this.
 */
import { randomUUID } from "node:crypto";
import type { CaseRecord, Clause } from "../store/types";
import { normalizeCaseNumber } from "../text/case-number";
import { clauseLabelFromTid } from "../text/numerals";
import { ChatModelError, judgeWithChatModel, type ChatItem, type ChatModelConfig } from "./chat-model";
import { BUILTIN_ENGINE, compareQuote, type CompareResult } from "./compare-quote";
import { extractCitations } from "./extract-citations";
import { lookupAlias, lookupRepealed } from "./law-aliases";
import { markText, type Mark } from "./mark-text";
import { clausesOf, detailUrl, familiesFor, findReplacement, resolveCitation, round, type Resolution, type ResolveContext } from "./resolve-citation";
import { containment } from "./similarity";
import type { CaseEntry, CitationStore, ExtractedCase, ExtractedStatute, HallDetectResponse, RegulationEntry, SemanticCompare } from "./types";

/** Largest `text` accepted, in characters (UTF-16 code units). */
export const MAX_TEXT_CHARS = 300_000;
/** Entries reported per response; a draft citing more gets the first ones and `truncated`. */
export const MAX_STATUTE_ENTRIES = 2_000;
export const MAX_CASE_ENTRIES = 500;
/** A list or range sharing one quote is compared with its clauses joined, up to this many. */
const MAX_JOINED = 10;

export interface CheckOptions {
  store: CitationStore;
  requestId: string;
  /** Chat model to consult (null / absent: built-in rules only). */
  chat?: ChatModelConfig | null;
  /** UUID source (tests pass a counter for stable output). */
  newId?: () => string;
}

/** Thrown in strict chat-model mode when the model fails (the route maps it to HTTP 502). */
export class ChatModelRequiredError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ChatModelRequiredError";
  }
}

interface Work {
  ex: ExtractedStatute;
  entry: RegulationEntry;
  res: Resolution;
  cmp: CompareResult | null;
}

export async function checkDraft(text: string, opts: CheckOptions): Promise<HallDetectResponse> {
  const newId = opts.newId ?? randomUUID;
  const ctx: ResolveContext = { store: opts.store, draftDate: null, draftDateEvidence: "" };
  const known = new Map<string, boolean>();
  const extraction = extractCitations(text, {
    isKnownName: (n) => {
      let k = known.get(n);
      if (k === undefined) {
        k = lookupAlias(n) !== null || lookupRepealed(n) !== null || /^中华人民共和国[\u4e00-\u9fa5]{2,}/.test(n) || familiesFor(n, ctx).length > 0;
        known.set(n, k);
      }
      return k;
    },
  });
  ctx.draftDate = extraction.draftDate;
  ctx.draftDateEvidence = extraction.draftDateEvidence;

  const truncated = extraction.statutes.length > MAX_STATUTE_ENTRIES || extraction.cases.length > MAX_CASE_ENTRIES;
  const work: Work[] = extraction.statutes.slice(0, MAX_STATUTE_ENTRIES).map((ex) => {
    const res = resolveCitation(ex, ctx);
    return { ex, res, cmp: null, entry: baseEntry(ex, res, newId()) };
  });

  // Compare: entries of one list/range sharing a quote are compared with their clauses joined.
  const groups = new Map<number, Work[]>();
  for (const w of work) {
    const g = groups.get(w.ex.group);
    if (g) g.push(w);
    else groups.set(w.ex.group, [w]);
  }
  // identical comparisons (the same clause and claim cited again) are computed once
  const memo = new Map<string, CompareResult>();
  for (const w of work) {
    if (w.res.status !== "found" || !w.ex.tid || !w.res.clause) continue;
    const peers = (groups.get(w.ex.group) ?? []).filter((p) => p.res.clause);
    const distinct = [...new Set(peers.map((p) => p.res.clause!.content))];
    const joined = w.ex.quoted && distinct.length > 1 && distinct.length <= MAX_JOINED && !w.ex.paragraph ? distinct.join("\n") : w.res.clause.content;
    const key = `${w.ex.quoted ? 1 : 0}\u0000${w.ex.paragraph ?? 0}\u0000${w.ex.item ?? 0}\u0000${joined}\u0000${w.ex.claim}`;
    let cmp = memo.get(key);
    if (!cmp) {
      cmp = compareQuote({ claim: w.ex.claim, quoted: w.ex.quoted, clauseText: joined, paragraph: w.ex.paragraph, item: w.ex.item });
      memo.set(key, cmp);
    }
    w.cmp = structuredClone(cmp);
    maybeSwitchVersion(w, ctx);
    maybeWrongClause(w, ctx);
  }
  // Clause missing in the chosen version but present, with the quoted text, in another version.
  for (const w of work) if (w.res.status === "clause_missing") maybeSwitchVersion(w, ctx);
  for (const w of work) finishEntry(w);

  // Optional chat model on the items the rules could not settle.
  let chatModel = BUILTIN_ENGINE;
  let semanticError: string | undefined;
  if (opts.chat) {
    const items: { w: Work; item: ChatItem }[] = [];
    for (const w of work) {
      const c = w.entry.semantic_compare;
      if (!w.cmp || !w.res.clause) continue;
      const restates = !w.ex.quoted && c.结论 === "无法判断" && w.cmp.coverage >= 0.3;
      if (c.结论 !== "部分一致" && !restates) continue;
      items.push({ w, item: { id: w.entry.extract_reg_id, clause_text: w.res.clause.content, draft_text: w.ex.claim, rules_verdict: c.结论, rules_points: c.要点 } });
    }
    if (items.length) {
      try {
        const judged = await judgeWithChatModel(opts.chat, items.map((i) => i.item));
        const byId = new Map(judged.map((j) => [j.id, j]));
        for (const { w } of items) {
          const j = byId.get(w.entry.extract_reg_id);
          if (!j || j.结论 === "无法判断") continue;
          const c = w.entry.semantic_compare;
          w.entry.semantic_compare = {
            ...c,
            结论: j.结论,
            语义相似度: round(j.语义相似度),
            说明: j.说明,
            要点: [...new Set([...c.要点, ...j.要点])],
            engine: opts.chat.model,
          };
        }
        chatModel = opts.chat.model;
      } catch (e) {
        const msg = e instanceof ChatModelError ? e.message : `chat model ${opts.chat.model} failed: ${(e as Error).message}`;
        if (opts.chat.required) throw new ChatModelRequiredError(msg);
        semanticError = `${msg}; the built-in rules' result (${BUILTIN_ENGINE}) stands`;
      }
    }
  }

  const cases = extraction.cases.slice(0, MAX_CASE_ENTRIES).map((c) => caseEntry(c, opts.store, newId()));
  const marks: Mark[] = [
    ...work.map((w) => ({ start: w.ex.start, end: w.ex.end, id: w.entry.extract_reg_id, kind: "statute" as const, found: w.entry.law_exists && !w.entry.think_tank_clause_missing })),
    ...cases.map((c) => ({ start: c.start_index, end: c.end_index, id: c.extract_reg_id, kind: "case" as const, found: c.case_exists })),
  ];
  return {
    regulations: work.map((w) => w.entry),
    cases,
    highlighted_text: markText(text, marks),
    ...(semanticError ? { semantic_compare_error: semanticError } : {}),
    chat_model: chatModel,
    request_id: opts.requestId,
    draft_date: extraction.draftDate,
    ...(truncated ? { truncated: { statutes_found: extraction.statutes.length, cases_found: extraction.cases.length, statutes_limit: MAX_STATUTE_ENTRIES, cases_limit: MAX_CASE_ENTRIES } } : {}),
  };
}

function clauseNormal(ex: ExtractedStatute): string {
  if (!ex.tid) return "";
  const [n, zhi] = ex.tid.split("-");
  let s = ` 第${n}条${zhi ? `之${zhi}` : ""}`;
  if (ex.paragraph) s += ` 第${ex.paragraph}款`;
  if (ex.item) s += ` 第${ex.item}项`;
  return s;
}

function baseEntry(ex: ExtractedStatute, res: Resolution, id: string): RegulationEntry {
  const reg = res.regulation;
  const written = ex.name.replace(/[《》〈〉]/g, "");
  const name = ex.shape === "back_reference" ? `《${written}》` : /^《/.test(ex.nameRaw) ? ex.nameRaw : ex.nameRaw || written;
  return {
    name,
    clause: ex.clause,
    content: ex.content,
    extract_reg_id: id,
    url: "",
    think_tank_content: "",
    source_no_specific_clause: ex.tid === "",
    law_exists: res.status !== "law_not_found",
    think_tank_clause_missing: res.status === "clause_missing",
    publish_date: reg?.fbrq ?? "",
    implement_date: reg?.ssrq ?? "",
    validity_status: reg?.sxx ?? res.repealed?.status ?? "",
    document_number: reg?.fwzh ?? "",
    semantic_compare: { 结论: "无法判断", 语义相似度: null, 说明: "", 要点: [] },
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
    versions: res.versions.map((v) => ({ fgid: v.fgid, fgmc: v.fgmc, fbrq: v.fbrq, ssrq: v.ssrq, sxx: v.sxx })),
    replaced_by: res.replacedBy,
    candidates: res.candidates,
  };
}

const ORDER = { 一致: 3, 部分一致: 2, 无法判断: 1, 不一致: 0 } as const;

/**
 * A quote that does not match the chosen version may be a faithful quote of another version
 * (an AI citing the 2018 公司法 by its old numbering): switch to the version the quote matches
 * and report it as such, with its status and the current version's matching article.
 */
function maybeSwitchVersion(w: Work, ctx: ResolveContext): void {
  if (!w.ex.quoted || !w.ex.tid || w.res.versions.length < 2) return;
  if (w.res.versionBasis === "explicit_version") return;
  if (w.cmp && w.cmp.结论 === "一致") return;
  let best: { reg: (typeof w.res.versions)[number]; clause: Clause; cmp: CompareResult } | null = null;
  for (const v of w.res.versions) {
    if (v.fgid === w.res.regulation?.fgid) continue;
    const c = ctx.store.getClause(v.fgid, w.ex.tid);
    if (!c) continue;
    const cmp = compareQuote({ claim: w.ex.claim, quoted: true, clauseText: c.content, paragraph: w.ex.paragraph, item: w.ex.item });
    if (cmp.结论 !== "一致" && cmp.结论 !== "部分一致") continue;
    if (!best || ORDER[cmp.结论] > ORDER[best.cmp.结论] || (cmp.语义相似度 ?? 0) > (best.cmp.语义相似度 ?? 0)) best = { reg: v, clause: c, cmp };
  }
  if (!best) return;
  if (w.cmp && ORDER[best.cmp.结论] <= ORDER[w.cmp.结论] && (best.cmp.语义相似度 ?? 0) <= (w.cmp.语义相似度 ?? 0) + 0.1) return;
  const was = w.res.regulation;
  w.res = {
    ...w.res,
    status: "found",
    regulation: best.reg,
    clause: best.clause,
    versionBasis: "quote_match",
    versionNote: `引文与 ${best.reg.fbrq || "较早"} 公布的版本（${best.reg.sxx || "效力未知"}）${best.clause.ft_num || clauseLabelFromTid(best.clause.tid)}相符${was ? `，而非按规则选定的 ${was.fbrq} 版本` : ""}${ctx.draftDate ? `（草稿所述日期 ${ctx.draftDate}）` : ""}。`,
    replacedBy: findReplacement(best.reg, best.clause, w.res.versions, ctx),
  };
  w.cmp = best.cmp;
}

/** A quote that fits another article of the same regulation much better: say so. */
function maybeWrongClause(w: Work, ctx: ResolveContext): void {
  const cmp = w.cmp;
  const reg = w.res.regulation;
  if (!cmp || !reg || !w.ex.quoted || cmp.结论 !== "不一致" || (cmp.语义相似度 ?? 0) >= 0.5) return;
  if (cmp.差异.some((p) => p.kind === "modal" || p.kind === "negation" || p.kind === "number" || p.kind === "party")) return;
  let best: Clause | null = null;
  let bestScore = 0;
  for (const c of clausesOf(reg.fgid, ctx)) {
    const s = containment(w.ex.claim, c.content);
    if (s > bestScore) {
      bestScore = s;
      best = c;
    }
  }
  if (best && best.tid !== w.ex.tid && bestScore >= 0.8) {
    const label = best.ft_num || clauseLabelFromTid(best.tid);
    const text = `引文见于该法规${label}，疑似条号引用错误`;
    cmp.要点.push(text);
    cmp.差异.push({ kind: "scope", source: label, quote: w.ex.clause, text });
    cmp.说明 = `引文与所引${w.ex.clause}不符，但与${label}相符，疑似条号引用错误。`;
  }
}

function finishEntry(w: Work): void {
  const { ex, res, entry } = w;
  const reg = res.regulation;
  entry.law_exists = res.status !== "law_not_found";
  entry.think_tank_clause_missing = res.status === "clause_missing";
  entry.match_status = res.status;
  entry.publish_date = reg?.fbrq ?? "";
  entry.implement_date = reg?.ssrq ?? "";
  entry.validity_status = reg?.sxx ?? res.repealed?.status ?? "";
  entry.document_number = reg?.fwzh ?? "";
  entry.fgid = reg?.fgid ?? "";
  entry.official_name = reg?.fgmc ?? "";
  entry.normalized = `${reg?.fgmc ?? ex.name.replace(/[《》〈〉]/g, "")}${clauseNormal(ex)}`;
  entry.version_basis = res.versionBasis;
  entry.version_note = res.versionNote;
  entry.replaced_by = res.replacedBy;
  if (reg) entry.url = detailUrl(reg.fgid, res.clause ? res.clause.tid : undefined);
  entry.think_tank_content = res.clause?.content ?? "";

  const skip = (结论: SemanticCompare["结论"], 说明: string, extra: Partial<SemanticCompare> = {}): SemanticCompare => ({
    结论,
    语义相似度: null,
    说明,
    要点: [],
    engine: BUILTIN_ENGINE,
    ...extra,
  });
  if (!ex.tid) {
    entry.semantic_compare = skip("无法判断", "仅引用了法规名称，未引用具体条文，跳过比对。", {
      skipped: true,
      skip_reason: "NO_CLAUSE",
      skip_message: entry.law_exists ? "仅有法规名称，无具体条文，不做语义比对。" : "仅有法规名称，且知识库中未找到该法规。",
    });
    return;
  }
  if (res.status === "law_not_found") {
    entry.semantic_compare = skip("无法判断", `知识库中未找到《${ex.name}》，疑似虚构或名称有误，无法比对。`, { skip_reason: "LAW_NOT_FOUND" });
    return;
  }
  if (res.status === "repealed_not_in_corpus") {
    entry.semantic_compare = skip("无法判断", `《${ex.name}》已废止（${res.repealed?.note ?? ""}），知识库未收录其全文，无法比对。`, { skip_reason: "REPEALED_NOT_IN_CORPUS" });
    return;
  }
  if (res.status === "no_fulltext") {
    entry.semantic_compare = skip("无法判断", `知识库仅有《${reg?.fgmc ?? ex.name}》的目录信息，未收录全文，无法核对条文。`, { skip_reason: "NO_FULLTEXT" });
    return;
  }
  if (res.status === "clause_missing") {
    entry.semantic_compare = skip("无法判断", `《${reg?.fgmc ?? ex.name}》没有${ex.clause.replace(/第[^条]*款.*$/, "") || ex.clause}，疑似虚构条文，无法比对。`, { skip_reason: "CLAUSE_MISSING" });
    return;
  }
  const c = w.cmp!;
  const { coverage: _coverage, ...rest } = c;
  entry.semantic_compare = { ...rest };
}

function excerpt(c: CaseRecord): string {
  const s = c.judgment_key_points || c.basic_facts || c.judgment_result || c.full_text || "";
  return s.length > 500 ? `${s.slice(0, 500)}…` : s;
}

function caseEntry(c: ExtractedCase, store: CitationStore, id: string): CaseEntry {
  const found = store.findCasesByNumber(c.normalized)[0] ?? null;
  const official = found ? (found.case_numbers.find((n) => normalizeCaseNumber(n) === c.normalized) ?? found.case_number ?? c.normalized) : c.normalized;
  const f = (k: keyof CaseRecord) => (found ? String(found[k] ?? "") : "");
  return {
    name: found?.name || c.name,
    case_number: official,
    案号: official,
    content: c.content,
    url: found ? `/zxt/caseDetail/${encodeURIComponent(found.id)}` : "",
    think_tank_content: found ? excerpt(found) : "",
    case_type: f("case_type"),
    案例类型: f("case_type"),
    court: f("court"),
    法院: f("court"),
    judgment_date: f("judgment_date"),
    日期: f("judgment_date"),
    basic_facts: f("basic_facts"),
    基本案情: f("basic_facts"),
    judgment_key_points: f("judgment_key_points"),
    裁判要点: f("judgment_key_points"),
    judgment_result: f("judgment_result"),
    裁判结果: f("judgment_result"),
    judgment_analysis: f("judgment_analysis"),
    裁判分析过程: f("judgment_analysis"),
    typical_significance: f("typical_significance"),
    典型意义: f("typical_significance"),
    case_commentary: f("case_commentary"),
    案例评析: f("case_commentary"),
    extract_reg_id: id,
    case_exists: !!found,
    case_id: found?.id ?? "",
    cited_case_number: c.raw,
    normalized: c.normalized,
    start_index: c.start,
    end_index: c.end,
  };
}
