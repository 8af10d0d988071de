/**
 * Reader for the LawRefBook Markdown tree (lawrefbook/ in the corpus): statutes, the DLC
 * local-regulation packs and the 案例 write-ups. See ../shared/corpus/README.md §1.
 */
import fs from "node:fs";
import path from "node:path";
import { readLawrefbookCase } from "./lawrefbook-cases";
import { LawDb, type LawDbRow } from "./lawrefbook-db";
import type { FileContext } from "./lawrefbook-meta";
import { parseLawMarkdown } from "./law-markdown";
import { toRecord } from "./lawrefbook-record";
import { mergeCivilCode, type CivilCodePart } from "./civil-code";
import { readUtf8File, stableId } from "./read-text";
import { emptyStats, type CorpusContent } from "./types";

export interface ReadOptions {
  /** Absolute corpus root (the folder holding lawrefbook/, cases/, securities/). */
  corpusDir: string;
  /** Filter on the path relative to the corpus root (posix separators). */
  include?: (relPath: string) => boolean;
}

/** Repository files that are not documents of the corpus (reported as skipped). */
const NON_DOCUMENTS: Record<string, string> = {
  "README.md": "repository README, not a legal document",
  "法律法规模版.md": "authoring template, not a legal document",
};

const FILE_NAME = /^(.*?)(?:\((\d{4}-\d{2}-\d{2})\))?\.md$/;

export function listMarkdownFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".md")) out.push(p);
    }
  };
  walk(root);
  return out;
}

export function readLawrefbook(opts: ReadOptions): CorpusContent & { ignoredIndexFiles: number } {
  const root = path.join(opts.corpusDir, "lawrefbook");
  const out: CorpusContent & { ignoredIndexFiles: number } = {
    regulations: [],
    cases: [],
    problems: [],
    stats: emptyStats(),
    ignoredIndexFiles: 0,
  };
  if (!fs.existsSync(root)) {
    out.problems.push({ path: "lawrefbook/", kind: "unparsed", reason: "folder missing" });
    return out;
  }
  const dbs = new Map<string, LawDb | null>();
  const dbFor = (dirs: string[]): { db: LawDb | null; folder: string } => {
    const dbDir = dirs[0] === "DLC" ? path.join(root, "DLC", dirs[1] ?? "") : root;
    if (!dbs.has(dbDir)) dbs.set(dbDir, LawDb.open(path.join(dbDir, "db.sqlite3")));
    return { db: dbs.get(dbDir)!, folder: (dirs[0] === "DLC" ? dirs.slice(2) : dirs).join("/") };
  };

  const civilParts: CivilCodePart[] = [];
  const usedIds = new Set<string>();
  for (const file of listMarkdownFiles(root)) {
    const relPath = path.relative(opts.corpusDir, file).split(path.sep).join("/");
    const name = path.basename(file);
    if (name === "_index.md") {
      out.ignoredIndexFiles++; // Hugo section pages: navigation only
      continue;
    }
    if (opts.include && !opts.include(relPath)) continue;
    const dirs = path.relative(root, path.dirname(file)).split(path.sep).filter((s) => s);
    if (dirs.length === 0 && NON_DOCUMENTS[name]) {
      out.problems.push({ path: relPath, kind: "skipped", reason: NON_DOCUMENTS[name]! });
      continue;
    }
    const m = FILE_NAME.exec(name)!;
    const { db, folder } = dbFor(dirs);
    const ctx: FileContext = {
      relPath,
      dirs,
      stem: m[1]!,
      filePublish: m[2] ?? "",
      row: db?.match(folder, m[1]!, m[2] ?? "") ?? null,
    };
    const read = readUtf8File(file);
    if (!read.ok) {
      out.problems.push({ path: relPath, kind: "unparsed", reason: read.reason });
      continue;
    }
    if (dirs[0] === "案例") {
      const c = readLawrefbookCase(read.text, ctx, uniqueId(ctx.row, relPath, usedIds));
      if (c.ok) out.cases.push(c.record);
      else out.problems.push({ path: relPath, kind: "unparsed", reason: c.reason });
      continue;
    }
    if (ctx.row?.level === "其他") {
      out.problems.push({ path: relPath, kind: "skipped", reason: "DB level 其他: a how-to guide, not a legal source" });
      continue;
    }
    if (dirs[0] === "民法典") {
      civilParts.push({ ctx, text: read.text });
      continue;
    }
    const parsed = parseLawMarkdown(read.text);
    if (!parsed.ok) {
      out.problems.push({ path: relPath, kind: "unparsed", reason: parsed.reason });
      continue;
    }
    const rec = toRecord(ctx, parsed.doc, uniqueId(ctx.row, relPath, usedIds));
    out.stats.duplicateArticles += parsed.doc.duplicateArticles;
    if (rec.clauses.length === 0) {
      rec.reg.has_fulltext = false;
      out.problems.push({ path: relPath, kind: "warning", reason: "header only, no body text: kept as a metadata-only record" });
    }
    out.regulations.push(rec);
  }
  if (civilParts.length) {
    const merged = mergeCivilCode(civilParts);
    out.problems.push(...merged.problems);
    if (merged.record) {
      out.regulations.push(merged.record);
      out.stats.duplicateArticles += merged.duplicateArticles;
    }
  }
  return out;
}

/** The DB row id when joined (and not already taken), else a hash of the path. */
function uniqueId(row: LawDbRow | null, relPath: string, used: Set<string>): string {
  const id = row && /^[0-9a-f]{32}$/.test(row.id) && !used.has(row.id) ? row.id : stableId(`lawrefbook:${relPath}`);
  used.add(id);
  return id;
}
