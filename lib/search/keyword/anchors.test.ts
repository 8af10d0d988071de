/**
 * Anchor text (anchors.ts, issue 16) over the real test index (test/corpus-slice.ts: the 刑法, the
 * guiding cases, LeCaRD judgments and some 案例 write-ups): what a citing sentence gives as anchor
 * text, what the build step stored, and how the keyword search uses it.
 */
import Database from "better-sqlite3";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { sqliteBuildTarget } from "@/lib/store/build-target";
import { getIndex } from "@/lib/store/index-store";
import { anchorsOf, MAX_CITED } from "./anchors";
import { resolverFor, type Resolver } from "./authority";
import { anchorsMayMatch, searchClauses } from "./search-clauses";
import { bigramTokens } from "@/lib/text/bigrams";
import { countFacets } from "./count-facets";
import { compileFtsQuery, highlightTerms } from "./compile-fts-query";
import type { KeywordRequest } from "./types";

let db: Database.Database;
let r: Resolver;
const cidOf = (law: string, ft: string): number =>
  (db.prepare("SELECT c.cid FROM clauses c JOIN regulations r ON r.rid = c.rid WHERE r.fgmc = ? AND c.ft_num = ? AND r.sxx = '现行有效'").pluck().get(law, ft) as number | undefined) ?? -1;
const XF = "中华人民共和国刑法";

beforeAll(() => {
  db = new Database(inject("indexPath"), { readonly: true });
  r = resolverFor(sqliteBuildTarget(db));
});

describe("anchorsOf: a citing sentence's own words, per cited article (current version)", () => {
  const cases: Array<{ name: string; text: string; own?: string; want: Array<[string, string]>; has?: string[]; lacks?: string[] }> = [
    {
      name: "a judgment applying the article: the facts and the crime, not the party, the citation or the formula",
      text: "被告人张某以非法占有为目的，采用暴力手段劫取他人财物，其行为已触犯《中华人民共和国刑法》第二百六十三条，犯罪事实清楚，证据确实、充分，应当以抢劫罪追究其刑事责任。",
      want: [[XF, "第二百六十三条"]],
      has: ["以非法占有为目的", "劫取他人财物", "抢劫罪"],
      lacks: ["张某", "被告人", "刑法", "第二百六十三条", "触犯", "追究"],
    },
    {
      name: "statute language citing another instrument by its bare name (依照刑法第六十八条关于立功的规定)",
      text: "犯罪分子到案后检举、揭发他人犯罪行为，查证属实的，依照刑法第六十八条关于立功的规定，可以从轻或者减轻处罚。",
      want: [[XF, "第六十八条"]],
      has: ["立功", "检举、揭发他人犯罪行为"],
      lacks: ["刑法", "第六十八条", "依照"],
    },
    {
      name: "two articles in one sentence: both get its words",
      text: "对正在进行的非法限制他人人身自由的行为进行防卫，符合《中华人民共和国刑法》第二十条、第二十一条的规定。",
      want: [[XF, "第二十条"], [XF, "第二十一条"]],
      has: ["非法限制他人人身自由"],
    },
    {
      name: `a list of more than ${MAX_CITED} articles (依照…判决如下) says nothing of any one`,
      text: "依照《中华人民共和国刑法》第二百六十三条、第六十七条第一款、第五十二条、第五十三条、第六十四条之规定，判决如下：",
      want: [],
    },
    {
      name: "a quotation is the article's own text, not anchor text",
      text: "《中华人民共和国刑法》第六十七条规定：“犯罪以后自动投案，如实供述自己的罪行的，是自首。”",
      want: [],
    },
    {
      name: "an amending sentence (将第X条修改为) is the article's new wording",
      text: "将刑法第一百三十三条之一修改为：“在道路上驾驶机动车，有下列情形之一的，处拘役，并处罚金。”",
      want: [],
    },
    {
      name: "a law citing itself (its own family) gives no anchor",
      text: "依照刑法第六十八条关于立功的规定，可以从轻处罚。",
      own: "self",
      want: [],
    },
    {
      name: "nothing is left but the formula (依照…之规定，判决如下)",
      text: "依照《中华人民共和国刑法》第二百六十四条之规定，判决如下：",
      want: [],
    },
  ];
  it.each(cases)("$name", ({ text, own, want, has, lacks }) => {
    const ownFamily = own === "self" ? r.family("中华人民共和国刑法") : null;
    const got = anchorsOf(text, r, ownFamily, "case");
    expect(new Set(got.map((a) => a.cid))).toEqual(new Set(want.map(([law, ft]) => cidOf(law, ft))));
    for (const a of got) {
      for (const h of has ?? []) expect(a.text).toContain(h);
      for (const l of lacks ?? []) expect(a.text).not.toContain(l);
    }
  });
});

describe("the build step stored the anchors of the slice's legal texts and cases", () => {
  it.each([
    ["case", XF, "第二十条", "正当防卫"],
    ["case", XF, "第一百二十五条", "氰化钠"],
    ["case", XF, "第三百八十二条", "土地使用权"],
  ])("%s anchors of %s %s hold %s", (source, law, ft, word) => {
    const texts = db.prepare("SELECT text FROM keyword_anchors WHERE cid = ? AND source = ?").pluck().all(cidOf(law, ft), source) as string[];
    expect(texts.some((t) => t.includes(word))).toBe(true);
  });
  it("both sources are there, each anchor of a current article", () => {
    const by = Object.fromEntries((db.prepare("SELECT source, count(*) n FROM keyword_anchors GROUP BY source").raw().all() as Array<[string, number]>));
    expect(by.case).toBeGreaterThan(0);
    expect(by.text).toBeGreaterThan(0);
    const stale = db.prepare("SELECT count(*) FROM keyword_anchors a JOIN clauses c ON c.cid = a.cid JOIN regulations r ON r.rid = c.rid WHERE r.sxx <> '现行有效'").pluck().get() as number;
    const all = db.prepare("SELECT count(*) FROM keyword_anchors").pluck().get() as number;
    // a family without a current version keeps its latest one (authority.ts resolverFor)
    expect(stale).toBeLessThan(all / 10);
  });
});

describe("keyword search: an article whose citing sentences hold every part joins the first tier", () => {
  const req = (parts: string[], mode: "AND" | "OR" = "AND"): KeywordRequest => ({ parts, mode, filters: {}, topK: 10 });
  const saved = process.env.KEYWORD_ANCHORS;
  afterEach(() => {
    if (saved === undefined) delete process.env.KEYWORD_ANCHORS;
    else process.env.KEYWORD_ANCHORS = saved;
  });
  // each: the query, the article its anchors name (its own text lacks a part), the part it lacks
  const table: Array<{ q: string[]; law: string; ft: string; lacks: string }> = [
    { q: ["氰化钠", "毒害性"], law: XF, ft: "第一百二十五条", lacks: "氰化钠" },
    { q: ["土地使用权", "贪污"], law: XF, ft: "第三百八十二条", lacks: "土地使用权" },
    { q: ["盐酸丁二胍"], law: XF, ft: "第一百四十四条", lacks: "盐酸丁二胍" },
  ];
  it.each(table)("$q → $law $ft (its text lacks $lacks)", ({ q, law, ft, lacks }) => {
    const ix = getIndex();
    const hits = searchClauses(ix, req(q));
    const hit = hits.find((h) => h.fgmc === law && h.ft_num === ft);
    expect(hit).toBeDefined();
    expect(hit!.content).not.toContain(lacks);
    // the first tier (every part matched, here by the anchors), a relevance score
    expect(hit!._score).toBeGreaterThan(1000);
    // the highlight marks only what the article's own text holds: the part it lacks is not in it
    const terms = highlightTerms(compileFtsQuery(q, "AND")!);
    expect(terms.filter((t) => hit!.content.includes(t))).not.toContain(lacks);
    // counted as a hit the page can reach
    expect(countFacets(ix, req(q), "ft").total).toBeGreaterThanOrEqual(hits.length);
    // KEYWORD_ANCHORS=0: without its anchors the article does not match every part (with the rule for a query that
    // finds nothing off too: dead-parts.ts would leave the part no article holds out)
    process.env.KEYWORD_ANCHORS = "0";
    process.env.KEYWORD_DEAD_PARTS = "0";
    try {
      expect(searchClauses(ix, { ...req(q), topK: 50 }).some((h) => h.fgmc === law && h.ft_num === ft)).toBe(false);
    } finally {
      delete process.env.KEYWORD_DEAD_PARTS;
    }
  });
});

describe("anchorsMayMatch: an anchor query is skipped only when no anchor text can hold it", () => {
  const tokens = new Set(bigramTokens("被告人犯罪以后自动投案，如实供述自己的罪行，系自首，可以从轻处罚"));
  it.each([
    { parts: ["自首"], mode: "AND" as const, want: true, why: "every token of the part is held" },
    { parts: ["自首", "离婚"], mode: "AND" as const, want: false, why: "under AND one part no anchor holds is enough to skip" },
    { parts: ["自首", "离婚"], mode: "OR" as const, want: true, why: "under OR one part held is enough to ask" },
    { parts: ["离婚"], mode: "AND" as const, want: false, why: "no token held" },
    { parts: ["首"], mode: "AND" as const, want: true, why: "one character is a prefix query: always asked" },
  ])("$parts $mode → $want ($why)", ({ parts, mode, want }) => {
    const q = compileFtsQuery(parts, mode)!;
    expect(anchorsMayMatch(tokens, q, mode)).toBe(want);
  });
  it("no anchors built: never asked", () => {
    expect(anchorsMayMatch(new Set(), compileFtsQuery(["自首"], "AND")!, "AND")).toBe(false);
  });
  it("the index's anchor tokens let every stored anchor's own words through", () => {
    const idx = getIndex();
    const tokens = idx.anchorTokens();
    expect(tokens.size).toBeGreaterThan(0);
    const text = db.prepare("SELECT text FROM keyword_anchors ORDER BY aid LIMIT 1").pluck().get() as string;
    const word = Array.from(text.replace(/[^\u4e00-\u9fff]/g, "")).slice(0, 4).join("");
    expect(anchorsMayMatch(tokens, compileFtsQuery([word], "AND")!, "AND")).toBe(true);
  });
});
