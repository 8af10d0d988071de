/** The family rules of validity.ts, on records shaped as the readers make them. */
import { describe, expect, it } from "vitest";
import { assignValidity } from "./validity";
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
