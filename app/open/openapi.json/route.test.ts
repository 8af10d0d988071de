/**
 * GET /open/openapi.json, and the document against what it describes: every route under
 * app/open is documented, request schemas carry the zod schemas' fields, every status a
 * family can answer is documented, every $ref resolves, and the real handlers (over the
 * corpus-slice index, test/global-setup.ts) answer the documented examples as documented:
 * success bodies validate against the documented schemas (additionalProperties included),
 * and provoked failures equal one of the documented examples of their status.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import packageJson from "@/package.json";
import { ApiError } from "@/lib/api/api-error";
import { failureBody, type Family } from "@/lib/api/failure-body";
import { callHandler, createKey, type CallResult } from "@/test/helpers/api";
import { MISSING_CASE_ID, MISSING_FGID, OPERATIONS, openApiDocument, type OperationDoc } from "../_openapi/document";
import { ERROR_CODES, SAMPLE_REQUEST_ID } from "../_openapi/failures";
import { caseDetailRequest } from "../case_detail/schema";
import { facetCountsRequest } from "../facet_counts/schema";
import { fgDetailRequest } from "../fg_detail/schema";
import { HallDetectRequest } from "../hall_detect/schema";
import { lawVectorSearchRequest } from "../law_vector_search/schema";
import { rhFgSearchRequest } from "../rh_fg_search/schema";
import { rhFgZqSearchRequest } from "../rh_fg_zq_search/schema";
import { rhFtSearchRequest } from "../rh_ft_search/schema";
import { GET } from "./route";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the document is inspected as JSON
type Handler = (req: Request) => Promise<Response>;

const doc: Json = openApiDocument();

// ------------------------------------------------------------------ the routes, from the file system

const OPEN_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Every app/open/**\/route.ts as its URL path (private `_folders` are not routes; `(groups)` are not in the URL). */
function routeFiles(dir = OPEN_DIR, url = "/open"): { file: string; url: string }[] {
  const out: { file: string; url: string }[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && /^route\.(ts|tsx|js)$/.test(entry.name)) out.push({ file: path.join(dir, entry.name), url });
    if (entry.isDirectory() && !entry.name.startsWith("_")) {
      const segment = /^\(.*\)$/.test(entry.name) ? "" : `/${entry.name.replace(/^\[(.+)\]$/, "{$1}")}`;
      out.push(...routeFiles(path.join(dir, entry.name), url + segment));
    }
  }
  return out;
}

const routes: { url: string; methods: Record<string, Handler> }[] = [];
beforeAll(async () => {
  for (const { file, url } of routeFiles()) {
    const mod = (await import(file)) as Record<string, unknown>;
    const methods: Record<string, Handler> = {};
    for (const m of HTTP_METHODS) if (typeof mod[m] === "function") methods[m] = mod[m] as Handler;
    routes.push({ url, methods });
  }
});
function handlerFor(url: string): Handler {
  const h = routes.find((r) => r.url === url)?.methods.POST;
  if (!h) throw new Error(`no POST route for ${url}`);
  return h;
}

// ------------------------------------------------------------------ a small JSON Schema validator

const KEYWORDS = new Set(["$ref", "type", "const", "enum", "properties", "required", "additionalProperties", "items", "anyOf", "oneOf", "minimum", "maximum", "minItems", "maxItems", "minLength", "maxLength", "pattern", "description"]);

function resolve(ref: string): Json {
  if (!ref.startsWith("#/")) throw new Error(`non-local $ref ${ref}`);
  let node: Json = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

function jsonType(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

/** Errors of `value` against `schema` (the subset of JSON Schema the document uses; anything else throws). */
function validate(schema: Json, value: unknown, at = "$"): string[] {
  for (const k of Object.keys(schema)) if (!KEYWORDS.has(k)) throw new Error(`validator: unsupported keyword ${k} at ${at}`);
  const errors: string[] = [];
  if (schema.$ref) errors.push(...validate(resolve(schema.$ref), value, at));
  if (schema.type !== undefined) {
    const types: string[] = [schema.type].flat();
    const t = jsonType(value);
    if (!types.includes(t) && !(t === "integer" && types.includes("number"))) return [...errors, `${at}: ${t}, expected ${types.join("|")}`];
  }
  if ("const" in schema && !isDeepStrictEqual(value, schema.const)) errors.push(`${at}: ${JSON.stringify(value)} ≠ const ${JSON.stringify(schema.const)}`);
  if (schema.enum && !schema.enum.some((e: unknown) => isDeepStrictEqual(e, value))) errors.push(`${at}: ${JSON.stringify(value)} not in enum`);
  if (typeof value === "number") {
    if (schema.minimum !== undefined && value < schema.minimum) errors.push(`${at}: < ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) errors.push(`${at}: > ${schema.maximum}`);
  }
  if (typeof value === "string") {
    const length = Array.from(value).length;
    if (schema.minLength !== undefined && length < schema.minLength) errors.push(`${at}: shorter than ${schema.minLength}`);
    if (schema.maxLength !== undefined && length > schema.maxLength) errors.push(`${at}: longer than ${schema.maxLength}`);
    if (schema.pattern && !new RegExp(schema.pattern, "u").test(value)) errors.push(`${at}: does not match ${schema.pattern}`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) errors.push(`${at}: fewer than ${schema.minItems} items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) errors.push(`${at}: more than ${schema.maxItems} items`);
    if (schema.items) value.forEach((v, i) => errors.push(...validate(schema.items, v, `${at}[${i}]`)));
  }
  if (jsonType(value) === "object") {
    const obj = value as Record<string, unknown>;
    for (const k of schema.required ?? []) if (!Object.hasOwn(obj, k)) errors.push(`${at}: missing ${k}`);
    for (const [k, v] of Object.entries(obj)) {
      if (schema.properties && Object.hasOwn(schema.properties, k)) errors.push(...validate(schema.properties[k], v, `${at}.${k}`));
      else if (schema.additionalProperties === false) errors.push(`${at}: undocumented field ${k}`);
      else if (schema.additionalProperties) errors.push(...validate(schema.additionalProperties, v, `${at}.${k}`));
    }
  }
  if (schema.anyOf && !schema.anyOf.some((s: Json) => validate(s, value, at).length === 0)) errors.push(`${at}: matches no anyOf branch`);
  if (schema.oneOf && schema.oneOf.filter((s: Json) => validate(s, value, at).length === 0).length !== 1) errors.push(`${at}: matches not exactly one oneOf branch`);
  return errors;
}

/** The schema an operation documents for a status (through its $ref). */
function responseSchema(op: Json, status: number | string): Json {
  const res = op.responses[String(status)];
  expect(res, `status ${status} documented`).toBeDefined();
  return res.content["application/json"].schema;
}

function expectDocumented(pathName: string, r: CallResult): void {
  const op = doc.paths[pathName].post;
  const res = op.responses[String(r.status)];
  expect(res, `${pathName} answered ${r.status}, which is not documented: ${JSON.stringify(r.body).slice(0, 300)}`).toBeDefined();
  expect(validate(responseSchema(op, r.status), r.body), `${pathName} ${r.status}`).toEqual([]);
  expect(r.headers.get("x-request-id")).toBeTruthy();
  if (r.status !== 200) {
    // the failure body is one of the documented examples (request ids aside)
    const body = Object.hasOwn(r.body, "request_id") ? { ...r.body, request_id: SAMPLE_REQUEST_ID } : r.body;
    const examples = Object.values(res.content["application/json"].examples ?? {}).map((e: Json) => e.value);
    expect(examples, `${pathName} ${r.status}: the real body is not among the documented examples`).toContainEqual(body);
  }
}

// ------------------------------------------------------------------ expectations, independent of document.ts

/** Statuses each family can answer besides 200 (README "Protocol decisions", lib/api). */
const FAMILY_STATUSES: Record<Family, number[]> = {
  keyword: [400, 403, 413, 422, 429, 500, 503],
  vector: [400, 401, 403, 413, 422, 429, 500, 503], // 403: the session cookie from a cross-site request
  citation: [400, 401, 403, 413, 422, 429, 500, 502, 503],
};
const EXTRA_STATUSES: Record<string, number[]> = { "/open/fg_detail": [404], "/open/case_detail": [404] };
const FAMILY_OF_SCHEMA: Record<string, Family> = {
  "#/components/schemas/KeywordFailure": "keyword",
  "#/components/schemas/VectorFailure": "vector",
  "#/components/schemas/CitationFailure": "citation",
};
const AUTH_STATUS: Record<Family, number> = { keyword: 403, vector: 401, citation: 401 };

/** The zod request schema each POST route validates with. */
const REQUEST_ZOD: Record<string, z.ZodObject> = {
  "/open/hall_detect": HallDetectRequest,
  "/open/hall_detect/api/extract": HallDetectRequest,
  "/open/rh_ft_search": rhFtSearchRequest,
  "/open/rh_fg_search": rhFgSearchRequest,
  "/open/rh_fg_zq_search": rhFgZqSearchRequest,
  "/open/law_vector_search": lawVectorSearchRequest,
  "/open/facet_counts": facetCountsRequest,
  "/open/fg_detail": fgDetailRequest,
  "/open/case_detail": caseDetailRequest,
};

const KEYWORD_FIELDS = ["keyword", "search_mode", "fgmc", "xljb_1", "sxx", "dy", "fbbm", "fbrq_start", "fbrq_end", "ssrq_start", "ssrq_end", "top_k"];

/** Request bodies written from the field tables of ../shared/spec/interface-spec.md (it has no JSON samples). */
const SPEC_BODIES: Record<string, unknown[]> = {
  "/open/hall_detect": [
    { text: "根据《中华人民共和国民法典》第五百七十七条规定：“当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。”" },
    { text: "" }, // rule 2: an empty string is accepted
  ],
  "/open/rh_ft_search": [
    { keyword: "违约责任" },
    {
      keyword: "合同 违约",
      search_mode: "or",
      fgmc: "民法典",
      xljb_1: "法律 司法解释",
      sxx: "现行有效",
      dy: "中央",
      fbbm: "全国人民代表大会",
      fbrq_start: "2020-01-01",
      fbrq_end: "2020-12-31",
      ssrq_start: "2021-01-01",
      ssrq_end: "2021-12-31",
      top_k: 60,
    },
  ],
  "/open/law_vector_search": [
    { query: "公司拖欠工资不给加班费怎么办" },
    {
      query: "借钱不还怎么办",
      rewrite_flag: true,
      fatiao_filter: { sxx: ["现行有效"], effect1: ["法律", "司法解释"], dy: ["中央", "广东省"], law_start: "2020-01-01", law_end: "2023-12-31" },
      return_num: 45,
    },
  ],
  "/open/rh_fg_zq_search": [{ sxx: "现行有效", dy: "中央" }, { keyword: "证券", top_k: 5 }],
  "/open/rh_fg_search": [{ keyword: "证券法" }, { xljb_1: "行政法规", fbrq_start: "2019-01-01", top_k: 0 }],
};

const opDoc = (p: string): OperationDoc => OPERATIONS.find((o) => o.path === p)!;
const familyOf = (p: string): Family => FAMILY_OF_SCHEMA[doc.paths[p].post.responses["400"].content["application/json"].schema.$ref]!;

// ------------------------------------------------------------------ tests

describe("GET /open/openapi.json", () => {
  it("200 JSON without a key: OpenAPI 3.1.0, cacheable, the same document on every call", async () => {
    const res = GET();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body.openapi).toBe("3.1.0");
    expect(body.info).toMatchObject({ title: "法规引用核查 API", version: packageJson.version });
    expect(body.servers).toEqual([{ url: "/" }]);
    expect(body).toEqual(doc);
    expect(await GET().text()).toBe(text);
  });

  it("is plain JSON that round-trips exactly", () => {
    const walk = (v: unknown, at: string): void => {
      if (v === null || typeof v === "string" || typeof v === "boolean") return;
      if (typeof v === "number") return void expect(Number.isFinite(v), at).toBe(true);
      expect(typeof v, at).toBe("object");
      expect([Object.prototype, Array.prototype, null], at).toContain(Object.getPrototypeOf(v));
      for (const [k, x] of Object.entries(v as object)) {
        expect(x, `${at}.${k}`).not.toBeUndefined();
        walk(x, `${at}.${k}`);
      }
    };
    walk(doc, "$");
    const text = JSON.stringify(doc);
    expect(JSON.stringify(JSON.parse(text))).toBe(text);
  });

  it("declares the API key header and the browser session cookie, either accepted", () => {
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "apiKey", in: "header", name: "X-API-Key" });
    expect(doc.components.securitySchemes.session).toMatchObject({ type: "apiKey", in: "cookie", name: "lcc_session" });
    expect(doc.security).toEqual([{ apiKey: [] }, { session: [] }]);
    expect(doc.paths["/open/openapi.json"].get.security).toEqual([]);
  });
});

describe("the document covers every route", () => {
  it("every route.ts under app/open has a path with each of its methods, and no path lacks a route", () => {
    const posts = routes.filter((r) => r.methods.POST).map((r) => r.url);
    expect(posts.length).toBeGreaterThanOrEqual(9);
    for (const r of routes) {
      for (const m of Object.keys(r.methods)) expect(doc.paths[r.url]?.[m.toLowerCase()], `${m} ${r.url} is not documented`).toBeDefined();
    }
    expect(Object.keys(doc.paths).sort()).toEqual(routes.map((r) => r.url).sort());
    expect(Object.keys(REQUEST_ZOD).sort(), "REQUEST_ZOD names every POST route").toEqual(posts.sort());
  });

  it("every $ref resolves inside the document", () => {
    const refs: string[] = [];
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === "object") {
        for (const [k, x] of Object.entries(v)) {
          if (k === "$ref") refs.push(x as string);
          else walk(x);
        }
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of new Set(refs)) expect(resolve(ref), ref).toBeDefined();
  });

  it("every POST takes X-Request-ID and every response names it", () => {
    for (const p of Object.keys(REQUEST_ZOD)) {
      const op = doc.paths[p].post;
      expect(op.parameters).toContainEqual({ $ref: "#/components/parameters/XRequestId" });
      for (const [status, res] of Object.entries<Json>(op.responses)) {
        expect(res.headers?.["X-Request-ID"], `${p} ${status}`).toEqual({ $ref: "#/components/headers/XRequestId" });
        expect(res.description, `${p} ${status}`).toBeTruthy();
      }
      expect(op.responses["429"].headers["Retry-After"]).toEqual({ $ref: "#/components/headers/RetryAfter" });
    }
  });
});

describe("request bodies are the zod schemas", () => {
  const props = (p: string) => resolve(doc.paths[p].post.requestBody.content["application/json"].schema.$ref);

  it("each path's request schema has exactly the fields its zod schema declares", () => {
    for (const [p, schema] of Object.entries(REQUEST_ZOD)) {
      expect(doc.paths[p].post.requestBody.required, p).toBe(true);
      expect(Object.keys(props(p).properties).sort(), p).toEqual(Object.keys(schema.shape).sort());
    }
  });

  it("names the spec's fields", () => {
    for (const p of ["/open/rh_ft_search", "/open/rh_fg_search", "/open/rh_fg_zq_search"]) expect(Object.keys(props(p).properties)).toEqual(KEYWORD_FIELDS);
    expect(props("/open/rh_ft_search").required).toBeUndefined(); // keyword: required by the business rule, with the spec's message
    expect(Object.keys(props("/open/law_vector_search").properties)).toEqual(["query", "rewrite_flag", "fatiao_filter", "return_num"]);
    expect(props("/open/law_vector_search").required).toEqual(["query"]);
    expect(Object.keys(resolve("#/components/schemas/FatiaoFilter").properties)).toEqual(["sxx", "effect1", "dy", "law_start", "law_end"]);
    expect(props("/open/hall_detect")).toMatchObject({ properties: { text: { type: "string" } }, required: ["text"] });
    expect(Object.keys(props("/open/facet_counts").properties)).toEqual([...KEYWORD_FIELDS, "target", "facets"]);
  });

  it("request bodies written from the spec pass the zod schemas, the handlers' rules and the documented schema", () => {
    for (const [p, bodies] of Object.entries(SPEC_BODIES)) {
      for (const body of bodies) {
        expect(REQUEST_ZOD[p]!.safeParse(body).success, `${p} ${JSON.stringify(body)}`).toBe(true);
        expect(() => opDoc(p).validate(body)).not.toThrow();
        expect(validate(props(p), body), p).toEqual([]);
      }
    }
  });

  it("every documented request example passes the zod schema and the documented schema", () => {
    for (const p of Object.keys(REQUEST_ZOD)) {
      const examples = Object.values<Json>(doc.paths[p].post.requestBody.content["application/json"].examples);
      expect(examples.length, p).toBeGreaterThan(0);
      for (const { value } of examples) {
        expect(REQUEST_ZOD[p]!.safeParse(value).success, `${p} ${JSON.stringify(value)}`).toBe(true);
        expect(validate(props(p), value), p).toEqual([]);
      }
    }
  });
});

describe("failures", () => {
  it("each operation documents every status its family can answer, and no other", () => {
    for (const p of Object.keys(REQUEST_ZOD)) {
      const family = familyOf(p);
      expect(family, p).toBeDefined();
      const statuses = Object.keys(doc.paths[p].post.responses).map(Number);
      expect(statuses, p).toEqual([200, ...FAMILY_STATUSES[family], ...(EXTRA_STATUSES[p] ?? [])].sort((a, b) => a - b));
      for (const s of statuses.filter((s) => s !== 200)) {
        expect(responseSchema(doc.paths[p].post, s).$ref, `${p} ${s}`).toBe(responseSchema(doc.paths[p].post, 400).$ref);
      }
    }
    expect(familyOf("/open/rh_ft_search")).toBe("keyword");
    expect(familyOf("/open/law_vector_search")).toBe("vector");
    expect(familyOf("/open/hall_detect")).toBe("citation");
  });

  it("the spec's messages are among the examples", () => {
    const messages = (p: string, s: number) => Object.values<Json>(doc.paths[p].post.responses[s].content["application/json"].examples).map((e) => e.value.message ?? e.value.msg);
    expect(messages("/open/rh_ft_search", 422)).toEqual(expect.arrayContaining(["请求参数不能为空", "keyword 参数不可为空!"]));
    expect(messages("/open/rh_fg_search", 422)).toContain("请求参数不能为空");
    expect(messages("/open/rh_fg_zq_search", 422)).toContain("请求参数不能为空");
    const hall = doc.paths["/open/hall_detect"].post.responses;
    expect(hall["422"].content["application/json"].examples.VALIDATION_ERROR.value).toMatchObject({
      success: false,
      error_code: "VALIDATION_ERROR",
      detail: [{ type: "missing", loc: ["body", "text"], msg: "Field required" }],
    });
    expect(hall["502"].content["application/json"].examples.HTTP_502.value.error_code).toBe("HTTP_502");
    expect(hall["403"].content["application/json"].examples.FORBIDDEN.value.error_code).toBe("FORBIDDEN");
  });

  it("failureBody() of every error code validates against its family's documented schema", () => {
    const detail = [{ type: "missing", loc: ["body", "text"], msg: "Field required", input: {} }];
    for (const [ref, family] of Object.entries(FAMILY_OF_SCHEMA)) {
      for (const code of ERROR_CODES) {
        for (const err of [new ApiError(code, "消息"), new ApiError(code, "消息", { detail, retryAfterSeconds: 3 })]) {
          expect(validate({ $ref: ref }, failureBody(family, err, "rid")), `${family} ${code}`).toEqual([]);
        }
      }
    }
  });

  it("every documented example validates against its schema", () => {
    for (const [p, item] of Object.entries<Json>(doc.paths)) {
      for (const op of Object.values<Json>(item)) {
        for (const [s, res] of Object.entries<Json>(op.responses)) {
          const media = res.content?.["application/json"];
          for (const e of Object.values<Json>(media?.examples ?? {})) expect(validate(media.schema, e.value), `${p} ${s}`).toEqual([]);
        }
      }
    }
  });
});

describe("the handlers answer as documented", () => {
  let member: string;
  beforeAll(() => {
    member = createKey("member");
  });
  const paths = Object.keys(REQUEST_ZOD);
  const call = (p: string, body: unknown, key: string | null = member, headers?: Record<string, string>) =>
    callHandler(handlerFor(p), body, { key, path: p, headers });

  it.each(paths)("%s: the documented examples → 200 with the documented success body", async (p) => {
    const examples = Object.values<Json>(doc.paths[p].post.requestBody.content["application/json"].examples);
    for (const { value } of examples) {
      const r = await call(p, value);
      expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
      expectDocumented(p, r);
    }
  });

  it.each(Object.keys(SPEC_BODIES))("%s: spec bodies → 200 with the documented success body", async (p) => {
    for (const body of SPEC_BODIES[p]!) {
      const r = await call(p, body);
      expect(r.status).toBe(200);
      expectDocumented(p, r);
    }
  });

  it.each(paths)("%s: no key, bad JSON, rejected bodies, oversized body → documented status and example", async (p) => {
    const op = opDoc(p);
    const noKey = await call(p, { text: "x" }, null);
    expect(noKey.status).toBe(AUTH_STATUS[familyOf(p)]);
    expectDocumented(p, noKey);

    const bad = await call(p, "{not json");
    expect(bad.status).toBe(400);
    expectDocumented(p, bad);

    for (const body of op.rejected) {
      const r = await call(p, body);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expectDocumented(p, r);
    }

    const big = await call(p, JSON.stringify({ text: "a".repeat(op.maxBodyBytes) }));
    expect(big.status).toBe(413);
    expectDocumented(p, big);
  });

  it("hall_detect with a standard key → documented 403 FORBIDDEN", async () => {
    for (const p of ["/open/hall_detect", "/open/hall_detect/api/extract"]) {
      const r = await call(p, { text: "x" }, createKey("standard"));
      expect(r.status).toBe(403);
      expectDocumented(p, r);
    }
  });

  it("detail operations: an unknown id → documented 404", async () => {
    const fg = await call("/open/fg_detail", { fgid: MISSING_FGID });
    expect(fg.status).toBe(404);
    expectDocumented("/open/fg_detail", fg);
    const c = await call("/open/case_detail", { id: MISSING_CASE_ID });
    expect(c.status).toBe(404);
    expectDocumented("/open/case_detail", c);
  });

  describe("rate limit", () => {
    const NAMES = ["RATE_LIMIT", "RATE_LIMIT_SEARCH", "RATE_LIMIT_VECTOR", "RATE_LIMIT_CITATION", "RATE_LIMIT_DETAIL"];
    const saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));
    beforeAll(() => {
      process.env.RATE_LIMIT = "on";
      for (const n of NAMES.slice(1)) process.env[n] = "0.01,1";
    });
    afterAll(() => {
      for (const n of NAMES) {
        if (saved[n] === undefined) delete process.env[n];
        else process.env[n] = saved[n];
      }
    });

    it.each(paths)("%s: over the limit → documented 429 with Retry-After", async (p) => {
      const key = createKey("member");
      await call(p, "{not json", key); // takes the one token
      const r = await call(p, "{not json", key);
      expect(r.status).toBe(429);
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expectDocumented(p, r);
    });
  });
});
