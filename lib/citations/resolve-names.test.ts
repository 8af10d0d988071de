/**
 * Names as documents write them, table-driven: the pure rules (law-aliases.ts) and the name →
 * instrument step of resolve-citation.ts over every real title of the corpus (the LawRefBook
 * headings in ../shared, so that ambiguity is as real as in the index: a short name two
 * instruments give resolves to neither).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { corpusDir } from "../config";
import { familyKey } from "../corpus/family";
import type { Regulation } from "../store/types";
import { lawNameKey } from "../text/normalize";
import { abbreviates, derivedShortNames, looseTitleKey, nearTitle, splitVersionMark } from "./law-aliases";
import { nameMatch, resolveCitation, type ResolveContext } from "./resolve-citation";
import type { CitationStore, ExtractedStatute } from "./types";

/** The "# " heading of every LawRefBook document. */
function corpusTitles(): string[] {
  const out = new Set<string>();
  const walk = (dir: string) => {
    for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, d.name);
      if (d.isDirectory()) walk(p);
      else if (d.name.endsWith(".md") && d.name !== "_index.md" && !p.includes(`${path.sep}案例${path.sep}`)) {
        const fd = fs.openSync(p, "r");
        const buf = Buffer.alloc(600);
        const n = fs.readSync(fd, buf, 0, 600, 0);
        fs.closeSync(fd);
        const m = /^#\s+(.+)$/m.exec(buf.subarray(0, n).toString("utf8"));
        if (m) out.add(m[1]!.trim());
      }
    }
  };
  walk(path.join(corpusDir(), "lawrefbook"));
  return [...out];
}

/** A titles-only store: the index's name lookups (exact title or family key) over real titles. */
function titleStore(titles: string[]): CitationStore {
  const regs: Regulation[] = titles.map((fgmc, i) => ({
    fgid: `t${i}`, fgmc, fbbm: "", fwzh: "", xljb_1: "", xljb_2: "", sxx: "现行有效", dy: "中央", location: "", fbrq: "2020-01-01", ssrq: "2020-01-01", expiry: "",
    family: familyKey(fgmc), source: "lawrefbook", source_path: "", is_securities: false, has_fulltext: true,
  }) as unknown as Regulation);
  const byKey = new Map<string, Regulation[]>();
  for (const r of regs) for (const k of new Set([r.family, lawNameKey(r.fgmc)])) byKey.set(k, [...(byKey.get(k) ?? []), r]);
  return {
    findFamiliesByName(name) {
      const hits = [...new Set([familyKey(name), lawNameKey(name)])].flatMap((k) => byKey.get(k) ?? []);
      const fams = [...new Set(hits.map((r) => r.family))];
      return fams.map((family) => ({ family, versions: regs.filter((r) => r.family === family) }));
    },
    listTitles: () => regs.map((r) => ({ fgid: r.fgid, fgmc: r.fgmc, family: r.family })),
    getClauses: () => [],
    getClause: () => null,
    findCasesByNumber: () => [],
  };
}

const ctx: ResolveContext = {
  store: titleStore(corpusTitles()),
  reference: { date: "2026-11-23", basis: "today", evidence: "", note: "" },
  procedural: { date: "2026-11-23", note: "" },
};

describe("rules on names", () => {
  it.each([
    ["《…解释（法释〔2015〕1号，2020修正）》", "最高人民法院关于审理环境民事公益诉讼案件适用法律若干问题的解释（法释〔2015〕1号，2020修正）", "最高人民法院关于审理环境民事公益诉讼案件适用法律若干问题的解释", 2020],
    ["a document number alone", "住宅专项维修资金管理办法(建设部、财政部令第165号)", "住宅专项维修资金管理办法", null],
    ["a dated revision", "公司法（2018年10月26日修正）", "公司法", 2018],
    ["a numbered series stays", "最高人民法院关于适用《中华人民共和国公司法》若干问题的规定（三）", "最高人民法院关于适用《中华人民共和国公司法》若干问题的规定（三）", null],
    ["（试行） stays", "最高人民法院关于人民法院执行工作若干问题的规定（试行）", "最高人民法院关于人民法院执行工作若干问题的规定（试行）", null],
  ])("splitVersionMark: %s", (_, written, name, year) => {
    expect(splitVersionMark(written)).toEqual({ name, year });
  });

  it.each([
    ["最高人民法院、最高人民检察院关于办理刑事赔偿案件适用法律若干问题的解释", ["刑事赔偿解释", "刑事赔偿司法解释"]],
    ["最高人民法院关于适用《中华人民共和国民事诉讼法》的解释", ["民事诉讼法解释", "民诉法解释"]],
    ["最高人民法院关于适用《中华人民共和国婚姻法》若干问题的解释（三）", ["婚姻法解释三"]],
    ["最高人民法院关于人民法院办理执行异议和复议案件若干问题的规定", ["执行异议和复议规定", "执行异议复议规定"]],
    ["最高人民法院关于审理买卖合同纠纷案件适用法律问题的解释", ["买卖合同纠纷解释", "买卖合同解释"]],
    ["最高人民法院关于适用《中华人民共和国公司法》若干问题的规定（三）", ["公司法规定三", "公司法解释三"]],
    ["最高人民法院关于人民法院执行工作若干问题的规定（试行）", ["执行工作规定试行", "执行工作规定"]],
    ["最高人民法院关于适用《中华人民共和国民法典》婚姻家庭编的解释（一）", ["民法典婚姻家庭编解释一", "民法典婚姻家庭编的解释一"]],
    ["最高人民法院关于适用《中华人民共和国民法典》时间效力的若干规定", ["民法典时间效力规定", "民法典时间效力的规定"]],
  ])("derivedShortNames(%s) includes %j", (title, keys) => {
    const got = derivedShortNames(title);
    for (const k of keys) expect(got).toContain(k);
  });

  it("a law's own title, and an alias that extends a law's name, give no short names", () => {
    expect(derivedShortNames("中华人民共和国刑法")).toEqual([]);
    expect(derivedShortNames("最高人民法院关于适用《中华人民共和国民法典》总则编若干问题的解释")).not.toContain("民法典物权编总则编解释");
  });

  it.each([
    ["异议复议规定", "执行异议和复议规定", true],
    ["民事证据规定", "民事诉讼证据规定", true],
    ["执行规定", "执行工作规定", false], // a two-character stem abbreviates too much
    ["异议复议解释", "执行异议和复议规定", false], // another instrument word
    ["知识产权解释", "侵犯知识产权刑事解释", false], // half of the stem is not more than half
    ["民事诉讼法解释", "民事诉讼法执行程序解释", false], // the head word (程序) is gone: another instrument
    ["委托评估拍卖工作规定", "委托评估拍卖和变卖工作规定", false], // too long for a short name
  ])("abbreviates(%s, %s) = %s", (w, d, want) => {
    expect(abbreviates(w, d)).toBe(want);
  });

  it.each([
    ["侵犯 for 侵害", "最高人民法院关于审理侵犯植物新品种权纠纷案件具体应用法律问题的若干规定", "最高人民法院关于审理侵害植物新品种权纠纷案件具体应用法律问题的若干规定", true],
    ["an extra 罪", "最高人民法院最高人民检察院关于办理寻衅滋事罪刑事案件适用法律若干问题的解释", "最高人民法院、最高人民检察院关于办理寻衅滋事刑事案件适用法律若干问题的解释", true],
    ["an anonymiser's 某", "最高人民法院关于审理抢劫案件具体应用法律若干问题的解某", "最高人民法院关于审理抢劫案件具体应用法律若干问题的解释", true],
    ["words in another order", "中华人民共和国涉外民事法律关系适用法", "中华人民共和国涉外民事关系法律适用法", true],
    ["another province", "河南省消费者权益保护条例", "湖南省消费者权益保护条例", false],
    ["another city", "山东省济南市养犬管理条例", "山东省济宁市养犬管理条例", false],
    ["another number in a series", "最高人民法院关于适用《中华人民共和国公司法》若干问题的规定（二）", "最高人民法院关于适用《中华人民共和国公司法》若干问题的规定（三）", false],
    ["another instrument word", "最高人民法院关于处理自首和立功若干问题的意见", "最高人民法院关于处理自首和立功若干问题的规定", false],
    ["a negation", "关于不适用财产刑若干问题的规定", "关于适用财产刑若干问题的规定", false],
    ["short names never", "个人所得税法", "企业所得税法", false],
    ["civil for criminal", "最高人民法院关于适用《中华人民共和国民事诉讼法》的解释", "最高人民法院关于适用《中华人民共和国刑事诉讼法》的解释", false],
    ["half-year for year", "关于公开发行公司债券的上市公司半年度报告披露的补充规定", "关于公开发行公司债券的上市公司年度报告披露的补充规定", false],
  ])("nearTitle: %s", (_, written, title, want) => {
    expect(nearTitle(looseTitleKey(written), looseTitleKey(title))).toBe(want);
  });
});

describe("a written name → the instrument, over the corpus's real titles", () => {
  // [written, expected title (null: no instrument; the name is not resolved), basis]
  const TABLE: [string, string | null, string][] = [
    ["刑事赔偿解释", "最高人民法院、最高人民检察院关于办理刑事赔偿案件适用法律若干问题的解释", "derived_short_name"],
    ["民诉法解释", "最高人民法院关于适用《中华人民共和国民事诉讼法》的解释", "title"],
    ["刑诉法解释", "最高人民法院关于适用《中华人民共和国刑事诉讼法》的解释", "derived_short_name"],
    ["婚姻法解释（三）", "最高人民法院关于适用《中华人民共和国婚姻法》若干问题的解释（三）", "derived_short_name"],
    ["异议复议规定", "最高人民法院关于人民法院办理执行异议和复议案件若干问题的规定", "abbreviation"],
    ["最高人民法院最高人民检察院关于办理寻衅滋事罪刑事案件适用法律若干问题的解释", "最高人民法院、最高人民检察院关于办理寻衅滋事刑事案件适用法律若干问题的解释", "spelling"],
    ["最高人民法院、最高人民检察院关于办理贪污贿赂刑事案件适用法律若干问题解释", "最高人民法院、最高人民检察院关于办理贪污贿赂刑事案件适用法律若干问题的解释", "spelling"],
    ["关于处理自首和立功具体应用法律若干问题的解释", "最高人民法院关于处理自首和立功具体应用法律若干问题的解释", "title"],
    ["关于办理诈骗刑事案件具体应用法律若干问题的解释", "最高人民法院、最高人民检察院关于办理诈骗刑事案件具体应用法律若干问题的解释", "title"],
    ["关于适用财产刑若干问题规定", "最高人民法院于适用财产刑若干问题的规定", "spelling"],
    ["国家统计局关于工资总额组成的规定", "关于工资总额组成的规定", "issuer_omitted"],
    ["中华人民共和国涉外民事法律关系适用法", "中华人民共和国涉外民事关系法律适用法", "spelling"],
    ["《最高人民法院关于审理侵犯植物新品种权纠纷案件具体应用法律问题的若干规定》", "最高人民法院关于审理侵害植物新品种权纠纷案件具体应用法律问题的若干规定", "spelling"],
    ["婚姻法解释(三)", "最高人民法院关于适用《中华人民共和国婚姻法》若干问题的解释（三）", "derived_short_name"],
    ["最高人民法院关于适用<中华人民共和国民事诉讼法>的解释", "最高人民法院关于适用《中华人民共和国民事诉讼法》的解释", "title"],
    ["最高人民法阮关于审理民间借贷案件适用法律若干问题的规定", "最高人民法院关于审理民间借贷案件适用法律若干问题的规定", "spelling"],
    ["最高人民法院关于审理民间借贷案件适用法律若干问题的规定（2020年修正）", "最高人民法院关于审理民间借贷案件适用法律若干问题的规定", "title"],
    // everyday short names the alias table holds (data/law-aliases.json)
    ["道交法", "中华人民共和国道路交通安全法", "title"],
    ["《民诉解释》", "最高人民法院关于适用《中华人民共和国民事诉讼法》的解释", "title"],
    ["继承编解释", "最高人民法院关于适用《中华人民共和国民法典》继承编的解释（一）", "title"],
    // another instrument, not in the corpus: never the 1998 解释
    ["最高人民法院关于处理自首和立功若干问题的意见", null, ""],
    // a short name several instruments give: none is picked
    ["执行规定", null, ""],
    ["行政诉讼法解释", null, ""],
    // a province the corpus does not hold
    ["江苏省消费者权益保护条例", null, ""],
  ];
  it.each(TABLE)("%s → %s", (written, title, basis) => {
    const m = nameMatch(written, ctx);
    if (title === null) {
      expect(m.families).toEqual([]);
      return;
    }
    expect(m.families.map((f) => f.versions[0]!.fgmc)).toEqual([title]);
    expect(m.basis).toBe(basis);
  });

  it.each([
    ["2026-11-26", "最高人民法院关于审理借贷纠纷案件适用法律若干问题的解释"],
    ["2010-06-01", "最高人民法院关于审理借贷案件适用法律若干问题的解释"],
    ["1990-01-01", null],
  ])("a short name two instruments give names the one in force on the date judged against (%s → %s)", (date, title) => {
    const dated = (fgmc: string, ssrq: string, expiry: string, sxx: string) => ({ fgmc, ssrq, expiry, sxx });
    const store = titleStore([]);
    const regs = [dated("最高人民法院关于审理借贷案件适用法律若干问题的解释", "2001-01-01", "2015-09-01", "失效"), dated("最高人民法院关于审理借贷纠纷案件适用法律若干问题的解释", "2015-09-01", "", "现行有效")].map(
      (d, i) => ({ fgid: `d${i}`, fbbm: "", fwzh: "", xljb_1: "", xljb_2: "", dy: "中央", location: "", fbrq: d.ssrq, family: familyKey(d.fgmc), source: "lawrefbook", source_path: "", is_securities: false, has_fulltext: true, ...d }) as unknown as Regulation,
    );
    const ctx2: ResolveContext = {
      store: { ...store, listTitles: () => regs.map((r) => ({ fgid: r.fgid, fgmc: r.fgmc, family: r.family })), findFamiliesByName: (name) => regs.filter((r) => r.family === familyKey(name) || lawNameKey(r.fgmc) === lawNameKey(name)).map((r) => ({ family: r.family, versions: [r] })) },
      reference: { date, basis: "request", evidence: "", note: "" },
      procedural: { date, note: "" },
    };
    const m = nameMatch("借贷解释", ctx2);
    expect(m.families.map((f) => f.versions[0]!.fgmc)).toEqual(title ? [title] : []);
  });

  it("an ambiguous short name becomes not_in_index with the instruments it may stand for as candidates", () => {
    const ex = { kind: "statute", name: "行政诉讼法解释", nameRaw: "《行政诉讼法解释》", clause: "第十二条", tid: "12" } as unknown as ExtractedStatute;
    const r = resolveCitation(ex, ctx);
    expect(r.status).toBe("not_in_index");
    expect(r.candidates.length).toBeGreaterThanOrEqual(2);
    expect(r.candidates.every((c) => /行政诉讼法/.test(c.fgmc))).toBe(true);
  });

  it.each([
    ["a convention the index lacks, nothing close: 知识库未收录, no candidates", "承认及执行外国仲裁裁决公约", "not_in_index"],
    ["a ministry's rule the index lacks", "普通高等学校学生管理规定", "not_in_index"],
    ["a national law nothing comes close to: the index holds the national laws, so 疑似虚构", "中华人民共和国星际航行法", "law_not_found"],
    ["no instrument's shape", "最高人民法院", "law_not_found"],
  ])("a name nothing in the index comes close to: %s", (_what, name, status) => {
    const ex = { kind: "statute", name, nameRaw: `《${name}》`, clause: "第五条", tid: "5" } as unknown as ExtractedStatute;
    const r = resolveCitation(ex, ctx);
    expect(r.status).toBe(status);
    expect(r.candidates).toEqual([]);
  });

  it("a name matched other than by its title says how in the version note", () => {
    const ex = { kind: "statute", name: "刑事赔偿解释", nameRaw: "《刑事赔偿解释》", clause: "", tid: "" } as unknown as ExtractedStatute;
    const r = resolveCitation(ex, ctx);
    expect(r.status).toBe("found");
    expect(r.versionNote).toContain("文中写作《刑事赔偿解释》");
    expect(r.versionNote).toContain("最高人民法院、最高人民检察院关于办理刑事赔偿案件适用法律若干问题的解释");
  });
});
