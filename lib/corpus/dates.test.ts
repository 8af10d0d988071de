/** 施行日期 derivation, on real corpus files (../shared/corpus) and the rules' edge cases. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { corpusDir } from "../config";
import { closingClause, datesFromAmendingInstruments, deriveImplementationDate, headerEvents, INFERRED } from "./dates";
import { parseLawMarkdown } from "./law-markdown";
import { buildClauses } from "./clauses";
import { familyKey } from "./family";
import { lawNameKey } from "../text/normalize";

function real(rel: string) {
  const parsed = parseLawMarkdown(fs.readFileSync(path.join(corpusDir(), "lawrefbook", rel), "utf8"));
  if (!parsed.ok) throw new Error(parsed.reason);
  const doc = parsed.doc;
  return { doc, clauses: buildClauses("x", doc.articles, doc.blocks), family: familyKey(doc.title) };
}

describe("施行日期 from the text", () => {
  it("公司法 (2023 revision): 「本法自2024年7月1日起施行」 from the last article, not the DB", () => {
    const { doc, clauses, family } = real("民法商法/公司法(2023-12-29).md");
    const d = deriveImplementationDate({ family, header: doc.header, fbrq: "2023-12-29", dbValidFrom: "", clauses });
    expect(d.ssrq).toBe("2024-07-01");
    expect(d.ssrq_source).toBe("正文「本法自2024年7月1日起施行。」");
  });

  it("民事诉讼法 2023: the consolidated text's 「本法自公布之日起施行」 is the 1991 original's; the decision's date wins over the DB's 2023-09-01", () => {
    const { doc, clauses, family } = real("诉讼与非诉讼程序法/民事诉讼法(2023-09-01).md");
    expect(closingClause(clauses)?.date).toBe("publication");
    expect(headerEvents(doc.header).at(-1)).toMatchObject({ date: "2023-09-01", action: "修正" });
    const d = deriveImplementationDate({ family, header: doc.header, fbrq: "2023-09-01", dbValidFrom: "2023-09-01", clauses });
    expect(d.ssrq).toBe("2024-01-01");
    expect(d.ssrq_source).toContain("「本决定自2024年1月1日起施行。」");
    expect(d.conflict).toContain("数据库 valid_from 2023-09-01");
  });

  it("a header 「… 施行」 line gives the date (专利代理条例)", () => {
    const { doc, clauses, family } = real("行政法规/专利代理条例(2018-11-06).md");
    const d = deriveImplementationDate({ family, header: doc.header, fbrq: "2018-11-06", dbValidFrom: "", clauses });
    expect(d).toMatchObject({ ssrq: "2019-03-01", ssrq_source: "题注「2019年3月1日 施行」" });
  });

  it("a closing date before the version's publication belongs to an earlier version and is not used", () => {
    const header = ["2002年10月17日 北京市第十一届人民代表大会常务委员会第三十七次会议通过"];
    const clauses = [{ content: "本条例自2003年1月1日起施行。" }];
    expect(deriveImplementationDate({ family: "f", header, fbrq: "2019-07-26", dbValidFrom: "2019-07-26", clauses })).toEqual({
      ssrq: "2019-07-26",
      ssrq_source: "LawRefBook 数据库 valid_from",
      conflict: "",
    });
    expect(deriveImplementationDate({ family: "f", header, fbrq: "2019-07-26", dbValidFrom: "", clauses }).ssrq).toBe("");
  });

  it("「自公布之日起施行」 → the publication date, unless the last event is a 修正", () => {
    const clauses = [{ content: "本规定自公布之日起施行。" }];
    expect(deriveImplementationDate({ family: "f", header: [], fbrq: "2020-12-29", dbValidFrom: "2021-01-01", clauses })).toMatchObject({
      ssrq: "2020-12-29",
      conflict: "数据库 valid_from 2021-01-01 ≠ 正文「本规定自公布之日起施行。」→ 公布日期 2020-12-29",
    });
  });

  it("a local omnibus 修正 without its decision is 推定, marked as such; a single NPC amendment is not guessed", () => {
    const header = ["2002年10月17日 某市人民代表大会常务委员会通过", "2016年11月25日 某市人民代表大会常务委员会《关于修改部分地方性法规的决定》修正"];
    const clauses = [{ content: "本条例自2003年1月1日起施行。" }];
    const local = deriveImplementationDate({ family: "f", header, fbrq: "2016-11-25", dbValidFrom: "", clauses });
    expect(local.ssrq).toBe("2016-11-25");
    expect(local.ssrq_source.startsWith(INFERRED)).toBe(true);
    const single = ["1990年1月1日 全国人民代表大会常务委员会通过", "2016年11月25日 全国人民代表大会常务委员会《关于修改〈某法〉的决定》修正"];
    expect(deriveImplementationDate({ family: "f", header: single, fbrq: "2016-11-25", dbValidFrom: "", clauses, nationalLaw: true }).ssrq).toBe("");
  });

  it("「八、本修正案自2024年3月1日起施行」 (刑法修正案（十二）) dates the 刑法 version that names it", () => {
    const amendment = real("刑法/刑法修正案（十二）(2023-12-29).md");
    const own = deriveImplementationDate({ family: amendment.family, header: amendment.doc.header, fbrq: "2023-12-29", dbValidFrom: "", clauses: amendment.clauses, blocks: amendment.doc.blocks });
    expect(own.ssrq).toBe("2024-03-01");
    const crim = real("刑法/刑法.md");
    const regs = [
      { fgmc: amendment.doc.title, fbrq: "2023-12-29", ...own, preamble: amendment.doc.header.join("\n"), has_fulltext: true },
      { fgmc: crim.doc.title, fbrq: "2023-12-29", ssrq: "", ssrq_source: "", preamble: crim.doc.header.join("\n"), has_fulltext: true },
    ];
    expect(datesFromAmendingInstruments(regs, lawNameKey)).toBe(1);
    expect(regs[1]).toMatchObject({ ssrq: "2024-03-01", ssrq_source: "修正文件《中华人民共和国刑法修正案（十二）》正文「八、本修正案自2024年3月1日起施行。」" });
  });
});
