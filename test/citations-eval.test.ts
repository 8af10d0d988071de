/** The real-text citation set's builder (bench/citations-eval): sentences, citations, styles, perturbations. */
import { describe, expect, it } from "vitest";
import { classify, findCitations, prng, splitSentences, type Passage } from "../bench/citations-eval/passages";
import { alteration, swaps } from "../bench/citations-eval/perturb";
import type { Clause } from "../lib/store/types";

const C263 = "以暴力、胁迫或者其他方法抢劫公私财物的，处三年以上十年以下有期徒刑，并处罚金";

describe("splitSentences", () => {
  it("splits at 。；and line breaks but never inside a quotation", () => {
    expect(splitSentences("甲。《刑法》第一条规定：“为了惩罚犯罪。保护人民。”乙；丙\n丁")).toEqual(["甲。", "《刑法》第一条规定：“为了惩罚犯罪。保护人民。”乙；", "丙", "丁"]);
  });
});

describe("findCitations", () => {
  it("reads name, article, 款 and 项 with offsets; skips names that are not instruments", () => {
    const s = "依照《中华人民共和国刑法》第六十七条第三款、《借款合同》第二条之规定";
    const [c, ...rest] = findCitations(s);
    expect(rest).toEqual([]);
    expect(c).toMatchObject({ name: "中华人民共和国刑法", article: "第六十七条", tid: "67", paragraph: 3, item: 0 });
    expect(s.slice(c!.articleStart, c!.articleEnd)).toBe("第六十七条");
    expect(s.slice(c!.start, c!.end)).toBe("《中华人民共和国刑法》第六十七条第三款");
  });
});

describe("classify", () => {
  const cases: [string, string, string[]][] = [
    ["quote", "《刑法》第二百六十三条规定：“以暴力、胁迫或者其他方法抢劫公私财物的，处三年以上十年以下有期徒刑。”", []],
    ["bare", "依照《中华人民共和国刑法》第二百六十三条、第六十七条第三款之规定，判决如下：", []],
    ["application", "被告人姚某以非法占有为目的，当场使用暴力抢劫他人财物，其行为触犯了《中华人民共和国刑法》第二百六十三条，应当以抢劫罪追究其刑事责任。", []],
    ["pasted", "《中华人民共和国刑法》第二百六十三条规定，以暴力、胁迫或者其他方法抢劫公私财物的，处三年以上十年以下有期徒刑。", [C263]],
    ["restatement", "根据《中华人民共和国刑法》第二百六十三条，抢劫财物的处三年以上有期徒刑并且要罚款。", [C263]],
  ];
  it.each(cases)("%s: %s", (style, s, texts) => {
    const c = findCitations(s)[0]!;
    expect(classify(s, c, texts).style).toBe(style);
  });
});

function passage(text: string, style: Passage["style"], clauseTexts: string[] = []): Passage {
  const cite = findCitations(text)[0]!;
  const k = classify(text, cite, clauseTexts);
  expect(k.style).toBe(style);
  return { id: "t", docId: "d", source: "lecardv2", style, text, cite, referenceDate: "2020-12-31", dateBasis: "case_number_year", claim: text.slice(k.claimStart, k.claimEnd), claimStart: k.claimStart, claimEnd: k.claimEnd };
}

const clause = (tid: string, content: string): Clause => ({ id: `f_${tid}`, fgid: "f", tid, ord: Number(tid), ft_num: "", content, chapter: "" });

describe("perturbations", () => {
  it("swaps the article number to an existing neighbour and to a far article, keeping the rest", () => {
    const p = passage("其行为触犯了《中华人民共和国刑法》第二百六十三条，应当以抢劫罪追究其刑事责任。", "application");
    const clauses = ["260", "261", "262", "263", "264", "300"].map((t) => clause(t, `第${t}条的内容足够长，不少于十个字符。`));
    const v = swaps(p, clauses, prng(1));
    expect(v.map((x) => x.kind)).toEqual(["swap_near", "swap_random"]);
    expect(["260", "261", "262", "264"]).toContain(v[0]!.tid);
    expect(v[1]!.tid).toBe("300");
    expect(v[1]!.text).toBe("其行为触犯了《中华人民共和国刑法》第三百条，应当以抢劫罪追究其刑事责任。");
  });

  it("a swap needs the cited 款 in the target article", () => {
    const p = passage("其行为触犯了《中华人民共和国刑法》第二百六十三条第二款，应当追究其刑事责任。", "application");
    const v = swaps(p, [clause("262", "只有一款，足够长的内容在这里。"), clause("264", "第一款的内容在这里写着。\n第二款的内容在这里写着。")], prng(1));
    expect(v.map((x) => x.tid)).toEqual(["264"]);
  });

  it("alters what the passage says, never the citation or a bare list", () => {
    const p = passage("《刑法》第二百六十三条规定：“以暴力、胁迫或者其他方法抢劫公私财物的，应当处三年以上十年以下有期徒刑。”", "quote");
    for (let seed = 0; seed < 6; seed++) {
      const v = alteration(p, prng(seed))!;
      expect(v.text.startsWith("《刑法》第二百六十三条规定：“")).toBe(true);
      expect(v.text).not.toBe(p.text);
      expect(["alter_number", "alter_modal", "alter_negation"]).toContain(v.kind);
    }
    expect(alteration(passage("依照《中华人民共和国刑法》第二百六十三条之规定，判决如下：", "bare"), prng(1))).toBeNull();
  });
});
