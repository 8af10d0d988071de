import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineOperation } from "./define-operation";
import { ApiError } from "./api-error";
import { parseBody } from "./validation";
import { resetRateLimits } from "./rate-limit";
import { getKeysStore } from "../auth/keys-store";
import { callHandler, createKey } from "@/test/helpers/api";

const schema = z.object({ q: z.string() });
function op(family: "keyword" | "vector" | "citation", extra: Partial<Parameters<typeof defineOperation>[0]> = {}) {
  return defineOperation({
    name: "test",
    family,
    rateClass: "SEARCH",
    handle: ({ body }) => {
      const { q } = parseBody(schema, body);
      if (q === "boom") throw new Error("secret internals");
      if (q === "upstream") throw new ApiError("HTTP_502", "upstream failed");
      return { echo: q };
    },
    ...extra,
  });
}

afterEach(() => {
  process.env.RATE_LIMIT = "off";
  delete process.env.RATE_LIMIT_SEARCH;
  resetRateLimits();
});

describe("defineOperation", () => {
  it("answers 200 with the handler's body and echoes a safe X-Request-ID", async () => {
    const r = await callHandler(op("keyword"), { q: "x" }, { key: createKey(), headers: { "x-request-id": "abc-123" } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ echo: "x" });
    expect(r.headers.get("x-request-id")).toBe("abc-123");
  });

  it("replaces an unsafe X-Request-ID with a generated UUID", async () => {
    const r = await callHandler(op("citation"), {}, { key: createKey(), headers: { "x-request-id": "<script>" } });
    expect(r.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.body.request_id).toBe(r.headers.get("x-request-id"));
  });

  it("authentication failures: 403 for the keyword family, 401 for vector and citation", async () => {
    for (const [family, status] of [["keyword", 403], ["vector", 401], ["citation", 401]] as const) {
      const missing = await callHandler(op(family), { q: "x" });
      expect(missing.status).toBe(status);
      const unknown = await callHandler(op(family), { q: "x" }, { key: "lk_bad" });
      expect(unknown.status).toBe(status);
    }
    const k = await callHandler(op("keyword"), { q: "x" });
    expect(k.body).toEqual({ status: "forbidden", code: 403, message: "鉴权失败：缺少 X-API-Key" });
    const c = await callHandler(op("citation"), { q: "x" }, { key: "lk_bad" });
    expect(c.body).toMatchObject({ success: false, error_code: "UNAUTHENTICATED", message: "鉴权失败：X-API-Key 无效" });
  });

  it("a malformed session cookie is an authentication failure, not a 500", async () => {
    for (const [family, status] of [["keyword", 403], ["vector", 401], ["citation", 401]] as const) {
      const r = await callHandler(op(family), { q: "x" }, { headers: { cookie: "lcc_session=%E0%A4%A", "x-request-id": "rid-cookie" } });
      expect(r.status).toBe(status);
      expect(r.headers.get("x-request-id")).toBe("rid-cookie");
    }
  });

  it("blocked and expired keys are refused", async () => {
    const blocked = getKeysStore().create({ name: "blk" });
    getKeysStore().setBlocked(blocked.info.id, true);
    expect((await callHandler(op("keyword"), { q: "x" }, { key: blocked.key })).body.message).toBe("鉴权失败：该 X-API-Key 已被列入黑名单");
    const expired = createKey("standard", { expires: "2001-01-01" });
    expect((await callHandler(op("vector"), { q: "x" }, { key: expired })).status).toBe(401);
  });

  it("members-only: a standard key gets 403 FORBIDDEN, a member key passes", async () => {
    const handler = op("citation", { membersOnly: true });
    const r = await callHandler(handler, { q: "x" }, { key: createKey("standard") });
    expect(r.status).toBe(403);
    expect(r.body.error_code).toBe("FORBIDDEN");
    expect((await callHandler(handler, { q: "x" }, { key: createKey("member") })).status).toBe(200);
  });

  it("unparsable JSON is 400 in each family's shape", async () => {
    const key = createKey();
    const k = await callHandler(op("keyword"), "{not json", { key });
    expect(k).toMatchObject({ status: 400, body: { status: "bad request", code: 400, message: "请求体无法解析：需要 JSON" } });
    const v = await callHandler(op("vector"), "", { key });
    expect(v.status).toBe(400);
    expect(v.body).toMatchObject({ msg: "请求体无法解析：需要 JSON", code: 400, extra: { fatiao: [] } });
    const c = await callHandler(op("citation"), "[1,", { key });
    expect(c.body).toMatchObject({ success: false, error_code: "BAD_JSON" });
  });

  it("validation errors are 422 with a pydantic-style detail list", async () => {
    const r = await callHandler(op("citation"), { q: 5 }, { key: createKey() });
    expect(r.status).toBe(422);
    expect(r.body.error_code).toBe("VALIDATION_ERROR");
    expect(r.body.detail[0]).toMatchObject({ type: "invalid_type", loc: ["body", "q"], input: 5 });
    const missing = await callHandler(op("citation"), {}, { key: createKey() });
    expect(missing.body.detail[0]).toMatchObject({ type: "missing", loc: ["body", "q"], msg: "Field required" });
  });

  it("an oversize body is 413 without reading it whole", async () => {
    const r = await callHandler(op("keyword", { maxBodyBytes: 100 }), { q: "x".repeat(200) }, { key: createKey() });
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ status: "payload too large", code: 413, message: "请求体过大：上限 100 字节" });
  });

  it("an unexpected exception is a 500 that leaks nothing", async () => {
    const r = await callHandler(op("keyword"), { q: "boom" }, { key: createKey() });
    expect(r.status).toBe(500);
    expect(JSON.stringify(r.body)).not.toContain("secret");
    const c = await callHandler(op("citation"), { q: "upstream" }, { key: createKey() });
    expect(c).toMatchObject({ status: 502, body: { error_code: "HTTP_502" } });
  });

  it("rate limits per key with 429 and Retry-After", async () => {
    process.env.RATE_LIMIT = "on";
    process.env.RATE_LIMIT_SEARCH = "1,2";
    const handler = op("keyword");
    const key = createKey();
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 3; i++) {
      last = await callHandler(handler, { q: "x" }, { key });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(last!.headers.get("retry-after")).toBe("1");
    expect(last!.body).toEqual({ status: "too many requests", code: 429, message: "请求过于频繁，请稍后再试" });
    // another key has its own bucket
    expect((await callHandler(handler, { q: "x" }, { key: createKey() })).status).toBe(200);
  });
});

describe("the direct form (the production server's path) and the Web handler agree", () => {
  const call = (body: string, headers: Record<string, string>) => ({
    header: (name: string) => headers[name] ?? null,
    body: (async function* () {
      yield Buffer.from(body);
    })(),
  });

  it("same status, body and headers for success and each failure", async () => {
    const key = createKey();
    const handler = op("keyword");
    const cases: [string, Record<string, string>][] = [
      [JSON.stringify({ q: "x" }), { "x-api-key": key, "x-request-id": "r1" }],
      ["{bad", { "x-api-key": key, "x-request-id": "r2" }],
      [JSON.stringify({ q: 1 }), { "x-api-key": key, "x-request-id": "r3" }],
      [JSON.stringify({ q: "x" }), { "x-request-id": "r4" }],
      [JSON.stringify({ q: "boom" }), { "x-api-key": key, "x-request-id": "r5" }],
    ];
    for (const [body, headers] of cases) {
      const direct = await handler.direct(call(body, headers));
      const web = await handler(new Request("http://localhost/open/test", { method: "POST", headers, body }));
      expect(direct.status).toBe(web.status);
      expect(direct.body).toBe(await web.text());
      expect(direct.headers).toEqual(Object.fromEntries(web.headers.entries()));
    }
  });

  it("the body limit is the operation's, declared or streamed, with its family's 413", async () => {
    const handler = op("vector", { maxBodyBytes: 1234 });
    const key = createKey();
    const declared = await handler.direct({ header: (n) => (n === "x-api-key" ? key : n === "content-length" ? "1235" : null), body: null });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toMatchObject({ msg: "请求体过大：上限 1234 字节", code: 413 });
    let pulled = 0;
    const endless = (async function* () {
      for (;;) {
        pulled++;
        yield Buffer.alloc(500, 0x20);
      }
    })();
    const streamed = await handler.direct({ header: (n) => (n === "x-api-key" ? key : null), body: endless });
    expect(streamed.status).toBe(413);
    expect(pulled).toBe(3); // stopped as soon as the limit was passed
  });
});

describe("warm-up", () => {
  it("runs the operation's warm-up once per call (sync or async), and a failing one is logged, not thrown", async () => {
    let runs = 0;
    expect(await op("keyword", { warm: () => void runs++ }).warm()).toBeGreaterThanOrEqual(0);
    expect(runs).toBe(1);
    await op("keyword", { warm: async () => void runs++ }).warm();
    expect(runs).toBe(2);
    expect(await op("keyword").warm()).toBe(0); // none defined
    await expect(op("keyword", { warm: () => { throw new Error("index gone"); } }).warm()).resolves.toBeGreaterThanOrEqual(0);
    await expect(op("keyword", { warm: async () => { throw new Error("index gone"); } }).warm()).resolves.toBeGreaterThanOrEqual(0);
  });
});
