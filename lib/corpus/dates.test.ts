/** 施行日期 derivation, on real corpus files (../shared/corpus) and the rules' edge cases. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { corpusDir } from "../config";
import { amendingDecisions, closingClause, datesFromAmendingInstruments, deriveImplementationDate, headerEvents, INFERRED, UNVERIFIED_DECISION } from "./dates";
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
    // without the DB field: the version (2019) is later than every header event, so the header omits
    // its amendment; the date is 推定 (rule 2), never the 2003 original's
    const inferred = deriveImplementationDate({ family: "f", header, fbrq: "2019-07-26", dbValidFrom: "", clauses });
    expect(inferred.ssrq).toBe("2019-07-26");
    expect(inferred.ssrq_source).toMatch(/^推定：版本日期 2019-07-26 晚于题注所列各次制定\/修改（2002-10-17），题注未载该次修改/);
    // a national law is never 推定 this way
    expect(deriveImplementationDate({ family: "f", header, fbrq: "2019-07-26", dbValidFrom: "", clauses, nationalLaw: true }).ssrq).toBe("");
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

/** A real file's 施行日期 as the reader derives it (fbrq as the DB / file name gives it). */
function derive(rel: string, fbrq: string, opts: { nationalLaw?: boolean; dbValidFrom?: string } = {}) {
  const { doc, clauses, family } = real(rel);
  return deriveImplementationDate({ family, header: doc.header, fbrq, dbValidFrom: opts.dbValidFrom ?? "", clauses, blocks: doc.blocks, nationalLaw: opts.nationalLaw, title: doc.title });
}

describe("header events and closing-clause forms (real corpus files)", () => {
  it("splits a header line holding two events at 「根据」 and dates a city's act by the province's approval", () => {
    const events = headerEvents(["1997年5月23日 河南省第八届人民代表大会常务委员会第二十六次会议《关于修改〈河南省反不正当竞争条例〉的决定》第一次修正根据2010年7月30日河南省第十一届人民代表大会常务委员会第十六次会议《关于修改部分地方性法规的决定》第二次修正"]);
    expect(events.map((e) => [e.date, e.action])).toEqual([["1997-05-23", "修正"], ["2010-07-30", "修正"]]);
    const { doc } = real("DLC/山东地方法规/地方性法规/山东/济南市农村四荒资源开发管理条例(2010-11-25).md");
    expect(headerEvents(doc.header).at(-1)).toMatchObject({ date: "2010-11-25", adopted: "2010-10-27", action: "修正" });
  });

  it("「…公告第14号公布自2014年1月1日施行」 is a publication and a 施行 line (杭州市良渚遗址保护管理条例)", () => {
    expect(derive("DLC/浙江地方法规/地方性法规/浙江/杭州市良渚遗址保护管理条例(2013-12-09).md", "2013-12-09")).toMatchObject({ ssrq: "2014-01-01", ssrq_source: "题注「2014年1月1日施行」" });
  });

  it("closing clauses: 经…通过，自…; 自…施行 without 起; 二○○四年 and 8月l日 typing slips; 自国务院批准之日", () => {
    expect(derive("DLC/上海地方法规/地方性法规/上海/上海市监护治疗管理肇事肇祸精神病人条例(1986-09-11).md", "1986-09-11").ssrq).toBe("1986-10-01");
    expect(derive("DLC/重庆地方法规/地方性法规/重庆/重庆市人民代表大会代表建议批评和意见工作条例(2017-11-30).md", "2017-11-30")).toMatchObject({ ssrq: "2018-01-01", ssrq_source: "正文「本条例自2018年1月1日施行。」" });
    expect(derive("部门规章/公安部/公安机关适用继续盘问规定(2004-07-12).md", "2004-07-12").ssrq).toBe("2004-10-01");
    expect(derive("DLC/北京地方法规/地方性法规/北京/北京市实施《农业技术推广法》办法.md", "1995-06-08").ssrq).toBe("1995-08-01");
    expect(derive("行政法规/关于爱国卫生运动委员会及其办事机构若干问题的规定(1980-05-09).md", "1980-05-09")).toMatchObject({
      ssrq: "1980-05-09",
      ssrq_source: "正文「本规定自国务院批准之日起施行。」→ 题注批准日期「1980年5月9日 国务院批准」",
    });
    expect(closingClause([{ content: "本规定自一九九五年一月一日起执行。" }])?.date).toBe("1995-01-01");
    // an appendix after the closing article (女职工禁忌从事的劳动范围) does not hide it
    expect(derive("行政法规/女职工劳动保护特别规定(2012-04-28).md", "2012-04-28")).toMatchObject({ ssrq: "2012-04-28", ssrq_source: "正文「本规定自公布之日起施行。」→ 公布日期" });
    // 「…起施行的《…》同时废止」 names another instrument's date
    expect(closingClause([{ content: "自1998年1月1日起施行的《某规定》同时废止。" }])).toBeNull();
  });
});

describe("推定 rules and the amending-decision table (real corpus files)", () => {
  it("rule 1: a local omnibus amendment approved by the province → the version's date, marked 推定", () => {
    const d = derive("DLC/山东地方法规/地方性法规/山东/济南市农村四荒资源开发管理条例(2010-11-25).md", "2010-11-25");
    expect(d.ssrq).toBe("2010-11-25");
    expect(d.ssrq_source.startsWith(`${INFERRED}：修正决定通过之日`)).toBe(true);
  });

  it("rule 2: a State Council regulation whose header omits the version's amendment (地质资料管理条例 2017) → 推定 fbrq", () => {
    const d = derive("行政法规/地质资料管理条例(2017-03-01).md", "2017-03-01");
    expect(d.ssrq).toBe("2017-03-01");
    expect(d.ssrq_source).toContain("题注未载该次修改");
    expect(d.ssrq_source.startsWith(INFERRED)).toBe(true);
  });

  it("rule 3: a constitutional amendment without a 施行 clause takes effect when adopted (推定)", () => {
    expect(derive("宪法/宪法修正案（2018年）.md", "2018-03-11", { nationalLaw: true })).toMatchObject({ ssrq: "2018-03-11", ssrq_source: `${INFERRED}：决议/决定/修正案正文无施行条款，自通过之日起生效` });
  });

  it("a single NPC amendment whose decision is in neither place stays blank (统计法 2024)", () => {
    expect(derive("经济法/统计法(2024-09-13).md", "2024-09-13", { nationalLaw: true }).ssrq).toBe("");
  });

  it("a decision entered from legal knowledge says so: 专利法实施细则 2023 → 2024-01-20, 2010 (header omits it) → 2010-02-01", () => {
    const d2023 = derive("行政法规/专利法实施细则(2023-12-11).md", "2023-12-11");
    expect(d2023.ssrq).toBe("2024-01-20");
    expect(d2023.ssrq_source).toContain(UNVERIFIED_DECISION);
    expect(derive("行政法规/专利法实施细则(2010-01-09).md", "2010-01-09").ssrq).toBe("2010-02-01");
  });
});

describe("data/amending-decisions.json", () => {
  const corpusText = (rel: string) => fs.readFileSync(path.join(corpusDir(), rel), "utf8");
  const lawFiles = (() => {
    const out: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(path.join(dir, e.name));
        else if (e.name.endsWith(".md")) out.push(path.join(dir, e.name));
      }
    };
    for (const top of ["宪法相关法", "民法商法", "行政法", "经济法", "社会法", "刑法", "诉讼与非诉讼程序法", "行政法规"]) walk(path.join(corpusDir(), "lawrefbook", top));
    return out;
  })();

  it("every entry says what confirms its effective date; a corpus-confirmed one quotes a corpus file that states it", () => {
    const table = amendingDecisions();
    expect(table.length).toBeGreaterThan(0);
    for (const d of table) {
      expect(["corpus", "legal_knowledge"]).toContain(d.basis);
      if (d.basis !== "corpus") continue;
      const ev = d.corpus_evidence!;
      expect(corpusText(ev.path)).toContain(ev.quote);
      const [y, m, day] = d.effective.split("-").map(Number);
      expect(ev.quote).toContain(`${y}年${m}月${day}日`);
    }
    expect(table.filter((d) => d.basis === "corpus").map((d) => `${d.title} ${d.adopted}`)).toEqual(["中华人民共和国民事诉讼法 2012-08-31"]);
  });

  it("every entry's adoption date is a decision named in a corpus header of that law", () => {
    for (const d of amendingDecisions()) {
      const [y, m, day] = d.adopted.split("-").map(Number);
      const line = new RegExp(`${y}年${m}月${day}日[^\\n]*(?:决定|令第)`);
      const short = d.title.replace(/^中华人民共和国/, "");
      const files = lawFiles.filter((f) => path.basename(f).startsWith(short));
      expect(files.length, d.title).toBeGreaterThan(0);
      expect(files.some((f) => line.test(fs.readFileSync(f, "utf8").split("<!-- INFO END -->")[0]!)), `${d.title} ${d.adopted}`).toBe(true);
    }
  });
});
