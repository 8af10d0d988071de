/**
 * Vitest global setup: builds the real-corpus slice index once into data/test-index.sqlite
 * (reused while it is newer than the ingest code and matches the schema and corpus) and
 * points INDEX_PATH at it, so every test (including other engineers' handler tests) reads it.
 * Workers inherit process.env; the path is also available as inject("indexPath").
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { TestProject } from "vitest/node";
import { corpusDir } from "../lib/config";
import { buildIndex } from "../lib/ingest/build-index";
import { SCHEMA_VERSION } from "../lib/store/schema";
import { SLICE_INCLUDE } from "./corpus-slice";

declare module "vitest" {
  export interface ProvidedContext {
    indexPath: string;
  }
}

const ROOT = path.resolve(__dirname, "..");
const OUT = path.join(ROOT, "data/test-index.sqlite");
// lib/citations: the anchor build step (lib/search/keyword/anchors.ts) reads citations with its extractor
const CODE_DIRS = ["lib/corpus", "lib/ingest", "lib/store", "lib/text", "lib/search/semantic", "lib/citations"].map((d) => path.join(ROOT, d));
/** The keyword build steps (lib/ingest/build-steps.ts) that live beside the search. */
const CODE_FILES = ["lib/search/keyword/authority.ts", "lib/search/keyword/anchors.ts"].map((f) => path.join(ROOT, f));

function newestCodeMtime(): number {
  let newest = Math.max(fs.statSync(path.join(ROOT, "test/corpus-slice.ts")).mtimeMs, fs.statSync(path.join(ROOT, "data/amending-decisions.json")).mtimeMs);
  for (const f of CODE_FILES) newest = Math.max(newest, fs.statSync(f).mtimeMs);
  for (const dir of CODE_DIRS) {
    for (const name of fs.readdirSync(dir)) {
      if (name.endsWith(".ts") && !name.endsWith(".test.ts")) newest = Math.max(newest, fs.statSync(path.join(dir, name)).mtimeMs);
    }
  }
  return newest;
}

function isFresh(corpus: string): boolean {
  if (!fs.existsSync(OUT) || fs.statSync(OUT).mtimeMs < newestCodeMtime()) return false;
  try {
    const db = new Database(OUT, { readonly: true });
    const meta = Object.fromEntries((db.prepare("SELECT key, value FROM meta").all() as Array<{ key: string; value: string }>).map((r) => [r.key, r.value]));
    db.close();
    return meta.schema_version === String(SCHEMA_VERSION) && meta.corpus_dir === corpus;
  } catch {
    return false;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const corpus = corpusDir();
  if (!isFresh(corpus)) {
    if (!fs.existsSync(corpus)) throw new Error(`test corpus not found at ${corpus} (set CORPUS_DIR)`);
    await buildIndex({ corpusDir: corpus, outPath: OUT, include: SLICE_INCLUDE });
  }
  process.env.INDEX_PATH = OUT;
  project.provide("indexPath", OUT);
}
