import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { highlightFragment } from "./highlight-fragment";

describe("highlightFragment", () => {
  it("wraps every occurrence in <em>, longest term first", () => {
    expect(highlightFragment("合同解除后，合同终止", ["合同解除", "合同"])).toBe("<em>合同解除</em>后，<em>合同</em>终止");
  });

  it("escapes everything else", () => {
    expect(highlightFragment('<script>alert("合同")</script> & 合同', ["合同"])).toBe(
      "&lt;script&gt;alert(&quot;<em>合同</em>&quot;)&lt;/script&gt; &amp; <em>合同</em>",
    );
  });

  it("keeps about 120 characters around the first match, with ellipses", () => {
    const text = "甲".repeat(200) + "违约" + "乙".repeat(200);
    const frag = highlightFragment(text, ["违约"])!;
    expect(frag.startsWith("…")).toBe(true);
    expect(frag.endsWith("…")).toBe(true);
    expect(frag.replace(/<\/?em>|…/g, "")).toHaveLength(120);
    expect(frag).toContain("甲".repeat(30) + "<em>违约</em>");
  });

  it("matches traditional / full-width text and returns the original characters", () => {
    expect(highlightFragment("當事人違約的", ["违约"])).toBe("當事人<em>違約</em>的");
    expect(highlightFragment("ＧＢ标准", ["gb"])).toBe("<em>ＧＢ</em>标准");
  });

  it("returns null without a match", () => {
    expect(highlightFragment("合同", ["违约"])).toBeNull();
    expect(highlightFragment("", ["违约"])).toBeNull();
  });

  it("never emits markup other than <em> (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.array(fc.string({ minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }), (text, terms) => {
        const out = highlightFragment(text, terms);
        if (out === null) return;
        const stripped = out.replace(/<\/?em>/g, "");
        expect(stripped).not.toMatch(/[<>"]/);
        expect(out.match(/<em>/g)?.length ?? 0).toBe(out.match(/<\/em>/g)?.length ?? 0);
      }),
      { numRuns: 300 },
    );
  });
});
