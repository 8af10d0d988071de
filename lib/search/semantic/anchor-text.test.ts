/**
 * Anchor text as a semantic signal (anchor-text.ts): the BM25 over each article's citing
 * sentences, and its list and signal in the hybrid (search.ts, rerank.ts `an`). Synthetic anchor
 * rows for the scoring rules, the real slice index (test/global-setup.ts) for the stored anchors.
 */
import type Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { indexSql, withIndexSql } from "@/test/helpers/index-sql";
import { sqliteIndexStore, type IndexStore } from "@/lib/store/index-store";
import { anchorSearch, buildAnchorIndex, loadAnchorIndex } from "./anchor-text";
import { buildLearned } from "./learned";
import { rankClauses } from "./search";
import type { CandidateSignals } from "./rerank";
import { loadVectorIndex } from "./vector-index";

const stores = new WeakMap<Database.Database, IndexStore>();
const ix = (db: Database.Database): IndexStore => stores.get(db) ?? (stores.set(db, sqliteIndexStore(db)), stores.get(db)!);

// four articles' citing sentences (article 1 cited twice), written for the rules below
const ROWS: Array<[number, string]> = [
  [1, "承租人拖欠租金，出租人可以解除合同"],
  [2, "醉酒驾驶机动车，构成危险驾驶罪"],
  [3, "醉酒驾驶机动车发生交通事故致人死亡，构成交通肇事罪"],
  [1, "出租人请求承租人支付租金"],
  [4, "借款人逾期不还借款，应当支付逾期利息"],
];

describe("anchor documents: one per cited article, scored by BM25", () => {
  const a = buildAnchorIndex(ROWS);

  it("makes one document per article, its sentences' terms together", () => {
    expect(Array.from(a.cids)).toEqual([1, 2, 3, 4]);
    // article 1's document holds both of its sentences' terms (租金 twice)
    const rent = a.postings.get("租金")!;
    expect(Array.from(rent.doc)).toEqual([0]);
    expect(Array.from(rent.tf)).toEqual([2]);
  });

  const cases: Array<{ name: string; q: string; first?: number; only?: number[]; none?: boolean; admit?: (c: number) => boolean; absent?: number[] }> = [
    { name: "the article whose citing words the question uses comes first", q: "房东要解除合同，因为我拖欠租金", first: 1 },
    { name: "a word only one article's anchors hold finds that article alone", q: "交通肇事", only: [3] },
    { name: "shared words reach every article holding them; the rarer word decides", q: "醉酒驾驶构成危险驾驶罪", first: 2 },
    { name: "a question with none of the anchors' words finds nothing", q: "今天天气很好", none: true },
    { name: "an article the filter does not admit is left out", q: "醉酒驾驶机动车", admit: (c) => c !== 2, absent: [2] },
  ];
  it.each(cases)("$name", ({ q, first, only, none, admit, absent }) => {
    const hits = anchorSearch(a, [...new Set(semanticTermsOf(q))], 10, admit);
    if (none) expect(hits).toEqual([]);
    if (first !== undefined) expect(hits[0]?.cid).toBe(first);
    if (only) expect(hits.map((h) => h.cid)).toEqual(only);
    for (const c of absent ?? []) expect(hits.some((h) => h.cid === c)).toBe(false);
    for (let i = 1; i < hits.length; i++) expect(hits[i]!.score).toBeLessThanOrEqual(hits[i - 1]!.score);
  });

  it("counts a question's repeated word once, and keeps at most `limit` hits", () => {
    const once = anchorSearch(a, ["醉酒", "驾驶"], 10);
    expect(anchorSearch(a, ["醉酒", "醉酒", "驾驶"], 10)).toEqual(once);
    expect(once.length).toBe(2);
    expect(anchorSearch(a, ["醉酒", "驾驶"], 1)).toEqual(once.slice(0, 1));
    expect(anchorSearch(buildAnchorIndex([]), ["醉酒"], 10)).toEqual([]);
  });
});

import { semanticTerms as semanticTermsOf } from "./terms";

describe("the stored anchors (slice index)", () => {
  it("finds the cited article from its citing sentence's own words", () => {
    withIndexSql((db) => {
      const rows = db.prepare("SELECT cid, text FROM keyword_anchors ORDER BY aid").raw().all() as Array<[number, string]>;
      expect(rows.length).toBeGreaterThan(100);
      const a = loadAnchorIndex(ix(db));
      expect(a.cids.length).toBe(new Set(rows.map((r) => r[0])).size);
      // every 10th sentence with some words of its own: its article among the 10 best for those words
      const sample = rows.filter((_, i) => i % 10 === 0).filter(([, t]) => semanticTermsOf(t).length >= 4);
      expect(sample.length).toBeGreaterThan(10);
      let found = 0;
      for (const [cid, text] of sample) if (anchorSearch(a, semanticTermsOf(text), 10).some((h) => h.cid === cid)) found++;
      expect(found / sample.length).toBeGreaterThan(0.9);
    });
  });
});

describe("the anchor list in the hybrid", () => {
  const before = process.env.SEMANTIC_ANCHORS;
  afterEach(() => {
    if (before === undefined) delete process.env.SEMANTIC_ANCHORS;
    else process.env.SEMANTIC_ANCHORS = before;
  });

  const signals = async (db: Database.Database, q: string, filter: { effect1?: string[] } = {}): Promise<CandidateSignals[]> => {
    const vi = loadVectorIndex(ix(db))!;
    const m = buildLearned(ix(db), [{ q: "邻居家的狗咬伤了我", gold: ["民法典#1245"] }], vi.lsa);
    const collect: CandidateSignals[] = [];
    await rankClauses(ix(db), q, filter, "hybrid", 100, { learned: m, rerank: null, collect });
    return collect;
  };

  const cases: Array<{ name: string; env: string | undefined; filter?: { effect1?: string[] }; anchored: boolean }> = [
    { name: "on by default: the anchors' articles join the candidates with their signal", env: undefined, anchored: true },
    { name: "SEMANTIC_ANCHORS=off: no anchor signal at all", env: "off", anchored: false },
    { name: "a filter keeps the anchor list inside it", env: undefined, filter: { effect1: ["法律"] }, anchored: true },
  ];
  it.each(cases)("$name", async ({ env, filter, anchored }) => {
    if (env === undefined) delete process.env.SEMANTIC_ANCHORS;
    else process.env.SEMANTIC_ANCHORS = env;
    {
      const db = indexSql();
      // a stored citing sentence of a 法律 article, as the question
      const [cid, text] = db
        .prepare("SELECT a.cid, a.text FROM keyword_anchors a JOIN clauses c ON c.cid = a.cid JOIN regulations r ON r.rid = c.rid WHERE r.xljb_1 = '法律' AND length(a.text) >= 12 ORDER BY a.aid LIMIT 1")
        .raw()
        .get() as [number, string];
      const cands = await signals(db, text, filter);
      const withAnchor = cands.filter((c) => c.an > 0);
      if (!anchored) expect(withAnchor).toEqual([]);
      else expect(cands.find((c) => c.cid === cid)?.an).toBeGreaterThan(0);
      if (anchored) expect(Math.max(...withAnchor.map((c) => c.an))).toBe(1);
      if (anchored && filter?.effect1) {
        const ok = new Set(db.prepare("SELECT c.cid FROM clauses c JOIN regulations r ON r.rid = c.rid WHERE r.xljb_1 = '法律'").pluck().all() as number[]);
        for (const c of withAnchor) expect(ok.has(c.cid)).toBe(true);
      }
    }
  });
});
