import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/api-error";
import { keywordRequestSchema } from "./request-fields";
import { EMPTY_BODY_MESSAGE, EMPTY_KEYWORD_MESSAGE, parseSearchRequest } from "./parse-search-request";
import { normalizeTopK } from "./normalize-top-k";
import { splitParts } from "./split-parts";
import { isCalendarDate } from "./validate-date";

const ft = (body: unknown) => parseSearchRequest(keywordRequestSchema, body, { keywordRequired: true });
const fg = (body: unknown) => parseSearchRequest(keywordRequestSchema, body, { keywordRequired: false });

function failure(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error("expected an ApiError");
}

describe("parseSearchRequest: failures in the spec's order", () => {
  it.each([
    ["array", [1]],
    ["string", "合同"],
    ["number", 5],
    ["null", null],
  ])("a non-object body (%s) is a 422 validation error", (_n, body) => {
    expect(failure(() => fg(body))).toEqual({ code: "VALIDATION_ERROR", message: "请求体必须是 JSON 对象" });
  });

  it("{} is EMPTY_BODY with the spec's message, even where keyword is optional", () => {
    expect(failure(() => ft({}))).toEqual({ code: "EMPTY_BODY", message: EMPTY_BODY_MESSAGE });
    expect(failure(() => fg({}))).toEqual({ code: "EMPTY_BODY", message: "请求参数不能为空" });
  });

  it.each([
    [{ top_k: 5 }],
    [{ keyword: "" }],
    [{ keyword: "   " }],
    [{ keyword: "\u3000" }],
    [{ keyword: null }],
  ])("a missing or blank keyword on rh_ft_search gives the spec's message: %j", (body) => {
    expect(failure(() => ft(body))).toEqual({ code: "VALIDATION_ERROR", message: EMPTY_KEYWORD_MESSAGE });
  });

  it("keyword of the wrong type is a zod 422 naming the field", () => {
    const f = failure(() => ft({ keyword: 5 }));
    expect(f.code).toBe("VALIDATION_ERROR");
    expect(f.message).toMatch(/^keyword: /);
    expect(failure(() => fg({ sxx: ["现行有效"] })).message).toMatch(/^sxx: /);
  });

  it("an unknown search_mode names the allowed values", () => {
    expect(failure(() => ft({ keyword: "合同", search_mode: "XOR" }))).toEqual({
      code: "VALIDATION_ERROR",
      message: "search_mode 参数取值无效: XOR；可选值: AND、OR",
    });
  });

  it.each([
    ["sxx", "有效", "现行有效、失效、已被修改、部分失效、尚未生效"],
    ["dy", "北京 火星", "中央、北京、天津"],
    ["xljb_1", "法规", "宪法、法律、司法解释"],
  ])("an unknown %s value is a 422 naming the field and the allowed values", (field, value, allowedStart) => {
    const f = failure(() => fg({ [field]: value }));
    expect(f.code).toBe("VALIDATION_ERROR");
    expect(f.message.startsWith(`${field} 参数取值无效: `)).toBe(true);
    expect(f.message).toContain(`可选值: ${allowedStart}`);
  });

  it.each(["2020-13-01", "2023-02-29", "2020/01/01", "20200101", "2020-1-1", "yesterday"])(
    "a malformed or impossible date %s is a 422 naming the field",
    (d) => {
      const f = failure(() => fg({ fbrq_start: d }));
      expect(f.code).toBe("VALIDATION_ERROR");
      expect(f.message).toBe(`fbrq_start 日期格式无效: ${d}（应为 yyyy-MM-dd 格式的有效日期）`);
      expect(failure(() => fg({ ssrq_end: d })).message.startsWith("ssrq_end 日期格式无效")).toBe(true);
    },
  );

  it("an over-long keyword is refused", () => {
    expect(failure(() => ft({ keyword: "合".repeat(201) })).message).toBe("keyword 过长：最多 200 个字符");
    expect(failure(() => ft({ keyword: Array(17).fill("合同").join(" ") })).message).toMatch(/keyword 片段过多/);
  });
});

describe("parseSearchRequest: accepted requests", () => {
  it("splits keyword and filters on ASCII and ideographic spaces, defaults AND, ignores unknown fields", () => {
    const r = ft({ keyword: " 合同\u3000解除  违约 ", fgmc: "民法典", dy: "北京 上海", fbbm: "人民政府\u3000委员会", foo: 1 });
    expect(r.parts).toEqual(["合同", "解除", "违约"]);
    expect(r.mode).toBe("AND");
    expect(r.filters).toEqual({ fgmc: ["民法典"], dy: ["北京", "上海"], fbbm: ["人民政府", "委员会"] });
    expect(r.topK).toBe(10);
  });

  it.each([
    [undefined, "AND"],
    ["", "AND"],
    ["or", "OR"],
    [" Or ", "OR"],
    ["and", "AND"],
  ])("search_mode %j → %s", (mode, expected) => {
    expect(ft({ keyword: "合同", search_mode: mode }).mode).toBe(expected);
  });

  it("keeps valid dates and enumeration values; blank filters are no filter", () => {
    const r = fg({ sxx: "现行有效 失效", xljb_1: "法律", fbrq_start: "2020-01-01", fbrq_end: "2024-02-29", ssrq_start: " ", dy: "" });
    expect(r.filters).toEqual({ sxx: ["现行有效", "失效"], xljb_1: ["法律"], fbrq_start: "2020-01-01", fbrq_end: "2024-02-29" });
    expect(r.parts).toEqual([]);
  });

  it("rh_fg_search accepts a body with only filters or only top_k", () => {
    expect(fg({ top_k: 3 }).topK).toBe(3);
    expect(fg({ keyword: "" }).parts).toEqual([]);
  });
});

describe("normalizeTopK", () => {
  it.each([
    [undefined, 10],
    [null, 10],
    [0, 10],
    [-1, 10],
    [7, 7],
    [50, 50],
    [51, 50],
    [1e9, 50],
    [7.9, 7],
    [0.5, 10],
    ["7", 7],
    ["abc", 10],
    ["", 10],
    [true, 10],
    [Number.NaN, 10],
    [Number.POSITIVE_INFINITY, 10],
    [{}, 10],
  ])("%j → %d", (v, n) => {
    expect(normalizeTopK(v)).toBe(n);
  });
});

describe("helpers", () => {
  it("splitParts drops empty parts", () => {
    expect(splitParts("a\u3000\u3000b\t c")).toEqual(["a", "b", "c"]);
    expect(splitParts(undefined)).toEqual([]);
  });
  it("isCalendarDate knows leap years", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("1900-02-29")).toBe(false);
    expect(isCalendarDate("2023-04-31")).toBe(false);
    // years below 100 are years, not 19xx (Date.UTC would read 0 as 1900); 0000 is a leap year
    expect(isCalendarDate("0000-02-29")).toBe(true);
    expect(isCalendarDate("0100-02-29")).toBe(false);
    expect(isCalendarDate("0004-02-29")).toBe(true);
    expect(isCalendarDate("0001-02-29")).toBe(false);
    expect(isCalendarDate("2000-02-29")).toBe(true);
  });

  it("isCalendarDate agrees with the ISO calendar for every day of 400 years", () => {
    for (let t = Date.UTC(1600, 0, 1); t < Date.UTC(2000, 0, 1); t += 86_400_000) {
      expect(isCalendarDate(new Date(t).toISOString().slice(0, 10))).toBe(true);
    }
    for (const y of [1700, 1800, 1900, 2100, 2023]) expect(isCalendarDate(`${y}-02-29`)).toBe(false);
  });
});
