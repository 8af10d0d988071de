/** The 罪名 lists read as data (table-driven; the texts are the shapes of the lists' real lines). */
import { describe, expect, it } from "vitest";
import { crimeArticles, namesOf, parseCrimeList, refsIn } from "./crime-lists";

describe("refsIn", () => {
  it.each([
    ["第102条", ["102"]],
    ["第一百三十五条之一", ["135-1"]],
    ["第114条、第115条第1款", ["114", "115"]],
    ["第一百六十九条（《刑法修正案（十二）》第三条）", ["169", "3"]],
    ["没有条号", []],
  ])("%s", (text, want) => expect(refsIn(text)).toEqual(want));
});

describe("namesOf: an optional bracketed part", () => {
  it.each([
    ["偷越国（边）境罪", ["偷越国（边）境罪", "偷越国边境罪", "偷越国境罪"]],
    ["组织他人偷越国（边）境罪", ["组织他人偷越国（边）境罪", "组织他人偷越国边境罪", "组织他人偷越国境罪"]],
    ["盗窃罪", ["盗窃罪"]],
  ])("%s", (name, want) => expect(namesOf(name).map(([n]) => n)).toEqual(want));
});

describe("parseCrimeList with bracketed optional parts", () => {
  it.each([
    ["numbered list", "318．组织他人偷越国（边）境罪（第318条）", "组织他人偷越国边境罪", ["318"]],
    ["table row", "| 第322条 |偷越国（边）境罪 |", "偷越国境罪", ["322"]],
  ])("%s", (_what, text, name, tids) => {
    const got = parseCrimeList(text);
    expect(got.find(([n]) => n === name)?.[1]).toEqual(tids);
  });
  it("a note in brackets is still dropped (取消…罪名)", () => {
    const got = parseCrimeList("| 第163条 |非国家工作人员受贿罪（取消公司、企业人员受贿罪罪名） |").map(([n]) => n);
    expect(got).toContain("非国家工作人员受贿罪");
    expect(got).not.toContain("非国家工作人员受贿罪（取消公司、企业人员受贿罪罪名）");
  });
});

describe("crimeArticles", () => {
  it("whole names first; a part of a joint name only where no crime has that exact name", () => {
    const m = crimeArticles(["1．盗窃罪（第264条） 2．窝藏、包庇罪（第310条） 3．盗窃、抢夺枪支、弹药、爆炸物、危险物质罪（第127条第1款）"]);
    expect(m.get("盗窃罪")).toEqual(["264"]);
    expect(m.get("窝藏罪")).toEqual(["310"]);
    expect(m.get("窝藏、包庇罪")).toEqual(["310"]);
  });
  it("lists merged: a renamed crime keeps both names on its article", () => {
    const m = crimeArticles(["1．资敌罪（第112条）", "将第一百六十九条的罪名由“徇私舞弊低价折股、出售国有资产罪”修改为“徇私舞弊低价折股、出售公司、企业资产罪”。"]);
    expect(m.get("资敌罪")).toEqual(["112"]);
    expect(m.get("徇私舞弊低价折股、出售国有资产罪")).toEqual(["169"]);
    expect(m.get("徇私舞弊低价折股、出售公司、企业资产罪")).toEqual(["169"]);
  });
});
