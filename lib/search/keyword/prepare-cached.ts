/**
 * Prepared-statement cache per database handle. The SQL of a search depends only on which
 * filters are present (values are bound), so a handful of shapes cover all traffic and
 * preparing once per shape removes the parse cost from every request. Keyed by the handle,
 * so a re-opened index (after a re-ingest swap) gets fresh statements.
 */
import type Database from "better-sqlite3";

const cache = new WeakMap<Database.Database, Map<string, Database.Statement>>();

export function prepareCached(db: Database.Database, sql: string): Database.Statement {
  let m = cache.get(db);
  if (!m) {
    m = new Map();
    cache.set(db, m);
  }
  let st = m.get(sql);
  if (!st) {
    st = db.prepare(sql);
    if (m.size > 500) m.clear();
    m.set(sql, st);
  }
  return st;
}
