// @vitest-environment jsdom
import { Packer } from "docx";
import { describe, expect, it } from "vitest";
import type { CheckResult } from "./check-types";
import { memoDocument } from "./docx-memo";
import { docxToText } from "./docx-text";
import { buildReport, categoryOf, reportMarkdown } from "./report";
import { buildReviewModel, groupItems } from "./review-model";
import { sanitizeHighlightedToFragment } from "./sanitize-html";
import { validityView } from "./validity-as-of";

const SOURCE = "第一款正文。\n第二款：应当承担继续履行等违约责任。";
const result: CheckResult = {
  request_id: "rid-1",
  reference_date: { date: "2024-05-20", basis: "document_date", evidence: "2024年5月20日", note: "以 2024-05-20 为准：文书落款日期「2024年5月20日」" },
  highlighted_text:
    '甲<span class="hl-statute-link" data-extract-reg-id="r2">《民法典》第五百七十七条第二款</span>乙' +
    '<span class="missing-ref" data-extract-reg-id="r1">《不存在法》第一条</span>丙' +
    '<span class="hl-statute-link" data-extract-reg-id="r4">《民法典》第五百七十七条第二款</span>' +
    '<span class="case-hit">（2020）京01民终123号</span>',
  regulations: [
    { name: "不存在法", clause: "第一条", content: "x", extract_reg_id: "r1", url: "", think_tank_content: "", law_exists: false, match_status: "law_not_found" },
    {
      name: "《民法典》", clause: "第五百七十七条第二款", content: "应当承担违约责任", extract_reg_id: "r2", fgid: "f1", tid: "577",
      url: "/zxt/statuteDetail/detailPage/f1?text=577", think_tank_content: SOURCE, think_tank_scope: { start: 7, end: SOURCE.length },
      claim_style: "quote", claim_text: "应当承担违约责任",
      validity_status: "现行有效", semantic_compare: { 结论: "部分一致", 语义相似度: 0.82, 要点: ["缺少继续履行"], 依据: ["继续履行"] },
    },
    {
      name: "公司法", clause: "", content: "", extract_reg_id: "r3", source_no_specific_clause: true, law_exists: true, validity_status: "已被修改", url: "/zxt/statuteDetail/detailPage/g",
      data_as_of: "2025-04-05", implement_date: "2017-03-01", implement_date_source: "推定：版本日期 2017-03-01 晚于题注所列各次制定/修改（2016-02-06），题注未载该次修改",
    },
    {
      name: "《民法典》", clause: "第五百七十七条第二款", content: "", extract_reg_id: "r4", fgid: "f1", tid: "577",
      url: "/zxt/statuteDetail/detailPage/f1?text=577", think_tank_content: SOURCE, think_tank_scope: { start: 7, end: SOURCE.length },
      claim_style: "application", validity_status: "现行有效", semantic_compare: { 结论: "一致" },
    },
  ],
  cases: [{ case_number: "(2020)京01民终123号", url: "/zxt/caseDetail/c1", court: "北京市第一中级人民法院" }],
};

const model = buildReviewModel(result, sanitizeHighlightedToFragment(result.highlighted_text));
const report = buildReport(model, { origin: "https://desk.example", referenceDate: result.reference_date, requestId: "rid-1" });

describe("memo", () => {
  it("sorts by severity: 部分一致, 疑似虚构, 已被修改, then 一致 (document order within)", () => {
    expect(report.entries.map((e) => [e.label, e.category])).toEqual([
      ["《民法典》第五百七十七条第二款", "partial"],
      ["《不存在法》第一条", "fictitious"],
      ["《公司法》", "outdated"],
      ["《民法典》第五百七十七条第二款", "consistent"],
      ["(2020)京01民终123号", "consistent"],
    ]);
    expect(report.summary.map((s) => s.label)).toEqual(["部分一致", "疑似虚构", "已失效/已被修改", "一致"]);
  });
  it("gives the cited 款 only as the authoritative text, and absolute links from the origin", () => {
    const first = report.entries[0]!;
    expect(first.authoritative).toBe("第二款：应当承担继续履行等违约责任。");
    expect(first.link?.href).toBe("https://desk.example/zxt/statuteDetail/detailPage/f1?text=577");
    expect(first.suggestion).toBe("按权威文本改正引文。");
    expect(first.facts.join("\n")).toContain("依据：「继续履行」");
  });
  it("states every validity with its source's as-of date, and a 推定 施行日期 as such", () => {
    const outdated = report.entries.find((e) => e.category === "outdated")!;
    expect(outdated.facts).toContain(`时效性：${validityView("已被修改", "2025-04-05").badge}（${validityView("已被修改", "2025-04-05").asOfText}）`);
    expect(outdated.facts).toContain("施行日期：2017-03-01（推定）");
    // no as-of date from the source: said so, never a bare validity
    expect(report.entries[0]!.facts).toContain("时效性：现行有效（数据截至日期不详）");
  });
  it("writes Markdown with the reference date, the summary and the entries in the same order", () => {
    const md = reportMarkdown(report);
    expect(md).toContain("# 引用核查备忘录");
    expect(md).toContain("- 参照日期：以 2024-05-20 为准：文书落款日期「2024年5月20日」");
    expect(md).toContain("| 部分一致 | 1 | 1 |");
    const heads = [...md.matchAll(/^### (\d+)\. /gm)].map((m) => Number(m[1]));
    expect(heads).toEqual([1, 2, 3, 4, 5]);
    expect(md).not.toContain("127.0.0.1");
    expect(md).toContain("链接：https://desk.example/zxt/caseDetail/c1");
  });
  it("writes a .docx that reads back with the same content (docx → mammoth)", async () => {
    const buf = await Packer.toBuffer(memoDocument(report));
    const ab = buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer;
    const text = await docxToText(ab);
    const lines = text.split("\n");
    expect(lines[0]).toBe("引用核查备忘录");
    expect(text).toContain("参照日期：以 2024-05-20 为准");
    expect(text).toContain("问题摘要");
    expect(text.indexOf("1. 《民法典》第五百七十七条第二款 — 部分一致")).toBeLessThan(text.indexOf("2. 《不存在法》第一条 — 疑似虚构"));
    expect(text).toContain("https://desk.example/zxt/statuteDetail/detailPage/f1?text=577");
    expect(text).toContain("建议修改：按权威文本改正引文。");
  });
});

describe("memo: the draft's words", () => {
  const SENTENCE = "本院认为，被告人韩某某开设赌场、敲诈勒索，依照《中华人民共和国刑法》第六十九条之规定，对被告人韩某某数罪并罚";
  const one = (style: string, content: string, claim: string) => {
    const r: CheckResult = {
      request_id: "rid-2",
      highlighted_text: '<span class="hl-statute-link" data-extract-reg-id="a1">《中华人民共和国刑法》第六十九条</span>',
      regulations: [
        { name: "《中华人民共和国刑法》", clause: "第六十九条", content, extract_reg_id: "a1", fgid: "x", tid: "69", url: "/zxt/statuteDetail/detailPage/x?text=69", think_tank_content: "判决宣告以前一人犯数罪的……", claim_style: style, claim_text: claim, validity_status: "现行有效", semantic_compare: { 结论: "一致" } },
      ],
      cases: [],
    } as CheckResult;
    return buildReport(buildReviewModel(r, sanitizeHighlightedToFragment(r.highlighted_text))).entries[0]!.claim;
  };
  it.each([
    ["an application shows the sentence as written, not what was compared", "application", SENTENCE, "开设赌场、敲诈勒索，对，数罪并罚", SENTENCE],
    ["a restatement likewise", "restatement", SENTENCE, "开设赌场、敲诈勒索，对，数罪并罚", SENTENCE],
    ["a quote shows the quoted words", "quote", "《刑法》第六十九条规定：“判决宣告以前一人犯数罪的”", "判决宣告以前一人犯数罪的", "判决宣告以前一人犯数罪的"],
    ["a pasted text shows the text after the number", "pasted", "第六十九条判决宣告以前一人犯数罪的", "判决宣告以前一人犯数罪的", "判决宣告以前一人犯数罪的"],
    ["with no sentence kept, what was compared", "application", "", "数罪并罚", "数罪并罚"],
  ])("%s", (_name, style, content, claim, want) => {
    expect(one(style, content, claim)).toBe(want);
  });
});

describe("groupItems", () => {
  it("groups repeated citations of one clause, keeping each occurrence", () => {
    const groups = groupItems(model.items);
    const g = groups.find((x) => x.label === "《民法典》第五百七十七条第二款")!;
    expect(g.items.map((i) => i.reg!.extract_reg_id)).toEqual(["r2", "r4"]);
    expect(groups).toHaveLength(4);
  });
  it("categories", () => {
    expect(model.items.map(categoryOf)).toEqual(["partial", "fictitious", "consistent", "consistent", "outdated"]);
  });
});
