/** The family rules of validity.ts, on records shaped as the readers make them. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { assignValidity, validityChecks } from "./validity";
import { corpusDir } from "../config";
import { readSecuritiesCatalogue } from "./securities-catalogue";
import { SECURITIES_CSV } from "./read-corpus";
import { separateAmendingDecisions } from "./family";
import type { RegulationRecord } from "./types";
import type { Regulation } from "../store/types";

function rec(p: Partial<Regulation> & { fgid: string }): RegulationRecord {
  const reg: Regulation = {
    fgmc: "中华人民共和国民事诉讼法", fbbm: "", fwzh: "", xljb_1: "法律", xljb_2: "", sxx: "", dy: "中央", location: "中央",
    fbrq: "", ssrq: "", expiry: "", family: "民事诉讼法", source: "lawrefbook", source_path: "", is_securities: false,
    has_fulltext: true, preamble: "", fbrq_source: "", ssrq_source: "", sxx_source: "", data_as_of: "", ...p,
  };
  return { reg, clauses: [], blocks: [], aliases: [] };
}

describe("assignValidity", () => {
  it("newest version in effect is 现行有效; an older one the source calls 失效 is 已被修改 until the next took effect", () => {
    const v2021 = rec({ fgid: "a", fbrq: "2021-12-24", ssrq: "2022-01-01", sxx: "失效", sxx_source: "LawRefBook 数据库 expired=1" });
    const v2023 = rec({ fgid: "b", fbrq: "2023-09-01", ssrq: "2024-01-01" });
    const report = assignValidity([v2021, v2023], "2026-11-23");
    expect(v2023.reg).toMatchObject({ sxx: "现行有效", sxx_source: "同一法规中最新的已施行版本" });
    expect(v2021.reg).toMatchObject({ sxx: "已被修改", expiry: "2024-01-01", sxx_source: "较新版本（2023-09-01 公布，2024-01-01 施行）" });
    expect(report.conflicts).toEqual([expect.objectContaining({ fgid: "a", from: "失效", to: "已被修改" })]);
    expect(report.before).toEqual({ 失效: 1, "(空)": 1 });
    expect(report.after).toEqual({ 现行有效: 1, 已被修改: 1 });
  });

  it("a version not yet in effect is 尚未生效 and does not supersede the one in force", () => {
    const now = rec({ fgid: "a", fbrq: "2020-01-01" });
    const next = rec({ fgid: "b", fbrq: "2026-06-01", ssrq: "2027-01-01" });
    assignValidity([now, next], "2026-11-23");
    expect([now.reg.sxx, next.reg.sxx]).toEqual(["现行有效", "尚未生效"]);
  });

  it("the newest version the source calls 失效 stays 失效 (repealed)", () => {
    const old = rec({ fgid: "a", fbrq: "2001-01-01", sxx: "失效", sxx_source: "x" });
    const last = rec({ fgid: "b", fbrq: "2013-01-01", sxx: "失效", sxx_source: "x" });
    assignValidity([old, last], "2026-11-23");
    expect([old.reg.sxx, last.reg.sxx]).toEqual(["已被修改", "失效"]);
  });

  it("a catalogue row superseded by a newer catalogue or full-text version is not 现行有效", () => {
    const cat = rec({ fgid: "c", family: "上市公司收购管理办法", fbrq: "2002-09-28", sxx: "现行有效", sxx_source: "证券期货法规目录 lawAthrtyStsCde=1", source: "securities", has_fulltext: false });
    const newer = rec({ fgid: "d", family: "上市公司收购管理办法", fbrq: "2020-03-20", sxx: "现行有效", sxx_source: "证券期货法规目录 lawAthrtyStsCde=1", source: "securities", has_fulltext: false });
    assignValidity([cat, newer], "2026-11-23");
    expect([cat.reg.sxx, newer.reg.sxx]).toEqual(["已被修改", "现行有效"]);
    expect(newer.reg.sxx_source).toBe("证券期货法规目录 lawAthrtyStsCde=1");
  });

  it("never two 现行有效 in a family: same-day copies and undated copies yield to one", () => {
    const a = rec({ fgid: "b", fbrq: "2019-06-27", source: "securities", has_fulltext: false, sxx: "现行有效", sxx_source: "s" });
    const b = rec({ fgid: "z", fbrq: "2019-06-27", ssrq: "2019-07-01" });
    const undated = rec({ fgid: "u", fbrq: "" });
    const r = assignValidity([a, b, undated], "2026-11-23");
    expect([a.reg.sxx, b.reg.sxx, undated.reg.sxx]).toEqual(["已被修改", "现行有效", "已被修改"]);
    expect(r.after.现行有效).toBe(1);
  });

  it("the same title in two regions is two families", () => {
    const bj = rec({ fgid: "a", family: "物业管理条例", dy: "北京", fbrq: "2020-01-01" });
    const sh = rec({ fgid: "b", family: "物业管理条例", dy: "上海", fbrq: "2022-01-01" });
    assignValidity([bj, sh], "2026-11-23");
    expect([bj.reg.sxx, sh.reg.sxx]).toEqual(["现行有效", "现行有效"]);
  });

  it("a numbered CSRC opinion is one instrument across title changes (catalogue titles)", () => {
    const old = rec({ fgid: "a", fgmc: "《上市公司收购管理办法》第六十二条有关上市公司严重财务困难的适用意见——证券期货法律适用意见第7号", family: "x1", fbrq: "2011-01-10", sxx: "现行有效", sxx_source: "证券期货法规目录 lawAthrtyStsCde=1", source: "securities", has_fulltext: false });
    const rev = rec({ fgid: "b", fgmc: "证券期货法律适用意见第7号——《上市公司收购管理办法》第六十二条有关上市公司严重财务困难的适用意见（2022年修订）", family: "x2", fbrq: "2022-01-05", sxx: "现行有效", sxx_source: "证券期货法规目录 lawAthrtyStsCde=1", source: "securities", has_fulltext: false });
    assignValidity([old, rev], "2026-11-23");
    expect([old.reg.sxx, rev.reg.sxx]).toEqual(["已被修改", "现行有效"]);
    expect(old.reg.expiry).toBe("2022-01-05");
  });

  it("a 「关于修改《X》的决定」 row names X's successor even when the amended text is not held", () => {
    const x = rec({ fgid: "a", fgmc: "关于期货交易所、期货公司缴纳期货投资者保障基金有关事项的规定", family: "关于期货交易所、期货公司缴纳期货投资者保障基金有关事项的规定", fbrq: "2010-03-15", sxx: "现行有效", sxx_source: "证券期货法规目录 lawAthrtyStsCde=1", source: "securities", has_fulltext: false });
    const notice = rec({ fgid: "b", fgmc: "关于修改《关于期货交易所、期货公司缴纳期货投资者保障基金有关事项的规定》的决定", family: "notice", fbrq: "2016-11-08", sxx: "现行有效", sxx_source: "证券期货法规目录 lawAthrtyStsCde=1", source: "securities", has_fulltext: false });
    const r = assignValidity([x, notice], "2026-11-23");
    expect(x.reg).toMatchObject({ sxx: "已被修改", expiry: "2016-11-08" });
    expect(x.reg.sxx_source).toContain("修改文件《关于修改《");
    expect(r.conflicts.map((c) => c.reason)).toEqual(["目录中的修改决定/通知晚于该版本"]);
  });
});

describe("superseded texts (rules)", () => {
  const cat = (p: Partial<Regulation> & { fgid: string; fgmc: string; family: string; fbrq: string }) =>
    rec({ sxx: "现行有效", sxx_source: "证券期货法规目录 lawAthrtyStsCde=1", source: "securities", has_fulltext: false, xljb_1: "部门规章", fbbm: "中国证券监督管理委员会", ...p });

  it("an amending decision in force is absorbed by a newer version of the text it amended", () => {
    const decision = cat({ fgid: "a", fgmc: "关于修改《上市公司重大资产重组管理办法》的决定", family: "关于修改上市公司重大资产重组管理办法的决定", fbrq: "2019-10-18" });
    const revised = cat({ fgid: "b", fgmc: "上市公司重大资产重组管理办法（2020年修订）", family: "上市公司重大资产重组管理办法", fbrq: "2020-03-20" });
    const r = assignValidity([decision, revised], "2026-11-23");
    expect(decision.reg).toMatchObject({ sxx: "已被修改", expiry: "2020-03-20" });
    expect(decision.reg.sxx_source).toBe("修改内容已并入较新版本《上市公司重大资产重组管理办法（2020年修订）》（2020-03-20 公布，2020-03-20 施行）");
    expect(revised.reg.sxx).toBe("现行有效");
    expect(r.checks).toEqual({ familiesWithTwoInForce: 0, supersededInForce: 0, examples: [] });
  });

  it("a （试行） text is replaced by the same issuer's later formal text; another issuer's is not its successor", () => {
    const trial = cat({ fgid: "a", fgmc: "全国中小企业股份转让系统股票挂牌业务操作指南（试行）", family: "全国中小企业股份转让系统股票挂牌业务操作指南(试行)", fbrq: "2017-06-16", fbbm: "全国中小企业股份转让系统有限责任公司" });
    const formal = cat({ fgid: "b", fgmc: "全国中小企业股份转让系统股票挂牌业务操作指南", family: "全国中小企业股份转让系统股票挂牌业务操作指南", fbrq: "2020-09-30", fbbm: "全国中小企业股份转让系统有限责任公司" });
    assignValidity([trial, formal], "2026-11-23");
    expect(trial.reg).toMatchObject({ sxx: "已被修改", expiry: "2020-09-30" });
    const other = cat({ fgid: "c", fgmc: "某指南（试行）", family: "某指南(试行)", fbrq: "2017-01-01", fbbm: "上海证券交易所" });
    const notSuccessor = cat({ fgid: "d", fgmc: "某指南", family: "某指南", fbrq: "2020-01-01", fbbm: "深圳证券交易所" });
    assignValidity([other, notSuccessor], "2026-11-23");
    expect(other.reg.sxx).toBe("现行有效");
  });

  it("validityChecks counts a family with two 现行有效 and a 现行有效 version with a newer one in effect", () => {
    const a = rec({ fgid: "a", fbrq: "2020-01-01", sxx: "现行有效" });
    const b = rec({ fgid: "b", fbrq: "2021-01-01", sxx: "现行有效" });
    const ck = validityChecks([a, b], "2026-11-23");
    expect([ck.familiesWithTwoInForce, ck.supersededInForce]).toEqual([1, 1]);
    expect(ck.examples[0]).toContain("两个现行有效");
  });
});

describe("the real securities catalogue (../shared/corpus) after reconciliation", () => {
  const file = path.join(corpusDir(), SECURITIES_CSV);
  const { records } = readSecuritiesCatalogue(fs.readFileSync(file, "utf8"), SECURITIES_CSV);
  const separated = separateAmendingDecisions(records.map((r) => r.reg));
  const report = assignValidity(records, "2026-11-23");
  const find = (fgmc: string, fbrq?: string) => records.find((r) => r.reg.fgmc === fgmc && (!fbrq || r.reg.fbrq === fbrq))!.reg;

  it("no family has two 现行有效 versions and no 现行有效 row has a known successor in effect", () => {
    expect(report.checks).toEqual({ familiesWithTwoInForce: 0, supersededInForce: 0, examples: [] });
  });

  it("pins the catalogue's cases: absorbed decisions, replaced trial texts, and a successor the corpus does not hold", () => {
    expect(find("关于修改《上市公司重大资产重组管理办法》的决定", "2019-10-18")).toMatchObject({ sxx: "已被修改", expiry: "2020-03-20" });
    expect(find("全国中小企业股份转让系统股票挂牌业务操作指南（试行）")).toMatchObject({ sxx: "已被修改", expiry: "2020-09-30" });
    expect(find("上市公司收购管理办法", "2002-09-28").sxx).toBe("已被修改");
    // two decisions that share a title are two instruments: the later does not make the earlier 已被修改
    expect(separated).toBeGreaterThan(0);
    const omnibus = records.filter((r) => r.reg.fgmc === "国务院关于修改部分行政法规的决定（摘录）").map((r) => r.reg);
    expect(omnibus.length).toBeGreaterThan(1);
    expect(new Set(omnibus.map((r) => r.family)).size).toBe(omnibus.length);
    expect(omnibus.filter((r) => r.sxx === "已被修改")).toEqual([]);
    // 证监会令第182号 (2021) is in neither the catalogue nor the full text: the 2007 row stays as the
    // source says, and the UI/API show it with the catalogue's as-of date (2022-04-29)
    expect(records.some((r) => r.reg.family === find("上市公司信息披露管理办法").family && r.reg.fbrq > "2007-01-30")).toBe(false);
    expect(find("上市公司信息披露管理办法")).toMatchObject({ sxx: "现行有效", fwzh: "证监会令第40号" });
  });
});
