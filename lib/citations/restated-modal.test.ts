import { describe, expect, it } from "vitest";
import { modalChanges } from "./restated-modal";

const HAISHANG_207 = "下列海事赔偿请求，除本法第二百零八条和第二百零九条另有规定外，无论赔偿责任的基础有何不同，责任人均可以依照本章规定限制赔偿责任：";
const XINGSU_JIESHI_20 = "管辖不明的案件，上级人民法院可以指定下级人民法院审判。\n有关案件，由犯罪地、被告人居住地以外的人民法院审判更为适宜的，上级人民法院可以指定下级人民法院管辖。";
const MINSU_130 = "人民法院受理案件后，当事人对管辖权有异议的，应当在提交答辩状期间提出。人民法院对当事人提出的异议，应当审查。";
const LAODONG_40 = "有下列情形之一的，用人单位提前三十日以书面形式通知劳动者本人或者额外支付劳动者一个月工资后，可以解除劳动合同：";
const LAODONG_42 = "劳动者有下列情形之一的，用人单位不得依照本法第四十条、第四十一条的规定解除劳动合同：";
const BOTH = "当事人可以申请调解。调解不成的，人民法院应当及时判决。当事人应当申请调解的，依照其约定。";

describe("modalChanges: a restatement's modal against the article's, read locally", () => {
  const rows: { name: string; sentence: string; content: string; want: string[] }[] = [
    { name: "the act after the modal, words between the article's modal and the act", sentence: "责任人应当限制赔偿责任", content: HAISHANG_207, want: ["情态词改变：原文「可以依照本章规定限制赔偿责任」，援引句「应当限制赔偿责任」"] },
    { name: "the actor and the verb, the sentence's own words after the verb", sentence: "上级人民法院应当指定具有环境资源审判职能的下级人民法院管辖", content: XINGSU_JIESHI_20, want: ["情态词改变：原文「上级人民法院可以指定」，援引句「上级人民法院应当指定」"] },
    { name: "obligation turned to permission", sentence: "当事人对管辖权有异议的，可以在提交答辩状期间提出", content: MINSU_130, want: ["情态词改变：原文「应当在提交答辩状期间提出」，援引句「可以在提交答辩状期间提出」"] },
    { name: "a prohibition where the article permits", sentence: "责任人不得依照本章规定限制赔偿责任", content: HAISHANG_207, want: ["情态词改变：原文「可以依照本章规定限制赔偿责任」，援引句「不得依照本章规定限制赔偿责任」"] },
    { name: "a reason the sentence gives between its modal and the act (不得以…为由解除劳动合同) is passed over", sentence: "用人单位不得以非过失性辞退或者经济性裁员为由解除劳动合同", content: LAODONG_40, want: ["情态词改变：原文「可以解除劳动合同」，援引句「不得解除劳动合同」"] },
    { name: "…and the article that forbids it with words of its own between is not contradicted", sentence: "用人单位不得以非过失性辞退或者经济性裁员为由解除劳动合同", content: LAODONG_42, want: [] },
    { name: "another act joined before it under the article's modal (可以减轻或者免除处罚): 应当免除处罚 turns it", sentence: "行贿人在被追诉前主动交待行贿行为的，应当免除处罚", content: "行贿人在被追诉前主动交待行贿行为的，可以从轻或者减轻处罚。其中，犯罪较轻的，对调查突破、侦破重大案件起关键作用的，或者有重大立功表现的，可以减轻或者免除处罚。", want: ["情态词改变：原文「可以减轻或者免除处罚」，援引句「应当免除处罚」"] },
    { name: "the same force in other words (必须 = 应当) is no change", sentence: "当事人对管辖权有异议的，必须在提交答辩状期间提出", content: MINSU_130, want: [] },
    { name: "the same modal is no change", sentence: "责任人可以限制赔偿责任", content: HAISHANG_207, want: [] },
    { name: "the article says the act with either modal: not contradicted", sentence: "当事人应当申请调解", content: BOTH, want: [] },
    { name: "an act the article says with no modal: the sentence's modal is its own", sentence: "人民法院应当及时判决", content: "调解不成的，人民法院及时判决。", want: [] },
    { name: "a short act (fewer than 4 characters) is not read", sentence: "被告应当审查", content: MINSU_130, want: [] },
    { name: "words after the modal that say nothing on their own (依法) are not an act", sentence: "应当依法", content: "人民法院可以依法处理。", want: [] },
    { name: "不应当 is read whole, not as 应当", sentence: "人民法院不应当审查", content: "人民法院应当审查当事人的异议。", want: ["情态词改变：原文「人民法院应当审查」，援引句「人民法院不应当审查」"] },
    { name: "the article's modal across a comma is not the act's", sentence: "人民法院应当处理该请求", content: "当事人可以，处理该请求的法院另行指定。", want: [] },
    { name: "不能 is being unable, not a prohibition", sentence: "行政机关负责人不能出庭的，应当委托相应的工作人员出庭", content: "被诉行政机关负责人应当出庭应诉。", want: [] },
    { name: "无权处分 is a term, not a modal", sentence: "出卖人无权处分标的物的", content: "当事人可以处分标的物。", want: [] },
    { name: "a verb between the article's modal and the words is not a manner: 应当 governs 载明, not 申请设立", sentence: "可以申请设立海事赔偿责任限制基金的主体", content: "申请书应当载明申请设立海事赔偿责任限制基金的数额。", want: [] },
  ];
  it.each(rows)("$name", ({ sentence, content, want }) => {
    expect(modalChanges(sentence, content).map((m) => m.text)).toEqual(want);
  });

  const XINGFA_23 = "对于未遂犯，可以比照既遂犯从轻或者减轻处罚。";
  const XINGFA_65 = "被判处有期徒刑以上刑罚的犯罪分子，刑罚执行完毕或者赦免以后，在五年以内再犯应当判处有期徒刑以上刑罚之罪的，是累犯，应当从重处罚。";
  const MINSU_JIESHI_108 = "对负有举证证明责任的当事人提供的证据，人民法院经审查并结合相关事实，确信待证事实的存在具有高度可能性的，应当认定该事实存在。";
  const applied: { name: string; sentence: string; content: string; want: string[] }[] = [
    { name: "a case's sentence exercising the article's 可以 as 应当 is the court's call", sentence: "被告人系强奸未遂，应当比照既遂犯从轻处罚", content: XINGFA_23, want: [] },
    { name: "…but 应当 told as 可以 is the article misread", sentence: "被告人系累犯，可以从重处罚", content: XINGFA_65, want: ["情态词改变：原文「应当从重处罚」，援引句「可以从重处罚」"] },
    { name: "a finding established in the case, 可以认定 for the article's 应当认定, is how a court says it", sentence: "原告的证据相互印证，确信借款事实的存在具有高度可能性，可以认定该事实存在", content: MINSU_JIESHI_108, want: [] },
    { name: "…and a prohibition where the article permits", sentence: "被告人系强奸未遂，不得比照既遂犯从轻处罚", content: XINGFA_23, want: ["情态词改变：原文「可以比照既遂犯从轻」，援引句「不得比照既遂犯从轻」"] },
  ];
  it.each(applied)("applied to a case: $name", ({ sentence, content, want }) => {
    expect(modalChanges(sentence, content, { applied: true }).map((m) => m.text)).toEqual(want);
  });
  it("…while the rule restated, not applied, with 可以认定 for 应当认定 is a change", () => {
    expect(modalChanges("确信待证事实的存在具有高度可能性的，可以认定该事实存在", MINSU_JIESHI_108).map((m) => m.text)).toEqual(["情态词改变：原文「应当认定该事实存在」，援引句「可以认定该事实存在」"]);
  });
});

describe("modalChanges: a right to act within a time limit said as a duty", () => {
  const FUYI_20 = "公民、法人或者其他组织认为行政行为侵犯其合法权益的，可以自知道或者应当知道该行政行为之日起六十日内提出行政复议申请；但是法律规定的申请期限超过六十日的除外。";
  const SONGDA = "人民法院应当在立案之日起五日内将起诉状副本发送被告。";
  it.each([
    { name: "可以…六十日内提出 restated as 应当…六十日内提出 says the same time limit", sentence: "申请人应当自知道或者应当知道该行政行为之日起六十日内提出行政复议申请", content: FUYI_20, want: [] as string[] },
    { name: "a body's duty within a time limit turned discretion is a change", sentence: "人民法院可以在立案之日起五日内将起诉状副本发送被告", content: SONGDA, want: ["情态词改变：原文「应当在立案之日起五日内将起诉状副本发送被告」，援引句「可以在立案之日起五日内将起诉状副本发送被告」"] },
    { name: "可以 said as 应当 with no time limit stays a change", sentence: "公民应当提出行政复议申请", content: "公民可以提出行政复议申请。", want: ["情态词改变：原文「可以提出行政复议申请」，援引句「应当提出行政复议申请」"] },
  ])("$name", ({ sentence, content, want }) => {
    expect(modalChanges(sentence, content).map((m) => m.text)).toEqual(want);
  });
});
