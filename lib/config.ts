/**
 * Paths and settings from the environment, with the embedded defaults. One place, so the
 * CLI, the server and tests agree.
 */
import fs from "node:fs";
import path from "node:path";

/** Project root: where package.json lives (process.cwd() for npm scripts and next). */
export const projectRoot = process.env.APP_ROOT ?? process.cwd();

/** Corpus root: CORPUS_DIR, default ../shared/corpus beside the checkout. */
export function corpusDir(): string {
  return path.resolve(projectRoot, process.env.CORPUS_DIR ?? "../shared/corpus");
}

/** The rebuildable index: INDEX_PATH, default data/index.sqlite. */
export function indexPath(): string {
  return path.resolve(projectRoot, process.env.INDEX_PATH ?? "data/index.sqlite");
}

/** API keys and sessions, kept apart from the index so a re-ingest never touches them. */
export function keysDbPath(): string {
  return path.resolve(projectRoot, process.env.KEYS_DB ?? "data/keys.sqlite");
}

/** The thesaurus (colloquial → statutory terms, keyword concepts): THESAURUS_PATH, default data/thesaurus.json. */
export function thesaurusPath(): string {
  // read on every keyword part compiled (concepts.ts): resolved once per value of the variable
  const env = process.env.THESAURUS_PATH;
  if (thesaurus === null || thesaurus.env !== env) thesaurus = { env, path: path.resolve(projectRoot, env ?? "data/thesaurus.json") };
  return thesaurus.path;
}
let thesaurus: { env: string | undefined; path: string } | null = null;

/** The semantic search's question memory: SEMANTIC_LEARNED_PATH, default data/semantic/stard-learned.json. */
export function learnedPath(): string {
  return path.resolve(projectRoot, process.env.SEMANTIC_LEARNED_PATH ?? "data/semantic/stard-learned.json");
}

/**
 * The text of a data file read at run time (the thesaurus, the question memory), or null when
 * it does not exist. Its path comes from the environment where the app runs, so `next build`
 * must not trace it (it would trace the whole project into the server output): the files are
 * read in place, never bundled.
 */
export function readDataFile(file: string): string | null {
  if (!fs.existsSync(/* turbopackIgnore: true */ file)) return null;
  return fs.readFileSync(/* turbopackIgnore: true */ file, "utf8");
}
