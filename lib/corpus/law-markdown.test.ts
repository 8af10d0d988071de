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
