import { describe, expect, it } from "vitest";
import { headingOutside } from "./heading-claim";
import { termText } from "./law-index";

const art = (tid: string, text: string, chapter: string) => ({ tid, text: termText(text), chapter });
const ARTICLES = [
  art("20", "中级人民法院管辖下列第一审刑事案件：（一）危害国家安全、恐怖活动案件。", "第一编 总则 / 第二章 管辖"),
  art("162", "公安机关侦查终结的案件，应当做到犯罪事实清楚，证据确实、充分。", "第二编 立案、侦查和提起公诉 / 第二章 侦查 / 第十节 侦查终结"),
  art("169", "凡需要提起公诉的案件，一律由人民检察院审查决定。", "第二编 立案、侦查和提起公诉 / 第三章 提起公诉"),
  art("175", "人民检察院审查案件，可以要求公安机关提供法庭审判所必需的证据材料。", "第二编 立案、侦查和提起公诉 / 第三章 提起公诉"),
  art("176", "人民检察院认为犯罪嫌疑人的犯罪事实已经查清，证据确实、充分，依法应当追究刑事责任的，应当作出起诉决定，按照审判管辖的规定，向人民法院提起公诉。", "第二编 立案、侦查和提起公诉 / 第三章 提起公诉"),
  art("182", "犯罪嫌疑人自愿如实供述涉嫌犯罪的事实，有重大立功或者案件涉及国家重大利益的，经最高人民检察院核准，公安机关可以撤销案件。", "第二编 立案、侦查和提起公诉 / 第三章 提起公诉"),
  art("252", "人民法院执行判决，应当通知罪犯家属。", "第四编 执行"),
];
const XINGSU = { clauses: ARTICLES.map(({ tid, chapter }) => ({ tid, chapter })), texts: ARTICLES.map((a) => a.text) };
const at = (tid: string) => ARTICLES.findIndex((a) => a.tid === tid);

describe("headingOutside: a sentence that only names a part of the law, under an article outside it", () => {
  const rows: { name: string; claim: string; cited: string; want: { heading: string; part: string; first: string; last: string } | null }[] = [
    { name: "提起公诉 under a 管辖 article: the chapter headed by it, its first and last articles", claim: "提起公诉，请依法判处", cited: "20", want: { heading: "提起公诉", part: "第二编 立案、侦查和提起公诉 / 第三章 提起公诉", first: "169", last: "182" } },
    { name: "…and under an article of the 执行 编", claim: "提起公诉，要求依法判处", cited: "252", want: { heading: "提起公诉", part: "第二编 立案、侦查和提起公诉 / 第三章 提起公诉", first: "169", last: "182" } },
    { name: "inside the chapter (a near number): nothing to say", claim: "提起公诉，请依法判处", cited: "175", want: null },
    { name: "inside the 编 whose heading names it (立案、侦查和提起公诉): nothing to say", claim: "提起公诉，请依法判处", cited: "162", want: null },
    { name: "the cited article says it: nothing to say", claim: "提起公诉", cited: "176", want: null },
    { name: "a sentence saying more than the heading is judged by its words, not here", claim: "被告人张某涉嫌盗窃，提起公诉", cited: "20", want: null },
    { name: "a heading shorter than 4 characters is a word (管辖)", claim: "管辖", cited: "252", want: null },
  ];
  it.each(rows)("$name", ({ claim, cited, want }) => {
    expect(headingOutside(XINGSU, at(cited), claim)).toEqual(want);
  });
});
