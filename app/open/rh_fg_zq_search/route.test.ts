/** Handler tests of POST /open/rh_fg_zq_search: securities-industry regulations only. */
import { beforeAll, describe, expect, it } from "vitest";
import { callHandler, createKey } from "@/test/helpers/api";
import { expectAuthFailures, expectBodyFailures, fgidOf } from "@/test/helpers/handler-checks";
import { indexSql } from "@/test/helpers/index-sql";
import { POST } from "./route";

let key: string;
beforeAll(() => {
  key = createKey();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function search(body: unknown): Promise<Array<Record<string, any>>> {
  const r = await callHandler(POST, body, { key, path: "/open/rh_fg_zq_search" });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}
const isSecurities = (fgid: string) =>
  (indexSql().prepare("SELECT is_securities FROM regulations WHERE fgid = ?").get(fgid) as { is_securities: number }).is_securities === 1;

describe("rh_fg_zq_search", () => {
  it("authentication → 403; bad bodies → 400/422", async () => {
    await expectAuthFailures(POST, { keyword: "证券" });
    await expectBodyFailures(POST, key);
  });

  it("证券法 is in, 民法典 is out", async () => {
    const zqf = await search({ keyword: "证券法" });
    expect(zqf[0]!.fgmc).toBe("中华人民共和国证券法");
    const mfd = fgidOf("中华人民共和国民法典");
    const viaName = await search({ keyword: "民法典", top_k: 50 });
    expect(viaName.map((i) => i.id)).not.toContain(mfd);
    const viaText = await search({ keyword: "违约金", top_k: 50 });
    expect(viaText.map((i) => i.id)).not.toContain(mfd);
    // while the general search does return it
    const general = await callHandler((await import("../rh_fg_search/route")).POST, { keyword: "民法典" }, { key });
    expect(general.body.data.map((i: { id: string }) => i.id)).toContain(mfd);
  });

  it("every result, with or without keyword, is a securities regulation; catalogue-only records included", async () => {
    const filterOnly = await search({ top_k: 50, sxx: "现行有效" });
    expect(filterOnly.length).toBe(50);
    const withKw = await search({ keyword: "基金", top_k: 50 });
    expect(withKw.length).toBe(50);
    for (const i of [...filterOnly, ...withKw]) expect(isSecurities(i.id)).toBe(true);
    const catalogueOnly = indexSql()
      .prepare("SELECT fgid, fgmc FROM regulations WHERE is_securities = 1 AND has_fulltext = 0 AND fgmc LIKE '%信息披露%' ORDER BY fbrq DESC LIMIT 1")
      .get() as { fgid: string; fgmc: string };
    const hit = (await search({ keyword: catalogueOnly.fgmc })).find((i) => i.id === catalogueOnly.fgid);
    expect(hit).toBeDefined();
    expect(hit!.content).toContain("<em>");
  });

  it("filters: fbbm of the securities regulator", async () => {
    const items = await search({ fbbm: "中国证券监督管理委员会", top_k: 20 });
    expect(items.length).toBe(20);
    for (const i of items) expect(i.fbbm).toContain("中国证券监督管理委员会");
    for (let i = 1; i < items.length; i++) expect(items[i]!.fbrq <= items[i - 1]!.fbrq).toBe(true);
  });
});
