/** Crime names → 刑法 articles, read from the index's own 罪名 lists (table-driven; the texts are the lists' real lines). */
import { describe, expect, it } from "vitest";
import { buildCrimeTable, crimeTableOf, crimesNamed, parseCrimeList } from "./crime-names";
import { citationStore } from "./store-port";

describe("parseCrimeList", () => {
  const cases: { name: string; text: string; want: [string, string[]][] }[] = [
    {
      name: "numbered list (罪名的意见)",
      text: "1．背叛国家罪（第102条） 2．分裂国家罪（第103条第1款） 放火罪（第114条、第115条第1款）",
      want: [["背叛国家罪", ["102"]], ["分裂国家罪", ["103"]], ["放火罪", ["114", "115"]]],
    },
    {
      name: "table rows with the amendment's own article left out, and a cancelled name",
      text: "| 刑法条文 |罪名 |\n|-----|-----|\n| 第135条之一 （《刑法修正案（六）》第3条） |大型群众性活动重大安全事故罪 |\n| 第163条 （《刑法修正案（六）》第7条） |非国家工作人员受贿罪（取消公司、企业人员受贿罪罪名） |",
      want: [["大型群众性活动重大安全事故罪", ["135-1"]], ["非国家工作人员受贿罪", ["163"]], ["公司、企业人员受贿罪", ["163"]]],
    },
    {
      name: "a renamed crime (补充规定（八）)",
      text: "将《中华人民共和国刑法》第一百六十九条（《刑法修正案（十二）》第三条）的罪名由“徇私舞弊低价折股、出售国有资产罪”修改为“徇私舞弊低价折股、出售公司、企业资产罪”。",
      want: [["徇私舞弊低价折股、出售国有资产罪", ["169"]], ["徇私舞弊低价折股、出售公司、企业资产罪", ["169"]]],
    },
  ];
  it.each(cases)("$name", ({ text, want }) => {
    const got = parseCrimeList(text).filter(([, , whole]) => whole).map(([n, t]) => [n, t]);
    for (const w of want) expect(got).toContainEqual(w);
  });
});

describe("buildCrimeTable", () => {
  const table = buildCrimeTable([{ title: "t", text: "1．盗窃罪（第264条） 2．窝藏、包庇罪（第310条） 3．盗窃、抢夺枪支、弹药、爆炸物、危险物质罪（第127条第1款）" }]);
  it("a part of a joint name counts only where no crime has that exact name", () => {
    expect(table.byName.get("盗窃罪")).toEqual(["264"]);
    expect(table.byName.get("窝藏罪")).toEqual(["310"]);
    expect(table.byTid.get("310")).toContain("窝藏、包庇罪");
  });
  it("verbs sharing one object give each verb's own name (贩卖毒品罪), never over an exact name", () => {
    const t = buildCrimeTable([{ title: "t", text: "1．走私、贩卖、运输、制造毒品罪（第347条） 2．制造毒品罪（第999条） 3．窝藏、包庇罪（第310条）" }]);
    expect(t.byName.get("贩卖毒品罪")).toEqual(["347"]);
    expect(t.byName.get("运输毒品罪")).toEqual(["347"]);
    expect(t.byName.get("制造毒品罪")).toEqual(["999"]);
    expect(crimesNamed(t, "其行为构成贩卖毒品罪").known).toEqual(["贩卖毒品罪"]);
  });
  it.each([
    ["a prefix goes with every verb, every verb with every object", "非法制造、买卖、运输、邮寄、储存枪支、弹药、爆炸物罪", ["非法买卖枪支罪", "非法储存爆炸物罪", "非法制造弹药罪"], ["买卖罪", "弹药罪"]],
    ["one verb with several objects", "抢劫枪支、弹药、爆炸物罪", ["抢劫枪支罪", "抢劫爆炸物罪"], ["弹药罪", "爆炸物罪"]],
    ["verbs only: each part is a name", "窝藏、包庇罪", ["窝藏罪", "包庇罪"], []],
    ["parts that are not acts are not expanded as acts, nor named alone", "为境外窃取、刺探、收买、非法提供国家秘密、情报罪", [], ["为境外窃取情报罪", "为境外非法情报罪", "刺探罪", "收买罪", "情报罪"]],
    ["objects sharing a tail: each act with the objects as one list", "生产、销售有毒、有害食品罪", ["销售有毒、有害食品罪", "生产有毒、有害食品罪"], ["食品罪", "有毒罪"]],
    ["a bare object is never a crime of its own", "食品、药品监管渎职罪", [], ["食品罪"]],
  ])("selective names: %s", (_what, entry, has, hasNot) => {
    const t = buildCrimeTable([{ title: "t", text: `1．${entry}（第125条）` }]);
    for (const n of has) expect(t.byName.get(n), n).toEqual(["125"]);
    for (const n of hasNot) expect(t.byName.has(n), n).toBe(false);
  });
  it("crimesNamed keeps the longest name and reports crime-like names it does not know", () => {
    const t2 = buildCrimeTable([{ title: "t", text: "1．诈骗罪（第266条） 2．合同诈骗罪（第224条）" }]);
    expect(crimesNamed(t2, "应当以合同诈骗罪追究其刑事责任").known).toEqual(["合同诈骗罪"]);
    expect(crimesNamed(t2, "构成诈骗罪，犯罪事实清楚").unknown).toEqual([]);
    expect(crimesNamed(t2, "构成诈骗罪和运输毒品罪").unknown).toEqual(["运输毒品罪"]);
    expect(crimesNamed(t2, "构成网络诈骗罪").unknown).toEqual(["网络诈骗罪"]);
    expect(crimesNamed(t2, "以合同诈骗罪追究").unknown).toEqual([]);
    // a mention that begins inside a word (规定 → 定) and runs over the verb still names the crime
    expect(crimesNamed(t2, "第一百一十六条之规定构成诈骗罪").unknown).toEqual([]);
    expect(crimesNamed(t2, "之规定，认定被告人曹某犯诈骗罪").unknown).toEqual([]);
    expect(crimesNamed(t2, "之规定，认定被告人曹某犯网络诈骗罪").unknown).toEqual(["网络诈骗罪"]);
    // a mention runs over no other 罪 (与前罪未执行的刑罚…数罪并罚 is no crime name), but 犯罪 inside a name is kept
    expect(crimesNamed(t2, "犯诈骗罪，判处有期徒刑七个月；与前罪未执行的刑罚管制五个月零二日数罪并罚").unknown).toEqual([]);
    expect(crimesNamed(t2, "构成包庇毒品犯罪分子罪").unknown).toEqual([]);
  });
});

describe("crimeTableOf (slice index)", () => {
  it("reads the lists the index holds", () => {
    const t = crimeTableOf(citationStore());
    expect(t.byName.get("抢劫罪")).toEqual(["263"]);
    expect(t.byName.get("故意伤害罪")).toEqual(["234"]);
    expect(t.byName.get("大型群众性活动重大安全事故罪")).toEqual(["135-1"]);
    expect(t.sources.some((s) => s.includes("罪名的意见"))).toBe(true);
  });
});
