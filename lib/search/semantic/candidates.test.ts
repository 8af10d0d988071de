/**
 * The candidate lists added for issue 16's recall (search.ts: the in-law vector list, the chapter
 * neighbours of the lexical lists' best hits, the co-cited list of learned.ts) and the trees of the
 * learned ranking (boost.ts). Synthetic rows for the trees' rules, the real slice index
 * (test/global-setup.ts) for the lists.
 */
import type Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { indexSql, withIndexSql } from "@/test/helpers/index-sql";
import { sqliteIndexStore, type IndexStore } from "@/lib/store/index-store";
import { addFlatScores, boostScore, FLAT_MAX_DEPTH, flatTrees, trainBoost, type BoostModel, type BoostQuestion } from "./boost";
import { buildLearned, coCitedVotes } from "./learned";
import { FUSION, rankClauses } from "./search";
import { rng } from "./linalg";
import type { CandidateSignals } from "./rerank";
import { loadVectorIndex } from "./vector-index";

const stores = new WeakMap<Database.Database, IndexStore>();
const ix = (db: Database.Database): IndexStore => stores.get(db) ?? (stores.set(db, sqliteIndexStore(db)), stores.get(db)!);
const cidsOf = (db: Database.Database, law: string, tid: string) =>
  db.prepare("SELECT c.cid FROM clauses c JOIN regulations r ON r.rid = c.rid WHERE r.fgmc_key = ? AND c.tid = ?").pluck().all(law, tid) as number[];

describe("co-cited articles (learned.ts coCitedVotes)", () => {
  it("votes Σ vote(a) · P(b | a) for the articles answered questions cite beside the voted ones, every version, the voted ones left out", () => {
    withIndexSql((db) => {
      const vi = loadVectorIndex(ix(db))!;
      const m = buildLearned(
        ix(db),
        [
          { q: "房东不让我转租怎么办", gold: ["民法典#716", "民法典#712"] },
          { q: "房东不修房子可以不交房租吗", gold: ["民法典#716", "民法典#713"] },
          { q: "租的房子漏水房东不管", gold: ["民法典#712", "民法典#713"] },
          { q: "邻居家的狗咬伤了我", gold: ["民法典#1245"] },
        ],
        vi.lsa,
      );
      const [a716, a712, a713, a1245] = [cidsOf(db, "民法典", "716"), cidsOf(db, "民法典", "712"), cidsOf(db, "民法典", "713"), cidsOf(db, "民法典", "1245")];
      for (const a of [a716, a712, a713, a1245]) expect(a.length).toBeGreaterThan(0);
      const table: { name: string; votes: [number, number][]; want: [number[], number][]; none: number[][] }[] = [
        // 716 is cited by two questions, once with 712 and once with 713: P = 1/2 each
        { name: "one voted article", votes: [[a716[0]!, 1]], want: [[a712, 0.5], [a713, 0.5]], none: [a716, a1245] },
        // 716 (0.8) and 712 (0.5): 713 gets 0.8 · 1/2 + 0.5 · 1/2; the voted ones none
        { name: "two voted articles add up", votes: [[a716[0]!, 0.8], [a712[0]!, 0.5]], want: [[a713, 0.65]], none: [a716, a712, a1245] },
        { name: "an article cited alone brings nothing", votes: [[a1245[0]!, 1]], want: [], none: [a716, a712, a713] },
        { name: "an unknown clause brings nothing", votes: [[-5, 1]], want: [], none: [a716, a712, a713, a1245] },
      ];
      for (const t of table) {
        const got = coCitedVotes(m, new Map(t.votes));
        for (const [cids, v] of t.want) for (const c of cids) expect(got.get(c), t.name).toBeCloseTo(v, 6);
        for (const cids of t.none) for (const c of cids) expect(got.has(c), t.name).toBe(false);
        expect(got.size, t.name).toBe(t.want.reduce((n, [cids]) => n + cids.length, 0));
      }
    });
  });
});

describe("the added candidate lists in the hybrid", () => {
  const saved = { ...FUSION };
  afterEach(() => Object.assign(FUSION, saved));

  const signals = async (db: Database.Database, q: string): Promise<CandidateSignals[]> => {
    const vi = loadVectorIndex(ix(db))!;
    const m = buildLearned(
      ix(db),
      [
        { q: "房东不让我转租怎么办", gold: ["民法典#716", "民法典#712"] },
        { q: "房东不修房子可以不交房租吗", gold: ["民法典#716", "民法典#713"] },
      ],
      vi.lsa,
    );
    const collect: CandidateSignals[] = [];
    await rankClauses(ix(db), q, {}, "hybrid", 100, { learned: m, rerank: null, collect });
    return collect;
  };

  it("off: no candidate has their signals; on: each signal marks what its list says", async () => {
    {
      const db = indexSql();
      const q = "房东要收回房子，承租人拖欠租金，出租人可以解除租赁合同吗";
      FUSION.inLawVecDepth = 0;
      FUSION.prfSeeds = 0;
      FUSION.coCited = false;
      const off = await signals(db, q);
      for (const c of off) expect([c.lv, c.pn, c.cc]).toEqual([0, 0, 0]);
      Object.assign(FUSION, saved);
      const on = await signals(db, q);
      const onIds = new Set(on.map((c) => c.cid));
      for (const c of off) expect(onIds.has(c.cid)).toBe(true); // the lists only add candidates
      const layout = ix(db).clauseLayout();
      // in-law vector list: ranks within the laws the memory votes for (here 民法典), at most inLawVecDepth of them
      const lv = on.filter((c) => c.lv > 0);
      expect(lv.length).toBeGreaterThan(0);
      expect(lv.length).toBeLessThanOrEqual(FUSION.inLawVecDepth);
      expect(Math.max(...lv.map((c) => c.lv))).toBe(1);
      const civil = new Set(db.prepare("SELECT rid FROM regulations WHERE fgmc_key = '民法典'").pluck().all() as number[]);
      for (const c of lv) expect(civil.has(layout.rid[c.cid]!)).toBe(true);
      // chapter neighbours: each within prfSpan articles of a seed in the same chapter, never a seed's own score ≥ 1
      const pn = on.filter((c) => c.pn > 0);
      expect(pn.length).toBeGreaterThan(0);
      for (const c of pn) expect(c.pn).toBeLessThanOrEqual(0.5);
      // co-cited: the memory votes 716 and 712/713 both, so nothing beside them is left to add, and no voted article gets it
      for (const c of on.filter((x) => x.cc > 0)) expect(c.mt).toBe(0);
    }
  });
});


/** Two hand-made trees: tree 0 x0 ≤ 0.5 → 1, else (x1 ≤ 0.2 → 2, else 3); tree 1 a single leaf −0.5. */
function handModel(): BoostModel {
  return {
    feature: Int32Array.from([0, -1, 1, -1, -1, -1]),
    threshold: Float64Array.from([0.5, 0, 0.2, 0, 0, 0]),
    left: Int32Array.from([1, -1, 3, -1, -1, -1]),
    right: Int32Array.from([2, -1, 4, -1, -1, -1]),
    value: Float64Array.from([0, 1, 0, 2, 3, -0.5]),
    roots: Int32Array.from([0, 5]),
  };
}

describe("trees on top of the learned ranking (boost.ts)", () => {
  // each question: 30 candidates with two features in [0, 1); the answer is the one candidate with both > 0.6
  // (an AND no weighted sum of the two features can express once other candidates have one of them very high)
  const questions = (n: number, seed: number): BoostQuestion[] => {
    const rnd = rng(seed);
    return Array.from({ length: n }, () => {
      const X: Float64Array[] = [];
      const gold = Float64Array.from([0.6 + 0.4 * rnd(), 0.6 + 0.4 * rnd()]);
      X.push(gold);
      for (let i = 0; i < 29; i++) {
        const one = rnd() < 0.5;
        X.push(Float64Array.from(one ? [0.9 + 0.1 * rnd(), 0.5 * rnd()] : [0.5 * rnd(), 0.9 + 0.1 * rnd()]));
      }
      return { X, wt: new Float64Array(30).fill(1), base: new Float64Array(30), np: 1 };
    });
  };
  const top1 = (m: BoostModel, qs: BoostQuestion[]) => qs.filter((q) => q.X.every((x, i) => i === 0 || boostScore(m, x) < boostScore(m, q.X[0]!))).length / qs.length;

  it("learn an interaction of two features and rank held-out questions by it, deterministically", () => {
    const opts = { trees: 30, depth: 3, rate: 0.3, lambda: 1, minHess: 0.1, bins: 32 };
    const m = trainBoost(questions(60, 1), 2, opts);
    expect(top1(m, questions(40, 2))).toBeGreaterThan(0.9);
    const again = trainBoost(questions(60, 1), 2, opts);
    expect(Array.from(again.value)).toEqual(Array.from(m.value));
    expect(Array.from(again.threshold)).toEqual(Array.from(m.threshold));
    expect(m.roots.length).toBe(30);
  });

  it("score a candidate by the leaves its features reach, summed over the trees", () => {
    // tree 0: x0 ≤ 0.5 → 1, else (x1 ≤ 0.2 → 2, else 3); tree 1: a single leaf −0.5
    const m = handModel();
    const table: [number[], number][] = [
      [[0.5, 9], 0.5],
      [[0.6, 0.2], 1.5],
      [[0.6, 0.3], 2.5],
    ];
    for (const [x, want] of table) expect(boostScore(m, x)).toBe(want);
  });

  it("flat trees: every row's correction is boostScore's, to the last bit (uneven depths, a one-leaf tree, NaN and ties at thresholds)", () => {
    const hand = handModel();
    const trained = trainBoost(questions(40, 5), 2, { trees: 25, depth: 4, rate: 0.3, lambda: 1, minHess: 0.1, bins: 16 });
    const rnd = rng(11);
    for (const m of [hand, trained]) {
      const f = flatTrees(m)!;
      expect(f.count).toBe(m.roots.length);
      expect(flatTrees(m)).toBe(f); // built once per model
      const rows = 103; // not a multiple of the 4 rows scored together
      const dim = 2;
      const X = new Float64Array(rows * dim);
      for (let i = 0; i < X.length; i++) X[i] = i % 17 === 0 ? NaN : i % 13 === 0 ? 0.5 : i % 11 === 0 ? 0.2 : rnd();
      const base = Float64Array.from({ length: rows }, () => rnd() * 10 - 5);
      const out = Float64Array.from(base);
      const picked = Int32Array.from({ length: rows }, (_, i) => (i * 37) % rows); // every row once, in another order
      addFlatScores(f, X, dim, picked, rows, out);
      for (let i = 0; i < rows; i++) expect(out[i]).toBe(base[i]! + boostScore(m, X.subarray(i * dim, (i + 1) * dim)));
      // only the listed rows change
      const some = Float64Array.from(base);
      addFlatScores(f, X, dim, Int32Array.of(4, 9), 2, some);
      for (let i = 0; i < rows; i++) if (i !== 4 && i !== 9) expect(some[i]).toBe(base[i]);
    }
  });

  it("flat trees: none for a tree deeper than FLAT_MAX_DEPTH (the caller walks them with boostScore)", () => {
    const d = FLAT_MAX_DEPTH + 1;
    // a chain of d splits on feature 0, each right child the next split
    const n = 2 * d + 1;
    const feature = new Int32Array(n).fill(-1);
    const left = new Int32Array(n).fill(-1);
    const right = new Int32Array(n).fill(-1);
    for (let k = 0; k < d; k++) {
      feature[2 * k] = 0;
      left[2 * k] = 2 * k + 1;
      right[2 * k] = 2 * k + 2;
    }
    const m: BoostModel = { feature, threshold: new Float64Array(n), left, right, value: Float64Array.from({ length: n }, (_, k) => k), roots: Int32Array.of(0) };
    expect(flatTrees(m)).toBeNull();
  });

  it("learn nothing from questions without an answer among their candidates", () => {
    const qs = questions(5, 3).map((q) => ({ ...q, np: 0 }));
    const m = trainBoost(qs, 2, { trees: 3, depth: 2, rate: 0.1, lambda: 1, minHess: 0.1, bins: 8 });
    for (let x = 0; x < 1; x += 0.25) expect(boostScore(m, [x, 1 - x])).toBe(0);
  });
});
