/** Whole-pipeline properties over the slice index: limits, version notes, offsets. */
import { describe, expect, it } from "vitest";
import { checkDraft, MAX_STATUTE_ENTRIES, MAX_TEXT_CHARS } from "./check-draft";
import { citationStore } from "./store-port";

describe("checkDraft", () => {
  it("a maximal draft made of citations answers in bounded time with the first entries and `truncated`", async () => {
    const text = "《民法典》第五百七十七条、".repeat(Math.ceil(MAX_TEXT_CHARS / 13)).slice(0, MAX_TEXT_CHARS);
    const t = performance.now();
    const r = await checkDraft(text, { store: citationStore(), requestId: "big" });
    expect(performance.now() - t).toBeLessThan(10_000);
    expect(r.regulations).toHaveLength(MAX_STATUTE_ENTRIES);
    expect(r.truncated?.statutes_found).toBeGreaterThan(MAX_STATUTE_ENTRIES);
  });

  it("reports which version and why", async () => {
    const r = await checkDraft("《公司法》第二十一条。", { store: citationStore(), requestId: "v" });
    const e = r.regulations[0]!;
    expect(e.version_basis).toBe("current");
    expect(e.version_note).toContain("现行");
    expect(e.versions.length).toBeGreaterThanOrEqual(2);
  });

  it.each([
    {
      why: "today, the version in force and the explanation",
      text: "根据《中华人民共和国民法典》第五百七十七条，被告未按约定付款，应当承担继续履行、赔偿损失等违约责任。",
      referenceDate: undefined,
      want: /^按 2026-11-23（今天）适用的版本，对照《中华人民共和国民法典》（2021-01-01 起施行，现行有效）第五百七十七条：第五百七十七条规定了「/,
    },
    {
      why: "procedural law at the filing date the text states",
      text: "原告于2023年5月10日向本院提起诉讼。依照《中华人民共和国民事诉讼法》第一百二十二条，起诉应当符合条件。",
      referenceDate: undefined,
      want: /^按 2023-05-10（程序法按立案日期）适用的版本，对照《中华人民共和国民事诉讼法》（2022-01-01 起施行，已被修改）第一百二十二条：/,
    },
    {
      why: "procedural law with no filing date stated: today's, said as today's (the note mentions 立案 only as missing)",
      text: "依照《中华人民共和国民事诉讼法》第一百二十二条，起诉应当符合条件。",
      referenceDate: undefined,
      want: /^按 2026-11-23（程序法按今天）适用的版本，/,
    },
    {
      why: "the version the draft names, held: no renumbering doubt although the draft is dated before it",
      text: "《中华人民共和国公司法》（2018年修正）第三十五条规定：“股东按照实缴的出资比例分取红利；公司新增资本时，股东有权优先按照实缴的出资比例认缴出资。”",
      referenceDate: "2016-05-01",
      want: /^按文书注明的 2018 年版本，对照《中华人民共和国公司法》（2018-10-26 起施行，已被修改）第三十五条：.*第三十四条/,
    },
  ])("verdict_basis says in one sentence what the verdict rests on: $why", async ({ text, referenceDate, want }) => {
    const r = await checkDraft(text, { store: citationStore(), requestId: "b", referenceDate, today: "2026-11-23" });
    const e = r.regulations[0]!;
    expect(e.verdict_basis).toMatch(want);
    expect(e.verdict_basis.endsWith(e.semantic_compare.说明)).toBe(true);
  });

  it("a sentence in an older version's numbering is that version's text, and its 说明 says where the content is now", async () => {
    const r = await checkDraft("申请执行的期间为二年，从法律文书规定履行期间的最后一日起计算，参见《民事诉讼法》第二百四十六条。", { store: citationStore(), requestId: "o", today: "2026-11-23" });
    const e = r.regulations[0]!;
    expect(e.semantic_compare.结论).toBe("一致");
    expect(e.version_basis).toBe("quote_match");
    expect(e.semantic_compare.说明).toContain("2021 年版本第二百四十六条");
    expect(e.semantic_compare.说明).toMatch(/以 2026-11-23（程序法按今天）为准应适用 2023-09-01 公布的版本，该内容现在第二百五十条，所引条号是旧版本的。$/);
  });

  it("verdict_basis without a comparison is the explanation alone", async () => {
    const r = await checkDraft("根据《合同法》第一百零七条，当事人一方不履行合同义务的，应当承担违约责任。", { store: citationStore(), requestId: "b", today: "2026-11-23" });
    const e = r.regulations[0]!;
    expect(e.verdict_basis).toBe(e.semantic_compare.说明);
  });

  it("an old version chosen by the document's own date names its replacement", async () => {
    const r = await checkDraft("《公司法》第二十条第二款。\n\n二〇一九年三月一日", { store: citationStore(), requestId: "v", today: "2026-11-23" });
    const e = r.regulations[0]!;
    expect(r.reference_date).toMatchObject({ date: "2019-03-01", basis: "document_date", evidence: "二〇一九年三月一日" });
    expect(r.draft_date).toBe("2019-03-01");
    expect(e.version_basis).toBe("reference_date");
    expect(e.validity_status).toBe("已被修改");
    expect(e.replaced_by?.fgmc).toBe("中华人民共和国公司法");
    expect(e.replaced_by?.sxx).toBe("现行有效");
  });

  it("a date inside the brief (a contract's) is a fact, not the brief's date; the 落款 is", async () => {
    const text = "双方于2022年3月15日签订合同。依据《民事诉讼法》第一百二十二条起诉。\n2024年5月20日";
    const r = await checkDraft(text, { store: citationStore(), requestId: "d", today: "2026-11-23" });
    expect(r.reference_date).toMatchObject({ date: "2024-05-20", basis: "document_date" });
  });

  it("the request's reference_date wins and is reported", async () => {
    const r = await checkDraft("《公司法》第二十条。\n2024年5月20日", { store: citationStore(), requestId: "d", referenceDate: "2019-03-01", today: "2026-11-23" });
    expect(r.reference_date).toEqual({ date: "2019-03-01", basis: "request", evidence: "", note: "以 2019-03-01 为准：请求指定的参照日期。" });
    expect(r.regulations[0]!.validity_status).toBe("已被修改");
  });

  it("without any date the check is as of today, and says so", async () => {
    const r = await checkDraft("《公司法》第二十条。", { store: citationStore(), requestId: "d", today: "2026-11-23" });
    expect(r.reference_date.basis).toBe("today");
    expect(r.draft_date).toBeNull();
    expect(r.regulations[0]!.version_basis).toBe("current");
  });

  it("entries carry offsets into the input and a normalised form", async () => {
    const text = "甲。依据《中华人民共和国民法典》第五百六十三条第一款第四项，原告有权解除。";
    const [e] = (await checkDraft(text, { store: citationStore(), requestId: "o" })).regulations;
    expect(text.slice(e!.start_index, e!.end_index)).toBe("《中华人民共和国民法典》第五百六十三条第一款第四项");
    expect(e!.normalized).toBe("中华人民共和国民法典 第563条 第1款 第4项");
  });
});
