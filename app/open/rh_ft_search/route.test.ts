/** Handler tests of POST /open/rh_ft_search over the real corpus-slice index (test/global-setup.ts). */
import { beforeAll, describe, expect, it } from "vitest";
import { callHandler, createKey } from "@/test/helpers/api";
import {
  CLAUSE_ITEM_KEYS,
  expectAuthFailures,
  expectBodyFailures,
  expectNonIncreasing,
} from "@/test/helpers/handler-checks";
import { normalizeText } from "@/lib/text/normalize";
import { POST } from "./route";

let key: string;
beforeAll(() => {
  key = createKey();
});

async function search(body: unknown) {
  const r = await callHandler(POST, body, { key, path: "/open/rh_ft_search" });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.status).toBe("success");
  expect(r.body.code).toBe(200);
  expect(r.body.message).toBe("success");
  return r.body.data as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
}
async function fail(body: unknown) {
  const r = await callHandler(POST, body, { key, path: "/open/rh_ft_search" });
  return { status: r.status, body: r.body };
}
const norm = (s: string) => normalizeText(s);

describe("rh_ft_search failures", () => {
  it("authentication: missing, unknown, blocked, expired key → 403", async () => {
    await expectAuthFailures(POST, { keyword: "违约" });
  });

  it("bad JSON 400, {} 422 请求参数不能为空, non-object bodies 422", async () => {
    await expectBodyFailures(POST, key);
  });

  it.each([[{ keyword: "" }], [{ keyword: "  \u3000 " }], [{ top_k: 5 }], [{ keyword: null, dy: "北京" }]])(
    "empty keyword %j → HTTP 422, body code 422, keyword 参数不可为空!",
    async (body) => {
      expect(await fail(body)).toEqual({
        status: 422,
        body: { status: "param verification failed", code: 422, message: "keyword 参数不可为空!" },
      });
    },
  );

  it("wrong types → 422 naming the field", async () => {
    const r = await fail({ keyword: 5 });
    expect(r.status).toBe(422);
    expect(r.body.status).toBe("param verification failed");
    expect(r.body.message).toMatch(/^keyword: /);
    expect((await fail({ keyword: "合同", dy: ["北京"] })).body.message).toMatch(/^dy: /);
  });

  it("unknown enumeration values, search_mode and dates → 422 naming the field and the allowed values", async () => {
    const sxx = await fail({ keyword: "合同", sxx: "有效" });
    expect(sxx.status).toBe(422);
    expect(sxx.body).toEqual({
      status: "param verification failed",
      code: 422,
      message: "sxx 参数取值无效: 有效；可选值: 现行有效、失效、已被修改、部分失效、尚未生效",
    });
    const dy = await fail({ keyword: "合同", dy: "北京 北京市" });
    expect(dy.body.message).toMatch(/^dy 参数取值无效: 北京市；可选值: 中央、北京、天津、/);
    const xl = await fail({ keyword: "合同", xljb_1: "法规" });
    expect(xl.body.message).toMatch(/^xljb_1 参数取值无效: 法规；可选值: 宪法、法律、/);
    expect((await fail({ keyword: "合同", search_mode: "XOR" })).body).toEqual({
      status: "param verification failed",
      code: 422,
      message: "search_mode 参数取值无效: XOR；可选值: AND、OR",
    });
    const date = await fail({ keyword: "合同", fbrq_start: "2021-02-30" });
    expect(date).toEqual({
      status: 422,
      body: { status: "param verification failed", code: 422, message: "fbrq_start 日期格式无效: 2021-02-30（应为 yyyy-MM-dd 格式的有效日期）" },
    });
    expect((await fail({ keyword: "合同", ssrq_end: "2021/01/01" })).body.message).toMatch(/^ssrq_end 日期格式无效/);
  });

  it("FTS5 syntax and regex-hostile input is inert (200, never 500)", async () => {
    for (const keyword of ['"', '" OR *', "NEAR(合同 违约)", "tokens:违约", "^违约*", "(((", "[a-z]+$", "\\", "违约' --"]) {
      const r = await callHandler(POST, { keyword }, { key });
      expect(r.status, keyword).toBe(200);
    }
    const items = await search({ keyword: "tokens:违约" });
    expect(items.length).toBe(0); // "tokens" is a word too, and no clause holds tokens+违约
    expect((await search({ keyword: '违约"' })).length).toBe(10);
  });
});

describe("rh_ft_search results", () => {
  it("items carry exactly the spec's fields, with the url and llm_content shapes", async () => {
    const items = await search({ keyword: "违约金" });
    expect(items.length).toBe(10);
    for (const it of items) {
      expect(Object.keys(it).sort()).toEqual(CLAUSE_ITEM_KEYS);
      expect(it.id).toBe(`${it.fgid}_${it.tid}`);
      expect(it.url).toBe(`/zxt/statuteDetail/detailPage/${it.fgid}?text=${it.tid}`);
      expect(it.llm_content).toBe(` - 《${it.fgmc}》${it.ft_num}##${it.content}`);
      expect(it.ftmc).toBe(`${it.fgmc}${it.ft_num}`);
      expect(it.title).toBe(it.ftmc);
      expect(norm(it.content)).toContain("违约金");
      expect(typeof it._score).toBe("number");
    }
    const mfd = items.find((i) => i.fgmc === "中华人民共和国民法典" && i.ft_num === "第五百八十五条");
    expect(mfd).toBeDefined();
    expect(mfd!.tid).toBe("585");
    expect(mfd!.sxx).toBe("现行有效");
    expect(mfd!.dy).toBe("中央");
    expect(mfd!.xljb_1).toBe("法律");
    expect(mfd!.fbrq).toBe("2020-05-28");
    expect(mfd!.ssrq).toBe("2021-01-01");
    expect(mfd!.fbbm).toBe("全国人民代表大会");
  });

  it("合同解除: clauses with the exact phrase first, then 解除…合同 through segmentation; scores descend", async () => {
    const items = await search({ keyword: "合同解除", top_k: 50 });
    expect(items.length).toBe(50);
    expectNonIncreasing(items.map((i) => i._score));
    const exact = items.filter((i) => norm(i.content).includes("合同解除"));
    expect(exact.length).toBe(12);
    // every exact hit precedes every other hit
    expect(items.slice(0, 12).every((i) => norm(i.content).includes("合同解除"))).toBe(true);
    for (const i of items.slice(12)) {
      expect(norm(i.content)).toContain("合同");
      expect(norm(i.content)).toContain("解除");
    }
    expect(items.slice(12).some((i) => norm(i.content).includes("解除合同"))).toBe(true);
  });

  it("a two-character term matches; traditional and full-width input find the same clauses", async () => {
    const simplified = await search({ keyword: "违约", top_k: 50 });
    expect(simplified.length).toBe(50);
    for (const i of simplified) expect(norm(i.content)).toContain("违约");
    const trad = await search({ keyword: "違約", top_k: 50 });
    expect(trad.map((i) => i.id)).toEqual(simplified.map((i) => i.id));
    const spaced = await search({ keyword: "违约\u3000金" });
    const anded = await search({ keyword: "违约 金" });
    expect(spaced.map((i) => i.id)).toEqual(anded.map((i) => i.id));
  });

  it("AND needs every part; OR any part (case-insensitive mode)", async () => {
    const and = await search({ keyword: "违约 赔偿", top_k: 50 });
    expect(and.length).toBeGreaterThan(0);
    for (const i of and) {
      expect(norm(i.content)).toContain("违约");
      expect(norm(i.content)).toContain("赔偿");
    }
    const or = await search({ keyword: "违约 赔偿", search_mode: "or", top_k: 50 });
    expect(or.length).toBe(50);
    for (const i of or) expect(norm(i.content).includes("违约") || norm(i.content).includes("赔偿")).toBe(true);
    expect(or.some((i) => !norm(i.content).includes("违约") || !norm(i.content).includes("赔偿"))).toBe(true);
    expect(and.length).toBeLessThan(50);
  });

  it.each([
    [undefined, 10],
    [0, 10],
    [-1, 10],
    [7, 7],
    [51, 50],
    ["abc", 10],
    ["7", 7],
  ])("top_k %j → %d results", async (top_k, n) => {
    expect((await search({ keyword: "违约", top_k })).length).toBe(n);
  });

  it("unknown fields are ignored", async () => {
    expect((await search({ keyword: "违约", page: 3, foo: { bar: 1 } })).length).toBe(10);
  });
});

describe("rh_ft_search filters", () => {
  const cases: [string, Record<string, string>, (i: Record<string, string>) => boolean][] = [
    ["fgmc (one part)", { fgmc: "民法典" }, (i) => i.fgmc!.includes("民法典")],
    ["fgmc (all parts)", { fgmc: "中华人民共和国 劳动" }, (i) => i.fgmc!.includes("中华人民共和国") && i.fgmc!.includes("劳动")],
    ["xljb_1", { xljb_1: "司法解释" }, (i) => i.xljb_1 === "司法解释"],
    ["xljb_1 (any part)", { xljb_1: "司法解释 地方性法规" }, (i) => ["司法解释", "地方性法规"].includes(i.xljb_1!)],
    ["sxx", { sxx: "失效" }, (i) => i.sxx === "失效"],
    ["sxx (any part)", { sxx: "已被修改 失效" }, (i) => ["已被修改", "失效"].includes(i.sxx!)],
    ["dy", { dy: "北京 浙江", keyword: "应当" }, (i) => ["北京", "浙江"].includes(i.dy!)],
    ["fbbm (substring)", { fbbm: "国务院" }, (i) => i.fbbm!.includes("国务院")],
    ["fbbm (any part)", { fbbm: "最高人民法院 国务院" }, (i) => i.fbbm!.includes("最高人民法院") || i.fbbm!.includes("国务院")],
    ["fbrq range", { fbrq_start: "2020-01-01", fbrq_end: "2020-12-31" }, (i) => i.fbrq! >= "2020-01-01" && i.fbrq! <= "2020-12-31"],
    ["fbrq inclusive bounds", { fbrq_start: "2020-05-28", fbrq_end: "2020-05-28" }, (i) => i.fbrq === "2020-05-28"],
    ["ssrq range", { ssrq_start: "2021-01-01", ssrq_end: "2022-01-01" }, (i) => i.ssrq! >= "2021-01-01" && i.ssrq! <= "2022-01-01"],
    ["ssrq_end only (empty dates excluded)", { ssrq_end: "2014-12-31" }, (i) => i.ssrq !== "" && i.ssrq! <= "2014-12-31"],
  ];
  it.each(cases)("%s alone", async (_name, filter, ok) => {
    const keyword = filter.keyword ?? "合同";
    const items = await search({ keyword, top_k: 50, ...filter });
    expect(items.length).toBeGreaterThan(0);
    for (const i of items) expect(ok(i), JSON.stringify([i.fgmc, i.xljb_1, i.sxx, i.dy, i.fbbm, i.fbrq, i.ssrq])).toBe(true);
    // and the filter does remove something
    const unfiltered = await search({ keyword, top_k: 50 });
    expect(unfiltered.some((i) => !ok(i))).toBe(true);
  });

  it("filters combined (all must hold)", async () => {
    const items = await search({ keyword: "合同", sxx: "现行有效", xljb_1: "法律", dy: "中央", fbrq_start: "2018-01-01", fbbm: "常务委员会", top_k: 50 });
    expect(items.length).toBeGreaterThan(0);
    for (const i of items) {
      expect(i.sxx).toBe("现行有效");
      expect(i.xljb_1).toBe("法律");
      expect(i.dy).toBe("中央");
      expect(i.fbrq >= "2018-01-01").toBe(true);
      expect(i.fbbm).toContain("常务委员会");
    }
    expect(new Set(items.map((i) => i.fgmc)).has("中华人民共和国民法典")).toBe(false); // 民法典's fbbm is 全国人民代表大会
  });

  it("a filter that matches no regulation gives an empty list", async () => {
    expect(await search({ keyword: "合同", dy: "西藏" })).toEqual([]);
    expect(await search({ keyword: "合同", fbrq_start: "2030-01-01" })).toEqual([]);
  });
});
