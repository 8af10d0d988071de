import { describe, expect, it } from "vitest";
import { relatedTitles, titleSubject } from "./related-titles";

describe("relatedTitles: could a revision have moved words between these instruments?", () => {
  const rows: { a: string; b: string; want: boolean; why: string }[] = [
    { a: "中华人民共和国商标法实施条例", b: "中华人民共和国商标法", want: true, why: "an implementing regulation and its law" },
    { a: "治安管理处罚条例", b: "中华人民共和国治安管理处罚法", want: true, why: "a regulation replaced by a law" },
    { a: "最高人民法院关于适用《中华人民共和国民事诉讼法》的解释", b: "中华人民共和国民事诉讼法", want: true, why: "an interpretation of the law" },
    { a: "中华人民共和国企业破产法（试行）", b: "中华人民共和国企业破产法", want: true, why: "a trial law and its successor" },
    { a: "中华人民共和国公司法", b: "中华人民共和国刑法", want: false, why: "two subjects" },
    { a: "中华人民共和国水法", b: "中华人民共和国刑法", want: false, why: "法 alone is no subject" },
    { a: "中华人民共和国劳动法", b: "中华人民共和国劳动合同法", want: false, why: "劳动 alone: the words are each law's own" },
    { a: "最高人民法院关于审理环境侵权责任纠纷案件适用法律若干问题的解释", b: "最高人民法院、最高人民检察院关于办理诈骗刑事案件具体应用法律若干问题的解释", want: false, why: "two interpretations: only their boilerplate is shared" },
    { a: "中华人民共和国政府信息公开条例", b: "中华人民共和国商业银行法", want: false, why: "two subjects" },
    { a: "最高人民法院关于民事诉讼证据的若干规定", b: "最高人民法院关于审理环境民事公益诉讼案件适用法律若干问题的解释", want: false, why: "诉讼 alone is no subject" },
  ];
  it.each(rows)("$a ~ $b: $want ($why)", ({ a, b, want }) => {
    expect(relatedTitles(a, b)).toBe(want);
    expect(relatedTitles(b, a)).toBe(want);
  });

  it("keeps the subject and drops the boilerplate", () => {
    expect(titleSubject("最高人民法院关于审理环境侵权责任纠纷案件适用法律若干问题的解释").replace(/\|+/g, "|")).toBe("|环境侵权责任|");
  });
});
