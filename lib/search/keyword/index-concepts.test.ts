/**
 * The thesaurus's `articles` resolved per index (index-concepts.ts): the article a doctrine name
 * names is put first, above texts that repeat the name; names the index lacks are left out.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildTinyIndex, tinyLaw, type TinyIndex } from "@/test/helpers/tiny-index";
import { thesaurusArticles, useIndexConcepts } from "./index-concepts";
import { searchClauses } from "./search-clauses";
import { countFacets } from "./count-facets";
import { compileFtsQuery, highlightTerms } from "./compile-fts-query";
import type { KeywordRequest } from "./types";

const reg = (fgid: string, fgmc: string, xljb_1: string, sxx: string, clauses: [string, string, string][]) => tinyLaw(fgid, fgmc, xljb_1, clauses, sxx);

const THESAURUS = {
  concepts: {
    缔约过失责任: {
      terms: ["假借订立合同，恶意进行磋商"],
      articles: [["民法典", "第五百条"]],
      src: "民法典 第五百条: 当事人在订立合同过程中有下列情形之一，造成对方损失的，应当承担赔偿责任：（一）假借订立合同，恶意进行磋商",
    },
    流押条款: { terms: [], articles: [["民法典", "第四百零一条"], ["担保法", "第四十条"]], src: "民法典 第四百零一条 (流押); 担保法 is not in this index" },
    任意解除权: { terms: [], articles: [["民法典", "第九百三十三条"]], src: "民法典 第九百三十三条: 委托人或者受托人可以随时解除委托合同" },
    过高: { terms: ["过分高于"], src: "民法典 第五百八十五条第二款: 约定的违约金过分高于造成的损失的" },
    留置权: { terms: [], articles: [["民法典", "第四百四十七条"]], src: "民法典 第四百四十七条: 债务人不履行到期债务，债权人可以留置已经合法占有的债务人的动产" },
  },
};

let ix: TinyIndex;
let saved: string | undefined;
beforeAll(() => {
  const dir = mkdtempSync(path.join(tmpdir(), "thesaurus-"));
  const file = path.join(dir, "thesaurus.json");
  writeFileSync(file, JSON.stringify(THESAURUS));
  saved = process.env.THESAURUS_PATH;
  process.env.THESAURUS_PATH = file;
  ix = buildTinyIndex([
    reg("mfd", "中华人民共和国民法典", "法律", "现行有效", [
      ["401", "第四百零一条", "抵押权人在债务履行期限届满前，与抵押人约定债务人不履行到期债务时抵押财产归债权人所有的，只能依法就抵押财产优先受偿。流押条款无效。"],
      ["500", "第五百条", "当事人在订立合同过程中有下列情形之一，造成对方损失的，应当承担赔偿责任：（一）假借订立合同，恶意进行磋商；"],
      ["585", "第五百八十五条", "约定的违约金过分高于造成的损失的，人民法院或者仲裁机构可以根据当事人的请求予以适当减少。"],
      ["933", "第九百三十三条", "委托人或者受托人可以随时解除委托合同。因解除合同造成对方损失的，除不可归责于该当事人的事由外，无偿委托合同的解除方应当赔偿因解除时间不当造成的直接损失。"],
    ]),
    reg("mfd2", "中华人民共和国民法典", "法律", "已被修改", [["500", "第五百条", "假借订立合同，恶意进行磋商的，承担缔约过失责任。"]]),
    reg("js", "最高人民法院关于适用《中华人民共和国民法典》合同编通则若干问题的解释", "司法解释", "现行有效", [
      ["5", "第五条", "缔约过失责任的赔偿范围，以缔约过失责任人的过错为限；缔约过失责任不因合同无效而免除。"],
      ["6", "第六条", "担保合同中的流押条款，流押条款与主合同的关系，依照流押条款的规定处理。"],
    ]),
  ]);
});
afterAll(() => {
  if (saved === undefined) delete process.env.THESAURUS_PATH;
  else process.env.THESAURUS_PATH = saved;
});

const req = (parts: string[]): KeywordRequest => ({ parts, mode: "AND", filters: {}, topK: 10 });

describe("thesaurus articles", () => {
  it("resolve to the current version's article; a law the index lacks is left out", () => {
    const m = thesaurusArticles(ix);
    const idOf = (cids: Set<number>) => [...cids].map((cid) => ix.clauseRow(cid)!.id);
    expect(idOf(m.get("缔约过失责任")!)).toEqual(["mfd_500"]);
    expect(idOf(m.get("流押条款")!)).toEqual(["mfd_401"]);
  });
  it("the named article first, above an interpretation that repeats the name", () => {
    expect(searchClauses(ix, req(["缔约过失责任"]))[0]!.id).toBe("mfd_500");
  });
  it("the named article stands for its part under AND though its text lacks the part (委托合同 任意解除权 → 第九百三十三条)", () => {
    expect(searchClauses(ix, req(["委托合同", "任意解除权"])).map((h) => h.id)).toEqual(["mfd_933"]);
  });
  it("also where the key is literal in the article (no wording)", () => {
    expect(searchClauses(ix, req(["流押条款"]))[0]!.id).toBe("mfd_401");
  });
  it("facet_counts says what the keyword matched as, for the page's highlighting", () => {
    expect(countFacets(ix, req(["缔约过失责任"]), "ft").terms).toEqual(["假借订立合同,恶意进行磋商", "缔约过失责任", "缔约", "过失", "责任"]);
    expect(countFacets(ix, req([]), "ft").terms).toEqual([]);
  });

});

describe("adjacent parts that spell a concept together (AND)", () => {
  it.each([
    // parts, mode, first hit, whether the parts took the joined concept's wording
    [["缔约过失", "责任"], "AND", "mfd_500", true],
    [["缔约", "过失责任"], "AND", "mfd_500", true],
    [["缔约", "过失", "责任"], "AND", "mfd_500", true],
  ] as const)("%j %s → %s first", (parts, mode, first, joined) => {
    const q = compileFtsQuery([...parts], mode)!;
    expect(q.parts.every((p) => p.synonyms.includes("假借订立合同,恶意进行磋商"))).toBe(joined);
    expect(searchClauses(ix, { parts: [...parts], mode, filters: {}, topK: 10 })[0]!.id).toBe(first);
  });

  it.each([
    [["责任", "缔约过失"], "AND"], // another order spells no key
    [["缔约过失", "责任"], "OR"], // alternatives, not one term
  ] as const)("%j %s takes no joined concept", (parts, mode) => {
    useIndexConcepts(ix);
    const q = compileFtsQuery([...parts], mode)!;
    expect(q.parts.some((p) => p.synonyms.length > 0 || p.defines.size > 0)).toBe(false);
  });
});

describe("a part's words that name a concept match its wordings in the any-order alternative", () => {
  it("违约金过高 (one part, no concept of its own) → 违约金 and 过高 → 过分高于", () => {
    useIndexConcepts(ix);
    const q = compileFtsQuery(["违约金过高"], "AND")!;
    expect(q.parts[0]!.words).toEqual(["违约金", "过高"]);
    expect(q.parts[0]!.wordSynonyms).toEqual([[], ["过分高于"]]);
    expect(highlightTerms(q)).toContain("过分高于");
    expect(searchClauses(ix, req(["违约金过高"])).map((h) => h.id)).toEqual(["mfd_585"]);
  });
});

describe("the named article is weighed though its bm25 puts it below the subject depth", () => {
  let many: TinyIndex;
  beforeAll(() => {
    // 24 articles of another law that say the key twice: by bm25 and the static terms all above 第四百四十七条
    const others = Array.from({ length: 24 }, (_, i): [string, string, string] => [String(i + 1), `第${i + 1}条`, `船舶修理后，修船人依照本法第${i + 1}项行使留置权的，留置权人应当通知船舶所有人，并说明留置的船舶和费用。`]);
    many = buildTinyIndex([
      reg("mfd", "中华人民共和国民法典", "法律", "现行有效", [
        ["447", "第四百四十七条", "债务人不履行到期债务，债权人可以留置已经合法占有的债务人的动产，并有权就该动产优先受偿。前款规定的债权人为留置权人，占有的动产为留置财产。"],
      ]),
      reg("hsf", "中华人民共和国海商法", "法律", "现行有效", others),
    ]);
  });
  it("留置权 → 民法典 第四百四十七条 first, above 24 articles that say 留置权 more often", () => {
    expect(searchClauses(many, req(["留置权"]))[0]!.id).toBe("mfd_447");
  });
});
