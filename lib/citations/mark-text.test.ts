import { describe, expect, it } from "vitest";
import { extractCitations } from "./extract-citations";
import { markText, type Mark } from "./mark-text";
import { assertOnlySpecSpans } from "@/test/helpers/assert-spec-spans";

describe("markText", () => {
  const hostile =
    '<script>alert(1)</script>依据《民法典》第五百七十七条"><img src=x onerror=alert(1)>，参见（2021）最高法民终123号。<b onmouseover="x">&amp;</b>\'';

  it("escapes everything and adds only the spec's spans", () => {
    const ex = extractCitations(hostile);
    const marks: Mark[] = [
      ...ex.statutes.map((s, i) => ({ start: s.start, end: s.end, id: `s${i}`, kind: "statute" as const, found: true })),
      ...ex.cases.map((c, i) => ({ start: c.start, end: c.end, id: `c${i}`, kind: "case" as const, found: false })),
    ];
    expect(marks).toHaveLength(2);
    const html = markText(hostile, marks);
    expect(assertOnlySpecSpans(html)).toBe(hostile);
    expect(html).not.toMatch(/<script|<img|<b /);
    expect(html).toContain('<span class="hl-statute-link" data-extract-reg-id="s0" data-kind="statute">《民法典》第五百七十七条</span>');
    expect(html).toContain('<span class="hl-case-ref missing-ref" data-extract-reg-id="c0" data-kind="case">（2021）最高法民终123号</span>');
  });

  it("the strict check rejects foreign markup", () => {
    expect(() => assertOnlySpecSpans("<img src=x>")).toThrow();
    expect(() => assertOnlySpecSpans('<span class="x">a</span>')).toThrow();
  });

  it("hostile ids are escaped in attributes", () => {
    const html = markText("abc", [{ start: 0, end: 1, id: '"><script>', kind: "statute", found: false }]);
    expect(html).toContain("&quot;&gt;&lt;script&gt;");
    expect(html).not.toContain("<script>");
  });

  it.each([
    [true, "statute", "hl-statute-link"],
    [false, "statute", "missing-ref"],
    [true, "case", "hl-case-ref case-hit"],
    [false, "case", "hl-case-ref missing-ref"],
  ] as const)("found=%s kind=%s → %s", (found, kind, cls) => {
    expect(markText("甲乙", [{ start: 0, end: 1, id: "x", kind, found }])).toBe(`<span class="${cls}" data-extract-reg-id="x" data-kind="${kind}">甲</span>乙`);
  });

  it("identical fragments (a range) become one span listing every id; missing wins", () => {
    const html = markText("第二十至二十三条", [
      { start: 0, end: 8, id: "a", kind: "statute", found: true },
      { start: 0, end: 8, id: "b", kind: "statute", found: false },
    ]);
    expect(html).toBe('<span class="missing-ref" data-extract-reg-id="a" data-extract-reg-ids="a b" data-kind="statute">第二十至二十三条</span>');
  });

  it("partly overlapping fragments are clipped, never nested", () => {
    const html = markText("0123456789", [
      { start: 2, end: 6, id: "a", kind: "statute", found: true },
      { start: 4, end: 8, id: "b", kind: "case", found: true },
    ]);
    expect(assertOnlySpecSpans(html)).toBe("0123456789");
    expect(html).toContain('data-extract-reg-id="b" data-kind="case">67</span>');
  });

  it("out-of-range marks are ignored and empty text stays empty", () => {
    expect(markText("", [])).toBe("");
    expect(markText("ab", [{ start: 1, end: 9, id: "x", kind: "case", found: true }])).toBe("ab");
  });
});

