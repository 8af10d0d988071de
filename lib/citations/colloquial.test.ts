import { describe, expect, it } from "vitest";
import { parseThesaurus } from "@/lib/text/thesaurus";
import { colloquialThesaurus, statutoryWords } from "./colloquial";

const th = parseThesaurus(JSON.stringify({ entries: { 退一赔三: ["欺诈", "三倍", "增加赔偿"], 辞退: ["解除劳动合同"], 限制: ["限定"], 加班费: ["加班费", "延长工作时间"] } }));
const none = () => false;

describe("statutoryWords: a draft's everyday words as the statute's", () => {
  const rows: { name: string; text: string; inLaw?: (w: string) => boolean; want: string }[] = [
    { name: "an everyday word gives its statutory terms", text: "消费者可以要求退一赔三", want: "欺诈，三倍，增加赔偿" },
    { name: "terms the text already holds are not repeated", text: "公司违法辞退员工，应当解除劳动合同", want: "" },
    { name: "a key that is its own term adds only the others", text: "不支付加班费", want: "延长工作时间" },
    { name: "a word the law itself uses is the statute's word, not a layperson's", text: "责任人可以限制赔偿责任", inLaw: (w) => w === "限制", want: "" },
    { name: "no key, nothing", text: "被告未按约定付款", want: "" },
  ];
  for (const r of rows) it(r.name, () => expect(statutoryWords(th, r.text, r.inLaw ?? none)).toBe(r.want));

  it("the project's thesaurus loads (data/thesaurus.json)", () => {
    const real = colloquialThesaurus();
    expect(real).not.toBeNull();
    expect(statutoryWords(real!, "退一赔三", none)).toContain("三倍");
  });
});
