/**
 * A read-only SQLite handle on the test index (INDEX_PATH, set by test/global-setup.ts), for
 * tests that check an answer against the stored rows. The code under test reads through the
 * store's interface (getIndex()); only tests and tools open the file directly.
 */
import Database from "better-sqlite3";

const handles = new Map<string, Database.Database>();

/** The handle on the index file `file` (default: the test index), opened once per file. */
export function indexSql(file: string = process.env.INDEX_PATH!): Database.Database {
  let db = handles.get(file);
  if (!db) handles.set(file, (db = new Database(file, { readonly: true, fileMustExist: true })));
  return db;
}

/** `fn` with a fresh read-only handle on the test index, closed after (tests whose caches must start empty). */
export function withIndexSql<T>(fn: (db: Database.Database) => T, file: string = process.env.INDEX_PATH!): T {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}
