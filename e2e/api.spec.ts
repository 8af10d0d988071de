/**
 * The JSON operations through the production server (scripts/server.ts), whose direct path
 * answers POST /open/* without Next's router: the same statuses, bodies and headers as the
 * route handlers, for success and for each kind of bad input, and the server stays up.
 */
import http from "node:http";
import { test, expect } from "./fixtures";

test.describe("API through the production server's direct path", () => {
  test("success: the spec's body shape, request id echoed, nosniff", async ({ request, keys }) => {
    const res = await request.post("/open/rh_ft_search", {
      data: { keyword: "合同", top_k: 3 },
      headers: { "X-API-Key": keys.standard, "X-Request-ID": "e2e-direct-1" },
    });
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/json");
    expect(res.headers()["x-request-id"]).toBe("e2e-direct-1");
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    const body = await res.json();
    expect(body).toMatchObject({ status: "success", code: 200, message: "success" });
    expect(body.data).toHaveLength(3);
    expect(body.data[0].url).toMatch(/^\/zxt\/statuteDetail\/detailPage\/[^?]+\?text=/);
  });

  test("bad input gets the exact status, code and message of each family", async ({ request, keys }) => {
    const post = (op: string, data: object, key: string | null = keys.member) =>
      request.post(`/open/${op}`, { data, headers: { "content-type": "application/json", ...(key ? { "X-API-Key": key } : {}) } });
    let r = await post("rh_ft_search", {});
    expect(r.status()).toBe(422);
    expect(await r.json()).toEqual({ status: "param verification failed", code: 422, message: "请求参数不能为空" });
    r = await post("rh_ft_search", { keyword: "" });
    expect(await r.json()).toMatchObject({ code: 422, message: "keyword 参数不可为空!" });
    r = await request.post("/open/rh_fg_search", { data: Buffer.from("{not json"), headers: { "content-type": "application/json", "X-API-Key": keys.member } });
    expect(r.status()).toBe(400);
    expect(await r.json()).toEqual({ status: "bad request", code: 400, message: "请求体无法解析：需要 JSON" });
    r = await post("rh_fg_zq_search", { keyword: "证券" }, null);
    expect(r.status()).toBe(403);
    expect((await r.json()).message).toBe("鉴权失败：缺少 X-API-Key");
    r = await post("law_vector_search", { query: "x" }, "lk_unknown");
    expect(r.status()).toBe(401);
    r = await post("hall_detect", { text: "依据《民法典》第五百七十七条" }, keys.standard);
    expect(r.status()).toBe(403);
    expect(await r.json()).toMatchObject({ success: false, error_code: "FORBIDDEN" });
  });

  test("an oversized body is 413 in the operation's shape, declared or streamed, and the server keeps serving", async ({ request, keys, baseURL }) => {
    const big = JSON.stringify({ keyword: "合同", pad: "x".repeat(1024 * 1024 + 10) });
    const declared = await request.post("/open/rh_ft_search", { data: Buffer.from(big), headers: { "content-type": "application/json", "X-API-Key": keys.standard } });
    expect(declared.status()).toBe(413);
    expect(await declared.json()).toEqual({ status: "payload too large", code: 413, message: "请求体过大：上限 1048576 字节" });

    // chunked, no Content-Length: refused once past the limit, without reading the rest
    const streamed = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${baseURL}/open/rh_ft_search`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": keys.standard, "transfer-encoding": "chunked" },
      });
      req.on("response", (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
      const chunk = "x".repeat(64 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < 4 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        req.end();
      };
      req.write('{"keyword":"合同","pad":"');
      pump();
    }).catch((e: NodeJS.ErrnoException) => ({ status: -1, body: String(e.code ?? e) }));
    if (streamed.status !== -1) {
      expect(streamed.status).toBe(413);
      expect(JSON.parse(streamed.body)).toMatchObject({ code: 413 });
    } else {
      // the server may close the connection while the client is still writing: also a refusal
      expect(["ECONNRESET", "EPIPE"]).toContain(streamed.body);
    }

    const after = await request.post("/open/rh_ft_search", { data: { keyword: "合同" }, headers: { "X-API-Key": keys.standard } });
    expect(after.status()).toBe(200);
  });

  test("the browser's session cookie authenticates the direct path too", async ({ standardPage }) => {
    const status = await standardPage.evaluate(async () => {
      const r = await fetch("/open/rh_ft_search", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ keyword: "违约" }) });
      return r.status;
    });
    expect(status).toBe(200);
  });
});
