/**
 * Reads the corpus's own SQLite metadata databases (LawRefBook's db.sqlite3, root and DLC) for
 * the ingest. They are SQLite files, so their reader lives here with the rest of the SQLite
 * code; the corpus readers (lib/corpus/lawrefbook-db.ts) get plain rows.
 */
import Database from "better-sqlite3";
import fs from "node:fs";

/** One row of LawRefBook's `law` table with its category. */
export interface LawRefBookRow {
  id: string;
  level: string;
  name: string;
  subtitle: string;
  publish: string;
  valid_from: string;
  expired: boolean;
  order: number;
  tags: string;
  /** category.folder, relative to the DB's directory (e.g. 民法商法, 地方性法规/上海). */
  folder: string;
  /** category.name (the province for DLC DBs). */
  category: string;
}

/** Every law row of a LawRefBook metadata database; null when the file is absent. */
export function readLawRefBookRows(file: string): LawRefBookRow[] | null {
  if (!fs.existsSync(file)) return null;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        `SELECT l.id, l.level, l.name, l.subtitle, l.publish, l.valid_from, l.expired, l."order" AS ord, l.tags,
                c.folder, c.name AS category
           FROM law l LEFT JOIN category c ON c.id = l.category_id`,
      )
      .all() as Array<Record<string, unknown>>;
    return rows.map((r) => ({
      id: String(r.id),
      level: String(r.level ?? ""),
      name: String(r.name ?? ""),
      subtitle: String(r.subtitle ?? ""),
      publish: String(r.publish ?? ""),
      valid_from: String(r.valid_from ?? ""),
      expired: Number(r.expired) === 1,
      order: Number(r.ord ?? 0),
      tags: String(r.tags ?? ""),
      folder: String(r.folder ?? ""),
      category: String(r.category ?? ""),
    }));
  } finally {
    db.close();
  }
}
