/**
 * The lawyer's ranking (lawyer-rank.ts), concepts (concepts.ts), word boundaries
 * (word-boundary.ts) and the citation authority (authority.ts) on a hand-made index where
 * every expectation can be read off the fixture.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { buildTinyIndex, tinyLaw, type TinyIndex, type TinyReg } from "@/test/helpers/tiny-index";
import { searchClauses } from "./search-clauses";
import { searchRegulations } from "./search-regulations";
import { buildAuthority } from "./authority";
import { compileFtsQuery, highlightTerms } from "./compile-fts-query";
import { crossesWordEnd, hasOccurrenceWithinWords } from "./word-boundary";
import { keywordJieba } from "./keyword-segmenter";
import { defines, opensDefining, staticRank } from "./lawyer-rank";
import type { KeywordRequest } from "./types";
import type { RegulationFilters } from "@/lib/store/types";

const law = (fgid: string, fgmc: string, xljb_1: string, sxx: string, dy: string, clauses: [string, string, string][]): TinyReg => ({
  fgid,
  fgmc,
  xljb_1,
  sxx,
  dy,
  fbrq: "2020-01-01",
  ssrq: "2020-01-01",
  clauses,
});

const REGS: TinyReg[] = [
  law("ldht", "中华人民共和国劳动合同法", "法律", "现行有效", "中央", [
    ["19", "第十九条", "劳动合同期限三个月以上不满一年的，试用期不得超过一个月。"],
    ["31", "第三十一条", "用人单位安排加班的，应当按照国家有关规定向劳动者支付加班费。"],
  ]),
  law("shld", "上海市劳动合同条例", "地方性法规", "现行有效", "上海", [
    ["13", "第十三条", "劳动合同当事人可以约定试用期。试用期应当包含在劳动合同期限内，试用期内工资不得低于本市最低工资标准。"],
  ]),
  law("ldht2007", "中华人民共和国劳动合同法（2007）", "法律", "已被修改", "中央", [
    ["19", "第十九条", "劳动合同期限三个月以上不满一年的，试用期不得超过一个月；试用期包含在劳动合同期限内。"],
  ]),
  law("mfd", "中华人民共和国民法典", "法律", "现行有效", "中央", [
    ["585", "第五百八十五条", "约定的违约金过分高于造成的损失的，人民法院可以根据当事人的请求予以适当减少。"],
    ["586", "第五百八十六条", "当事人可以约定一方向对方给付定金作为债权的担保。"],
  ]),
  law("sfjs", "最高人民法院关于审理买卖合同纠纷案件适用法律问题的解释", "司法解释", "现行有效", "中央", [
    ["21", "第二十一条", "对方以约定的违约金过高为由抗辩的，人民法院应当予以审查。"],
    ["30", "第三十条", "犯罪以后自动投案，依照《中华人民共和国刑法》第六十七条的规定处理。"],
  ]),
  law("xf", "中华人民共和国刑法", "法律", "现行有效", "中央", [
    ["67", "第六十七条", "犯罪以后自动投案，如实供述自己的罪行的，是自首。"],
    ["68", "第六十八条", "自首以后有立功表现的，自首的处理，适用自首的规定，对自首的犯罪分子从宽。"],
  ]),
  law("gsf", "中华人民共和国公司法", "法律", "现行有效", "中央", [
    ["10", "第十条", "公司的法定代表人按照公司章程的规定担任。公司法定代表人辞任的，视为同时辞去法定代表人。"],
    ["11", "第十一条", "依照公司法设立的公司，适用本法。"],
  ]),
];

let db: TinyIndex;
beforeAll(() => {
  db = buildTinyIndex(REGS);
  db.sqlite.prepare("INSERT INTO reg_aliases (alias_key, family) VALUES ('刑法', '刑法')").run();
  db.sqlite.prepare("UPDATE regulations SET family = '刑法' WHERE fgid = 'xf'").run();
  buildAuthority(db.build);
});

const req = (parts: string[], filters: RegulationFilters = {}): KeywordRequest => ({ parts, mode: "AND", filters, topK: 10 });
const ids = (xs: { id: string }[]) => xs.map((x) => x.id);

describe("lawyer's ranking", () => {
  it("national law before a local regulation that says the term more often, when no region is asked", () => {
    expect(ids(searchClauses(db, req(["试用期"])))[0]).toBe("ldht_19");
  });

  it("a region filter ranks within the region", () => {
    expect(ids(searchClauses(db, req(["试用期"], { dy: ["上海"] })))).toEqual(["shld_13"]);
  });

  it("the current version before an amended one", () => {
    const hits = ids(searchClauses(db, req(["试用期"])));
    expect(hits.indexOf("ldht_19")).toBeLessThan(hits.indexOf("ldht2007_19"));
    expect(hits.at(-1)).toBe("ldht2007_19");
  });

  it("the article that defines a term first (…，是自首), though another says it more often", () => {
    expect(ids(searchClauses(db, req(["自首"])))[0]).toBe("xf_67");
  });

  it("_score stays a descending relevance score", () => {
    const hits = searchClauses(db, req(["试用期"]));
    for (let i = 1; i < hits.length; i++) expect(hits[i]!._score).toBeLessThanOrEqual(hits[i - 1]!._score);
  });
});

describe("concepts", () => {
  it("under AND each part matches its concept: 过高 finds 民法典's 过分高于, and the law ranks first", () => {
    const hits = ids(searchClauses(db, req(["违约金", "过高"])));
    expect(hits).toContain("sfjs_21");
    expect(hits[0]).toBe("mfd_585");
  });

  it("the concept wording is highlighted", () => {
    const q = compileFtsQuery(["违约金", "过高"], "AND")!;
    expect(highlightTerms(q)).toContain("过分高于");
    const regs = searchRegulations(db, req(["违约金", "过高"]), { securitiesOnly: false });
    expect(regs[0]!.id).toBe("mfd");
    expect(regs[0]!.content).toMatch(/<em>[^<]*过分高于[^<]*<\/em>/); // adjacent marks merge: <em>违约金过分高于</em>
  });

  it("加班费 also matches 延长工作时间 only when the thesaurus says so; a literal hit stays", () => {
    expect(ids(searchClauses(db, req(["加班费"])))).toEqual(["ldht_31"]);
  });
});

describe("word boundaries", () => {
  it("公司法 does not match 公司法定代表人 (公司|法定代表人), but matches 依照公司法", () => {
    expect(ids(searchClauses(db, req(["公司法"])))).toEqual(["gsf_11"]);
  });

  it("crossesWordEnd: the end of the occurrence runs into a longer word", () => {
    const t = "公司法定代表人辞任";
    expect(crossesWordEnd(t, 0, 3)).toBe(true);
    const u = "依照公司法设立的公司";
    expect(crossesWordEnd(u, 2, 3)).toBe(false);
    const v = "劳动合同解除后";
    expect(crossesWordEnd(v, 2, 4)).toBe(false); // the start inside 劳动合同 is fine
  });

  it("crossesWordEnd asks jieba only when a word could run on: the same answer as jieba for every occurrence", () => {
    // the keyword segmenter's own verdict on the window (jieba with this index's legal dictionary), as crossesWordEnd computed it before the shortcuts
    // (a punctuation mark, a space or the end after the occurrence; a single character)
    const byJieba = (text: string, at: number, len: number) => {
      const from = Math.max(0, at - 8);
      const to = Math.min(text.length, at + len + 8);
      if (at + len >= to) return false;
      const s = at - from;
      const e = s + len;
      let pos = 0;
      for (const w of keywordJieba().cut(text.slice(from, to), false)) {
        const start = pos;
        pos += w.length;
        if (start > s && start < e && pos > e) return true;
        if (start >= e) break;
      }
      return false;
    };
    const texts = (db.sqlite.prepare("SELECT content FROM clauses").pluck().all() as string[]).concat([
      "公司法定代表人辞任。依照公司法，设立公司法人。公司法 第三条",
      "违约金过高的，可以请求调整；违约金过分高于损失。",
      "ABC公司法务部、A.B公司法定代表人，100%股权",
    ]);
    let checked = 0;
    for (const t of texts) {
      for (let at = 0; at < t.length; at++) {
        for (const len of [1, 2, 3, 4]) {
          if (at + len > t.length) continue;
          expect(crossesWordEnd(t, at, len), `${t.slice(at, at + len)} at ${at} in ${t}`).toBe(byJieba(t, at, len));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it("hasOccurrenceWithinWords (windows segmented several per jieba call) says what crossesWordEnd says occurrence by occurrence", () => {
    const texts = (db.sqlite.prepare("SELECT content FROM clauses").pluck().all() as string[]).concat([
      "公司法定代表人辞任。依照公司法，设立公司法人。公司法 第三条",
      "公司法定代表人、公司法定代表人、公司法定代表人、公司法定代表人、公司法定代表人、公司法",
      "定金规定金额规定金额规定金额规定金额规定金额规定金额的定金",
      "\u0001公司法定代表人\u0001公司法定代表人",
      "ABC公司法务部、A.B公司法定代表人，100%股权",
      "𠀀公司法𠀀定代表人公司法\ud800定公司法\udc00定",
    ]);
    const oneByOne = (text: string, term: string) => {
      for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) if (!crossesWordEnd(text, at, term.length)) return true;
      return false;
    };
    let checked = 0;
    let several = 0;
    for (const t of texts) {
      const terms = new Set<string>();
      for (let at = 0; at + 2 <= t.length; at++) for (const len of [2, 3, 4]) if (at + len <= t.length) terms.add(t.slice(at, at + len));
      for (const term of terms) {
        expect(hasOccurrenceWithinWords(t, term), `${term} in ${t}`).toBe(oneByOne(t, term));
        if (t.indexOf(term) !== t.lastIndexOf(term)) several++;
        checked++;
      }
      expect(hasOccurrenceWithinWords(t, "不在文中的词")).toBe(false);
    }
    expect(checked).toBeGreaterThan(1000);
    expect(several).toBeGreaterThan(50); // terms occurring several times: the batched path
  });
});

describe("static ranking", () => {
  it("selects exactly the first k of a full sort (score, then bm25, then rowid), ties included", () => {
    const cids = db.sqlite.prepare("SELECT cid FROM clauses").pluck().all() as number[];
    let seed = 7;
    const rand = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const key = (c: { cid: number; bm: number }) => `${c.cid}|${c.bm}`;
    for (let round = 0; round < 50; round++) {
      const n = 1 + Math.floor(rand() * 300);
      const pool = { cid: [] as number[], bm: [] as number[], length: n };
      for (let i = 0; i < n; i++) {
        pool.cid.push(cids[Math.floor(rand() * cids.length)]!);
        pool.bm.push(-Math.round(rand() * 8) / 2); // coarse values: many ties
      }
      for (const filters of [{}, { dy: ["上海"] }] as RegulationFilters[]) {
        const full = staticRank(db, pool, filters, n);
        // every candidate once, in the documented order
        expect(full.map(key).sort()).toEqual(pool.cid.map((cid, i) => key({ cid, bm: pool.bm[i]! })).sort());
        const sorted = [...full].sort((a, b) => b.score - a.score || a.bm - b.bm || a.cid - b.cid);
        expect(full).toEqual(sorted);
        const k = 1 + Math.floor(rand() * 40);
        expect(staticRank(db, pool, filters, k)).toEqual(full.slice(0, k));
      }
    }
  });
});
describe("authority from citations", () => {
  it("counts 《刑法》第六十七条 cited by another text, not by the law itself", () => {
    const rows = db.sqlite.prepare("SELECT c.id, a.by_texts, a.by_cases FROM keyword_authority a JOIN clauses c ON c.cid = a.cid").all();
    expect(rows).toEqual([{ id: "xf_67", by_texts: 1, by_cases: 0 }]);
  });
});

describe("authority of the whole law (W.LAW_AUTHORITY)", () => {
  const SAME = "违背他人意愿，以言语、文字、图像、肢体行为等方式对他人实施性骚扰的，受害人有权依法请求行为人承担民事责任。";
  let ix: TinyIndex;
  beforeAll(() => {
    ix = buildTinyIndex([
      // the less cited law first: on equal scores the lower rowid would win
      law("fnqy", "中华人民共和国妇女权益保障法", "法律", "现行有效", "中央", [["25", "第二十五条", SAME]]),
      law("mfd", "中华人民共和国民法典", "法律", "现行有效", "中央", [
        ["1010", "第一千零一十条", SAME],
        ["1087", "第一千零八十七条", "离婚时，夫妻的共同财产由双方协议处理。"],
      ]),
      law("hyjs", "最高人民法院关于适用《中华人民共和国民法典》婚姻家庭编的解释（一）", "司法解释", "现行有效", "中央", [
        ["1", "第一条", "夫妻共同财产的分割，依照《中华人民共和国民法典》第一千零八十七条的规定处理。"],
      ]),
    ]);
    ix.sqlite.prepare("INSERT INTO reg_aliases (alias_key, family) VALUES ('民法典', '民法典')").run();
    ix.sqlite.prepare("UPDATE regulations SET family = '民法典' WHERE fgid = 'mfd'").run();
    buildAuthority(ix.build);
  });

  it("the same words in two laws: the article of the law other texts cite (民法典, by its 第一千零八十七条) first", () => {
    const rows = ix.sqlite.prepare("SELECT c.id FROM keyword_authority a JOIN clauses c ON c.cid = a.cid").all();
    expect(rows).toEqual([{ id: "mfd_1087" }]); // the article itself is cited by nothing
    expect(ids(searchClauses(ix, req(["性骚扰"])))).toEqual(["mfd_1010", "fnqy_25"]);
  });
});

describe("defines: the article states what the term is", () => {
  it.each([
    ["犯罪以后自动投案，如实供述自己的罪行的，是自首。", "自首", true],
    ["格式条款是当事人为了重复使用而预先拟定的条款。", "格式条款", true],
    ["本法所称商品房预售，是指房地产开发企业将正在建设中的房屋预先出售给买受人。", "商品房预售", true],
    ["本条例所称工伤保险,是指……", "工伤保险", true],
    ["办理商品房预售，是指定的机构的职责", "商品房预售", false],
    ["人民法院受理破产申请后发生的下列费用，为破产费用：（一）破产案件的诉讼费用", "破产费用", true],
    ["人民法院受理破产申请后发生的下列费用,为破产费用:(一)破产案件的诉讼费用", "破产费用", true],
    ["职工有下列情形之一的，视同工伤：（一）在工作时间和工作岗位", "视同工伤", true],
    ["无民事行为能力人,是指不满八周岁的未成年人", "无民事行为能力人", true],
    ["破产费用和共益债务由债务人财产随时清偿。", "破产费用", false],
    ["对有下列情形之一的犯罪嫌疑人、被告人，可以取保候审：（一）可能判处管制", "取保候审", true],
    ["遗产管理人应当履行下列职责：（一）清理遗产", "职责", true],
    ["法律规定的职责：应当依法履行。前款规定的下列事项", "职责", false],
    ["但是有下列情形之一的，不得认定为工伤或者视同工伤：（一）故意犯罪的", "视同工伤", false],
    ["有下列行为之一，拒不改正的，可以自责令改正之日的次日起，按照原处罚数额按日连续处罚：", "按日连续处罚", false],
    ["职工符合本条例第十五条规定的，视同工伤的，按照规定享受待遇。", "视同工伤", false],
  ])("%s / %s", (text, term, want) => expect(defines(text, term)).toBe(want));
});

describe("opensDefining: the article opens by defining the term", () => {
  it.each([
    ["要约是希望与他人订立合同的意思表示", "要约", true],
    ["无固定期限劳动合同，是指用人单位与劳动者约定无确定终止时间的劳动合同。", "无固定期限劳动合同", true],
    ["要约邀请是希望他人向自己发出要约的表示。商业广告和宣传的内容符合要约条件的，构成要约。", "要约", false],
    ["要约可以撤回。", "要约", false],
    ["犯罪以后自动投案，如实供述自己的罪行的，是自首。", "自首", false],
  ])("%s / %s", (text, term, want) => expect(opensDefining(text, term)).toBe(want));
});

describe("subject terms among articles that all hold the term", () => {
  const CODE = tinyLaw("mfd", "中华人民共和国民法典", "法律", [
    ["110", "第一百一十条", "自然人享有生命权、身体权、健康权、姓名权、肖像权、名誉权、荣誉权、隐私权、婚姻自主权等权利。", "第一编 总则 / 第五章 民事权利"],
    ["472", "第四百七十二条", "要约是希望与他人订立合同的意思表示，该意思表示应当符合下列条件：（一）内容具体确定；（二）表明经受要约人承诺，要约人即受该意思表示约束。", "第三编 合同 / 第二章 合同的订立"],
    ["473", "第四百七十三条", "要约邀请是希望他人向自己发出要约的表示。商业广告和宣传的内容符合要约条件的，构成要约。", "第三编 合同 / 第二章 合同的订立"],
    ["1018", "第一千零一十八条", "自然人享有肖像权，有权依法制作、使用、公开或者许可他人使用自己的肖像。", "第四编 人格权 / 第四章 肖 像 权"],
    ["1019", "第一千零一十九条", "任何组织或者个人不得以丑化、污损，或者利用信息技术手段伪造等方式侵害他人的肖像权。未经肖像权人同意，不得制作、使用、公开肖像权人的肖像。", "第四编 人格权 / 第四章 肖 像 权"],
  ]);
  let ix: TinyIndex;
  beforeAll(() => {
    ix = buildTinyIndex([CODE]);
  });
  const first = (q: string) => searchClauses(ix, { parts: [q], mode: "AND", filters: {}, topK: 10 })[0]?.id;
  it.each([
    ["要约: 第四百七十二条 opens by defining it (要约是…), 第四百七十三条 defines it further on (构成要约)", "要约", "mfd_472"],
    ["肖像权: 第一千零一十八条 opens the chapter headed 「肖 像 权」 (spaces between the characters)", "肖像权", "mfd_1018"],
  ])("%s", (_what, q, want) => expect(first(q)).toBe(want));
});

describe("the opener of a chapter headed by the term, wherever bm25 puts it", () => {
  // 第三百九十四条 opens 第十七章 抵押权 (and its 第一节 一般抵押权) but says 抵押权人; two dozen later articles say 抵押权 more often
  const later = Array.from({ length: 24 }, (_, k): [string, string, string, string] => [
    String(400 + k),
    `第${400 + k}条`,
    `抵押权人可以放弃抵押权或者抵押权的顺位（情形${k}）。抵押权不得与债权分离而单独转让。`,
    "第二编 物权 / 第四分编 担保物权 / 第十七章 抵押权 / 第一节 一般抵押权",
  ]);
  const CODE = tinyLaw("mfd", "中华人民共和国民法典", "法律", [
    ["393", "第三百九十三条", "有下列情形之一的，担保物权消灭：（一）主债权消灭；（二）担保物权实现。", "第二编 物权 / 第四分编 担保物权 / 第十六章 一般规定"],
    ["394", "第三百九十四条", "为担保债务的履行，债务人或者第三人不转移财产的占有，将该财产抵押给债权人的，债务人不履行到期债务或者发生当事人约定的实现抵押权的情形，债权人有权就该财产优先受偿。前款规定的债务人或者第三人为抵押人，债权人为抵押权人，提供担保的财产为抵押财产。", "第二编 物权 / 第四分编 担保物权 / 第十七章 抵押权 / 第一节 一般抵押权"],
    ...later,
  ]);
  let ix: TinyIndex;
  beforeAll(() => {
    ix = buildTinyIndex([CODE]);
  });
  it("抵押权 → 第三百九十四条, the chapter's first article", () => {
    expect(searchClauses(ix, { parts: ["抵押权"], mode: "AND", filters: {}, topK: 10 })[0]?.id).toBe("mfd_394");
  });
});

describe("the article opening a run of articles on the term (W.OPENS_RUN)", () => {
  // 试用买卖 in 第九章 买卖合同: 第六百三十七条 introduces it; 第六百三十八、六百三十九条 go on with it and say it as often
  const CODE = tinyLaw("mfd", "中华人民共和国民法典", "法律", [
    ["636", "第六百三十六条", "凭样品买卖的买受人不知道样品有隐蔽瑕疵的，即使交付的标的物与样品相同，出卖人交付的标的物的质量仍然应当符合同种物的通常标准。", "第三编 合同 / 第二分编 典型合同 / 第九章 买卖合同"],
    ["637", "第六百三十七条", "试用买卖的当事人可以约定标的物的试用期限。对试用期限没有约定或者约定不明确，依据本法第五百一十条的规定仍不能确定的，由出卖人确定。", "第三编 合同 / 第二分编 典型合同 / 第九章 买卖合同"],
    ["638", "第六百三十八条", "试用买卖的买受人在试用期内可以购买标的物，也可以拒绝购买。试用期限届满，买受人对是否购买标的物未作表示的，视为购买。", "第三编 合同 / 第二分编 典型合同 / 第九章 买卖合同"],
    ["639", "第六百三十九条", "试用买卖的当事人对标的物使用费没有约定或者约定不明确的，出卖人无权请求买受人支付。", "第三编 合同 / 第二分编 典型合同 / 第九章 买卖合同"],
    ["641", "第六百四十一条", "当事人可以在买卖合同中约定买受人未履行支付价款或者其他义务的，标的物的所有权属于出卖人。", "第三编 合同 / 第二分编 典型合同 / 第九章 买卖合同"],
  ]);
  let ix: TinyIndex;
  beforeAll(() => {
    ix = buildTinyIndex([CODE]);
  });
  it("试用买卖 → 第六百三十七条, the first of the three", () => {
    expect(searchClauses(ix, { parts: ["试用买卖"], mode: "AND", filters: {}, topK: 10 })[0]?.id).toBe("mfd_637");
  });
});
