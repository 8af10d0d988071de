import { describe, expect, it } from "vitest";
import { readablePhrase, readablePhrases } from "./readable-phrases";

const RIGHTS = "充分尊重债权人知情权、参与权、监督权，将环境污染整治事项作为重大财产处分行为进行专项表决";

describe("readablePhrase: a phrase of the judge's comparison form as the draft wrote it", () => {
  const rows: { phrase: string; source: string; text: string; junction: boolean; why: string }[] = [
    { phrase: "申请执行人被执行人可以参加竞买", source: "第十五条第二款明确规定申请执行人、被执行人可以参加竞买，作为申请执行人", text: "申请执行人、被执行人可以参加竞买", junction: false, why: "the draft's punctuation back" },
    { phrase: "用范围内的土地使用权", source: "贾建强对该建筑物及该建筑物占用范围内的土地使用权均系轮候查封", text: "占用范围内的土地使用权", junction: false, why: "widened to the word it began inside" },
    { phrase: "权参", source: RIGHTS, text: "知情权、参与权", junction: true, why: "the junction of two words" },
    { phrase: "表决", source: RIGHTS, text: "表决", junction: false, why: "a word stays as it is" },
    { phrase: "债权人", source: RIGHTS, text: "债权人", junction: false, why: "a word stays as it is" },
    { phrase: "所得", source: "企业所得税法第三条所称所得，包括销售货物所得", text: "所得", junction: false, why: "the first occurrence that is a word of its own, not the inside of a law's name" },
  ];
  it.each(rows)("$phrase → $text ($why)", ({ phrase, source, text, junction }) => {
    expect(readablePhrase(phrase, source)).toEqual({ text, junction });
  });
  it("null when the source does not hold it", () => {
    expect(readablePhrase("重整计划草案", RIGHTS)).toBeNull();
  });
});

describe("readablePhrases: a verdict's phrases and texts", () => {
  it("rewrites each 「phrase」 and drops a junction when other phrases remain", () => {
    const r = readablePhrases(["重大财产处分", "权参", "表决"], RIGHTS);
    expect(r.phrases).toEqual(["重大财产处分", "表决"]);
    expect(r.rewrite("第十一条涉及「重大财产处分」「权参」「表决」，但其余内容未见于该条。")).toBe("第十一条涉及「重大财产处分」「表决」，但其余内容未见于该条。");
  });
  it("keeps a junction that is the only phrase, readable", () => {
    const r = readablePhrases(["权参"], RIGHTS);
    expect(r.phrases).toEqual(["知情权、参与权"]);
    expect(r.rewrite("（仅「权参」）")).toBe("（仅「知情权、参与权」）");
  });
  it("leaves a phrase the source does not hold as it is", () => {
    const r = readablePhrases(["重整计划草案"], RIGHTS);
    expect(r.phrases).toEqual(["重整计划草案"]);
    expect(r.rewrite("「重整计划草案」")).toBe("「重整计划草案」");
  });
});
