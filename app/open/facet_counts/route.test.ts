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
