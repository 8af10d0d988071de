/**
 * Handler tests of POST /open/hall_detect over the real corpus-slice index (test/global-setup.ts):
 * every status of the protocol, the /api/extract alias, and the chat-model paths against the
 * local OpenAI-compatible test server.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getKeysStore } from "@/lib/auth/keys-store";
import { MAX_TEXT_CHARS } from "@/lib/citations/check-draft";
import { callHandler, createKey } from "@/test/helpers/api";
import { startChatServer, type ChatServer } from "@/test/helpers/chat-server";
import { POST as EXTRACT } from "./api/extract/route";
import { POST } from "./route";

let member: string;
const PATH = "/open/hall_detect";

beforeAll(() => {
  member = createKey("member");
});

const DRAFT =
  "根据《中华人民共和国民法典》第五百七十七条规定：“当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。”" +
  "《劳动合同法》第八十二条规定：“用人单位自用工之日起超过一个月不满一年未与劳动者订立书面劳动合同的，应当向劳动者每月支付三倍的工资。”" +
  "《中华人民共和国数据资产法》第十条。参见（2009）虹民三（民）初字第912号。";

describe("POST /open/hall_detect: success", () => {
  it("200 with regulations, cases, highlighted_text, chat_model and the request id echoed", async () => {
    const r = await callHandler(POST, { text: DRAFT }, { key: member, path: PATH, headers: { "x-request-id": "req-abc-123" } });
    expect(r.status).toBe(200);
    expect(r.headers.get("x-request-id")).toBe("req-abc-123");
    expect(r.body.request_id).toBe("req-abc-123");
    expect(r.body.chat_model).toBe("builtin-rules-v1");
    expect(r.body.semantic_compare_error).toBeUndefined();
    const regs = r.body.regulations as any[];
    expect(regs).toHaveLength(3);
    const [a577, a82, fake] = regs;
    expect(a577.think_tank_clause_missing).toBe(false);
    expect(a577.law_exists).toBe(true);
    expect(a577.url).toMatch(/^\/zxt\/statuteDetail\/detailPage\/[^?]+\?text=577$/);
    expect(a577.think_tank_content).toContain("违约责任");
    expect(a577.validity_status).toBe("现行有效");
    expect(a577.semantic_compare.结论).toBe("一致");
    expect(a577.normalized).toBe("中华人民共和国民法典 第577条");
    expect(DRAFT.slice(a577.start_index, a577.end_index)).toBe("《中华人民共和国民法典》第五百七十七条");
    expect(a577.extract_reg_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(a82.semantic_compare.结论).toBe("不一致");
    expect(a82.semantic_compare.要点.join()).toContain("三倍");
    expect(fake.law_exists).toBe(false);
    expect(fake.match_status).toBe("law_not_found");
    expect(fake.url).toBe("");
    const c = r.body.cases[0];
    expect(c.case_number).toBe(c.案号);
    expect(c.url).toMatch(/^\/zxt\/caseDetail\//);
    expect(c.法院).toBe(c.court);
    expect(r.body.highlighted_text).toContain('class="missing-ref"');
    expect(r.body.highlighted_text).toContain('class="hl-case-ref case-hit"');
  });

  it("every validity in the response carries its source's as-of date: the entry, each version, the replacement", async () => {
    const text = "依据《中华人民共和国公司法》（2018年修正）第三条，公司是企业法人。";
    const r = await callHandler(POST, { text }, { key: member, path: PATH });
    expect(r.status).toBe(200);
    const [e] = r.body.regulations as any[];
    const date = /^\d{4}-\d{2}-\d{2}$/;
    expect(e.validity_status).toBe("已被修改");
    expect(e.data_as_of).toMatch(date);
    expect(e.versions.length).toBeGreaterThan(1);
    for (const v of e.versions) expect(v.data_as_of, v.fgmc).toMatch(date);
    expect(e.replaced_by.sxx).toBe("现行有效");
    expect(e.replaced_by.data_as_of).toMatch(date);
  });

  it("generates a request id when none is sent, equal in header and body", async () => {
    const r = await callHandler(POST, { text: "" }, { key: member, path: PATH });
    expect(r.status).toBe(200);
    expect(r.body.request_id).toBe(r.headers.get("x-request-id"));
    expect(r.body.regulations).toEqual([]);
    expect(r.body.cases).toEqual([]);
    expect(r.body.highlighted_text).toBe("");
  });

  it("the /api/extract suffix is the same operation", async () => {
    const r = await callHandler(EXTRACT, { text: DRAFT }, { key: member, path: `${PATH}/api/extract` });
    expect(r.status).toBe(200);
    expect(r.body.regulations).toHaveLength(3);
  });

  it("accepts the largest documented text", async () => {
    const text = "甲".repeat(MAX_TEXT_CHARS - DRAFT.length) + DRAFT;
    const r = await callHandler(POST, { text }, { key: member, path: PATH });
    expect(r.status).toBe(200);
    expect(r.body.regulations).toHaveLength(3);
  });
});

describe("POST /open/hall_detect: failures carry the error structure", () => {
  function expectError(r: { status: number; body: any; headers: Headers }, status: number, code: string) {
    expect(r.status).toBe(status);
    expect(r.body.success).toBe(false);
    expect(r.body.error_code).toBe(code);
    expect(typeof r.body.message).toBe("string");
    expect(r.body.request_id).toBe(r.headers.get("x-request-id"));
  }

  it("401 without a key", async () => {
    expectError(await callHandler(POST, { text: "x" }, { path: PATH }), 401, "UNAUTHENTICATED");
  });
  it("401 with an unknown key", async () => {
    expectError(await callHandler(POST, { text: "x" }, { key: "lk_nope_nope", path: PATH }), 401, "UNAUTHENTICATED");
  });
  it("401 with an expired key", async () => {
    const k = createKey("member", { expires: "2000-01-01" });
    expectError(await callHandler(POST, { text: "x" }, { key: k, path: PATH }), 401, "UNAUTHENTICATED");
  });
  it("401 with a blocked key", async () => {
    const store = getKeysStore();
    const { key, info } = store.create({ tier: "member" });
    store.setBlocked(info.id, true);
    expectError(await callHandler(POST, { text: "x" }, { key, path: PATH }), 401, "UNAUTHENTICATED");
  });
  it("403 with a standard (non-member) key", async () => {
    expectError(await callHandler(POST, { text: "x" }, { key: createKey("standard"), path: PATH }), 403, "FORBIDDEN");
  });
  it("400 for a body that is not JSON", async () => {
    expectError(await callHandler(POST, "{text: nope", { key: member, path: PATH }), 400, "BAD_JSON");
  });
  it("422 with pydantic-style detail when text is missing", async () => {
    const r = await callHandler(POST, {}, { key: member, path: PATH });
    expectError(r, 422, "VALIDATION_ERROR");
    expect(r.body.detail[0]).toMatchObject({ type: "missing", loc: ["body", "text"], msg: "Field required" });
    expect(r.body.detail[0]).toHaveProperty("input");
  });
  it("422 when text is not a string", async () => {
    const r = await callHandler(POST, { text: 42 }, { key: member, path: PATH });
    expectError(r, 422, "VALIDATION_ERROR");
    expect(r.body.detail[0]).toMatchObject({ loc: ["body", "text"], input: 42 });
  });
  it.each([["2024-13-01"], ["2024-02-30"], ["20240520"], ["yesterday"], [""]])("422 when reference_date is %j", async (bad) => {
    const r = await callHandler(POST, { text: "《民法典》第五百七十七条", reference_date: bad }, { key: member, path: PATH });
    expectError(r, 422, "VALIDATION_ERROR");
    expect(r.body.detail[0]).toMatchObject({ loc: ["body", "reference_date"], input: bad });
    expect(r.body.detail[0].msg).toContain("reference_date 日期格式无效");
  });
  it("422 when reference_date is not a string", async () => {
    const r = await callHandler(POST, { text: "x", reference_date: 20240520 }, { key: member, path: PATH });
    expectError(r, 422, "VALIDATION_ERROR");
    expect(r.body.detail[0]).toMatchObject({ loc: ["body", "reference_date"], input: 20240520 });
  });
  it("a valid reference_date (or null) is used and reported", async () => {
    const r = await callHandler(POST, { text: "《公司法》第二十条。", reference_date: "2019-03-01" }, { key: member, path: PATH });
    expect(r.status).toBe(200);
    expect(r.body.reference_date).toMatchObject({ date: "2019-03-01", basis: "request" });
    const n = await callHandler(POST, { text: "《公司法》第二十条。", reference_date: null }, { key: member, path: PATH });
    expect(n.status).toBe(200);
    expect(n.body.reference_date.basis).toBe("today");
  });
  it("422 when the body is a JSON array or null", async () => {
    expectError(await callHandler(POST, "null", { key: member, path: PATH }), 422, "VALIDATION_ERROR");
    expectError(await callHandler(POST, [], { key: member, path: PATH }), 422, "VALIDATION_ERROR");
  });
  it("413 PAYLOAD_TOO_LARGE for text over the maximum", async () => {
    const r = await callHandler(POST, { text: "a".repeat(MAX_TEXT_CHARS + 1) }, { key: member, path: PATH });
    expectError(r, 413, "PAYLOAD_TOO_LARGE");
    expect(r.body.detail[0].loc).toEqual(["body", "text"]);
  });
  it("413 for a body over the byte limit", async () => {
    const r = await callHandler(POST, { text: "a".repeat(3 * 1024 * 1024) }, { key: member, path: PATH });
    expectError(r, 413, "PAYLOAD_TOO_LARGE");
  });
});

describe("POST /open/hall_detect: chat model", () => {
  let server: ChatServer;
  const saved = { ...process.env };
  // 部分一致 by the rules (an omitted condition), so it is sent to the model
  const PARTIAL = "《劳动合同法》第八十二条规定：“用人单位未与劳动者订立书面劳动合同的，应当向劳动者每月支付二倍的工资。”";

  beforeAll(async () => {
    server = await startChatServer({ mode: "ok" });
  });
  afterAll(async () => {
    await server.close();
  });
  afterEach(() => {
    for (const k of ["CHAT_MODEL_URL", "CHAT_MODEL_NAME", "CHAT_MODEL_KEY", "CHAT_MODEL_TIMEOUT_MS", "CHAT_MODEL_REQUIRED"]) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
    server.mode = "ok";
    server.delayMs = 0;
  });
  function configure(extra: Record<string, string> = {}) {
    Object.assign(process.env, { CHAT_MODEL_URL: server.url, CHAT_MODEL_NAME: "test-chat-1", CHAT_MODEL_KEY: "sk-test", CHAT_MODEL_TIMEOUT_MS: "500", ...extra });
  }

  it("ok: the model refines the 部分一致 item and chat_model names it", async () => {
    configure();
    const before = server.requests.length;
    const r = await callHandler(POST, { text: PARTIAL }, { key: member, path: PATH });
    expect(r.status).toBe(200);
    expect(r.body.chat_model).toBe("test-chat-1");
    expect(r.body.semantic_compare_error).toBeUndefined();
    const sc = r.body.regulations[0].semantic_compare;
    expect(sc.engine).toBe("test-chat-1");
    expect(sc.结论).toBe("一致");
    expect(sc.要点).toContain("模型判断");
    const req = server.requests[before]!;
    expect(req.path).toBe("/v1/chat/completions");
    expect(req.headers.authorization).toBe("Bearer sk-test");
    expect(req.body.model).toBe("test-chat-1");
  });

  it("items the rules settled are not sent (no call, built-in name)", async () => {
    configure();
    const before = server.requests.length;
    const r = await callHandler(POST, { text: DRAFT }, { key: member, path: PATH });
    expect(r.status).toBe(200);
    expect(server.requests.length).toBe(before);
    expect(r.body.chat_model).toBe("builtin-rules-v1");
  });

  it.each([
    ["500", /HTTP 500/],
    ["malformed", /malformed JSON/],
    ["slow", /timed out/],
  ] as const)("%s: the built-in result stands and semantic_compare_error says why", async (mode, why) => {
    configure();
    server.mode = mode;
    server.delayMs = mode === "slow" ? 2000 : 0;
    const r = await callHandler(POST, { text: PARTIAL }, { key: member, path: PATH });
    expect(r.status).toBe(200);
    expect(r.body.chat_model).toBe("builtin-rules-v1");
    expect(r.body.semantic_compare_error).toMatch(why);
    expect(r.body.regulations[0].semantic_compare.结论).toBe("部分一致");
    expect(r.body.regulations[0].semantic_compare.engine).toBe("builtin-rules-v1");
  });

  it("strict mode (CHAT_MODEL_REQUIRED=1): a failed model call is 502 HTTP_502", async () => {
    configure({ CHAT_MODEL_REQUIRED: "1" });
    server.mode = "500";
    const r = await callHandler(POST, { text: PARTIAL }, { key: member, path: PATH });
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({ success: false, error_code: "HTTP_502" });
    expect(r.body.request_id).toBe(r.headers.get("x-request-id"));
  });

  it("credentials in CHAT_MODEL_URL are sent as Basic auth and never appear in a response", async () => {
    const withCreds = server.url.replace("http://", "http://alice:hunter2@");
    Object.assign(process.env, { CHAT_MODEL_URL: withCreds, CHAT_MODEL_NAME: "test-chat-1", CHAT_MODEL_TIMEOUT_MS: "500" });
    const before = server.requests.length;
    const ok = await callHandler(POST, { text: PARTIAL }, { key: member, path: PATH });
    expect(ok.body.chat_model).toBe("test-chat-1");
    expect(server.requests[before]!.headers.authorization).toBe(`Basic ${Buffer.from("alice:hunter2").toString("base64")}`);
    Object.assign(process.env, { CHAT_MODEL_URL: "http://alice:hunter2@127.0.0.1:9" });
    const down = await callHandler(POST, { text: PARTIAL }, { key: member, path: PATH });
    expect(down.status).toBe(200);
    expect(down.body.semantic_compare_error).toMatch(/unreachable/);
    expect(JSON.stringify(down.body)).not.toContain("hunter2");
  });

  it("an unreachable model falls back too", async () => {
    Object.assign(process.env, { CHAT_MODEL_URL: "http://127.0.0.1:9", CHAT_MODEL_NAME: "gone", CHAT_MODEL_TIMEOUT_MS: "500" });
    const r = await callHandler(POST, { text: PARTIAL }, { key: member, path: PATH });
    expect(r.status).toBe(200);
    expect(r.body.semantic_compare_error).toMatch(/gone/);
  });
});
