// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { markClassesOf, sanitizeEm, sanitizeHighlighted, sanitizeHighlightedToFragment } from "./sanitize-html";

describe("sanitizeHighlighted", () => {
  const cases: [string, string, string][] = [
    ["keeps the spec's mark span with its data attribute",
      '依据<span class="hl-statute-link" data-extract-reg-id="a1">《民法典》第五百七十七条</span>。',
      '依据<span class="hl-statute-link" data-extract-reg-id="a1">《民法典》第五百七十七条</span>。'],
    ["keeps each allowed class", '<span class="missing-ref">x</span><span class="hl-case-ref">y</span><span class="case-hit">z</span>',
      '<span class="missing-ref">x</span><span class="hl-case-ref">y</span><span class="case-hit">z</span>'],
    ["drops unknown class tokens, keeps allowed ones", '<span class="hl-statute-link evil big">x</span>', '<span class="hl-statute-link">x</span>'],
    ["drops a class attribute with no allowed token", '<span class="evil">x</span>', "<span>x</span>"],
    ["strips event handlers and style", '<span class="case-hit" onclick="alert(1)" style="color:red" id="k">x</span>', '<span class="case-hit">x</span>'],
    ["removes script with its content", 'a<script>window.__xss=1</script>b', "ab"],
    ["removes img (and its onerror)", 'a<img src=x onerror="window.__xss=1">b', "ab"],
    ["unwraps disallowed elements, keeping text", '<b>粗</b><a href="javascript:alert(1)">链接</a>', "粗链接"],
    ["removes svg/iframe payloads", '<svg onload=alert(1)><circle/></svg><iframe src="x"></iframe>t', "t"],
    ["keeps escaped markup as text", "&lt;img src=x onerror=window.__xss=1&gt;", "&lt;img src=x onerror=window.__xss=1&gt;"],
    ["keeps other data-* attributes", '<span class="hl-case-ref" data-case-number="(2020)京01民终1号">x</span>',
      '<span class="hl-case-ref" data-case-number="(2020)京01民终1号">x</span>'],
  ];
  for (const [name, input, expected] of cases) {
    it(name, () => expect(sanitizeHighlighted(input)).toBe(expected));
  }

  it("never leaves an executable attribute or element (property check over payloads)", () => {
    const payloads = [
      '<span class="hl-statute-link" data-x="1" onmouseover="x()">a</span>',
      "<details open ontoggle=alert(1)>",
      '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
      "<style>@import 'x'</style>",
      '<form action="javascript:alert(1)"><input type=submit></form>',
      '<span class="hl-statute-link"><img src=x onerror=alert(1)></span>',
      "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\">",
    ];
    for (const p of payloads) {
      const out = sanitizeHighlighted(p);
      const doc = new DOMParser().parseFromString(`<body>${out}</body>`, "text/html");
      for (const el of Array.from(doc.body.querySelectorAll("*"))) {
        expect(el.tagName).toBe("SPAN");
        for (const a of Array.from(el.attributes)) expect(a.name === "class" || a.name.startsWith("data-")).toBe(true);
      }
    }
  });

  it("returns a fragment whose marks can be walked", () => {
    const frag = sanitizeHighlightedToFragment('前<span class="hl-statute-link" data-extract-reg-id="r1">甲</span>后<script>x</script>');
    expect(frag).not.toBeNull();
    const spans = frag!.querySelectorAll("span");
    expect(spans).toHaveLength(1);
    expect((spans[0] as HTMLElement).dataset.extractRegId).toBe("r1");
    expect(frag!.textContent).toBe("前甲后");
  });
});

describe("sanitizeEm", () => {
  it("keeps em only, without attributes", () => {
    expect(sanitizeEm('违约<em class="x" onclick="y">责任</em><span>z</span><script>1</script>')).toBe("违约<em>责任</em>z");
  });
  it("removes dangerous payloads", () => {
    expect(sanitizeEm("<img src=x onerror=alert(1)><em>合同</em>")).toBe("<em>合同</em>");
  });
});

describe("markClassesOf", () => {
  it("filters to the allow-list", () => {
    expect(markClassesOf("foo case-hit  hl-statute-link")).toEqual(["hl-statute-link", "case-hit"]);
  });
});
