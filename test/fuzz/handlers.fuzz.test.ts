/**
 * Property-based fuzzing of all five operations (issue 7): generated bodies — random JSON,
 * known fields with wrong types, hostile strings (lone surrogates, NUL, huge runs of 第,
 * regex and FTS syntax, markup), raw non-JSON text — must never give a 500, never a body
 * outside the spec's shapes, and never take more than a second.
 */
import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { callHandler, createKey } from "@/test/helpers/api";
import { POST as ftSearch } from "@/app/open/rh_ft_search/route";
import { POST as fgSearch } from "@/app/open/rh_fg_search/route";
import { POST as zqSearch } from "@/app/open/rh_fg_zq_search/route";
import { POST as vectorSearch } from "@/app/open/law_vector_search/route";
import { POST as hallDetect } from "@/app/open/hall_detect/route";

type Handler = (req: Request) => Promise<Response>;
type Family = "keyword" | "vector" | "citation";

const OPS: { name: string; handler: Handler; family: Family; fields: string[] }[] = [
  { name: "rh_ft_search", handler: ftSearch, family: "keyword", fields: KEYWORD_FIELDS() },
  { name: "rh_fg_search", handler: fgSearch, family: "keyword", fields: KEYWORD_FIELDS() },
  { name: "rh_fg_zq_search", handler: zqSearch, family: "keyword", fields: KEYWORD_FIELDS() },
  { name: "law_vector_search", handler: vectorSearch, family: "vector", fields: ["query", "rewrite_flag", "fatiao_filter", "return_num"] },
  { name: "hall_detect", handler: hallDetect, family: "citation", fields: ["text"] },
];

function KEYWORD_FIELDS(): string[] {
  return ["keyword", "search_mode", "fgmc", "xljb_1", "sxx", "dy", "fbbm", "fbrq_start", "fbrq_end", "ssrq_start", "ssrq_end", "top_k"];
}

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "\ud800", "a\udfffb", "\u0000合同\u0000", "第".repeat(20_000), "(((((((((a*)*)*)*)*)*)*)*)*$", '"NEAR(合同 违约)" OR * ^x',
    "keyword:违约", "<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "2020-02-30", "９９９９-１２-３１",
    "《中华人民共和国民法典》第五百七十七条", "（2021）最高法民终123号", " ", "AND", "or", "现行有效 失效", "北京 中央",
  ),
);

const fieldValue = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 4 }),
);

function bodyFor(fields: string[]): fc.Arbitrary<unknown> {
  const known = fc.dictionary(fc.constantFrom(...fields), fieldValue, { maxKeys: fields.length });
  const withExtra = fc.tuple(known, fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })).map(([a, b]) => ({ ...b, ...a }));
  const nested = fc.integer({ min: 1000, max: 5000 }).map((d) => "[".repeat(d) + "]".repeat(d));
  return fc.oneof(
    { weight: 5, arbitrary: known },
    { weight: 2, arbitrary: withExtra },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((s) => ({ raw: s })) },
    { weight: 1, arbitrary: nested.map((s) => ({ raw: s })) },
  );
}

function checkShape(family: Family, status: number, body: any): void {
  expect(body).toBeTypeOf("object");
  if (family === "keyword") {
    expect(body.status).toBeTypeOf("string");
    expect(body.code).toBeTypeOf("number");
    expect(body.message).toBeTypeOf("string");
    if (status === 200) expect(Array.isArray(body.data)).toBe(true);
  } else if (family === "vector") {
    expect(body.msg).toBeTypeOf("string");
    expect(body.code).toBeTypeOf("number");
    expect(Array.isArray(body.extra?.fatiao)).toBe(true);
    expect(body.request_id).toBeTypeOf("string");
  } else if (status === 200) {
    expect(Array.isArray(body.regulations)).toBe(true);
    expect(Array.isArray(body.cases)).toBe(true);
    expect(body.highlighted_text).toBeTypeOf("string");
    expect(body.request_id).toBeTypeOf("string");
  } else {
    expect(body.success).toBe(false);
    expect(body.error_code).toBeTypeOf("string");
    expect(body.message).toBeTypeOf("string");
    expect(body.request_id).toBeTypeOf("string");
  }
}

let key = "";
beforeAll(async () => {
  key = createKey("member");
  // one warm-up call per operation: lazy one-time loads (dictionaries, vector model) are not
  // what the 1 s bound is about
  await callHandler(vectorSearch, { query: "劳动合同" }, { key });
  await callHandler(hallDetect, { text: "《民法典》第五百七十七条" }, { key });
  await callHandler(ftSearch, { keyword: "合同" }, { key });
}, 120_000);

describe.each(OPS)("fuzz $name", ({ handler, family, fields }) => {
  it("never answers 500, stays in the spec's shapes and answers within 1 s", async () => {
    await fc.assert(
      fc.asyncProperty(bodyFor(fields), async (body) => {
        const raw = body !== null && typeof body === "object" && "raw" in body && Object.keys(body).length === 1 ? String((body as { raw: unknown }).raw) : undefined;
        const t = performance.now();
        const r = await callHandler(handler, raw ?? body, { key });
        const ms = performance.now() - t;
        expect([200, 400, 413, 422]).toContain(r.status);
        checkShape(family, r.status, r.body);
        expect(ms).toBeLessThan(1000);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 150), seed: Number(process.env.FUZZ_SEED ?? 20261121) },
    );
  }, 120_000);
});
