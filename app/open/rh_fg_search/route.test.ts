/** Handler tests of POST /open/rh_fg_search over the real corpus-slice index. */
import { beforeAll, describe, expect, it } from "vitest";
import { callHandler, createKey } from "@/test/helpers/api";
import {
  REGULATION_ITEM_KEYS,
  expectAuthFailures,
  expectBodyFailures,
  expectNonIncreasing,
  fgidOf,
} from "@/test/helpers/handler-checks";
import { POST } from "./route";

let key: string;
beforeAll(() => {
  key = createKey();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function search(body: unknown): Promise<Array<Record<string, any>>> {
  const r = await callHandler(POST, body, { key, path: "/open/rh_fg_search" });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect([r.body.status, r.body.code, r.body.message]).toEqual(["success", 200, "success"]);
  return r.body.data;
}

describe("rh_fg_search failures", () => {
  it("authentication → 403", async () => {
    await expectAuthFailures(POST, { keyword: "合同" });
  });
  it("bad JSON 400, {} 422, non-object 422", async () => {
    await expectBodyFailures(POST, key);
  });
  it("bad enumeration / date → 422", async () => {
    const r = await callHandler(POST, { dy: "火星" }, { key });
    expect(r.status).toBe(422);
    expect(r.body.message).toMatch(/^dy 参数取值无效: 火星；可选值: 中央、/);
    const d = await callHandler(POST, { ssrq_start: "2020-00-10" }, { key });
    expect(d.status).toBe(422);
    expect(d.body.message).toMatch(/^ssrq_start 日期格式无效/);
  });
});

describe("rh_fg_search with keyword", () => {
  it("证券法 ranks 中华人民共和国证券法 first; summaries only, highlighted content", async () => {
    const items = await search({ keyword: "证券法" });
    expect(items.length).toBe(10);
    expect(items[0]!.fgmc).toBe("中华人民共和国证券法");
    expect(items[0]!.id).toBe(fgidOf("中华人民共和国证券法"));
    expectNonIncreasing(items.map((i) => i._score));
    for (const it of items) {
      const { content, ...rest } = it;
      expect(Object.keys(rest).sort()).toEqual(REGULATION_ITEM_KEYS);
      expect(it.title).toBe(it.fgmc);
      expect(it.url).toBe(`/zxt/statuteDetail/detailPage/${it.id}`);
      expect(typeof content).toBe("string");
      expect(content).toContain("<em>证券法</em>");
      expect(content.replace(/<\/?em>/g, "")).not.toMatch(/[<>]/);
      expect(content.replace(/<\/?em>|…/g, "").length).toBeLessThanOrEqual(120);
    }
  });

  it("content comes from the text when the title lacks the term", async () => {
    const items = await search({ keyword: "违约金", fgmc: "民法典" });
    expect(items.map((i) => i.fgmc)).toContain("中华人民共和国民法典");
    const mfd = items.find((i) => i.fgmc === "中华人民共和国民法典")!;
    expect(mfd.content).toContain("<em>违约金</em>");
    expect(mfd._score).toBeGreaterThan(0);
  });

  it("filters apply with a keyword; AND vs OR", async () => {
    // the 2021 version was amended (2023, in force 2024-01-01), not repealed: 已被修改, not 失效
    const amended = await search({ keyword: "民事诉讼法", fgmc: "民事诉讼法", sxx: "已被修改", xljb_1: "法律" });
    expect(amended.map((i) => [i.fgmc, i.fbrq])).toContainEqual(["中华人民共和国民事诉讼法", "2021-12-24"]);
    expect(amended.every((i) => i.sxx === "已被修改" && i.validity_source.startsWith("较新版本"))).toBe(true);
    expect(await search({ keyword: "民事诉讼法", sxx: "失效", xljb_1: "法律" })).toEqual([]);
    const and = await search({ keyword: "劳动 合同", top_k: 50 });
    const or = await search({ keyword: "劳动 合同", search_mode: "OR", top_k: 50 });
    expect(and.length).toBeGreaterThan(0);
    expect(or.length).toBeGreaterThan(and.length);
    expect(and[0]!.fgmc).toBe("中华人民共和国劳动合同法");
  });

  it("empty keyword is no keyword (filter-only)", async () => {
    const items = await search({ keyword: "", dy: "浙江" });
    expect(items.map((i) => i.fgmc)).toEqual(["浙江省信息化促进条例"]);
    expect(items[0]).not.toHaveProperty("content");
  });
});

describe("rh_fg_search without keyword", () => {
  it("filters alone, newest fbrq first, _score 0, no content", async () => {
    const items = await search({ xljb_1: "法律", top_k: 50 });
    expect(items.length).toBeGreaterThan(20);
    for (let i = 1; i < items.length; i++) expect(items[i]!.fbrq <= items[i - 1]!.fbrq).toBe(true);
    for (const it of items) {
      expect(it.xljb_1).toBe("法律");
      expect(it._score).toBe(0);
      expect(it).not.toHaveProperty("content");
    }
  });
  it("top_k alone is a valid body", async () => {
    expect((await search({ top_k: 5 })).length).toBe(5);
    expect((await search({ top_k: 500 })).length).toBe(50);
  });
  it("date range and issuing body", async () => {
    const items = await search({ fbrq_start: "2023-12-29", fbrq_end: "2023-12-29", fbbm: "全国人民代表大会", xljb_1: "法律" });
    expect(items.map((i) => i.fgmc).sort()).toEqual(["中华人民共和国公司法", "中华人民共和国刑法", "中华人民共和国刑法修正案（十二）"]);
  });
});
