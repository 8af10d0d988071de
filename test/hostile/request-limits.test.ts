/**
 * Limits on request input (issue 15), table-driven over the real corpus-slice index: every
 * multi-part filter field of every keyword-family operation, keyword single-character parts,
 * and the semantic query and filter lists. Each case checks the exact status, code and
 * message, and that the same handler then answers an ordinary request.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { callHandler, createKey } from "@/test/helpers/api";
import { POST as ftSearch } from "@/app/open/rh_ft_search/route";
import { POST as fgSearch } from "@/app/open/rh_fg_search/route";
import { POST as zqSearch } from "@/app/open/rh_fg_zq_search/route";
import { POST as facetCounts } from "@/app/open/facet_counts/route";
import { POST as vectorSearch } from "@/app/open/law_vector_search/route";
import { MAX_FILTER_PART_CHARS, MAX_FILTER_PARTS, MAX_SINGLE_CHAR_PARTS } from "@/lib/api/keyword-request/parse-search-request";
import { MAX_FILTER_VALUES, MAX_QUERY_CHARS } from "@/app/open/law_vector_search/schema";
import { manyParts } from "./payloads";

type Handler = (req: Request) => Promise<Response>;

const KEYWORD_OPS: [string, Handler][] = [
  ["rh_ft_search", ftSearch],
  ["rh_fg_search", fgSearch],
  ["rh_fg_zq_search", zqSearch],
  ["facet_counts", facetCounts],
];

/** A valid part of each multi-part field, repeated to make many parts. */
const FIELDS: [string, string][] = [
  ["fgmc", "民法"],
  ["fbbm", "人民"],
  ["xljb_1", "法律"],
  ["sxx", "现行有效"],
  ["dy", "中央"],
];

let key = "";
beforeAll(() => {
  key = createKey("member");
});

async function expectKeyword422(handler: Handler, body: Record<string, unknown>, message: string): Promise<void> {
  const r = await callHandler(handler, body, { key });
  expect(r.status).toBe(422);
  expect(r.body).toEqual({ status: "param verification failed", code: 422, message });
  const ok = await callHandler(handler, { keyword: "合同" }, { key });
  expect(ok.status).toBe(200);
}

describe.each(KEYWORD_OPS)("%s: filter field limits", (_name, handler) => {
  it.each(FIELDS)("%s: more than MAX_FILTER_PARTS parts → 422 naming the field", async (field, part) => {
    const tooMany = Array(MAX_FILTER_PARTS + 1).fill(part).join(" ");
    await expectKeyword422(handler, { keyword: "合同", [field]: tooMany }, `${field} 片段过多：最多 ${MAX_FILTER_PARTS} 个（按空格拆分）`);
    const atLimit = await callHandler(handler, { keyword: "合同", [field]: Array(MAX_FILTER_PARTS).fill(part).join(" ") }, { key });
    expect(atLimit.status).toBe(200);
  });

  it.each(FIELDS)("%s: a part longer than MAX_FILTER_PART_CHARS → 422 naming the field", async (field) => {
    await expectKeyword422(
      handler,
      { keyword: "合同", [field]: "法".repeat(MAX_FILTER_PART_CHARS + 1) },
      `${field} 片段过长：每个片段最多 ${MAX_FILTER_PART_CHARS} 个字符`,
    );
  });

  it("the issue's 6,000 distinct fgmc / fbbm parts → 422", async () => {
    for (const field of ["fgmc", "fbbm"]) {
      await expectKeyword422(handler, { keyword: "合同", [field]: manyParts(6000) }, `${field} 片段过多：最多 ${MAX_FILTER_PARTS} 个（按空格拆分）`);
    }
  });

  it("more than MAX_SINGLE_CHAR_PARTS one-character keyword parts → 422; at the limit → 200", async () => {
    await expectKeyword422(handler, { keyword: "法 规 条" }, `keyword 单字片段过多：最多 ${MAX_SINGLE_CHAR_PARTS} 个单个汉字的片段`);
    const ok = await callHandler(handler, { keyword: "法 规 合同" }, { key });
    expect(ok.status).toBe(200);
  });
});

describe("law_vector_search: query and filter list limits", () => {
  const Q = "公司拖欠工资怎么办";

  async function expectVector422(body: Record<string, unknown>, msg: string): Promise<void> {
    const r = await callHandler(vectorSearch, body, { key });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ msg, code: 422, extra: { fatiao: [] }, answer: "", messageId: "", style: "" });
    const ok = await callHandler(vectorSearch, { query: Q }, { key });
    expect(ok.status).toBe(200);
  }

  it("a query longer than MAX_QUERY_CHARS → 422; at the limit → 200", async () => {
    await expectVector422({ query: "劳".repeat(MAX_QUERY_CHARS + 1) }, `query: query 过长：最多 ${MAX_QUERY_CHARS} 个字符`);
    const r = await callHandler(vectorSearch, { query: "公司拖欠工资".repeat(MAX_QUERY_CHARS / 6).padEnd(MAX_QUERY_CHARS, "钱") }, { key });
    expect(r.status).toBe(200);
  });

  it.each([
    ["sxx", "现行有效"],
    ["effect1", "法律"],
    ["dy", "北京"],
  ])("fatiao_filter.%s with more than MAX_FILTER_VALUES values → 422", async (field, value) => {
    await expectVector422(
      { query: Q, fatiao_filter: { [field]: Array(MAX_FILTER_VALUES + 1).fill(value) } },
      `fatiao_filter.${field}: ${field} 取值过多：最多 ${MAX_FILTER_VALUES} 个`,
    );
  });
});
