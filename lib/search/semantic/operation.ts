/**
 * The law_vector_search operation body: validated request → search → success body.
 *
 * Success body: {msg: "success", code: 200, extra: {fatiao, law: [], case: [], qa: []},
 * answer, messageId, style, request_id, search_mode, notice}
 * - code 200 on success (the spec's status table; its sample's 201 is not used).
 * - answer: the rewritten query when rewrite_flag is true, else "".
 * - messageId = request_id; style = "".
 * - search_mode: "hybrid" normally, "bm25" when the vector half could not run; notice says why
 *   ("" otherwise).
 */
import type Database from "better-sqlite3";
import { normalizeDy, type ClauseFilter } from "./filters";
import { semanticSearch } from "./search";

export interface VectorSearchInput {
  query: string;
  rewrite_flag: boolean;
  fatiao_filter?: { sxx?: string[]; effect1?: string[]; dy?: string[]; law_start?: string; law_end?: string };
  return_num: number;
}

export async function lawVectorSearch(db: Database.Database, input: VectorSearchInput, requestId: string): Promise<Record<string, unknown>> {
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

/**
 * Warms a worker's semantic search before it takes requests (the route's `warm`, run by the
 * production server): loads the clause vectors and the learned data, and runs a few questions,
 * so the first user does not wait ≈1 s for the loading. With an external embeddings server
 * configured, these questions go to it like any other (a failure only degrades them to BM25).
 */
export async function warmSemanticSearch(db: Database.Database): Promise<void> {
  for (const query of ["公司拖欠工资怎么办", "合同违约的赔偿责任", "房屋租赁押金不退"]) {
    await semanticSearch(db, { query, rewrite: true, filter: {}, returnNum: 10 });
  }
}
