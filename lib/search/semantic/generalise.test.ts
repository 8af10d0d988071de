/**
 * The parts of the semantic search that reach articles no answered question cited: the learned
 * translation table (question word → statutory words) and its weighted BM25 list, the memory's
 * neighbours in the same chapter, the clause layout they rest on, and the build's parallel
 * tokeniser (same terms as one thread). Over the real slice index (test/global-setup.ts).
 */
import type Database from "better-sqlite3";
import { withIndexSql } from "@/test/helpers/index-sql";
import { describe, expect, it } from "vitest";
import { clauseLayout, type ClauseLayout } from "@/lib/store/clause-layout";
import { bm25Search, bm25Weighted } from "./bm25";
import { buildLearned, expandQuestion, nearestQuestions, neighbourVotes, questionVocabulary } from "./learned";
import { semanticTerms } from "./terms";
import { tokenizeAll } from "./tokenize-pool";
import { dot, featureVectors, FEATURE_NAMES, scoreCandidates, scoreColumns, signalColumns, signalsOf, trainRerank, type CandidateSignals } from "./rerank";
import { FUSION, orderCandidates } from "./search";
import { sqliteIndexStore, type IndexStore } from "@/lib/store/index-store";

/** One store per handle (the searches cache per store, as per opened index in the app). */
const stores = new WeakMap<Database.Database, IndexStore>();
const ix = (db: Database.Database): IndexStore => stores.get(db) ?? (stores.set(db, sqliteIndexStore(db)), stores.get(db)!);
import { loadVectorIndex } from "./vector-index";


const cidsOf = (db: Database.Database, law: string, tid: string) =>
  db.prepare("SELECT c.cid FROM clauses c JOIN regulations r ON r.rid = c.rid WHERE r.fgmc_key = ? AND c.tid = ?").pluck().all(law, tid) as number[];

describe("translation table learned from answered questions", () => {
  it("maps a lay word to the statutory words of the articles that answered it, and reaches articles no question cited", () => {
    withIndexSql((db) => {
      const vi = loadVectorIndex(ix(db))!;
      // two questions with 房东 answered by lease articles (出租人 / 承租人 / 租赁物), one unrelated
      const m = buildLearned(
        ix(db),
        [
          { q: "房东不让我转租怎么办", gold: ["民法典#716"] },
          { q: "房东不修房子可以不交房租吗", gold: ["民法典#712", "民法典#713"] },
          { q: "邻居家的狗咬伤了我", gold: ["民法典#1245"] },
        ],
        vi.lsa,
      );
      const row = m.translation.get("房东");
      expect(row).toBeDefined();
      expect(row!.t).toContain("出租人");
      // a word seen with one question only carries nothing (at least two must agree)
      expect(m.translation.has("咬伤")).toBe(false);
      const ex = expandQuestion(m, "房东要提前收回房子");
      expect(ex.get("出租人")).toBeGreaterThan(0);
      for (const v of ex.values()) expect(v).toBeLessThanOrEqual(1);
      expect(Math.max(...ex.values())).toBe(1);
      // the expansion's BM25 list reaches a lease article no question cited (民法典 第七百三十条: 租赁期限没有约定…)
      const hits = bm25Weighted(ix(db), ex, 400);
      const uncited = cidsOf(db, "民法典", "730");
      expect(uncited.length).toBeGreaterThan(0);
      expect(hits.some((h) => uncited.includes(h.cid))).toBe(true);
    });
  });

  it("questionVocabulary: the words at least n answered questions use, the most used first", () => {
    withIndexSql((db) => {
      const vi = loadVectorIndex(ix(db))!;
      const questions = [
        { q: "房东不让我转租怎么办", gold: ["民法典#716"] },
        { q: "房东不修房子可以不交房租吗", gold: ["民法典#712"] },
        { q: "房东扣押金不退房租", gold: ["民法典#713"] },
        { q: "邻居家的狗咬伤了我", gold: ["民法典#1245"] },
      ];
      const m = buildLearned(ix(db), questions, vi.lsa);
      // the reference: each indexed word's number of questions (each question counted once), by (count desc, word)
      const uses = new Map<string, number>();
      for (const { q } of questions) for (const t of new Set(semanticTerms(q))) if (m.memory.postings.has(t)) uses.set(t, (uses.get(t) ?? 0) + 1);
      const want = (min: number) => [...uses].filter(([, n]) => n >= min).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([t]) => t);
      const table: { min: number; has: string[]; lacks: string[] }[] = [
        { min: 1, has: ["房东", "咬伤"], lacks: [] },
        { min: 2, has: ["房东", "房租"], lacks: ["咬伤"] },
        { min: 3, has: ["房东"], lacks: ["房租", "咬伤"] },
      ];
      for (const t of table) {
        const got = questionVocabulary(m, t.min);
        expect(got).toEqual(want(t.min));
        for (const w of t.has) expect(got).toContain(w);
        for (const w of t.lacks) expect(got).not.toContain(w);
      }
      expect(questionVocabulary(m, 3)[0]).toBe("房东");
    });
  });

  it("bm25Weighted with every weight 1 scores like the OR query of the same words", () => {
    withIndexSql((db) => {
      const words = ["租金", "押金", "维修"]; // words jieba keeps whole: the OR query has exactly these phrases
      for (const w of words) expect(semanticTerms(w)).toEqual([w]);
      const a = bm25Search(ix(db), words.join(" "), { limit: 50 });
      const b = bm25Weighted(ix(db), new Map(words.map((w) => [w, 1])), 50);
      expect(b.map((h) => h.cid)).toEqual(a.map((h) => h.cid));
      b.forEach((h, i) => expect(h.score).toBeCloseTo(a[i]!.score, 9));
      // doubling every weight doubles every score; no positive weight, no result
      const c = bm25Weighted(ix(db), new Map(words.map((w) => [w, 2])), 50);
      c.forEach((h, i) => expect(h.score).toBeCloseTo(2 * b[i]!.score, 9));
      expect(bm25Weighted(ix(db), new Map([["出租人", 0]]), 50)).toEqual([]);
    });
  });
});

describe("nearest answered questions", () => {
  it("are the first k of sorting the positive similarities (best first, ties to the lower index)", () => {
    const sim = Float32Array.from({ length: 500 }, (_, i) => ((i * 37) % 23) / 23 - 0.2); // many ties, some ≤ 0
    const sorted = Array.from({ length: sim.length }, (_, i) => i)
      .filter((i) => sim[i]! > 0)
      .sort((a, b) => sim[b]! - sim[a]! || a - b);
    for (const k of [0, 1, 10, 50, 400, 1000]) expect(nearestQuestions(sim, k)).toEqual(sorted.slice(0, k));
  });
});

describe("neighbours of the memory's articles", () => {
  // two regulations: rid 1 with chapters A (cids 1-4) and B (cids 5-6), rid 2 with one chapter (cids 7-8)
  const layout: ClauseLayout = {
    rid: Int32Array.from([0, 1, 1, 1, 1, 1, 1, 2, 2]),
    ord: Int32Array.from([0, 1, 2, 3, 4, 5, 6, 1, 2]),
    chapter: Int32Array.from([0, 0, 0, 0, 0, 1, 1, 2, 2]),
    members: [Int32Array.from([1, 2, 3, 4]), Int32Array.from([5, 6]), Int32Array.from([7, 8])],
  };
  const cases: { name: string; votes: [number, number][]; span: number; want: [number, number][] }[] = [
    { name: "same chapter only, vote / (1 + distance), the voted clause itself excluded", votes: [[2, 1]], span: 5, want: [[1, 0.5], [3, 0.5], [4, 1 / 3]] },
    { name: "span bounds the distance", votes: [[2, 1]], span: 1, want: [[1, 0.5], [3, 0.5]] },
    { name: "the best voter wins", votes: [[1, 0.2], [4, 0.9]], span: 5, want: [[2, Math.max(0.2 / 2, 0.9 / 3)], [3, Math.max(0.2 / 3, 0.9 / 2)], [1, 0.9 / 4], [4, 0.2 / 4]] },
    { name: "votes below the threshold bring nothing", votes: [[7, 0.01]], span: 5, want: [] },
    { name: "an unknown clause brings nothing", votes: [[99, 1]], span: 5, want: [] },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const got = neighbourVotes(layout, new Map(c.votes), c.span);
      expect(got.size).toBe(c.want.length);
      for (const [cid, v] of c.want) expect(got.get(cid)).toBeCloseTo(v, 9);
    });
  }
});

describe("clause layout", () => {
  it("groups each regulation's clauses by chapter heading, in document order", () => {
    withIndexSql((db) => {
      const l = clauseLayout(db);
      const rows = db.prepare("SELECT cid, rid, ord, chapter FROM clauses").raw().all() as [number, number, number, string][];
      const byChapter = new Map<number, string>();
      for (const [cid, rid, ord, ch] of rows) {
        expect(l.rid[cid]).toBe(rid);
        expect(l.ord[cid]).toBe(ord);
        const key = `${rid}|${ch}`;
        const id = l.chapter[cid]!;
        if (byChapter.has(id)) expect(byChapter.get(id)).toBe(key);
        else byChapter.set(id, key);
        expect(Array.from(l.members[id]!)).toContain(cid);
      }
      for (const m of l.members) for (let i = 1; i < m.length; i++) expect(l.ord[m[i]!]!).toBeGreaterThan(l.ord[m[i - 1]!]!);
      expect(clauseLayout(db)).toBe(l);
    });
  });
});

describe("parallel tokeniser of the build step", () => {
  it("gives exactly semanticTerms for every text, in one thread and in several", async () => {
    const texts = withIndexSql((db) => db.prepare("SELECT content FROM clauses ORDER BY cid LIMIT 400").pluck().all() as string[]);
    for (const threads of [1, 3]) {
      const tok = await tokenizeAll(texts, threads);
      expect(tok.docs.length).toBe(texts.length);
      texts.forEach((t, i) => expect(Array.from(tok.docs[i]!, (x) => tok.vocab[x])).toEqual(semanticTerms(t)));
    }
  });
});

describe("learned ranking", () => {
  const sig = (cid: number, o: Partial<CandidateSignals>): CandidateSignals => ({ cid, rid: 1, bm: 0, cos: 0, prior: 0, law: 0, mh: 0, mt: 0, tr: 0, nb: 0, lb: 0, pop: 0, mc10: 0, mc50: 0, m1: 0, m1r: 0, ord: 0, chn: 0, chpos: 0, an: 0, lv: 0, pn: 0, cc: 0, ...o });

  it("learns from answered questions which signal marks the answer, and ranks by it", () => {
    // the answer is the candidate the translation list found; BM25 is noise
    const questions = Array.from({ length: 40 }, (_, q) => {
      const cands = Array.from({ length: 20 }, (_, i) => sig(q * 100 + i, { bm: ((i * 7 + q) % 10) / 10, tr: i === q % 20 ? 1 : 0.1 }));
      return { cands, gold: new Set([q * 100 + (q % 20)]) };
    });
    const w = trainRerank(questions, { iterations: 100, l2: 0.001, negatives: 5, deep: 5 });
    // deterministic: the same weights twice (the deep negatives are drawn from a seeded generator)
    expect(Array.from(trainRerank(questions, { iterations: 100, l2: 0.001, negatives: 5, deep: 5 }))).toEqual(Array.from(w));
    expect(w.length).toBe(FEATURE_NAMES.length);
    const X = featureVectors(questions[3]!.cands);
    const best = X.map((x, i) => ({ i, s: dot(w, x) })).sort((a, b) => b.s - a.s)[0]!.i;
    expect(questions[3]!.cands[best]!.cid).toBe(303);
    // and a question without any gold candidate teaches nothing (no weights from nothing)
    expect(Array.from(trainRerank([{ cands: [sig(1, { bm: 1 })], gold: new Set() }]))).toEqual(new Array(FEATURE_NAMES.length).fill(0));
  });

  it("pools the signals per regulation, ranks each list and sums the nearby articles' votes (features from columns, as search.ts builds them)", () => {
    const cands = [
      sig(10, { rid: 2, ord: 5, mt: 1, tr: 0.5 }),
      sig(11, { rid: 2, ord: 7, tr: 1 }),
      sig(12, { rid: 3, ord: 6, mt: 0.5 }),
      sig(13, { rid: 2, ord: 20, mt: 0.2 }),
    ];
    const X = featureVectors(cands);
    const f = (i: number, name: (typeof FEATURE_NAMES)[number]) => X[i]![FEATURE_NAMES.indexOf(name)];
    const table: [number, (typeof FEATURE_NAMES)[number], number][] = [
      [0, "lawvote", 1], [2, "lawvote", 0.5], [3, "lawvote", 1], // the best tail memory vote of the candidate's regulation
      [0, "lawcnt", Math.log1p(3)], [2, "lawcnt", Math.log1p(1)],
      [1, "lawsum", Math.log1p(1 + 0 + 0.2)],
      [0, "rm", 1], [2, "rm", 1 / Math.log2(3)], [3, "rm", 0.5], [1, "rm", 0], // rank by memory among those it votes for
      [0, "near:mt", 0], [0, "near:tr", 1 / 3], [0, "near:dist", 0], // cid 11 is 2 articles away, with no memory vote
      [1, "near:mt", 1 / 3], [1, "near:tr", 0.5 / 3], [1, "near:dist", 1 / 3],
      [2, "near:mt", 0], [3, "near:mt", 0], [3, "near:tr", 0], // another regulation; 13 articles away
    ]; // prettier-ignore
    for (const [i, name, want] of table) expect(f(i, name), `${cands[i]!.cid} ${name}`).toBeCloseTo(want, 12);
    // columns ↔ objects carry the same numbers, and scoring the columns is the dot product of each vector
    const cols = signalColumns(cands);
    expect(signalsOf(cols)).toEqual(cands);
    const w = Float64Array.from(FEATURE_NAMES, (_, j) => ((j * 37) % 11) / 10 - 0.5);
    const want = X.map((x) => dot(w, x));
    expect(Array.from(scoreColumns(cols, w))).toEqual(want);
    expect(Array.from(scoreCandidates(cands, w))).toEqual(want);
  });

  it("orders every candidate by the learned weights, or the hand-made head then tail; scores in [0, 1] and non-increasing", () => {
    const H = FUSION.head;
    const cands = Array.from({ length: H + 30 }, (_, i) => sig(i + 1, { bm: (i % 13) / 13, mt: i >= H ? 1 : 0 }));
    const w = new Float64Array(FEATURE_NAMES.length);
    w[FEATURE_NAMES.indexOf("bm")] = 1; // ranked by BM25
    const out = orderCandidates(cands, true, w, 100);
    expect(out.length).toBe(cands.length);
    const byBm = [...cands].sort((a, b) => b.bm - a.bm || a.cid - b.cid).map((c) => c.cid);
    expect(out.map((r) => r.cid)).toEqual(byBm);
    // hand-made (no weights): the head by the head score, then the tail (the memory's articles weigh 4 there), best tail score first
    const hand = orderCandidates(cands, true, null, 100);
    const tail = hand.slice(H);
    const memFirst = tail.findIndex((r) => cands[r.cid - 1]!.mt === 0);
    expect(memFirst).toBeGreaterThan(0);
    expect(tail.slice(0, memFirst).every((r) => cands[r.cid - 1]!.mt === 1)).toBe(true);
    for (const list of [out, hand])
      for (let i = 0; i < list.length; i++) {
        expect(list[i]!.score).toBeGreaterThanOrEqual(0);
        expect(list[i]!.score).toBeLessThanOrEqual(1);
        if (i) expect(list[i]!.score).toBeLessThanOrEqual(list[i - 1]!.score);
      }
    // depth bounds the list; no learned parts: the hand-made base score alone
    expect(orderCandidates(cands, true, w, 10).map((r) => r.cid)).toEqual(byBm.slice(0, 10)); // the best 10, ties to the lower cid
    const plain = orderCandidates(cands, false, null, 5);
    expect(plain.map((r) => cands[r.cid - 1]!.bm)).toEqual([...cands].map((c) => c.bm).sort((a, b) => b - a).slice(0, 5));
  });
});
