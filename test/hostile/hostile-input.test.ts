/**
 * Hostile and broken input on every operation (issue 7), as a table: each case names the body
 * and the status it must get; every answer must be in the operation's documented shape, and
 * the handler must still answer the next ordinary request.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { callHandler, createKey } from "@/test/helpers/api";
import { POST as ftSearch } from "@/app/open/rh_ft_search/route";
import { POST as fgSearch } from "@/app/open/rh_fg_search/route";
import { POST as zqSearch } from "@/app/open/rh_fg_zq_search/route";
import { POST as vectorSearch } from "@/app/open/law_vector_search/route";
import { POST as hallDetect } from "@/app/open/hall_detect/route";

type Handler = (req: Request) => Promise<Response>;

const OPS: { name: string; handler: Handler; field: string; ok: Record<string, unknown> }[] = [
  { name: "rh_ft_search", handler: ftSearch, field: "keyword", ok: { keyword: "违约" } },
  { name: "rh_fg_search", handler: fgSearch, field: "keyword", ok: { keyword: "公司" } },
  { name: "rh_fg_zq_search", handler: zqSearch, field: "keyword", ok: { keyword: "证券" } },
  { name: "law_vector_search", handler: vectorSearch, field: "query", ok: { query: "公司拖欠工资" } },
  { name: "hall_detect", handler: hallDetect, field: "text", ok: { text: "《民法典》第五百七十七条" } },
];

const MB_OF_DI = "第".repeat(1024 * 1024); // 3 MB of UTF-8

function failureMessage(body: any): string {
  return body.message ?? body.msg;
}

let key = "";
beforeAll(() => {
  key = createKey("member");
});

describe.each(OPS)("$name under hostile input", ({ name, handler, field, ok }) => {
  const isCitation = name === "hall_detect";

  async function stillServes(): Promise<void> {
    const r = await callHandler(handler, ok, { key });
    expect(r.status).toBe(200);
  }

  it("unparsable JSON → 400", async () => {
    for (const raw of ["{", "not json", "{'a':1}", "\u0000", ""]) {
      const r = await callHandler(handler, raw, { key });
      expect(r.status).toBe(400);
      expect(failureMessage(r.body)).toBe("请求体无法解析：需要 JSON");
    }
    await stillServes();
  });

  it("wrong types → 422", async () => {
    for (const v of [5, true, ["a"], { a: 1 }]) {
      const r = await callHandler(handler, { ...ok, [field]: v }, { key });
      expect(r.status).toBe(422);
      if (isCitation) expect(r.body).toMatchObject({ success: false, error_code: "VALIDATION_ERROR" });
    }
    await stillServes();
  });

  it("unknown fields are ignored", async () => {
    const r = await callHandler(handler, { ...ok, surprise: { nested: [1, 2, 3] }, __proto__x: 1 }, { key });
    expect(r.status).toBe(200);
  });

  it("deep nesting and huge arrays are answered, not crashed on", async () => {
    const deep = "[".repeat(50_000) + "]".repeat(50_000);
    const r1 = await callHandler(handler, `{"${field}": ${deep}}`, { key });
    expect([400, 413, 422]).toContain(r1.status);
    const r2 = await callHandler(handler, { ...ok, extra: Array.from({ length: 100_000 }, (_, i) => i) }, { key });
    expect([200, 413]).toContain(r2.status);
    await stillServes();
  });

  it("lone surrogates, NUL bytes and regex-hostile strings in the main field", async () => {
    for (const s of ["\ud800违约", "违约\udfff", "违\u0000约", "(a+)+$", "[[[[", "\\", '"*" NEAR OR AND NOT ^', "<script>alert(1)</script>"]) {
      const r = await callHandler(handler, { ...ok, [field]: s }, { key });
      expect(r.status).toBe(200);
    }
    await stillServes();
  });

  it("1 MB of 第 is refused with the documented status, in the operation's shape", async () => {
    const r = await callHandler(handler, { [field]: MB_OF_DI }, { key });
    expect([413, 422]).toContain(r.status);
    if (isCitation) expect(r.body.success).toBe(false);
    else expect(failureMessage(r.body)).toBeTypeOf("string");
    await stillServes();
  });
});

describe("hostile strings in every filter field of the keyword operations", () => {
  const fields = ["fgmc", "fbbm", "xljb_1", "sxx", "dy", "search_mode", "fbrq_start", "fbrq_end", "ssrq_start", "ssrq_end"];
  it.each([ftSearch, fgSearch, zqSearch].map((h, i) => [["rh_ft_search", "rh_fg_search", "rh_fg_zq_search"][i]!, h] as const))(
    "%s answers 200 or 422, never 500",
    async (_name, handler) => {
      for (const f of fields) {
        for (const s of ["(a+)+$", "\ud800", "\u0000", "%_", "' OR 1=1 --", "第".repeat(10_000)]) {
          const r = await callHandler(handler, { keyword: "合同", [f]: s }, { key });
          expect([200, 422]).toContain(r.status);
        }
      }
    },
    60_000,
  );
});
