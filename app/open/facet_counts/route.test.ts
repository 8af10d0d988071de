/** Handler tests of POST /open/facet_counts (disjunctive facet counts). */
import { beforeAll, describe, expect, it } from "vitest";
import { callHandler, createKey } from "@/test/helpers/api";
import { expectAuthFailures, expectBodyFailures } from "@/test/helpers/handler-checks";
import { indexSql } from "@/test/helpers/index-sql";
import { POST } from "./route";

let key: string;
beforeAll(() => {
  key = createKey();
});

interface FacetValue {
  value: string;
  count: number;
}
interface Counts {
  total: number;
  facets: Record<string, FacetValue[]>;
}

async function counts(body: unknown): Promise<Counts> {
  const r = await callHandler(POST, body, { key, path: "/open/facet_counts" });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect([r.body.status, r.body.code, r.body.message]).toEqual(["success", 200, "success"]);
  return r.body.data;
}
const countOf = (list: FacetValue[] | undefined, value: string) => list?.find((v) => v.value === value)?.count ?? 0;
const sql = (q: string, ...p: unknown[]) => (indexSql().prepare(q).get(...p) as { n: number }).n;

describe("facet_counts", () => {
  it("authentication → 403; bad bodies → 400/422; bad target/facets → 422", async () => {
    await expectAuthFailures(POST, { target: "fg" });
    await expectBodyFailures(POST, key);
    const t = await callHandler(POST, { target: "cases" }, { key });
    expect(t.status).toBe(422);
    expect(t.body.message).toMatch(/^target: /);
    const f = await callHandler(POST, { facets: ["fgmc"] }, { key });
    expect(f.status).toBe(422);
    expect(f.body.message).toMatch(/^facets\.0: /);
  });

  it("without keyword: totals equal the index's counts", async () => {
    const fg = await counts({ target: "fg" });
    expect(fg.total).toBe(sql("SELECT count(*) AS n FROM regulations"));
    const zq = await counts({ target: "fg_zq" });
    expect(zq.total).toBe(sql("SELECT count(*) AS n FROM regulations WHERE is_securities = 1"));
    const ft = await counts({ target: "ft" });
    expect(ft.total).toBe(sql("SELECT count(*) AS n FROM clauses"));
    expect(countOf(fg.facets.dy, "中央")).toBe(sql("SELECT count(*) AS n FROM regulations WHERE dy = '中央'"));
    expect(fg.facets.fbbm!.length).toBe(30);
    const fbbmCounts = fg.facets.fbbm!.map((v) => v.count);
    for (let i = 1; i < fbbmCounts.length; i++) expect(fbbmCounts[i]!).toBeLessThanOrEqual(fbbmCounts[i - 1]!);
  });

  it("disjunctive: a facet ignores its own filter, total and the other facets apply it", async () => {
    const base = await counts({ keyword: "合同", target: "ft" });
    const chosen = await counts({ keyword: "合同", target: "ft", xljb_1: "司法解释" });
    // own facet unchanged: the siblings still show what they would add
    expect(chosen.facets.xljb_1).toEqual(base.facets.xljb_1);
    expect(countOf(chosen.facets.xljb_1, "法律")).toBeGreaterThan(0);
    // total = the chosen value's count
    expect(chosen.total).toBe(countOf(base.facets.xljb_1, "司法解释"));
    expect(chosen.total).toBeLessThan(base.total);
    // other facets are narrowed
    const sxxSum = chosen.facets.sxx!.reduce((a, v) => a + v.count, 0);
    expect(sxxSum).toBe(chosen.total);
    expect(countOf(chosen.facets.sxx, "现行有效")).toBeLessThan(countOf(base.facets.sxx, "现行有效"));
    // two values of one facet: total adds up
    const two = await counts({ keyword: "合同", target: "ft", xljb_1: "司法解释 法律" });
    expect(two.total).toBe(countOf(base.facets.xljb_1, "司法解释") + countOf(base.facets.xljb_1, "法律"));
  });

  it("ft counts clauses as rh_ft_search matches them", async () => {
    const c = await counts({ keyword: "解除合同", target: "ft", fgmc: "劳动合同法", facets: ["sxx"] });
    expect(Object.keys(c.facets)).toEqual(["sxx"]);
    const { POST: ft } = await import("../rh_ft_search/route");
    const r = await callHandler(ft, { keyword: "解除合同", fgmc: "劳动合同法", top_k: 50 }, { key });
    expect(r.body.data.length).toBe(c.total);
    expect(c.total).toBeGreaterThan(5);
  });

  it("fg with a keyword counts regulations as rh_fg_search matches them", async () => {
    const c = await counts({ keyword: "民事诉讼法", target: "fg", xljb_1: "法律" });
    const { POST: fg } = await import("../rh_fg_search/route");
    const r = await callHandler(fg, { keyword: "民事诉讼法", xljb_1: "法律", top_k: 50 }, { key });
    expect(c.total).toBe(r.body.data.length);
    expect(countOf(c.facets.sxx, "失效")).toBe(r.body.data.filter((i: { sxx: string }) => i.sxx === "失效").length);
  });
});

/**
 * The counts agree with what the three keyword operations return (relaxed and named-law hits
 * included): the whole response bodies, field by field, through the route handlers.
 */
describe("facet_counts agrees with rh_ft_search, rh_fg_search, rh_fg_zq_search", () => {
  const SEARCH: Record<"ft" | "fg" | "fg_zq", string> = { ft: "../rh_ft_search/route", fg: "../rh_fg_search/route", fg_zq: "../rh_fg_zq_search/route" };
  async function searchBody(target: "ft" | "fg" | "fg_zq", body: Record<string, unknown>) {
    const { POST: op } = (await import(SEARCH[target])) as { POST: typeof POST };
    const r = await callHandler(op, body, { key });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { status: string; code: number; message: string; data: Array<Record<string, string>> };
  }
  async function fullCounts(body: Record<string, unknown>) {
    const r = await callHandler(POST, body, { key, path: "/open/facet_counts" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as { status: string; code: number; message: string; data: Counts & { terms: string[] } };
  }

  const CASES: Array<[string, Record<string, string>]> = [
    ["relaxed only", { keyword: "小区车位 归属" }],
    ["relaxed only, more than a page", { keyword: "委托合同 任意解除" }],
    ["relaxed only, 效力级别 filter", { keyword: "委托合同 任意解除", xljb_1: "法律" }],
    ["a part naming a law", { keyword: "国家赔偿 精神损害抚慰金" }],
    ["strict and relaxed, 时效性 filter", { keyword: "环境污染 举证责任", sxx: "现行有效" }],
    ["relaxed, a region filter keeps none", { keyword: "小区车位 归属", dy: "北京" }],
  ];
  it.each(CASES)("%s: total = the hits top_k 50 returns (up to 50), a value's count = the hits once it is chosen", async (_n, body) => {
    for (const target of ["ft", "fg", "fg_zq"] as const) {
      const c = await fullCounts({ ...body, target });
      expect(Object.keys(c)).toEqual(["status", "code", "message", "data"]);
      expect([c.status, c.code, c.message]).toEqual(["success", 200, "success"]);
      expect(Object.keys(c.data)).toEqual(["total", "facets", "terms"]);
      expect(Object.keys(c.data.facets)).toEqual(["xljb_1", "sxx", "dy", "fbbm"]);
      const s = await searchBody(target, { ...body, top_k: 50 });
      expect(s.data.length, `${target} total ${c.data.total}`).toBe(Math.min(50, c.data.total));
      const byLevel = c.data.facets.xljb_1!;
      for (const { value, count } of byLevel) {
        const chosen = await searchBody(target, { ...body, xljb_1: value, top_k: 50 });
        expect(chosen.data.length, `${target} xljb_1=${value}`).toBe(Math.min(50, count));
        expect(chosen.data.every((i) => i.xljb_1 === value)).toBe(true);
      }
      // every hit's own values are counted
      for (const f of ["xljb_1", "sxx", "dy"] as const) {
        for (const v of new Set(s.data.map((i) => i[f]!))) expect(countOf(c.data.facets[f], v), `${target} ${f}=${v}`).toBeGreaterThanOrEqual(s.data.filter((i) => i[f] === v).length);
      }
    }
  });

  it("a relaxed result's second page (top_k 20 after top_k 10) is hits the total counts", async () => {
    const body = { keyword: "委托合同 任意解除" };
    const one = await searchBody("ft", { ...body, top_k: 10 });
    const two = await searchBody("ft", { ...body, top_k: 20 });
    expect(two.data.slice(0, 10).map((i) => i.id)).toEqual(one.data.map((i) => i.id));
    expect(two.data.length).toBe(20);
    expect((await fullCounts({ ...body, target: "ft" })).data.total).toBeGreaterThanOrEqual(20);
  });

  it("no strict and no relaxed hit: the spec's empty answer and zero counts", async () => {
    const body = { keyword: "小区车位 停车费" };
    for (const target of ["ft", "fg", "fg_zq"] as const) {
      expect(await searchBody(target, body)).toEqual({ status: "success", code: 200, message: "success", data: [] });
      const c = await fullCounts({ ...body, target });
      expect(c.data.total).toBe(0);
      expect(c.data.facets).toEqual({ xljb_1: [], sxx: [], dy: [], fbbm: [] });
      expect(c.data.terms.length).toBeGreaterThan(0);
    }
  });
});
