/** Builds the edge fixture corpus into temp files: atomic swap, stable ids, summary. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { indexSql } from "@/test/helpers/index-sql";
import { buildIndex } from "./build-index";
import { IndexUnavailableError, openIndex } from "@/lib/store/index-store";

const EDGE = path.resolve("test/fixtures/corpus-edge");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "build-index-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const build = (outPath: string) => buildIndex({ corpusDir: EDGE, outPath, jsonl: [path.join(EDGE, "jsonl/firm.jsonl")], today: "2025-01-01" });
const ids = (file: string) => {
  const db = new Database(file, { readonly: true });
  const out = db.prepare("SELECT fgid FROM regulations ORDER BY fgid").pluck().all().concat(db.prepare("SELECT id FROM clauses ORDER BY id").pluck().all());
  db.close();
  return out;
};

describe("buildIndex", () => {
  it("builds, summarises and lists the bad edge files", async () => {
    const out = path.join(dir, "a.sqlite");
    const s = await build(out);
    expect(s.regulations).toEqual({ total: 8, fullText: 6, catalogue: 2 });
    expect(s.clauses).toBe(10);
    expect(s.cases).toBe(5);
    expect(s.problems.filter((p) => p.kind === "unparsed").map((p) => p.path)).toEqual(
      expect.arrayContaining(["lawrefbook/经济法/空文件.md", "lawrefbook/经济法/非UTF8编码(2020-01-01).md", "lawrefbook/司法解释/缺少标记的文件.md"]),
    );
    expect(s.coverage.fbbm).toEqual({ filled: 6, total: 6 });
    expect(fs.readdirSync(dir).filter((f) => f.includes(".tmp-"))).toEqual([]);
    const store = openIndex(out);
    expect(store.getMeta()).toMatchObject({ regulations: 8, clauses: 10, cases: 5 });
    expect(store.getClause("11111111111111111111111111111111", "2-1")?.content).toBe("新增的条文。");
    const fam = store.findFamiliesByName("《中华人民共和国边界测试法》");
    expect(fam.map((f) => f.versions.map((v) => v.fgid))).toEqual([["11111111111111111111111111111111", "22222222222222222222222222222222"]]);
    const detail = store.getRegulationDetail("22222222222222222222222222222222")!;
    expect(detail.versions.map((v) => [v.fgid, v.current])).toEqual([
      ["11111111111111111111111111111111", true],
      ["22222222222222222222222222222222", false],
    ]);
    expect(store.findCasesByNumber("(2009)沪二中民二(民)终字第1508号").map((c) => c.id)).toEqual(["spc-1"]);
    const hits = indexSql(store.path).prepare(`SELECT c.id FROM clause_fts f JOIN clauses c ON c.cid = f.rowid WHERE clause_fts MATCH '"新增 增的 的条 条文"'`).pluck().all();
    expect(hits).toEqual(["11111111111111111111111111111111_2-1"]);
    store.close();
  });

  it("gives the same ids on a rebuild of the same corpus", async () => {
    const a = path.join(dir, "s1.sqlite");
    const b = path.join(dir, "s2.sqlite");
    await build(a);
    await build(b);
    expect(ids(b)).toEqual(ids(a));
  });

  it("keeps the previous index when a build fails", async () => {
    const out = path.join(dir, "keep.sqlite");
    await build(out);
    const before = fs.readFileSync(out);
    await expect(buildIndex({ corpusDir: path.join(dir, "no-such-corpus"), outPath: out })).rejects.toThrow(/corpus folder not found/);
    expect(fs.readFileSync(out).equals(before)).toBe(true);
    expect(fs.readdirSync(dir).filter((f) => f.includes(".tmp-"))).toEqual([]);
  });

  it("refuses missing or foreign files with a rebuild hint", () => {
    expect(() => openIndex(path.join(dir, "absent.sqlite"))).toThrow(IndexUnavailableError);
    const junk = path.join(dir, "junk.sqlite");
    fs.writeFileSync(junk, "not a database");
    expect(() => openIndex(junk)).toThrow(/npm run ingest/);
  });
});
