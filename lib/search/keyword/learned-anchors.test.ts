/**
 * Answered questions as anchor text (learned-anchors.ts, issue 16) over the real test index: a
 * learned data file written here (SEMANTIC_LEARNED_PATH), its answers resolved to the index's current
 * articles, and the search taking them in only when no current national article matches every part.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getIndex } from "@/lib/store/index-store";
import { compileFtsQuery } from "./compile-fts-query";
import { learnedAnchors, learnedAnchorsOf, learnedMatches } from "./learned-anchors";
import { searchClauses } from "./search-clauses";
import type { KeywordRequest } from "./types";

const XF = "中华人民共和国刑法";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "learned-anchors-"));
const file = path.join(dir, "learned.json");
const saved = { path: process.env.SEMANTIC_LEARNED_PATH, off: process.env.KEYWORD_LEARNED };

beforeAll(() => {
  fs.writeFileSync(
    file,
    JSON.stringify({
      source: "test",
      questions: [
        // a layperson's word no statute of the slice uses, answered by the 诈骗 article
        { q: "有人在路上当碰瓷党讹钱，算犯罪吗？", gold: ["刑法#266"] },
        { q: "碰瓷党讹了几千块会判刑吗", gold: ["刑法#266", "刑法#67"] },
        // a word the statutes use: the exact matches keep their place
        { q: "自首可以减轻处罚吗", gold: ["刑法#266"] },
        // an answer the index does not hold: left out
        { q: "碰瓷党的规定", gold: ["没有这部法#1"] },
      ],
    }),
  );
  process.env.SEMANTIC_LEARNED_PATH = file;
});
afterEach(() => {
  if (saved.off === undefined) delete process.env.KEYWORD_LEARNED;
  else process.env.KEYWORD_LEARNED = saved.off;
});
afterAll(() => {
  if (saved.path === undefined) delete process.env.SEMANTIC_LEARNED_PATH;
  else process.env.SEMANTIC_LEARNED_PATH = saved.path;
  fs.rmSync(dir, { recursive: true, force: true });
});

const req = (parts: string[]): KeywordRequest => ({ parts, mode: "AND", filters: {}, topK: 10 });

describe("learnedMatches: the articles answering the questions that hold every part's concept", () => {
  const a = learnedAnchorsOf([
    { text: "碰瓷讹钱算犯罪吗", cids: [1, 2] },
    { text: "碰瓷被抓", cids: [1] },
    { text: "讹钱", cids: [3] },
    { text: "没有答案的碰瓷", cids: [] },
  ]);
  it.each([
    { parts: ["碰瓷"], want: [[1, 2], [2, 1]], why: "each article counts the questions; most first" },
    { parts: ["碰瓷", "讹钱"], want: [[1, 1], [2, 1]], why: "under AND a question must hold every part" },
    { parts: ["讹钱"], want: [[1, 1], [2, 1], [3, 1]], why: "ties: lower cid first" },
    { parts: ["碰瓷", "离婚"], want: [], why: "a part no question holds" },
  ])("$parts → $want ($why)", ({ parts, want }) => {
    expect(learnedMatches(a, compileFtsQuery(parts, "AND")!.parts, 10)).toEqual(want);
  });
  it("keeps at most `limit`, and a question without answers is not kept", () => {
    expect(learnedMatches(a, compileFtsQuery(["碰瓷"], "AND")!.parts, 1)).toEqual([[1, 2]]);
    expect(a.texts).toHaveLength(3);
  });
});

describe("keyword search: answered questions join as anchors when no national article matches", () => {
  it("reads the file's answers as the index's current articles", () => {
    const a = learnedAnchors(getIndex());
    expect(a.texts).toHaveLength(3);
  });

  it("碰瓷党 → 刑法 第二百六十六条 (no article says 碰瓷), and not with KEYWORD_LEARNED=0", () => {
    const ix = getIndex();
    const hits = searchClauses(ix, req(["碰瓷党"]));
    const hit = hits.find((h) => h.fgmc === XF && h.ft_num === "第二百六十六条");
    expect(hit).toBeDefined();
    expect(hit!.content).not.toContain("碰瓷党");
    // every answer of a question holding the part joins (第六十七条 answers one of them)
    expect(hits.some((h) => h.fgmc === XF && h.ft_num === "第六十七条")).toBe(true);
    process.env.KEYWORD_LEARNED = "0";
    expect(searchClauses(ix, { ...req(["碰瓷党"]), topK: 50 }).some((h) => h.fgmc === XF && h.ft_num === "第二百六十六条")).toBe(false);
  });

  it("自首: national articles match, so the question's answer does not join", () => {
    const ix = getIndex();
    const on = searchClauses(ix, { ...req(["自首"]), topK: 50 });
    process.env.KEYWORD_LEARNED = "0";
    const off = searchClauses(ix, { ...req(["自首"]), topK: 50 });
    expect(on.length).toBeGreaterThan(0);
    expect(on).toEqual(off);
  });
});
