/**
 * The citation check (operation 1) as one function that only orchestrates the pipeline:
 *
 *   extract (extract-citations.ts) → reference date (reference-date.ts) → resolve and choose the
 *   version (resolve-citation.ts) → judge (judge.ts) → optional chat model (chat-model.ts) →
 *   entries (entries.ts) → cases (resolve-case.ts) → mark (mark-text.ts)
 *
 * Each step is a function of its inputs (and of index reads), tested on its own; nothing here
 * mutates a record another step made. The route handler, the benchmark and the drafts test all
 * run exactly this.
 */
import { randomUUID } from "node:crypto";
import { ChatModelError, judgeWithChatModel, type ChatItem, type ChatModelConfig } from "./chat-model";
import { BUILTIN_ENGINE } from "./compare-quote";
import { regulationEntry } from "./entries";
import { extractCitations, MAX_CASE_ENTRIES, MAX_STATUTE_ENTRIES } from "./extract-citations";
import { judgeCitations, type Judged } from "./judge-citations";
import { lookupAlias, lookupRepealed } from "./law-aliases";
import { markText, type Mark } from "./mark-text";
import { proceduralDate, referenceDate, todayInChina } from "./reference-date";
import { resolveCase } from "./resolve-case";
import { familiesFor, resolveCitation, round, type ResolveContext } from "./resolve-citation";
import type { CitationStore, HallDetectResponse } from "./types";

export { MAX_CASE_ENTRIES, MAX_STATUTE_ENTRIES } from "./extract-citations";

/** Largest `text` accepted, in characters (UTF-16 code units). */
export const MAX_TEXT_CHARS = 300_000;
/** Time after which the remaining citations are reported without a content judgment (ms). */
export const JUDGE_DEADLINE_MS = 4_000;
/** Full comparisons all wrong-number searches of one request may make together. */
export const MAX_COMPARISONS = 400;

export interface CheckOptions {
  store: CitationStore;
  requestId: string;
  /** yyyy-MM-dd the caller wants versions and validity judged at (request field `reference_date`). */
  referenceDate?: string | null;
  /** Today (yyyy-MM-dd, China time); tests pin it. */
  today?: string;
  /** Chat model to consult (null / absent: built-in rules only). */
  chat?: ChatModelConfig | null;
  /** UUID source (tests pass a counter for stable output). */
  newId?: () => string;
  /** Judging deadline in ms (default JUDGE_DEADLINE_MS). */
  deadlineMs?: number;
}

/** Thrown in strict chat-model mode when the model fails (the route maps it to HTTP 502). */
export class ChatModelRequiredError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ChatModelRequiredError";
  }
}

export async function checkDraft(text: string, opts: CheckOptions): Promise<HallDetectResponse> {
  // the deadline counts from the start of the request, extraction and resolution included
  const deadlineAt = performance.now() + (opts.deadlineMs ?? JUDGE_DEADLINE_MS);
  const newId = opts.newId ?? randomUUID;
  const today = opts.today ?? todayInChina();
  const reference = referenceDate(text, opts.referenceDate, today);
  const ctx: ResolveContext = { store: opts.store, reference, procedural: proceduralDate(text, reference, today) };

  // 1. extract
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

  // 2. resolve (name → family → version → article)
  const resolved = extraction.statutes.map((ex) => ({ ex, res: resolveCitation(ex, ctx) }));

  // 3. judge what the draft says against the article
  const judged: Judged[] = judgeCitations(text, resolved, ctx, { deadlineAt, comparisons: MAX_COMPARISONS });

  // 4. entries of the response
  const ids = judged.map(() => newId());
  let entries = judged.map((j, i) => regulationEntry(j, ids[i]!));

  // 5. optional chat model on what the rules could not settle
  let chatModel = BUILTIN_ENGINE;
  let semanticError: string | undefined;
  if (opts.chat) {
    const items: ChatItem[] = [];
    entries.forEach((e, i) => {
      const c = e.semantic_compare;
      const j = judged[i]!;
      if (!j.res.clause || c.skipped || e.match_status !== "found") return;
      if (c.结论 !== "部分一致" && !(c.结论 === "无法判断" && e.claim_text)) return;
      items.push({ id: e.extract_reg_id, clause_text: j.res.clause.content, draft_text: e.claim_text || e.content, rules_verdict: c.结论, rules_points: c.要点 });
    });
    if (items.length) {
      try {
        const byId = new Map((await judgeWithChatModel(opts.chat, items)).map((j) => [j.id, j]));
        entries = entries.map((e) => {
          const j = byId.get(e.extract_reg_id);
          if (!j || j.结论 === "无法判断") return e;
          const c = e.semantic_compare;
          return { ...e, semantic_compare: { ...c, 结论: j.结论, 语义相似度: round(j.语义相似度), 说明: j.说明, 要点: [...new Set([...c.要点, ...j.要点])], engine: opts.chat!.model } };
        });
        chatModel = opts.chat.model;
      } catch (e) {
        const msg = e instanceof ChatModelError ? e.message : `chat model ${opts.chat.model} failed: ${(e as Error).message}`;
        if (opts.chat.required) throw new ChatModelRequiredError(msg);
        semanticError = `${msg}; the built-in rules' result (${BUILTIN_ENGINE}) stands`;
      }
    }
  }

  // 6. cases
  const cases = extraction.cases.map((c) => resolveCase(c, opts.store, newId()));

  // 7. mark
  const marks: Mark[] = [
    ...judged.map((j, i) => ({ start: j.ex.start, end: j.ex.end, id: ids[i]!, kind: "statute" as const, found: entries[i]!.law_exists && !entries[i]!.think_tank_clause_missing })),
    ...cases.map((c) => ({ start: c.start_index, end: c.end_index, id: c.extract_reg_id, kind: "case" as const, found: c.case_exists })),
  ];
  const over = extraction.overflow;
  const unjudged = judged.filter((j) => j.deadline).length;
  return {
    regulations: entries,
    cases,
    highlighted_text: markText(text, marks),
    ...(semanticError ? { semantic_compare_error: semanticError } : {}),
    chat_model: chatModel,
    request_id: opts.requestId,
    draft_date: reference.basis === "today" ? null : reference.date,
    reference_date: reference,
    ...(over.statutes || over.cases
      ? { truncated: { statutes_found: extraction.statutes.length + over.statutes, cases_found: extraction.cases.length + over.cases, statutes_limit: MAX_STATUTE_ENTRIES, cases_limit: MAX_CASE_ENTRIES } }
      : {}),
    ...(unjudged ? { deadline_exceeded: { unjudged, deadline_ms: opts.deadlineMs ?? JUDGE_DEADLINE_MS } } : {}),
  };
}

