/**
 * Shared assertions for the keyword-family handler tests: the authentication and body
 * failures every operation must answer the same way (spec: 403 / 400 / 422 bodies
 * {status, code, message}).
 */
import { expect } from "vitest";
import { getKeysStore } from "@/lib/auth/keys-store";
import { getIndex } from "@/lib/store/index-store";
import { callHandler, createKey } from "@/test/helpers/api";
import { indexSql } from "@/test/helpers/index-sql";

type Handler = (req: Request) => Promise<Response>;

export async function expectAuthFailures(handler: Handler, validBody: unknown): Promise<void> {
  const none = await callHandler(handler, validBody, { key: null });
  expect(none.status).toBe(403);
  expect(none.body).toEqual({ status: "forbidden", code: 403, message: "鉴权失败：缺少 X-API-Key" });

  const unknown = await callHandler(handler, validBody, { key: "lcc_nope_not-a-real-key" });
  expect(unknown.status).toBe(403);
  expect(unknown.body).toEqual({ status: "forbidden", code: 403, message: "鉴权失败：X-API-Key 无效" });

  const store = getKeysStore();
  const blocked = store.create({ tier: "standard", name: `blocked-${Math.random()}` });
  expect(store.setBlocked(blocked.info.id, true)).toBe(true);
  const b = await callHandler(handler, validBody, { key: blocked.key });
  expect(b.status).toBe(403);
  expect(b.body).toEqual({ status: "forbidden", code: 403, message: "鉴权失败：该 X-API-Key 已被列入黑名单" });

  const expired = createKey("standard", { expires: "2000-01-01" });
  const e = await callHandler(handler, validBody, { key: expired });
  expect(e.status).toBe(403);
  expect(e.body).toEqual({ status: "forbidden", code: 403, message: "鉴权失败：X-API-Key 已过期" });

  // the same body with a valid key succeeds, so the failures above are the key's alone
  const ok = await callHandler(handler, validBody, { key: createKey() });
  expect(ok.status).toBe(200);
}

export async function expectBodyFailures(handler: Handler, key: string): Promise<void> {
  const bad = await callHandler(handler, "{not json", { key });
  expect(bad.status).toBe(400);
  expect(bad.body).toEqual({ status: "bad request", code: 400, message: "请求体无法解析：需要 JSON" });

  const empty = await callHandler(handler, {}, { key });
  expect(empty.status).toBe(422);
  expect(empty.body).toEqual({ status: "param verification failed", code: 422, message: "请求参数不能为空" });

  for (const raw of ["[]", '["合同"]', '"合同"', "null", "5"]) {
    const r = await callHandler(handler, raw, { key });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({ status: "param verification failed", code: 422, message: "请求体必须是 JSON 对象" });
  }
}

/** fgid of a regulation in the test index, by exact title and optional publication date. */
export function fgidOf(fgmc: string, fbrq?: string): string {
  const row = indexSql()
    .prepare(`SELECT fgid FROM regulations WHERE fgmc = ?${fbrq ? " AND fbrq = ?" : ""} ORDER BY fbrq DESC LIMIT 1`)
    .get(...(fbrq ? [fgmc, fbrq] : [fgmc])) as { fgid: string } | undefined;
  if (!row) throw new Error(`test index lacks ${fgmc} ${fbrq ?? ""}`);
  return row.fgid;
}

export const CLAUSE_ITEM_KEYS = [
  "id", "_score", "ftmc", "title", "fgid", "tid", "url", "content", "fgmc", "ft_num", "llm_content",
  "sxx", "dy", "xljb_1", "xljb_2", "ssrq", "fbrq", "fbbm", "fwzh",
  "data_as_of", "validity_source", "implement_date_source",
].sort();

export const REGULATION_ITEM_KEYS = [
  "id", "fgmc", "title", "fbbm", "fwzh", "xljb_1", "xljb_2", "sxx", "dy", "fbrq", "ssrq", "url", "_score",
  "data_as_of", "validity_source", "implement_date_source",
].sort();

export function expectNonIncreasing(scores: number[]): void {
  for (let i = 1; i < scores.length; i++) expect(scores[i]!).toBeLessThanOrEqual(scores[i - 1]!);
}
