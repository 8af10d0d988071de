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
