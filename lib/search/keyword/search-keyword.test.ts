/**
 * Domain-level tests of the searches on a hand-made index (test/helpers/tiny-index.ts), where
 * every expected hit can be read off the fixture. Handler tests over the real corpus slice
 * live beside the routes in app/open/.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RegulationFilters } from "@/lib/store/types";
import { buildTinyIndex, TINY_REGS, type TinyIndex, type TinyReg } from "@/test/helpers/tiny-index";
import { rankedClauses, searchClauses } from "./search-clauses";
import { compileFtsQuery } from "./compile-fts-query";
import { searchRegulations } from "./search-regulations";
import { countFacets, type FacetTarget } from "./count-facets";
import { EXACT_BONUS } from "./rank-tiers";
import { cachedHits, cachedMatchCount, LIST_OVERHEAD, rankingCacheStats, resetRankingCache } from "./ranking-cache";
import { compileFailureMask, failedFilters, FILTER_BITS, regulationPredicate } from "./filter-predicates";
import { buildFilterSql } from "@/lib/store/filter-sql";
import { loadRegulationMeta } from "./load-regulation-meta";
import { clauseSuccessJson } from "@/lib/api/keyword-request/clause-success-json";
import { successBody } from "@/lib/api/success-body";
import type { KeywordRequest } from "./types";

let db: TinyIndex;
beforeAll(() => {
  db = buildTinyIndex();
});

const req = (parts: string[], filters: RegulationFilters = {}, extra: Partial<KeywordRequest> = {}): KeywordRequest => ({
  parts,
  mode: "AND",
  filters,
  topK: 10,
  ...extra,
});
const ids = (xs: { id: string }[]) => xs.map((x) => x.id);

describe("searchClauses", () => {
  it("合同解除: the clause with the exact phrase first, then the words in any order", () => {
    const hits = searchClauses(db, req(["合同解除"]));
    expect(hits[0]!.id).toBe("mfd_566");
    expect(hits[0]!._score).toBeGreaterThan(EXACT_BONUS);
    expect(ids(hits.slice(1)).sort()).toEqual(["bjld_30", "bjld_31", "mfd_563"]);
    for (const h of hits.slice(1)) expect(h._score).toBeLessThan(EXACT_BONUS);
  });

  it("a two-character term matches, in traditional script too", () => {
    expect(ids(searchClauses(db, req(["违约"]))).sort()).toEqual(["bjld_31", "mfd_577", "mfd_585", "shld_1", "zqf_85"]);
    expect(ids(searchClauses(db, req(["違約"])))).toHaveLength(5);
  });

  it("AND needs every part, OR any part", () => {
    expect(ids(searchClauses(db, req(["违约", "赔偿"]))).sort()).toEqual(["bjld_31", "mfd_577", "zqf_85"]);
    expect(ids(searchClauses(db, req(["违约金", "补救措施"], {}, { mode: "OR" }))).sort()).toEqual(["mfd_566", "mfd_577", "mfd_585"]);
  });

  it("filters on the owning regulation", () => {
    expect(ids(searchClauses(db, req(["违约"], { dy: ["北京", "上海"] }))).sort()).toEqual(["bjld_31", "shld_1"]);
    expect(ids(searchClauses(db, req(["违约"], { fgmc: ["民法典"] }))).sort()).toEqual(["mfd_577", "mfd_585"]);
    expect(ids(searchClauses(db, req(["违约"], { fgmc: ["中华人民共和国", "证券"] })))).toEqual(["zqf_85"]);
    expect(ids(searchClauses(db, req(["违约"], { sxx: ["失效"] })))).toEqual(["shld_1"]);
    expect(ids(searchClauses(db, req(["违约"], { xljb_1: ["地方政府规章"] })))).toEqual(["bjld_31"]);
    expect(ids(searchClauses(db, req(["违约"], { fbbm: ["人民政府", "常务委员会"] }))).sort()).toEqual(["bjld_31", "shld_1", "zqf_85"]);
    expect(ids(searchClauses(db, req(["违约"], { fbrq_start: "2019-12-28", fbrq_end: "2020-05-28" }))).sort()).toEqual(["mfd_577", "mfd_585", "zqf_85"]);
    expect(ids(searchClauses(db, req(["违约"], { ssrq_end: "2002-02-01" })))).toEqual(["bjld_31"]);
  });

  it("a date bound never matches a regulation without that date", () => {
    expect(ids(searchClauses(db, req(["合同"], { fgmc: ["某地"] })))).toEqual(["nodate_0"]);
    expect(searchClauses(db, req(["合同"], { fgmc: ["某地"], fbrq_end: "2099-01-01" }))).toEqual([]);
  });

  it("top_k limits across both tiers", () => {
    expect(searchClauses(db, req(["合同解除"], {}, { topK: 2 }))).toHaveLength(2);
    expect(searchClauses(db, req(["合同解除"], {}, { topK: 1 }))[0]!.id).toBe("mfd_566");
  });

  it("builds every spec field", () => {
    const [h] = searchClauses(db, req(["违约金"]));
    expect(h).toEqual({
      id: "mfd_585",
      _score: h!._score,
      ftmc: "中华人民共和国民法典第五百八十五条",
      title: "中华人民共和国民法典第五百八十五条",
      fgid: "mfd",
      tid: "585",
      url: "/zxt/statuteDetail/detailPage/mfd?text=585",
      content: "当事人可以约定一方违约时应当根据违约情况向对方支付一定数额的违约金。",
      fgmc: "中华人民共和国民法典",
      ft_num: "第五百八十五条",
      llm_content: " - 《中华人民共和国民法典》第五百八十五条##当事人可以约定一方违约时应当根据违约情况向对方支付一定数额的违约金。",
      sxx: "现行有效",
      dy: "中央",
      xljb_1: "法律",
      xljb_2: "",
      ssrq: "2021-01-01",
      fbrq: "2020-05-28",
      fbbm: "全国人民代表大会",
      fwzh: "主席令第四十五号",
      data_as_of: "2025-04-05",
      validity_source: "test",
      implement_date_source: "test",
    });
  });

  it("punctuation-only keywords match nothing rather than everything", () => {
    expect(searchClauses(db, req(["，。！"]))).toEqual([]);
  });
});

describe("searchClauses: the words tier without NOT (exact) when exact matches nothing", () => {
  afterEach(() => {
    delete process.env.KEYWORD_RANKING_CACHE_ENTRIES;
    delete process.env.KEYWORD_RESULT_CACHE;
    resetRankingCache(db);
  });

  it("ranks (words) alone, with the same hits and scores as (words) NOT (exact)", () => {
    for (const [parts, mode] of [[["赔偿违约"], "AND"], [["补救违约", "赔偿违约"], "OR"], [["合同解除"], "AND"]] as const) {
      const r = req([...parts], {}, { mode, topK: 50 });
      const q = compileFtsQuery(r.parts, r.mode)!;
      process.env.KEYWORD_RESULT_CACHE = "0";
      process.env.KEYWORD_RANKING_CACHE_ENTRIES = "0"; // no cached lists: q.rest as compiled
      resetRankingCache(db);
      const plain = searchClauses(db, r);
      delete process.env.KEYWORD_RANKING_CACHE_ENTRIES;
      resetRankingCache(db);
      const hits = searchClauses(db, r);
      expect(hits, parts.join(" ")).toEqual(plain);
      const words = q.rest.slice(0, -` NOT (${q.exact})`.length);
      if (parts[0] === "合同解除") {
        // exact matches (mfd_566): the words tier keeps its NOT
        expect(cachedMatchCount(db, q.exact)).toBeGreaterThan(0);
        expect(cachedMatchCount(db, words)).toBeUndefined();
      } else {
        expect(cachedMatchCount(db, q.exact)).toBe(0);
        expect(cachedMatchCount(db, words), words).toBeGreaterThan(0); // the words tier ranked (words) alone
        expect(hits.length).toBeGreaterThan(0);
      }
    }
  });
});

describe("searchClauses: the ranking cache", () => {
  const env = (entries: string, size: string) => {
    process.env.KEYWORD_RANKING_CACHE_ENTRIES = entries;
    process.env.KEYWORD_RANKING_LIST_SIZE = size;
    resetRankingCache(db);
  };
  afterEach(() => {
    delete process.env.KEYWORD_RANKING_CACHE_ENTRIES;
    delete process.env.KEYWORD_RANKING_LIST_SIZE;
    resetRankingCache(db);
  });

  const cases: KeywordRequest[] = [
    req(["违约"]),
    req(["合同"]),
    req(["合同解除"]),
    req(["违约", "赔偿"]),
    req(["违约金", "补救措施"], {}, { mode: "OR" }),
    req(["违约"], { dy: ["北京", "上海"] }),
    req(["违约"], { fgmc: ["民法典"] }),
    req(["合同"], { fgmc: ["某地"], fbrq_end: "2099-01-01" }),
    req(["违约"], { sxx: ["失效"] }, { topK: 1 }),
    req(["合同解除"], {}, { topK: 2 }),
    req(["合同"], { fbbm: ["人民代表大会"], fbrq_start: "2000-01-01" }),
  ];

  it("gives exactly the full ranking's results, from whole lists or cut ones (fallback)", () => {
    for (const size of ["1000", "1", "2", "3"]) {
      for (const r of cases) {
        env("0", size);
        const full = searchClauses(db, r);
        expect(rankingCacheStats(db).lists).toBe(0); // off: nothing kept
        env("1000000", size);
        const first = searchClauses(db, r); // ranks and keeps the list
        const second = searchClauses(db, r); // answers from it
        expect(first, JSON.stringify({ size, r })).toEqual(full);
        expect(second, JSON.stringify({ size, r })).toEqual(full);
      }
    }
  });

  it("the clause-row cache changes nothing in the results", () => {
    for (const r of cases) {
      process.env.KEYWORD_ROW_CACHE = "0";
      const uncached = searchClauses(db, r);
      delete process.env.KEYWORD_ROW_CACHE;
      expect(searchClauses(db, r)).toEqual(uncached); // fills the row cache
      expect(searchClauses(db, r)).toEqual(uncached); // reads from it
    }
    process.env.KEYWORD_ROW_CACHE = "1"; // a cache smaller than one result evicts as it goes
    for (const r of cases) expect(searchClauses(db, r)).toEqual(searchClauses(db, r));
    delete process.env.KEYWORD_ROW_CACHE;
  });

  it("a page of k is the first k of any longer page, whatever the result cache holds (the clause search ranks only its page)", () => {
    const pages = [1, 2, 3, 5, 10, 20, 50];
    for (const r of cases) {
      process.env.KEYWORD_RESULT_CACHE = "0";
      const longest = searchClauses(db, { ...r, topK: 50 });
      const fg = searchRegulations(db, { ...r, topK: 10 }, { securitiesOnly: false });
      delete process.env.KEYWORD_RESULT_CACHE;
      for (const k of [...pages, ...[...pages].reverse()]) {
        expect(searchClauses(db, { ...r, topK: k }), JSON.stringify({ r, k })).toEqual(longest.slice(0, k));
        // the regulation search reads the same cached ranking and needs a longer one
        expect(searchRegulations(db, { ...r, topK: 10 }, { securitiesOnly: false })).toEqual(fg);
      }
    }
  });

  it("the regulation search ranks by MIN_RANKED clauses even after the clause search cached a page of 10", () => {
    // one regulation with 15 articles on 罚款 and 12 with one each: the regulation search needs
    // more than a page of clauses to find ten regulations
    const fine = (n: number) => `违反本条例第${n}项规定的，由主管部门责令改正，处一万元以下罚款。`;
    const many: TinyReg[] = [
      { fgid: "big", fgmc: "某市罚款条例", xljb_1: "地方性法规", sxx: "现行有效", dy: "北京", fbrq: "2020-01-01", clauses: Array.from({ length: 15 }, (_, i): [string, string, string] => [`${i + 1}`, `第${i + 1}条`, fine(i + 1)]) },
      ...Array.from({ length: 12 }, (_, j): TinyReg => ({ fgid: `r${j}`, fgmc: `某县管理办法${j}`, xljb_1: "地方政府规章", sxx: "现行有效", dy: "上海", fbrq: "2019-01-01", clauses: [["1", "第一条", `本办法第${j}条：未经许可的，处罚款。`]] })),
    ];
    const big = buildTinyIndex([...TINY_REGS, ...many]);
    const r = req(["罚款"]);
    const q = compileFtsQuery(r.parts, r.mode)!;
    process.env.KEYWORD_RESULT_CACHE = "0";
    const ranked = rankedClauses(big, q, r);
    const fg = searchRegulations(big, r, { securitiesOnly: false });
    delete process.env.KEYWORD_RESULT_CACHE;
    expect(ranked.length).toBeGreaterThan(10);
    expect(searchClauses(big, r)).toHaveLength(10);
    expect(rankedClauses(big, q, r)).toEqual(ranked);
    expect(searchRegulations(big, r, { securitiesOnly: false })).toEqual(fg);
  });

  it("answers from the list when it can prove the answer, and falls back when it cannot", () => {
    const expr = '"违约"';
    env("1000000", "1000");
    const all = cachedHits(db, expr, null, 50)!;
    expect(all).toHaveLength(5); // the whole match set, best first
    for (let i = 1; i < all.length; i++) expect(all[i]!.bm).toBeGreaterThanOrEqual(all[i - 1]!.bm);
    const untied = all.findIndex((h, i) => i > 0 && all[i + 1] !== undefined && h.bm < all[i + 1]!.bm); // a cut without a tie
    expect(untied).toBeGreaterThan(0);
    env("1000000", String(untied + 2));
    expect(cachedHits(db, expr, null, untied + 1)).toEqual(all.slice(0, untied + 1));
    expect(cachedHits(db, expr, null, untied + 3)).toBeNull(); // beyond a cut list
    expect(cachedHits(db, expr, () => false, 1)).toBeNull(); // filters pass nothing in a cut list: maybe beyond it
    env("1000000", "1000");
    expect(cachedHits(db, expr, () => false, 1)).toEqual([]); // the whole match set: provably nothing
    env("0", "1000");
    expect(cachedHits(db, expr, null, 10)).toBeNull(); // cache off
  });

  it("keeps at most KEYWORD_RANKING_CACHE_ENTRIES entries, dropping the least recently used list", () => {
    const budget = 2 * LIST_OVERHEAD + 12; // room for two small lists, not three
    env(String(budget), "1000");
    cachedHits(db, '"违约"', null, 1); // 5 entries + overhead
    cachedHits(db, '"合同"', null, 1);
    expect(rankingCacheStats(db).lists).toBe(2);
    for (const term of ['"解除"', '"赔偿"', '"工资"', '"违约"']) cachedHits(db, term, null, 1);
    const s = rankingCacheStats(db);
    expect(s.entries).toBeLessThanOrEqual(budget);
    expect(s.lists).toBeGreaterThan(0);
    expect(s.lists).toBeLessThanOrEqual(2);
  });

  it("a flood of distinct expressions matching nothing cannot pile up lists", () => {
    env("6400", "1000"); // 100 × LIST_OVERHEAD
    for (let i = 0; i < 5000; i++) cachedHits(db, `"不存在${i}"`, null, 10);
    const s = rankingCacheStats(db);
    expect(s.lists).toBeLessThanOrEqual(100);
    expect(s.entries).toBeLessThanOrEqual(6400);
  });
});

describe("regulationPredicate agrees with the SQL filters and failedFilters", () => {
  const filterCases: RegulationFilters[] = [
    { fgmc: ["民法典"] },
    { fgmc: ["中华人民共和国", "法"] },
    { fgmc: ["民法典"], sxx: ["现行有效"] },
    { dy: ["北京", "上海"] },
    { xljb_1: ["法律"], sxx: ["失效", "现行有效"] },
    { fbbm: ["人民代表大会", "证监会"] },
    { fbrq_start: "2000-01-01", fbrq_end: "2020-12-31" },
    { ssrq_start: "2010-01-01" },
    { ssrq_end: "2099-12-31" },
    { securitiesOnly: true },
    { fgmc: ["某地"], fbrq_end: "2099-01-01", securitiesOnly: true },
  ];
  it("passes exactly the regulations the SQL conditions select (and compileFailureMask fails exactly failedFilters' fields)", () => {
    const rows = loadRegulationMeta(db).rows;
    for (const f of filterCases) {
      const sql = buildFilterSql(f);
      const bySql = (db.sqlite.prepare(`SELECT r.rid FROM regulations r WHERE ${sql.sql} ORDER BY r.rid`).pluck().all(...sql.params) as number[]);
      const pred = regulationPredicate(f)!;
      const byPred = rows.filter(pred).map((r) => r.rid).sort((a, b) => a - b);
      const byFailed = rows.filter((r) => failedFilters(r, f).size === 0).map((r) => r.rid).sort((a, b) => a - b);
      expect(byPred, JSON.stringify(f)).toEqual(bySql);
      expect(byFailed, JSON.stringify(f)).toEqual(bySql);
      const mask = compileFailureMask(f);
      for (const r of rows) {
        const expected = [...failedFilters(r, f)].reduce((m, field) => m | FILTER_BITS[field], 0);
        expect(mask(r), JSON.stringify({ f, rid: r.rid })).toBe(expected);
      }
    }
    expect(regulationPredicate({})).toBeNull();
  });
});

describe("searchRegulations", () => {
  it("keyword hits carry a highlighted fragment with only <em> markup", () => {
    const hits = searchRegulations(db, req(["违约"]), { securitiesOnly: false });
    expect(ids(hits).sort()).toEqual(["bjld", "mfd", "shld", "zqf"]);
    const mfd = hits.find((h) => h.id === "mfd")!;
    // the fragment comes from the regulation's best article in the clause ranking (the one the clause search puts first)
    const bestMfd = searchClauses(db, req(["违约"], { fgmc: ["民法典"] }))[0]!;
    expect(bestMfd.id).toBe("mfd_585");
    expect(mfd.content).toBe("当事人可以约定一方<em>违约</em>时应当根据<em>违约</em>情况向对方支付一定数额的<em>违约</em>金。");
    expect(hits.find((h) => h.id === "shld")!.content).toContain("當事人<em>違約</em>的");
    expect(mfd.url).toBe("/zxt/statuteDetail/detailPage/mfd");
  });

  it("the title weighs more than the body", () => {
    const hits = searchRegulations(db, req(["劳动合同"]), { securitiesOnly: false });
    expect(ids(hits).slice(0, 2).sort()).toEqual(["bjld", "shld"]);
  });

  it("catalogue-only securities records match on the title, highlighted there", () => {
    const hits = searchRegulations(db, req(["信息披露"]), { securitiesOnly: true });
    expect(ids(hits).sort()).toEqual(["ssgs", "zqf"]);
    expect(hits.find((h) => h.id === "ssgs")!.content).toBe("上市公司<em>信息披露</em>管理办法");
  });

  it("securitiesOnly excludes 民法典", () => {
    expect(ids(searchRegulations(db, req(["违约"]), { securitiesOnly: true }))).toEqual(["zqf"]);
  });

  it("without a keyword: filters alone, newest first, _score 0, no content", () => {
    const all = searchRegulations(db, req([]), { securitiesOnly: false });
    expect(ids(all)).toEqual(["ssgs", "mfd", "zqf", "bjld", "shld", "nodate"]);
    for (const h of all) {
      expect(h._score).toBe(0);
      expect(h).not.toHaveProperty("content");
    }
    expect(ids(searchRegulations(db, req([], { dy: ["中央"] }, { topK: 2 }), { securitiesOnly: false }))).toEqual(["ssgs", "mfd"]);
  });
});

describe("countFacets (disjunctive)", () => {
  it("each facet ignores its own filter, total applies all", () => {
    const f = countFacets(db, req(["违约"], { dy: ["北京"] }), "ft");
    expect(f.total).toBe(1);
    expect(f.facets.dy).toEqual([
      { value: "中央", count: 3 },
      { value: "上海", count: 1 },
      { value: "北京", count: 1 },
    ]);
    expect(f.facets.sxx).toEqual([{ value: "现行有效", count: 1 }]);
    expect(f.facets.xljb_1).toEqual([{ value: "地方政府规章", count: 1 }]);
  });

  it("empty values are not facet values; fg counts regulations", () => {
    const f = countFacets(db, req([]), "fg");
    expect(f.total).toBe(6);
    expect(f.facets.sxx).toEqual([
      { value: "现行有效", count: 4 },
      { value: "失效", count: 1 },
    ]);
  });

  it("agrees with the searches: count(value) = hits when that value alone is chosen", () => {
    const cases: [FacetTarget, string[], RegulationFilters][] = [
      ["ft", ["合同"], { sxx: ["现行有效"] }],
      ["fg", ["违约"], { dy: ["中央", "北京"] }],
      ["fg_zq", [], {}],
      ["ft", [], { fbrq_start: "2001-12-01" }],
    ];
    for (const [target, parts, filters] of cases) {
      const counts = countFacets(db, req(parts, filters), target);
      const search = (fl: RegulationFilters) =>
        target === "ft"
          ? searchClauses(db, req(parts.length ? parts : ["。"], fl, { topK: 50 })).length
          : searchRegulations(db, req(parts, fl, { topK: 50 }), { securitiesOnly: target === "fg_zq" }).length;
      if (parts.length) expect(counts.total).toBe(search(filters));
      for (const facet of ["dy", "sxx", "xljb_1"] as const) {
        for (const { value, count } of counts.facets[facet]!) {
          if (parts.length) expect(count).toBe(search({ ...filters, [facet]: [value] }));
          else expect(count).toBeGreaterThan(0);
        }
      }
    }
    expect(countFacets(db, req([]), "fg_zq").total).toBe(2);
    expect(countFacets(db, req([]), "ft").total).toBe(10);
  });

  it("the per-expression match cache changes no count (off, filling, hit, and a budget smaller than one match)", () => {
    const cases: [FacetTarget, string[], RegulationFilters, "AND" | "OR"][] = [
      ["ft", ["合同"], { sxx: ["现行有效"] }, "AND"],
      ["ft", ["违约", "赔偿"], {}, "OR"],
      ["fg", ["违约"], { dy: ["中央", "北京"] }, "AND"],
      ["fg_zq", ["证券"], {}, "AND"],
    ];
    const run = () => cases.map(([t, parts, f, mode]) => countFacets(db, req(parts, f, { mode }), t));
    process.env.FACET_CACHE_ENTRIES = "0";
    const uncached = run();
    delete process.env.FACET_CACHE_ENTRIES;
    expect(run()).toEqual(uncached);
    expect(run()).toEqual(uncached);
    process.env.FACET_CACHE_ENTRIES = "1";
    expect(run()).toEqual(uncached);
    delete process.env.FACET_CACHE_ENTRIES;
  });

  it("returns only the facets asked for", () => {
    expect(Object.keys(countFacets(db, req(["违约"]), "fg", ["dy"]).facets)).toEqual(["dy"]);
  });
});

describe("clauseSuccessJson", () => {
  it("is byte for byte JSON.stringify(successBody(items)), first time and from its fragment cache", () => {
    const requests: KeywordRequest[] = [
      req(["违约"]),
      req(["合同"], {}, { topK: 50 }),
      req(["合同解除"]),
      req(["违约金", "补救措施"], {}, { mode: "OR" }),
      req(["不存在的词"]),
      req(["當事人"]),
    ];
    for (const r of requests) {
      const items = searchClauses(db, r);
      const expected = JSON.stringify(successBody(items));
      expect(clauseSuccessJson(db, items).json).toBe(expected);
      expect(clauseSuccessJson(db, items).json).toBe(expected);
      // the same clause with another score (another expression) keeps its own score
      const rescored = items.map((i) => ({ ...i, _score: i._score / 3 }));
      expect(clauseSuccessJson(db, rescored).json).toBe(JSON.stringify(successBody(rescored)));
    }
  });
});
