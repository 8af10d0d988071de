/**
 * The edge of law_vector_search: the validated request → the domain's typed search
 * (lib/search/semantic/search.ts semanticSearch) → the operation's success body.
 *
 * Success body: {msg: "success", code: 200, extra: {fatiao, law: [], case: [], qa: []},
 * answer, messageId, style, request_id, search_mode, notice}
 * - code 200 on success (the spec's status table; its sample's 201 is not used).
 * - answer: the rewritten query when rewrite_flag is true, else "".
 * - messageId = request_id; style = "".
 * - search_mode: "hybrid" normally, "bm25" when the vector half could not run; notice says why
 *   ("" otherwise).
 */
import type { SemanticIndex } from "@/lib/store/semantic-index";
import { normalizeDy, type ClauseFilter } from "@/lib/search/semantic/filters";
import { semanticSearch } from "@/lib/search/semantic/search";

export interface VectorSearchInput {
  query: string;
  rewrite_flag: boolean;
  fatiao_filter?: { sxx?: string[]; effect1?: string[]; dy?: string[]; law_start?: string; law_end?: string };
  return_num: number;
}

export async function lawVectorSearch(db: SemanticIndex, input: VectorSearchInput, requestId: string): Promise<Record<string, unknown>> {
  const f = input.fatiao_filter ?? {};
  const filter: ClauseFilter = {
    sxx: f.sxx,
    effect1: f.effect1,
    dy: f.dy ? [...new Set(f.dy.map((d) => normalizeDy(d)!))] : undefined,
    law_start: f.law_start,
    law_end: f.law_end,
  };
  const res = await semanticSearch(db, { query: input.query.trim(), rewrite: input.rewrite_flag, filter, returnNum: input.return_num });
  return {
    msg: "success",
    code: 200,
    extra: { fatiao: res.items, law: [], case: [], qa: [] },
    answer: res.rewritten ?? "",
    messageId: requestId,
    style: "",
    request_id: requestId,
    search_mode: res.mode,
    notice: res.degraded,
  };
}
