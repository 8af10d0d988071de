/**
 * Paths and settings from the environment, with the embedded defaults. One place, so the
 * CLI, the server and tests agree.
 */
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
