import { describe, expect, it } from "vitest";
import { parseLawMarkdown } from "./law-markdown";

const DOC = `# 中华人民共和国示例法

# 示例编

2020年1月1日 第十三届全国人民代表大会常务委员会第十五次会议通过

<!-- INFO END -->

序言段落。

## 第一章 总则

### 第一节 一般规定

第一条 第一款。

\u200b

第二款。

（一）项一；

第一条之一 之一条文。

## 第二章 附则

第二条　全角空格后的内容。
`;

describe("parseLawMarkdown", () => {
  it("reads title, subtitle, header and articles with their paragraphs and chapter paths", () => {
    const r = parseLawMarkdown(DOC, { chapterPrefix: "第一编 示例" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const d = r.doc;
    expect(d.title).toBe("中华人民共和国示例法");
    expect(d.subtitle).toBe("示例编");
    expect(d.header).toEqual(["2020年1月1日 第十三届全国人民代表大会常务委员会第十五次会议通过"]);
    expect(d.articles.map((a) => [a.tid, a.ft_num, a.paragraphs, a.chapter])).toEqual([
      ["1", "第一条", ["第一款。", "第二款。", "（一）项一；"], "第一编 示例 / 第一章 总则 / 第一节 一般规定"],
      ["1-1", "第一条之一", ["之一条文。"], "第一编 示例 / 第一章 总则 / 第一节 一般规定"],
      ["2", "第二条", ["全角空格后的内容。"], "第一编 示例 / 第二章 附则"],
    ]);
    expect(d.blocks[0]).toEqual({ kind: "text", paragraphs: ["序言段落。"] });
    expect(d.blocks.filter((b) => b.kind === "heading").map((b) => b.kind === "heading" && [b.level, b.text])).toEqual([
      [1, "第一章 总则"],
      [2, "第一节 一般规定"],
      [1, "第二章 附则"],
    ]);
  });

  it("renames a repeated article number deterministically", () => {
    const r = parseLawMarkdown("# 法\n<!-- INFO END -->\n第一条 甲\n第一条 乙\n");
    expect(r.ok && r.doc.articles.map((a) => a.tid)).toEqual(["1", "1#2"]);
    expect(r.ok && r.doc.duplicateArticles).toBe(1);
  });

  it("rejects empty, marker-less and title-less files with a reason", () => {
    expect(parseLawMarkdown("  \n")).toEqual({ ok: false, reason: "empty file" });
    expect(parseLawMarkdown("# 法\n第一条 甲")).toMatchObject({ ok: false, reason: expect.stringContaining("INFO END") });
    expect(parseLawMarkdown("2020年 通过\n<!-- INFO END -->\n第一条 甲")).toMatchObject({ ok: false, reason: expect.stringContaining("title") });
  });
});

describe("articles numbered 1. 2. 3. (documents without 第…条)", () => {
  const doc = (lines: string[]) => `# 某规定（试行）\n<!-- INFO END -->\n${lines.join("\n")}\n`;
  const run = Array.from({ length: 12 }, (_, i) => `${i + 1}.第${i + 1}项规定的内容。`);
  it.each([
    ["a run 1…12 across headings becomes articles 1…12", ["前言。", "## 一、总则", ...run.slice(0, 5), "（1）一项；", "## 二、其他", ...run.slice(5)], 12, "5", "（1）一项；"],
    ["full-width points (18．) count too", run.map((l) => l.replace(".", "．")), 12, "12", null],
    ["a restart (nested lists under 一、二、) is not articles", ["一、甲", ...run.slice(0, 6), "二、乙", ...run.slice(0, 6)], 0, null, null],
    ["fewer than ten numbered paragraphs are a list, not articles", run.slice(0, 9), 0, null, null],
  ] as const)("%s", (_what, lines, count, tid, extra) => {
    const r = parseLawMarkdown(doc([...lines]));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.doc.articles.length).toBe(count);
    if (tid) {
      const a = r.doc.articles.find((x) => x.tid === tid)!;
      expect(a.ft_num).toBe(`第${tid}条`);
      expect(r.doc.blocks.some((b) => b.kind === "clause" && b.tid === tid)).toBe(true);
      if (extra) expect(a.paragraphs).toContain(extra);
    }
  });
});
