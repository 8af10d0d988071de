// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import type { CheckResult } from "./check-types";
import { buildReviewModel, type MarkNode } from "./review-model";
import { sanitizeHighlightedToFragment } from "./sanitize-html";
import { regulationVerdict } from "./verdict";

const result: CheckResult = {
  request_id: "rid-1",
  highlighted_text:
    '甲<span class="hl-statute-link" data-extract-reg-id="r2">《民法典》第五百七十七条</span>乙' +
    '<span class="missing-ref" data-extract-reg-id="r1">《不存在法》第一条</span>丙' +
    '<span class="case-hit">（2020）京01民终123号</span>&lt;img src=x onerror=1&gt;',
  regulations: [
    { name: "不存在法", clause: "第一条", content: "x", extract_reg_id: "r1", url: "", think_tank_content: "", law_exists: false },
    {
      name: "《民法典》", clause: "第五百七十七条", content: "应当承担违约责任", extract_reg_id: "r2",
      url: "/zxt/statuteDetail/detailPage/f1?text=577", think_tank_content: "应当承担继续履行等违约责任",
      validity_status: "现行有效", semantic_compare: { 结论: "部分一致", 语义相似度: 0.82, 要点: ["缺少继续履行"] },
    },
    { name: "公司法", clause: "", content: "", extract_reg_id: "r3", source_no_specific_clause: true, law_exists: true, validity_status: "已被修改", url: "/zxt/statuteDetail/detailPage/g" },
  ],
  cases: [{ case_number: "(2020)京01民终123号", url: "/zxt/caseDetail/c1", court: "北京市第一中级人民法院" }],
};

describe("buildReviewModel", () => {
  const model = buildReviewModel(result, sanitizeHighlightedToFragment(result.highlighted_text));
  it("orders items by their marks, unmarked last", () => {
    expect(model.items.map((i) => i.key)).toEqual(["r-r2", "r-r1", "c-0", "r-r3"]);
    expect(model.items.map((i) => i.n)).toEqual([1, 2, 3, 4]);
  });
  it("derives verdicts and validity", () => {
    expect(model.items.map((i) => i.verdict)).toEqual(["partial", "missing", "consistent", "name-only"]);
    expect(model.items[3]!.validity).toBe("amended");
    expect(model.counts).toMatchObject({ partial: 1, missing: 1, consistent: 1, "name-only": 1 });
  });
  it("links marks to items (case by number, brackets normalised) and keeps escaped text as text", () => {
    const marks = model.nodes.filter((n): n is MarkNode => typeof n !== "string");
    expect(marks.map((m) => m.item?.key)).toEqual(["r-r2", "r-r1", "c-0"]);
    expect(marks[0]!.id).toBe("mark-r-r2");
    expect(model.nodes[model.nodes.length - 1]).toBe("<img src=x onerror=1>");
  });
});

describe("regulationVerdict", () => {
  const base = { name: "n", clause: "第一条", content: "c", extract_reg_id: "x", url: "/u", think_tank_content: "t" };
  it.each([
    [{ semantic_compare: { 结论: "一致" } }, "consistent"],
    [{ semantic_compare: { 结论: "不一致" } }, "inconsistent"],
    [{ semantic_compare: { 结论: "无法判断" } }, "unknown"],
    [{ think_tank_clause_missing: true, think_tank_content: "" }, "missing"],
    [{ url: "", think_tank_content: "" }, "missing"],
    [{ source_no_specific_clause: true, law_exists: false, clause: "" }, "missing"],
    [{ source_no_specific_clause: true, clause: "" }, "name-only"],
  ])("%o → %s", (patch, expected) => {
    expect(regulationVerdict({ ...base, ...patch })).toBe(expected);
  });
});
