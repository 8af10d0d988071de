/** Handler tests of POST /open/law_vector_search over the real corpus-slice index (test/global-setup.ts). */
import { beforeAll, describe, expect, it } from "vitest";
import { getKeysStore } from "@/lib/auth/keys-store";
import { callHandler, createKey } from "@/test/helpers/api";
import { POST } from "./route";

let key: string;
beforeAll(() => {
  key = createKey();
});

type Item = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(body: unknown, k: string | null = key) {
  return callHandler(POST, body, { key: k, path: "/open/law_vector_search" });
}
async function search(body: unknown): Promise<{ items: Item[]; body: Item }> {
  const r = await call(body);
  expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(200);
  expect(r.body.msg).toBe("success");
  expect(r.body.code).toBe(200);
  return { items: r.body.extra.fatiao, body: r.body };
}
function expectVectorFailure(r: { status: number; body: Item }, status: number) {
  expect(r.status).toBe(status);
  expect(r.body).toMatchObject({ code: status, extra: { fatiao: [] }, answer: "", messageId: "", style: "" });
  expect(typeof r.body.msg).toBe("string");
  expect(r.body.msg.length).toBeGreaterThan(0);
  expect(typeof r.body.request_id).toBe("string");
}

const Q = "公司拖欠工资不给加班费怎么办";

describe("law_vector_search failures", () => {
  it("401 without a key, with an unknown, blocked, revoked or expired key", async () => {
    expectVectorFailure(await call({ query: Q }, null), 401);
    expectVectorFailure(await call({ query: Q }, "sk-not-a-real-key"), 401);
    const store = getKeysStore();
    const blocked = store.create({ tier: "standard" });
    expect(store.setBlocked(blocked.info.id, true)).toBe(true);
    expectVectorFailure(await call({ query: Q }, blocked.key), 401);
    const revoked = store.create({ tier: "standard" });
    expect(store.revoke(revoked.info.id)).toBe(true);
    expectVectorFailure(await call({ query: Q }, revoked.key), 401);
    const expired = createKey("standard", { expires: "2000-01-01" });
    expectVectorFailure(await call({ query: Q }, expired), 401);
  });

  it("400 on a body that is not JSON", async () => {
    expectVectorFailure(await call("{not json"), 400);
    expectVectorFailure(await call(""), 400);
  });

  it("422 on {} / missing, empty or non-string query, with a pydantic-style detail", async () => {
    for (const body of [{}, { rewrite_flag: true }, { query: "" }, { query: "   " }, { query: 12 }, [], "null", 5]) {
      const r = await call(body);
      expectVectorFailure(r, 422);
      expect(Array.isArray(r.body.detail)).toBe(true);
    }
    const r = await call({});
    expect(r.body.detail[0].loc).toEqual(["body", "query"]);
  });

  it("422 on bad types and enum values, naming the allowed values", async () => {
    expectVectorFailure(await call({ query: Q, rewrite_flag: "yes" }), 422);
    expectVectorFailure(await call({ query: Q, return_num: 2.5 }), 422);
    expectVectorFailure(await call({ query: Q, return_num: "10" }), 422);
    expectVectorFailure(await call({ query: Q, fatiao_filter: "x" }), 422);
    const sxx = await call({ query: Q, fatiao_filter: { sxx: ["有效"] } });
    expectVectorFailure(sxx, 422);
    expect(sxx.body.msg).toContain("现行有效");
    expectVectorFailure(await call({ query: Q, fatiao_filter: { effect1: ["法规"] } }), 422);
    expectVectorFailure(await call({ query: Q, fatiao_filter: { sxx: "现行有效" } }), 422);
    const dy = await call({ query: Q, fatiao_filter: { dy: ["火星"] } });
    expectVectorFailure(dy, 422);
    expect(dy.body.msg).toContain("北京");
    expect(dy.body.msg).toContain("中央");
  });

  it("422 on bad dates and an empty window", async () => {
    for (const d of ["2024/01/01", "2024-13-01", "2024-02-30", "20240101", "", "yesterday"]) {
      expectVectorFailure(await call({ query: Q, fatiao_filter: { law_start: d } }), 422);
      expectVectorFailure(await call({ query: Q, fatiao_filter: { law_end: d } }), 422);
    }
    expectVectorFailure(await call({ query: Q, fatiao_filter: { law_start: "2020-01-02", law_end: "2020-01-01" } }), 422);
  });
});

describe("law_vector_search success", () => {
  it("returns the documented body and every item field with its type", async () => {
    const { items, body } = await search({ query: Q });
    expect(Object.keys(body).sort()).toEqual(["answer", "code", "extra", "messageId", "msg", "notice", "request_id", "search_mode", "style"].sort());
    expect(body.answer).toBe("");
    expect(body.style).toBe("");
    expect(body.messageId).toBe(body.request_id);
    expect(body.search_mode).toBe("hybrid");
    expect(body.notice).toBe("");
    for (const [k, v] of Object.entries(body.extra)) if (k !== "fatiao") expect(v).toEqual([]);
    expect(items.length).toBeGreaterThan(0);
    let prev = Infinity;
    for (const it of items) {
      expect(Object.keys(it).sort()).toEqual(
        ["ftid", "fgid", "fgtitle", "num", "content", "type", "sxx", "effect1", "effect2", "dy", "location", "start", "end", "score", "tag",
          // documented extra fields (README "Dates and validity")
          "data_as_of", "validity_source", "implement_date_source"].sort(),
      );
      for (const k of ["ftid", "fgid", "fgtitle", "num", "content", "sxx", "effect1", "effect2", "dy", "location"]) expect(typeof it[k], k).toBe("string");
      expect(it.ftid.startsWith(`${it.fgid}_`)).toBe(true);
      expect(it.type).toBe(1);
      expect(Number.isInteger(it.start)).toBe(true);
      expect(Number.isInteger(it.end)).toBe(true);
      if (it.start !== 0) expect(String(it.start)).toMatch(/^(19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/);
      expect(String(it.end)).toMatch(/^\d{8}$/);
      expect(it.end).toBeGreaterThanOrEqual(it.start);
      expect(typeof it.score).toBe("number");
      expect(it.score).toBeGreaterThan(0);
      expect(it.score).toBeLessThanOrEqual(1);
      expect(it.score).toBeLessThanOrEqual(prev);
      prev = it.score;
      expect(it.tag).toEqual([]);
    }
    expect(new Set(items.map((i) => i.ftid)).size).toBe(items.length);
  });

  it("answers 公司拖欠工资不给加班费怎么办 with 劳动法 第四十四条 and 劳动合同法 articles on 劳动报酬", async () => {
    // top 30: the learned ranking (rerank.ts) puts the law the answered questions vote for (劳动合同法) first
    // and 劳动法 第四十四条 at 24 on this slice (the hand-made fusion had it in the top 10)
    const { items } = await search({ query: Q, return_num: 30 });
    const top = items.map((i) => `${i.fgtitle} ${i.num}`);
    expect(top.some((t) => /劳动法 第四十四条/.test(t) && !t.includes("劳动合同法")), top.join("\n")).toBe(true);
    expect(items.some((i) => i.fgtitle.includes("劳动合同法") && i.content.includes("劳动报酬")), top.join("\n")).toBe(true);
  });

  it("return_num: absent → 45, 3 → 3, 0 and negative → 45, 1000 → capped at what was retrieved (≤ 100)", async () => {
    const broad = "合同违约的赔偿责任";
    const dflt = (await search({ query: broad })).items.length;
    expect(dflt).toBe(45);
    expect((await search({ query: broad, return_num: 3 })).items).toHaveLength(3);
    expect((await search({ query: broad, return_num: 1 })).items).toHaveLength(1);
    expect((await search({ query: broad, return_num: 0 })).items).toHaveLength(45);
    expect((await search({ query: broad, return_num: -5 })).items).toHaveLength(45);
    const all = (await search({ query: broad, return_num: 1000 })).items;
    expect(all.length).toBeGreaterThan(45);
    expect(all.length).toBeLessThanOrEqual(100);
    // a narrow filter retrieves fewer than asked: capped, never padded
    const few = (await search({ query: broad, return_num: 1000, fatiao_filter: { dy: ["山东"] } })).items;
    expect(few.length).toBeLessThan(100);
    expect(few.every((i) => i.dy === "山东")).toBe(true);
  });

  it("null for an optional field means absent (return_num, rewrite_flag, fatiao_filter and its fields)", async () => {
    const broad = "合同违约的赔偿责任";
    const plain = await search({ query: broad });
    const nulls = await search({ query: broad, return_num: null, rewrite_flag: null, fatiao_filter: null });
    expect(nulls.items).toEqual(plain.items);
    const innerNulls = await search({ query: broad, fatiao_filter: { sxx: null, effect1: null, dy: null, law_start: null, law_end: null } });
    expect(innerNulls.items).toEqual(plain.items);
  });

  it("a question with no searchable word succeeds with an empty list", async () => {
    const { items } = await search({ query: "？？？吗" });
    expect(items).toEqual([]);
  });

  it("the first results of a prefix of the list equal the list's head", async () => {
    const a = (await search({ query: Q, return_num: 5 })).items.map((i) => i.ftid);
    const b = (await search({ query: Q, return_num: 20 })).items.map((i) => i.ftid);
    expect(b.slice(0, 5)).toEqual(a);
  });
});

describe("law_vector_search filters", () => {
  const q = "违反规定应当承担什么法律责任";

  it("sxx alone, several values as OR", async () => {
    const lost = (await search({ query: q, fatiao_filter: { sxx: ["失效"] } })).items;
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.every((i) => i.sxx === "失效")).toBe(true);
    const both = (await search({ query: q, return_num: 100, fatiao_filter: { sxx: ["失效", "已被修改"] } })).items;
    expect(both.every((i) => i.sxx === "失效" || i.sxx === "已被修改")).toBe(true);
    // OR: each value alone finds clauses, and both together retrieve at least as many as either (the ranking
    // may fill the 100 from one of them: the learned ranking favours the law it trusts most)
    const changed = (await search({ query: q, return_num: 100, fatiao_filter: { sxx: ["已被修改"] } })).items;
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.every((i) => i.sxx === "已被修改")).toBe(true);
    const lostAll = (await search({ query: q, return_num: 100, fatiao_filter: { sxx: ["失效"] } })).items;
    expect(both.length).toBeGreaterThanOrEqual(Math.max(changed.length, lostAll.length));
  });

  it("effect1 alone", async () => {
    const items = (await search({ query: q, fatiao_filter: { effect1: ["司法解释"] } })).items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.effect1 === "司法解释")).toBe(true);
  });

  it("dy: short and full names give the same result; several combine as OR; 中央", async () => {
    const short = (await search({ query: q, fatiao_filter: { dy: ["北京"] } })).items;
    const full = (await search({ query: q, fatiao_filter: { dy: ["北京市"] } })).items;
    expect(short.length).toBeGreaterThan(0);
    expect(full.map((i) => i.ftid)).toEqual(short.map((i) => i.ftid));
    expect(short.every((i) => i.dy === "北京")).toBe(true);
    const zj = (await search({ query: q, fatiao_filter: { dy: ["浙江省"] } })).items;
    expect(zj.length).toBeGreaterThan(0);
    expect(zj.every((i) => i.dy === "浙江")).toBe(true);
    const or = (await search({ query: q, return_num: 100, fatiao_filter: { dy: ["北京", "浙江省", "山东"] } })).items;
    expect(or.every((i) => ["北京", "浙江", "山东"].includes(i.dy))).toBe(true);
    expect(new Set(or.map((i) => i.dy)).size).toBeGreaterThan(1);
    const central = (await search({ query: q, fatiao_filter: { dy: ["中央"] } })).items;
    expect(central.every((i) => i.dy === "中央")).toBe(true);
    // valid names of regions without documents: accepted, empty result
    for (const d of ["内蒙古自治区", "广西壮族自治区", "广西", "新疆维吾尔自治区", "广东省"]) {
      const r = await call({ query: q, fatiao_filter: { dy: [d] } });
      expect(r.status, d).toBe(200);
      expect(r.body.extra.fatiao.every((i: Item) => d.startsWith(i.dy))).toBe(true);
    }
  });

  it("empty lists do not filter", async () => {
    const a = (await search({ query: q })).items.map((i) => i.ftid);
    const b = (await search({ query: q, fatiao_filter: { sxx: [], effect1: [], dy: [] } })).items.map((i) => i.ftid);
    expect(b).toEqual(a);
  });

  it("date window: start ≤ law_end and end ≥ law_start (overlap)", async () => {
    const early = (await search({ query: q, return_num: 100, fatiao_filter: { law_end: "2010-12-31" } })).items;
    expect(early.length).toBeGreaterThan(0);
    expect(early.every((i) => i.start > 0 && i.start <= 20101231)).toBe(true);
    const late = (await search({ query: q, return_num: 100, fatiao_filter: { law_start: "2021-01-01" } })).items;
    expect(late.every((i) => i.end >= 20210101)).toBe(true);
    const day = (await search({ query: q, return_num: 100, fatiao_filter: { law_start: "2022-06-01", law_end: "2022-06-01" } })).items;
    expect(day.length).toBeGreaterThan(0);
    expect(day.every((i) => i.start <= 20220601 && i.end >= 20220601)).toBe(true);
    // 民法典 took effect 2021-01-01: not in force during 2020
    const y2020 = (await search({ query: "民事主体的人身权利", return_num: 100, fatiao_filter: { law_start: "2020-01-01", law_end: "2020-12-31" } })).items;
    expect(y2020.some((i) => i.fgtitle.includes("民法典"))).toBe(false);
  });

  it("filters combine with AND", async () => {
    const items = (
      await search({ query: q, return_num: 100, fatiao_filter: { sxx: ["现行有效"], effect1: ["法律"], dy: ["中央"], law_start: "2022-01-01" } })
    ).items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.sxx === "现行有效" && i.effect1 === "法律" && i.dy === "中央" && i.end >= 20220101)).toBe(true);
    const none = (await search({ query: q, fatiao_filter: { effect1: ["司法解释"], dy: ["北京"] } })).items;
    expect(none).toEqual([]);
  });
});

describe("law_vector_search rewrite", () => {
  it("rewrite_flag true reports the rewritten query in answer and searches with it", async () => {
    const { items, body } = await search({ query: "老板把我炒鱿鱼了，能要求赔偿吗？", rewrite_flag: true, return_num: 10 });
    expect(body.answer).toContain("用人单位");
    expect(body.answer).toContain("解除劳动合同");
    expect(body.answer).not.toContain("炒鱿鱼");
    expect(items.some((i) => /劳动合同法|劳动法/.test(i.fgtitle))).toBe(true);
    const plain = await search({ query: "老板把我炒鱿鱼了，能要求赔偿吗？", rewrite_flag: false });
    expect(plain.body.answer).toBe("");
  });

  it("a question without colloquial terms is reported unchanged (normalised)", async () => {
    const { body } = await search({ query: "公司解散后的清算程序", rewrite_flag: true });
    expect(body.answer).toBe("公司解散后的清算程序");
  });
});
