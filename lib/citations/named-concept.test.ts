import { describe, expect, it } from "vitest";
import { CONCEPT_SPREAD, conceptElsewhere, conceptsNamed } from "./named-concept";
import { termText } from "./law-index";
import { parseConcepts } from "../text/thesaurus";

const TABLE = parseConcepts(
  JSON.stringify({
    concepts: {
      离婚经济补偿: { terms: ["离婚时有权向另一方请求补偿"], articles: [["民法典", "第一千零八十八条"]], src: "民法典 第一千零八十八条" },
      经济补偿: { terms: ["经济补偿"], articles: [["劳动合同法", "第四十六条"], ["中华人民共和国民法典", "第一千零八十八条"]], src: "test" },
      表见代理: { terms: ["有理由相信行为人有代理权"], src: "民法典 第一百七十二条 (no articles listed)" },
      定金: { terms: ["定金"], articles: [["民法典", "第五百八十六条"]], src: "test" },
      非法吸收公众存款: { terms: ["非法吸收公众存款"], articles: [["刑法", "第一百七十六条"], ["刑法", "第一百二十条之一"]], src: "test" },
    },
  }),
);

describe("conceptsNamed: the doctrine names a sentence uses whose articles are in the law cited", () => {
  const rows: { name: string; sentence: string; law: string; want: { key: string; tids: string[] }[] }[] = [
    { name: "a name with its article in the law (the title's 中华人民共和国 aside)", sentence: "夫妻一方可以请求离婚经济补偿", law: "中华人民共和国民法典", want: [{ key: "离婚经济补偿", tids: ["1088"] }] },
    { name: "a name inside a longer name found there is left out (经济补偿 of 离婚经济补偿)", sentence: "请求离婚经济补偿", law: "中华人民共和国民法典", want: [{ key: "离婚经济补偿", tids: ["1088"] }] },
    { name: "the same name in another law: only that law's articles", sentence: "用人单位应当支付经济补偿", law: "中华人民共和国劳动合同法", want: [{ key: "经济补偿", tids: ["46"] }] },
    { name: "a name whose articles are all in other laws", sentence: "夫妻一方可以请求离婚经济补偿", law: "中华人民共和国刑法", want: [] },
    { name: "a name with no articles listed", sentence: "本案构成表见代理", law: "中华人民共和国民法典", want: [] },
    { name: "a name shorter than 4 characters is everyday use (定金)", sentence: "买受人交付定金", law: "中华人民共和国民法典", want: [] },
    { name: "之一 articles read as tids", sentence: "构成非法吸收公众存款", law: "中华人民共和国刑法", want: [{ key: "非法吸收公众存款", tids: ["176", "120-1"] }] },
  ];
  it.each(rows)("$name", ({ sentence, law, want }) => {
    expect(conceptsNamed(TABLE, sentence, law).map(({ key, tids }) => ({ key, tids }))).toEqual(want);
  });
});

describe("conceptElsewhere: the article a doctrine name belongs to when the cited one is not it", () => {
  const law = (texts: Record<string, string>, chapters: Record<string, string> = {}) => {
    const tids = Object.keys(texts);
    return { title: "中华人民共和国民法典", clauses: tids.map((tid) => ({ tid, chapter: chapters[tid] ?? "第五编 婚姻家庭 / 第四章 离婚" })), texts: Object.values(texts).map(termText), byTid: new Map(tids.map((t, i) => [t, i])) };
  };
  const CODE = law({
    "1079": "夫妻一方要求离婚的，可以由有关组织进行调解或者直接向人民法院提起离婚诉讼。",
    "1080": "完成离婚登记，或者离婚判决书、调解书生效，即解除婚姻关系。",
    "1088": "夫妻一方因抚育子女、照料老年人、协助另一方工作等负担较多义务的，离婚时有权向另一方请求补偿，另一方应当给予补偿。",
  });
  const rows: { name: string; sentence: string; cited: string; near?: string[]; lawOf?: typeof CODE; want: { key: string; tids: string[]; term: string } | null }[] = [
    { name: "the name under another article: the thesaurus's article, with the statute's words it holds", sentence: "夫妻一方可以请求离婚经济补偿", cited: "1080", want: { key: "离婚经济补偿", tids: ["1088"], term: "离婚时有权向另一方请求补偿" } },
    { name: "under its own article: nothing", sentence: "夫妻一方可以请求离婚经济补偿", cited: "1088", want: null },
    { name: "its article cited near (a discussion of both): nothing", sentence: "夫妻一方可以请求离婚经济补偿", cited: "1080", near: ["1088"], want: null },
    { name: "the cited article holds the statute's words for it: nothing", sentence: "请求离婚经济补偿", cited: "1080", lawOf: law({ "1080": "离婚时有权向另一方请求补偿的，依照本条。", "1088": "离婚时有权向另一方请求补偿。" }), want: null },
    {
      name: `more than ${CONCEPT_SPREAD} articles hold its words: it names none`,
      sentence: "请求离婚经济补偿",
      cited: "1",
      lawOf: law({ "1": "婚姻自由。", "2": "离婚时有权向另一方请求补偿。", "3": "离婚时有权向另一方请求补偿。", "4": "离婚时有权向另一方请求补偿。", "1088": "离婚时有权向另一方请求补偿。" }),
      want: null,
    },
    { name: "a condition met (符合…) refers to the rule that sets it, beside the cited one: nothing", sentence: "符合离婚经济补偿条件的，可以协议", cited: "1080", want: null },
    {
      name: "a principle's article (the law's chapter of principles) is never the one meant",
      sentence: "请求离婚经济补偿",
      cited: "1080",
      lawOf: law({ "1080": "完成离婚登记，即解除婚姻关系。", "1088": "离婚时有权向另一方请求补偿。" }, { "1088": "第一编 总则 / 第一章 基本规定" }),
      want: null,
    },
  ];
  it.each(rows)("$name", ({ sentence, cited, near, lawOf, want }) => {
    const l = lawOf ?? CODE;
    const got = conceptElsewhere(TABLE, sentence, l, l.byTid.get(cited)!, new Set(near ?? []));
    expect(got && { key: got.key, tids: got.indexes.map((i) => l.clauses[i]!.tid), term: got.term }).toEqual(want);
  });
});
