/** Table-driven: draft fragments and the citations they must yield (eyecite-style). */
import { describe, expect, it } from "vitest";
import { extractCitations, MAX_RANGE } from "./extract-citations";
import { aliasKey, looksLikeLawName, lookupAlias, lookupRepealed, splitVersionMark } from "./law-aliases";

type Row = [string, string, { name: string; tid: string; para?: number; item?: number; shape?: string; frag?: string }[]];

const TABLE: Row[] = [
  ["full title, Chinese numerals", "依据《中华人民共和国民法典》第五百七十七条，", [{ name: "中华人民共和国民法典", tid: "577", shape: "clause", frag: "《中华人民共和国民法典》第五百七十七条" }]],
  ["short title, Arabic numerals", "《民法典》第577条规定", [{ name: "民法典", tid: "577", frag: "《民法典》第577条" }]],
  ["full-width digits", "《民法典》第５７７条", [{ name: "民法典", tid: "577" }]],
  ["spaces inside", "《民法典》 第 577 条", [{ name: "民法典", tid: "577" }]],
  ["unbracketed with 款 and 项", "根据民法典第五百六十三条第一款第四项的规定", [{ name: "民法典", tid: "563", para: 1, item: 4, frag: "民法典第五百六十三条第一款第四项" }]],
  ["项 in brackets", "《民法典》第五百六十三条第一款第（四）项", [{ name: "民法典", tid: "563", para: 1, item: 4 }]],
  ["之一", "《刑法》第一百二十条之一", [{ name: "刑法", tid: "120-1" }]],
  ["list with 、", "《公司法》第二十条、第二十一条", [{ name: "公司法", tid: "20", shape: "clause" }, { name: "公司法", tid: "21", shape: "list", frag: "第二十一条" }]],
  ["list with 和", "《公司法》第二十条和第二十一条", [{ name: "公司法", tid: "20" }, { name: "公司法", tid: "21" }]],
  ["a book named between the name and the article", "根据《民法典》侵权责任编第1165条", [{ name: "民法典", tid: "1165" }]],
  ["a numbered book and chapter with their titles", "《民法典》第三编合同第八章违约责任第五百七十七条规定", [{ name: "民法典", tid: "577" }]],
  ["list of 款", "《劳动合同法》第八十二条第一款、第二款", [{ name: "劳动合同法", tid: "82", para: 1 }, { name: "劳动合同法", tid: "82", para: 2 }]],
  [
    "项 without 第, as a list, and the chain goes on after it",
    "依照《中华人民共和国刑法》第二百九十三条第一款（一）、（二）项、第二百三十四条、第六十七条第（三）项之规定",
    [
      { name: "中华人民共和国刑法", tid: "293", para: 1, item: 1 },
      { name: "中华人民共和国刑法", tid: "293", para: 1, item: 2 },
      { name: "中华人民共和国刑法", tid: "234" },
      { name: "中华人民共和国刑法", tid: "67", item: 3 },
    ],
  ],
  ["款 without 第 (第三百八十二条一款) keeps the list going", "根据《中华人民共和国刑法》第三百九十七条一款、第三百八十二条一款、第三百八十三条（二）项的规定", [{ name: "中华人民共和国刑法", tid: "397", para: 1 }, { name: "中华人民共和国刑法", tid: "382", para: 1, frag: "第三百八十二条一款" }, { name: "中华人民共和国刑法", tid: "383", item: 2 }]],
  ["a bare 第X条 after a lead word in the same sentence stands for the law named last", "您可以依据《民法典》第六百七十五条主张其按期返还借款，并可依据第六百七十六条要求支付逾期利息。", [{ name: "民法典", tid: "675" }, { name: "民法典", tid: "676", shape: "back_reference", frag: "第六百七十六条" }]],
  ["…and in a later sentence of its paragraph, close after it (an LLM answer names the law once)", "依据《民法典》第六百七十五条返还借款。依据第六百七十六条支付利息。", [{ name: "民法典", tid: "675" }, { name: "民法典", tid: "676", shape: "back_reference", frag: "第六百七十六条" }]],
  ["…not in another paragraph", "依据《民法典》第六百七十五条返还借款。\n依据第六百七十六条支付利息。", [{ name: "民法典", tid: "675" }]],
  ["…nor a contract's clause in a later sentence (依照第五条约定)", "根据《民法典》第五百七十七条，被告应当承担违约责任。双方依照第五条约定的方式结算。", [{ name: "民法典", tid: "577" }]],
  ["…nor in a later sentence about the contract (合同…依照第五条)", "根据《民法典》第五百七十七条承担责任。该合同中依照第五条处理。", [{ name: "民法典", tid: "577" }]],
  ["…nor with no law named before it", "依据第六百七十六条支付利息。", []],
  ["a list of 项 written with 第 once", "《民法典》第五百六十三条第一款第一、四项", [{ name: "民法典", tid: "563", para: 1, item: 1 }, { name: "民法典", tid: "563", para: 1, item: 4 }]],
  ["项 in brackets after a later 款 of the list", "《劳动合同法》第三十八条第一款、第二款（一）项", [{ name: "劳动合同法", tid: "38", para: 1 }, { name: "劳动合同法", tid: "38", para: 2, item: 1 }]],
  ["several articles under one 第…条 (第二十五、二十六条)", "依照《中华人民共和国刑法》第二十五、二十六条之规定", [{ name: "中华人民共和国刑法", tid: "25", shape: "clause" }, { name: "中华人民共和国刑法", tid: "26", shape: "list" }]],
  ["…in Arabic (第25、26、67条)", "依照《刑法》第25、26、67条之规定", [25, 26, 67].map((n) => ({ name: "刑法", tid: String(n) }))],
  ["an article without 第 after a separator keeps the list going (第二十五条、二十六条)", "依照《刑法》第二十五条、二十六条之规定", [{ name: "刑法", tid: "25" }, { name: "刑法", tid: "26", frag: "二十六条" }]],
  ["…in Arabic, with its 款 (第1165条、1166条第一款)", "根据《民法典》第1165条、1166条第一款的规定", [{ name: "民法典", tid: "1165" }, { name: "民法典", tid: "1166", para: 1 }]],
  ["…not a number that is no article (第五条、三条件)", "依照《公司法》第五条、三条件", [{ name: "公司法", tid: "5" }]],
  ["range 第二十至二十三条", "《公司法》第二十至二十三条", [20, 21, 22, 23].map((n) => ({ name: "公司法", tid: String(n), shape: "range" }))],
  ["range 第二十条至第二十三条", "《公司法》第二十条至第二十三条", [20, 21, 22, 23].map((n) => ({ name: "公司法", tid: String(n), shape: "range", frag: "《公司法》第二十条至第二十三条" }))],
  ["range in Arabic", "《公司法》第20-22条", [20, 21, 22].map((n) => ({ name: "公司法", tid: String(n), shape: "range" }))],
  ["back-reference 该法", "《劳动合同法》第十条规定……该法第八十二条", [{ name: "劳动合同法", tid: "10" }, { name: "劳动合同法", tid: "82", shape: "back_reference", frag: "该法第八十二条" }]],
  ["back-reference 同法", "《民法典》第五百七十七条、同法第五百八十四条", [{ name: "民法典", tid: "577" }, { name: "民法典", tid: "584", shape: "back_reference" }]],
  ["back-reference 本法", "《公司法》第二十条。本法第二十一条", [{ name: "公司法", tid: "20" }, { name: "公司法", tid: "21", shape: "back_reference" }]],
  ["back-reference without a prior law is ignored", "该法第八十二条", []],
  ["本解释 is the writer's own instrument, not the last law named", "《民事诉讼法》第六十二条规定……本解释第八十七条", [{ name: "民事诉讼法", tid: "62" }]],
  ["本规定 after a 规定 names it", "《最高人民法院关于审理民间借贷案件适用法律若干问题的规定》第十条……本规定第十二条", [{ name: "最高人民法院关于审理民间借贷案件适用法律若干问题的规定", tid: "10" }, { name: "最高人民法院关于审理民间借贷案件适用法律若干问题的规定", tid: "12", shape: "back_reference" }]],
  ["JI full name, bracketed", "《最高人民法院关于审理民间借贷案件适用法律若干问题的规定》第二十五条", [{ name: "最高人民法院关于审理民间借贷案件适用法律若干问题的规定", tid: "25" }]],
  ["JI full name with 〈〉", "《最高人民法院关于适用〈中华人民共和国民法典〉合同编通则若干问题的解释》第五条", [{ name: "最高人民法院关于适用中华人民共和国民法典合同编通则若干问题的解释", tid: "5" }]],
  ["JI full name, unbracketed, inner 《》", "最高人民法院关于适用《民法典》合同编通则若干问题的解释第五条", [{ name: "最高人民法院关于适用民法典合同编通则若干问题的解释", tid: "5" }]],
  ["JI short name", "《民间借贷司法解释》第二十五条", [{ name: "民间借贷司法解释", tid: "25" }]],
  ["JI short name 2", "《民法典合同编通则解释》第十条", [{ name: "民法典合同编通则解释", tid: "10" }]],
  ["version mark inside", "《公司法（2018年修正）》第二十条", [{ name: "公司法", tid: "20" }]],
  ["version mark outside", "《公司法》（2018年修正）第二十条", [{ name: "公司法", tid: "20" }]],
  ["name only", "依据《劳动合同法》之规定", [{ name: "劳动合同法", tid: "", shape: "name_only", frag: "《劳动合同法》" }]],
  ["name only once per law", "《劳动合同法》……《劳动合同法》", [{ name: "劳动合同法", tid: "", shape: "name_only" }]],
  ["name only suppressed when cited with a clause", "《劳动合同法》第十条。《劳动合同法》", [{ name: "劳动合同法", tid: "10" }]],
  ["a contract title is not a law", "双方签订《借款合同》及《补充协议》", []],
  ["unknown law in brackets is still a citation", "《中华人民共和国数据资产法》第十条", [{ name: "中华人民共和国数据资产法", tid: "10" }]],
  ["unknown unbracketed name with the PRC prefix", "依照中华人民共和国数据资产法第十条", [{ name: "中华人民共和国数据资产法", tid: "10" }]],
  ["本法第X条 inside a restatement after the citation is the article's own cross-reference", "根据《劳动合同法》第八十七条，用人单位违反本法规定解除或者终止劳动合同的，应当依照本法第四十七条规定的经济补偿标准的二倍向劳动者支付赔偿金。", [{ name: "劳动合同法", tid: "87" }]],
  ["本法第X条 in a new sentence is a citation", "根据《劳动合同法》第八十七条，用人单位应当支付赔偿金。本法第四十七条规定了经济补偿标准。", [{ name: "劳动合同法", tid: "87" }, { name: "劳动合同法", tid: "47", shape: "back_reference" }]],
  ["该法第X条 after a comma is the draft's own further citation", "不符合《民事诉讼法》第二百零七条第六项规定的情形，故依照该法第二百一十五条第一款的规定，裁定驳回再审申请。", [{ name: "民事诉讼法", tid: "207" }, { name: "民事诉讼法", tid: "215", shape: "back_reference" }]],
  ["cross-references inside a quote are not citations", "《消费者权益保护法》第五十五条规定：“……依照本法第四十九条、第五十一条等法律规定赔偿损失”", [{ name: "消费者权益保护法", tid: "55" }]],
  ["bare clause numbers are not citations", "第五百七十七条规定", []],
  ["a definition between name and number", "《中华人民共和国民法典》（以下简称《民法典》）第五百七十七条", [{ name: "中华人民共和国民法典", tid: "577" }]],
  ["a document number and version between name and number", "《最高人民法院关于审理民间借贷案件适用法律若干问题的规定》（法释〔2015〕18号，2020年修正）第二十五条", [{ name: "最高人民法院关于审理民间借贷案件适用法律若干问题的规定", tid: "25" }]],
  ["a definition whose short name ends in an ordinal （一）, then the number", "《最高人民法院关于审理劳动争议案件适用法律问题的解释（一）》（以下简称《劳动争议解释（一）》）第三十三条。《劳动争议解释（一）》第三十四条", [{ name: "最高人民法院关于审理劳动争议案件适用法律问题的解释(一)", tid: "33" }, { name: "最高人民法院关于审理劳动争议案件适用法律问题的解释(一)", tid: "34" }]],
  ["a later use of the defined name", "《中华人民共和国民法典》（以下简称《民法典》）第五百七十七条。《民法典》第五百零九条", [{ name: "中华人民共和国民法典", tid: "577" }, { name: "中华人民共和国民法典", tid: "509" }]],
  ["a decision about a person is not a statute", "根据《关于给予张某开除党籍处分的决定》第二条", []],
  ["two laws in one sentence", "《民法典》第五百七十七条及《公司法》第二十条", [{ name: "民法典", tid: "577" }, { name: "公司法", tid: "20" }]],
  ["a title wrapped in 〈〉", "依照〈最高人民法院关于审理民间借贷案件适用法律若干问题的规定〉第二十五条", [{ name: "最高人民法院关于审理民间借贷案件适用法律若干问题的规定", tid: "25" }]],
  ["a title wrapped in 「」 before an article", "依照「中华人民共和国公司法」第二十条", [{ name: "中华人民共和国公司法", tid: "20", frag: "「中华人民共和国公司法」第二十条" }]],
  ["a quotation in 「」 is not a title", "其称「依照公司法」，第二十条另有规定", []],
  ["a back-reference in 「」 is not a title", "「本规定」第三条", []],
  ["a title wrapped onto a second line", "依照《最高人民法院关于审理民间借贷案件适用法律\n若干问题的规定》第二十五条", [{ name: "最高人民法院关于审理民间借贷案件适用法律若干问题的规定", tid: "25" }]],
  ["a paragraph break is not inside a title", "《民法典\n\n合同》第五百七十七条", []],
  ["a version note inside the title", "《最高人民法院关于审理环境民事公益诉讼案件适用法律若干问题的解释（法释〔2015〕1号，2020修正）》第十八条", [{ name: "最高人民法院关于审理环境民事公益诉讼案件适用法律若干问题的解释", tid: "18" }]],
  ["a definition inside a document-number note", "《最高人民法院关于审理环境民事公益诉讼案件适用法律若干问题的解释》（法释〔2015〕1号，以下简称《解释》）第二十五条。不符合《解释》第二十五条", [{ name: "最高人民法院关于审理环境民事公益诉讼案件适用法律若干问题的解释", tid: "25" }, { name: "最高人民法院关于审理环境民事公益诉讼案件适用法律若干问题的解释", tid: "25" }]],
  ["a definition after a separate note", "《住宅专项维修资金管理办法》(建设部、财政部令第165号)（以下简称《办法》）第二条。《办法》第三条", [{ name: "住宅专项维修资金管理办法", tid: "2" }, { name: "住宅专项维修资金管理办法", tid: "3" }]],
  ["a court's meeting minutes the table knows are not minutes of a meeting", "《九民纪要》第三十条", [{ name: "九民纪要", tid: "30" }]],
];

describe("extractCitations: a title whose law name the source removed", () => {
  // as the index answers: the title with or without its issuer (nameVariants puts it back)
  const isKnownName = (n: string) => ["关于适用《中华人民共和国刑事诉讼法》的解释", "中华人民共和国刑事诉讼法"].includes(n.replace(/^最高人民法院/, ""));
  it("is filled in when exactly one law the document names makes a known title", () => {
    const t = "依照《中华人民共和国刑事诉讼法》第九十九条、最高人民法院《关于适用的解释》第一百三十八条之规定";
    const st = extractCitations(t, { isKnownName }).statutes;
    expect(st.map((s) => [s.name, s.tid, s.definedAs])).toEqual([
      ["中华人民共和国刑事诉讼法", "99", undefined],
      ["关于适用《中华人民共和国刑事诉讼法》的解释", "138", "关于适用的解释"],
    ]);
  });
  it("stays as written when no law (or more than one) fits", () => {
    const st = extractCitations("依照《中华人民共和国刑法》第六十七条、《最高人民法院关于适用的解释》第三百二十七条之规定", { isKnownName }).statutes;
    expect(st[1]!.name).toBe("最高人民法院关于适用的解释");
    expect(st[1]!.definedAs).toBeUndefined();
  });
});

describe("extractCitations: citation shapes", () => {
  it.each(TABLE)("%s", (_label, text, expected) => {
    const got = extractCitations(text).statutes;
    expect(got.map((s) => ({ name: s.name, tid: s.tid }))).toEqual(expected.map((e) => ({ name: e.name, tid: e.tid })));
    expected.forEach((e, i) => {
      const s = got[i]!;
      if (e.para !== undefined) expect(s.paragraph).toBe(e.para);
      if (e.item !== undefined) expect(s.item).toBe(e.item);
      if (e.shape) expect(s.shape).toBe(e.shape);
      if (e.frag) expect(text.slice(s.start, s.end)).toBe(e.frag);
    });
  });

  it.each([
    ["a topic after each article, and the chain goes on", "《民法典》第1091条（离婚损害赔偿）、第1087条（离婚时夫妻共同财产的处理）、第1084条", [["1091", "离婚损害赔偿"], ["1087", "离婚时夫妻共同财产的处理"], ["1084", undefined]]],
    ["a topic after an article's 项", "《劳动合同法》第40条第3项（客观情况发生重大变化）规定，劳动合同订立时所依据的客观情况发生重大变化", [["40", "客观情况发生重大变化"]]],
    ["a topic in 【】", "《民法典》第一千零九十一条【离婚损害赔偿】", [["1091", "离婚损害赔偿"]]],
    ["a 项 number in brackets is not a topic", "《民法典》第五百六十三条第一款（四）项", [["563", undefined]]],
    ["a former number after the article is not a topic", "《劳动合同法》第四十七条（原第四十五条）", [["47", undefined]]],
    ["a version mark after the article is not a topic", "《公司法》第三十四条（2018年修正）", [["34", undefined]]],
  ] as [string, string, [string, string | undefined][]][])("topics written after the number: %s", (_what, text, want) => {
    expect(extractCitations(text).statutes.map((s) => [s.tid, s.label])).toEqual(want);
  });

  it.each([
    ["关于…的规定 after one article", "违反《消费者权益保护法》第九条关于消费者自主决定购买或者不购买任何一项服务的规定。", [["9", "消费者自主决定购买或者不购买任何一项服务"]]],
    ["有关…的规定 after an article's 款", "根据《查封规定》第二十一条第一款有关查封土地使用权的效力及于地上建筑物的规定精神", [["21", "查封土地使用权的效力及于地上建筑物"]]],
    ["not after a list of articles (the topic may be any one's)", "依照《环境保护法》第五十八条、第五十九条关于社会组织提起诉讼的规定", [["58", undefined], ["59", undefined]]],
    ["not a quoted topic (the quote is judged as one)", "符合《商标法》第三十一条关于“申请商标注册不得损害他人现有的在先权利”的规定", [["31", undefined]]],
    ["not words that run on to another clause", "依照《民法典》第五百七十七条，关于违约责任的规定如下", [["577", undefined]]],
  ] as [string, string, [string, string | undefined][]][])("what an article is said to be about: %s", (_what, text, want) => {
    expect(extractCitations(text).statutes.map((s) => [s.tid, s.about])).toEqual(want);
  });

  it.each([
    ["before the article", "《公司法》（2018年修正）第七十一条", 2018],
    ["after the article, as LLM answers write it", "根据《公司法》第71条（2018年修正），有限责任公司的股东之间可以相互转让其全部或者部分股权。", 2018],
    ["after the article's 款", "《民法典》第1079条第2款（2020年版）", 2020],
    ["none", "《公司法》第七十一条", undefined],
  ] as [string, string, number | undefined][])("the version a citation names: %s", (_what, text, year) => {
    const [s] = extractCitations(text).statutes;
    expect(s?.versionYear).toBe(year);
    // the note is not the excerpt the citation carries
    expect(s?.content ?? "").not.toMatch(/^（\d{4}/);
  });

  it("caps ranges", () => {
    expect(extractCitations("《民法典》第一条至第九百条").statutes.map((s) => s.tid)).toEqual(["1", "900"]);
    expect(MAX_RANGE).toBeGreaterThan(10);
  });
});

describe("extractCitations: content", () => {
  it("quoted text after 规定：“…” verbatim, with offsets", () => {
    const t = "根据《民法典》第五百七十七条规定：“当事人一方不履行合同义务的，应当承担违约责任。”故被告应赔偿。";
    const [s] = extractCitations(t).statutes;
    expect(s!.content).toBe("当事人一方不履行合同义务的，应当承担违约责任。");
    expect(s!.quoted).toBe(true);
    expect(t.slice(s!.contentStart, s!.contentEnd)).toBe(s!.content);
  });
  it("unquoted text after 规定： up to the sentence end", () => {
    const [s] = extractCitations("《民法典》第五百七十七条规定：当事人一方不履行合同义务的，应当承担违约责任。其他").statutes;
    expect(s!.content).toBe("当事人一方不履行合同义务的，应当承担违约责任");
    expect(s!.quoted).toBe(true);
  });
  it("同条第三款 is another 款 of the article cited just before, in its paragraph", () => {
    const t = "《公司法》第二十三条第一款规定，股东滥用公司法人独立地位的，应当承担连带责任。同条第三款规定，只有一个股东的公司，股东不能证明的，应当承担连带责任。\n同条第二款另有规定。";
    const got = extractCitations(t).statutes;
    expect(got.map((x) => [x.name, x.tid, x.clause, x.paragraph ?? null, x.shape])).toEqual([
      ["公司法", "23", "第二十三条第一款", 1, "clause"],
      ["公司法", "23", "第二十三条第三款", 3, "back_reference"],
    ]);
    expect(got[1]!.claim).toContain("只有一个股东的公司");
  });
  it("本条第一款 is statute language's own article, not the one cited before it", () => {
    const t = "实施刑法第一百三十四条第二款规定的行为，具有本条第一款规定情形的，处五年以下有期徒刑。";
    expect(extractCitations(t).statutes.map((x) => x.clause)).toEqual(["第一百三十四条第二款"]);
  });
  it("unquoted text after a colon stops at the next item of a list of citations (…；2.《…》第二十四条：…)", () => {
    const t = "法律依据：1.《劳动合同法》第二十三条第二款：对负有保密义务的劳动者，用人单位可以约定竞业限制条款；2.《劳动合同法》第二十四条第一款：竞业限制的人员限于高级管理人员。其他";
    const [a, b] = extractCitations(t).statutes;
    expect(a!.claim).toBe("对负有保密义务的劳动者，用人单位可以约定竞业限制条款");
    expect(b!.clause).toBe("第二十四条第一款");
    expect(b!.claim).toBe("竞业限制的人员限于高级管理人员");
  });
  it.each([
    ["规定，“计算机信息系统”和“计算机系统”，是指具备自动处理数据功能的系统。", "“计算机信息系统”和“计算机系统”，是指具备自动处理数据功能的系统", false],
    ["规定，“近亲属”，包括配偶、父母、子女。", "“近亲属”，包括配偶、父母、子女", false],
    ["规定：“善意”、“恶意”的认定，依照下列标准。", "“善意”、“恶意”的认定，依照下列标准", true],
  ])("a quoted term the sentence goes on with is not the quote: the sentence is the claim (%s)", (tail, claim, quoted) => {
    const [s] = extractCitations(`《刑法》第十一条${tail}`).statutes;
    expect(s!.quoted).toBe(quoted);
    expect(s!.claim).toBe(claim);
  });
  it("a quote followed by its sentence's end stays the quote", () => {
    const [s] = extractCitations("《刑法》第十一条规定：“计算机信息系统是指系统。”另查明。").statutes;
    expect(s!.quoted).toBe(true);
    expect(s!.claim).toBe("计算机信息系统是指系统。");
  });
  it("otherwise the sentence carrying the citation", () => {
    const [s] = extractCitations("前文。依照《民法典》第五百七十七条，被告应当承担违约责任。后文").statutes;
    expect(s!.content).toBe("依照《民法典》第五百七十七条，被告应当承担违约责任");
    expect(s!.quoted).toBe(false);
    expect(s!.claim).toBe("被告应当承担违约责任");
  });
  it("a list shares one quote", () => {
    const st = extractCitations("《公司法》第二十条、第二十一条规定：“甲乙丙。”").statutes;
    expect(st.map((s) => s.content)).toEqual(["甲乙丙。", "甲乙丙。"]);
    expect(st[0]!.group).toBe(st[1]!.group);
  });
  it.each([
    [
      "each article followed by 规定 and its own words keeps its own part of the sentence",
      "经查，《环境保护法》第六十八条规定禁止篡改、伪造监测数据，《大气污染防治法》第一百二十六条规定禁止对监督管理工作弄虚作假，《计算机信息系统安全保护条例》第七条规定不得危害计算机信息系统的安全。",
      ["经查，《环境保护法》第六十八条规定禁止篡改、伪造监测数据", "《大气污染防治法》第一百二十六条规定禁止对监督管理工作弄虚作假", "《计算机信息系统安全保护条例》第七条规定不得危害计算机信息系统的安全"],
      ["禁止篡改、伪造监测数据", "禁止对监督管理工作弄虚作假", "不得危害计算机信息系统的安全"],
    ],
    [
      "a list applied to one conclusion shares the sentence",
      "依照《刑法》第二百六十四条、《刑事诉讼法》第十五条的规定，判决如下",
      ["依照《刑法》第二百六十四条、《刑事诉讼法》第十五条的规定，判决如下", "依照《刑法》第二百六十四条、《刑事诉讼法》第十五条的规定，判决如下"],
      null,
    ],
    [
      "规定的情形 (a modifier) and 依照…的规定 (closing a lead) are no statement of their own",
      "在救助船舶不存在《海商法》第一百八十七条规定的情形时，其依照《海商法》第一百九十一条的规定获得的救助款项不被取消。",
      ["在救助船舶不存在《海商法》第一百八十七条规定的情形时，其依照《海商法》第一百九十一条的规定获得的救助款项不被取消", "在救助船舶不存在《海商法》第一百八十七条规定的情形时，其依照《海商法》第一百九十一条的规定获得的救助款项不被取消"],
      null,
    ],
    [
      "…nor is one whose next citation follows too soon",
      "《民法典》第五百七十七条规定和《民法典》第五百八十四条规定的违约责任，被告应当承担。",
      ["《民法典》第五百七十七条规定和《民法典》第五百八十四条规定的违约责任，被告应当承担", "《民法典》第五百七十七条规定和《民法典》第五百八十四条规定的违约责任，被告应当承担"],
      null,
    ],
  ])("several citations in one sentence: %s", (_name, text, contents, claims) => {
    const st = extractCitations(text).statutes;
    expect(st.map((s) => s.content)).toEqual(contents);
    for (const s of st) expect(text.slice(s.contentStart, s.contentEnd)).toBe(s.content);
    if (claims) expect(st.map((s) => s.claim)).toEqual(claims);
  });
  it("offsets are UTF-16 code units (astral characters before the citation)", () => {
    const t = "𠀀𠀁《民法典》第577条";
    const [s] = extractCitations(t).statutes;
    expect(t.slice(s!.start, s!.end)).toBe("《民法典》第577条");
    expect(s!.start).toBe(4);
  });
});

describe("extractCitations: case numbers", () => {
  it.each([
    ["（2021）最高法民终123号", "（2021）最高法民终123号"],
    ["(2020)京01民初456号", "（2020）京01民初456号"],
    ["〔2019〕沪0115民初12345号", "（2019）沪0115民初12345号"],
    ["（２０２１）最高法民终１２３号", "（2021）最高法民终123号"],
    ["( 2020 ) 京01民初 456 号", "（2020）京01民初456号"],
    ["【2019】沪0115民初12345号", "（2019）沪0115民初12345号"],
    ["（2009）沪二中民二（民）终字第1508号", "（2009）沪二中民二（民）终字第1508号"],
  ])("%s → %s", (raw, norm) => {
    const t = `参见${raw}判决书。`;
    const [c] = extractCitations(t).cases;
    expect(c!.normalized).toBe(norm);
    expect(t.slice(c!.start, c!.end)).toBe(raw);
  });
  it("document numbers are not case numbers", () => {
    expect(extractCitations("法释〔2020〕17号").cases).toHaveLength(0);
  });
  it("a case name before the number", () => {
    const [c] = extractCitations("在上海中原物业顾问有限公司诉陶德华居间合同纠纷案（（2009）虹民三（民）初字第912号）中").cases;
    expect(c!.name).toBe("上海中原物业顾问有限公司诉陶德华居间合同纠纷案");
  });
});

describe("aliases and name rules", () => {
  it.each([
    ["民间借贷司法解释", "最高人民法院关于审理民间借贷案件适用法律若干问题的规定"],
    ["《民间借贷规定》", "最高人民法院关于审理民间借贷案件适用法律若干问题的规定"],
    ["民法典合同编通则解释", "最高人民法院关于适用《中华人民共和国民法典》合同编通则若干问题的解释"],
    ["劳动争议司法解释（一）", "最高人民法院关于审理劳动争议案件适用法律问题的解释（一）"],
    ["消法", "中华人民共和国消费者权益保护法"],
  ])("%s → %s", (alias, target) => {
    expect(lookupAlias(alias)).toBe(target);
  });
  it("keys ignore 中华人民共和国, brackets and width", () => {
    expect(aliasKey("《中华人民共和国民法典》")).toBe(aliasKey("民法典"));
  });
  it("repealed laws", () => {
    expect(lookupRepealed("合同法")?.replaced_by).toBe("中华人民共和国民法典");
    expect(lookupRepealed("《中华人民共和国合同法》")?.status).toBe("失效");
    expect(lookupRepealed("民法典")).toBeNull();
  });
  it("version marks", () => {
    expect(splitVersionMark("公司法（2018年修正）")).toEqual({ name: "公司法", year: 2018 });
    expect(splitVersionMark("公司法(2023修订)")).toEqual({ name: "公司法", year: 2023 });
    expect(splitVersionMark("最高人民法院关于适用《公司法》若干问题的规定（三）").year).toBeNull();
  });
  it.each([
    ["劳动合同法", true],
    ["证券公司监督管理条例", true],
    ["民间借贷司法解释", true],
    ["借款合同", false],
    ["起诉状", false],
  ])("looksLikeLawName(%s) = %s", (n, v) => {
    expect(looksLikeLawName(n)).toBe(v);
  });
});
