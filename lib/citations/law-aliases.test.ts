/**
 * The alias table (data/law-aliases.json) holds no invented entry: every alias names the title of
 * an instrument in the corpus, resolves in the index (the test slice for the titles it holds, and
 * the full index data/index.sqlite when one has been built), and the table's loader reads both
 * entry forms (a title, or {title, source}).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import table from "../../data/law-aliases.json";
import { corpusDir, projectRoot } from "../config";
import { SECURITIES_CSV } from "../corpus/read-corpus";
import { openIndex } from "../store/index-store";
import { lawNameKey } from "../text/normalize";
import { lookupAlias } from "./law-aliases";
import { citationStore } from "./store-port";
import type { CitationStore } from "./types";

const aliases = (table as unknown as { aliases: Record<string, string | { title: string; source: string }> }).aliases;
const entries = Object.entries(aliases).map(([alias, v]) => ({ alias, title: typeof v === "string" ? v : v.title, source: typeof v === "string" ? null : v.source }));

/** Titles (the "# " heading) of every LawRefBook document in the corpus. */
function corpusTitles(): Set<string> {
  const out = new Set<string>();
  const walk = (dir: string) => {
    for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, d.name);
      if (d.isDirectory()) walk(p);
      else if (d.name.endsWith(".md")) {
        const fd = fs.openSync(p, "r");
        const buf = Buffer.alloc(600);
        const n = fs.readSync(fd, buf, 0, 600, 0);
        fs.closeSync(fd);
        const m = /^#\s+(.+)$/m.exec(buf.subarray(0, n).toString("utf8"));
        if (m) out.add(lawNameKey(m[1]!.trim()));
      }
    }
  };
  walk(path.join(corpusDir(), "lawrefbook"));
  // the securities catalogue's titles (metadata only: 九民纪要's 通知)
  const csv = fs.readFileSync(path.join(corpusDir(), SECURITIES_CSV), "utf8");
  for (const m of csv.matchAll(/[^,\n"]*(?:通知|规定|办法|纪要|意见)/g)) out.add(lawNameKey(m[0].trim()));
  return out;
}

function resolvesTo(store: CitationStore, title: string): boolean {
  return store.findFamiliesByName(title).some((f) => f.versions.some((v) => lawNameKey(v.fgmc) === lawNameKey(title)));
}

describe("law alias table", () => {
  it("every alias names the title of an instrument in the corpus (a LawRefBook text or the securities catalogue)", () => {
    const titles = corpusTitles();
    expect(titles.size).toBeGreaterThan(3000);
    const missing = entries.filter((e) => !titles.has(lawNameKey(e.title))).map((e) => `${e.alias} → ${e.title}`);
    expect(missing).toEqual([]);
  });

  it("entries with a source say where the name is used, and the loader reads both forms", () => {
    const withSource = entries.filter((e) => e.source !== null);
    expect(withSource.length).toBeGreaterThanOrEqual(5);
    for (const e of withSource) {
      expect(e.source!.length, e.alias).toBeGreaterThan(10);
      expect(lookupAlias(e.alias)).toBe(e.title);
    }
    const plain = entries.find((e) => e.source === null)!;
    expect(lookupAlias(plain.alias)).toBe(plain.title);
    expect(lookupAlias("《中华人民共和国破产法》")).toBe("中华人民共和国企业破产法");
  });

  it("every alias resolves in the index: the full one (data/index.sqlite) when built, else the test slice for the titles it holds", () => {
    const full = path.join(projectRoot, "data/index.sqlite");
    const isFull = fs.existsSync(full);
    const store: CitationStore = isFull ? openIndex(full) : citationStore();
    const held = new Set(store.listTitles().map((t) => lawNameKey(t.fgmc)));
    const inIndex = entries.filter((e) => held.has(lawNameKey(e.title)));
    if (isFull) expect(inIndex.map((e) => e.alias)).toEqual(entries.map((e) => e.alias));
    expect(inIndex.length).toBeGreaterThan(5);
    const missing = inIndex.filter((e) => !resolvesTo(store, e.title)).map((e) => `${e.alias} → ${e.title}`);
    expect(missing).toEqual([]);
  });
});
