/**
 * Pasted text (pasted.ts): the article's own words after its number without quotation marks, and
 * how the check judges them — word for word, so a wrong number or an altered word is caught like in
 * a quote. Table-driven: the recognition rules on a small synthetic law, then whole sentences of the
 * kinds judgments write through the pipeline over the slice index.
 */
import { describe, expect, it } from "vitest";
import type { Clause } from "../store/types";
import { checkDraft } from "./check-draft";
import { buildLawIndex } from "./law-index";
import { editDistance, pastedCandidate, pastedText, startsParagraph } from "./pasted";
import { citationStore } from "./store-port";

const A577 = "当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。";
const A10 = "国务院环境保护主管部门，对全国环境保护工作实施统一监督管理；县级以上地方人民政府环境保护主管部门，对本行政区域环境保护工作实施统一监督管理。\n县级以上人民政府有关部门和军队环境保护部门，依照有关法律的规定对资源保护和污染防治等环境保护工作实施监督管理。";
const A13 = "县级以上人民政府应当将环境保护工作纳入国民经济和社会发展规划。\n国务院环境保护主管部门会同有关部门，根据国民经济和社会发展规划编制国家环境保护规划，报国务院批准并公布实施。";
const A14 = "国务院有关部门和省、自治区、直辖市人民政府组织制定经济、技术政策，应当充分考虑对环境的影响，听取有关方面和专家的意见。";

function clause(tid: string, content: string): Clause {
  return { tid, content, ft_num: `第${tid}条`, chapter: "", ord: Number(tid) } as unknown as Clause;
}
const LAW = buildLawIndex("test-env", [clause("10", A10), clause("13", A13), clause("14", A14)]);

describe("pastedCandidate: where pasted text may begin", () => {
  const rows: { name: string; text: string; want: string | null }[] = [
    { name: "straight after the number", text: "第十条县级以上地方人民政府环境保护主管部门，对本行政区域环境保护工作实施统一监督管理。", want: "县级以上地方人民政府环境保护主管部门，对本行政区域环境保护工作实施统一监督管理。" },
    { name: "after 规定 and a comma", text: "第十条规定，县级以上地方人民政府环境保护主管部门，对本行政区域环境保护工作实施统一监督管理。", want: "县级以上地方人民政府环境保护主管部门，对本行政区域环境保护工作实施统一监督管理。" },
    { name: "after 的规定 and a comma", text: "第十条的规定，县级以上地方人民政府环境保护主管部门，对本行政区域环境保护工作实施统一监督管理。", want: "县级以上地方人民政府环境保护主管部门，对本行政区域环境保护工作实施统一监督管理。" },
    { name: "not after a bare comma (the writer's sentence)", text: "第十条，县级以上地方人民政府环境保护主管部门，对本行政区域环境保护工作实施统一监督管理。", want: null },
    { name: "not a disposition (的规定，判决如下)", text: "第十条的规定，判决如下：驳回原告的诉讼请求，案件受理费由原告负担。", want: null },
    { name: "not a short run", text: "第十条规定，应予支持。", want: null },
  ];
  it.each(rows)("$name", ({ text, want }) => {
    const chainEnd = text.indexOf("条") + 1;
    expect(pastedCandidate(text, chainEnd)?.text ?? null).toBe(want);
  });
});

describe("startsParagraph: pasted text begins where a sentence of the article begins", () => {
  const rows: { name: string; pasted: string; clause: string; want: boolean }[] = [
    { name: "the article's first words", pasted: "当事人一方不履行合同义务或者履行合同义务不符合约定的", clause: A577, want: true },
    { name: "a sentence after ；", pasted: "县级以上地方人民政府环境保护主管部门，对本行政区域环境保护工作实施统一监督管理", clause: A10, want: true },
    { name: "a 款 after a line break", pasted: "县级以上人民政府有关部门和军队环境保护部门", clause: A10, want: true },
    { name: "the middle of a sentence is the writer's own", pasted: "应当承担继续履行、采取补救措施或者赔偿损失等违约责任", clause: A577, want: false },
    { name: "an altered word near the start still opens it (不 added)", pasted: "当事人一方不不履行合同义务或者履行合同义务不符合约定的", clause: A577, want: true },
    { name: "the first 4 characters must be exact", pasted: "合同一方不履行合同义务或者履行合同义务不符合约定的", clause: A577, want: false },
  ];
  it.each(rows)("$name", ({ pasted, clause: c, want }) => {
    expect(startsParagraph(pasted, c)).toBe(want);
  });
  it.each([
    ["人民法院应当根据", "人民法院不应当根据", 1],
    ["人民法院应当根据", "人民法院可以根据", 2],
    ["", "abc", 3],
  ])("editDistance(%s, %s) = %d", (a, b, d) => {
    expect(editDistance(a as string, b as string)).toBe(d);
  });
});

describe("pastedText: the article's words, or another article's under a wrong number", () => {
  const after = (t: string) => `《中华人民共和国环境保护法》第十条规定，${t}`;
  const rows: { name: string; text: string; cited: string; siblings?: string[]; want: RegExp | null }[] = [
    { name: "the cited article's words", text: after("县级以上地方人民政府环境保护主管部门，对本行政区域环境保护工作实施统一监督管理。本案中，被告系该县环境保护主管部门。"), cited: "10", want: /^县级以上地方人民政府环境保护主管部门.*统一监督管理。$/ },
    { name: "another article's words under the cited number (a wrong number): judged as pasted", text: after("县级以上地方人民政府环境保护主管部门，对本行政区域环境保护工作实施统一监督管理。"), cited: "13", want: /^县级以上地方人民政府/ },
    { name: "the words of an article cited in the same list belong to it", text: after("县级以上地方人民政府环境保护主管部门，对本行政区域环境保护工作实施统一监督管理。"), cited: "13", siblings: ["10"], want: null },
    { name: "the writer's own sentence is not pasted", text: after("被告作为县级环境保护主管部门，负有统一监督管理职责。"), cited: "10", want: null },
  ];
  it.each(rows)("$name", ({ text, cited, siblings, want }) => {
    const chainEnd = text.indexOf("条规定") + 1;
    const got = pastedText(text, chainEnd, LAW, LAW.byTid.get(cited)!, siblings);
    if (want === null) expect(got).toBeNull();
    else expect(got).toMatch(want);
  });
});

describe("pasted text through the pipeline", () => {
  const rows: { name: string; text: string; at?: number; verdict: string; style?: string; wrong?: string | null; says?: string }[] = [
    { name: "pasted after 规定，under the right number", text: "《民法典》第五百七十七条规定，当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。", verdict: "一致", style: "pasted", wrong: null },
    { name: "pasted after 规定，under a wrong number names the article", text: "《民法典》第五百八十条规定，当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。", verdict: "不一致", style: "pasted", wrong: "577", says: "第五百七十七条" },
    { name: "pasted after 规定，with a modal changed", text: "《民法典》第五百七十七条规定，当事人一方不履行合同义务或者履行合同义务不符合约定的，可以承担继续履行、采取补救措施或者赔偿损失等违约责任。", verdict: "不一致", style: "pasted", says: "情态词" },
    { name: "pasted text says 所附条文, not 引文", text: "《民法典》第五百七十七条规定，当事人一方不履行合同义务或者履行合同义务不符合约定的，可以承担继续履行、采取补救措施或者赔偿损失等违约责任。", verdict: "不一致", says: "条号后所附条文" },
    { name: "a list's shared text is never another article's wrong number", text: "依照《民法典》第五百七十七条、第五百八十四条的规定，当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。", at: 1, verdict: "无法判断|部分一致|一致" },
    { name: "the writer's application after 的规定， is not pasted", text: "被告未按约定付款，根据《民法典》第五百七十七条的规定，应当承担继续履行、赔偿损失等违约责任。", verdict: "一致", style: "application" },
  ];
  it.each(rows)("$name", async (row) => {
    const r = await checkDraft(row.text, { store: citationStore(), requestId: "pasted", referenceDate: "2026-11-23" });
    const e = r.regulations[row.at ?? 0]!;
    expect(e.match_status).toBe("found");
    expect(e.semantic_compare.结论, e.semantic_compare.说明).toMatch(new RegExp(`^(?:${row.verdict})$`));
    if (row.style) expect(e.claim_style).toBe(row.style);
    if (row.wrong !== undefined) expect(e.wrong_clause?.tid ?? null).toBe(row.wrong);
    if (row.says) expect(e.semantic_compare.说明).toContain(row.says);
  });
});
