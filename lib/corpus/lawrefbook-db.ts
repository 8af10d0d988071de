/**
 * The LawRefBook metadata databases (root db.sqlite3 and DLC/<province>/db.sqlite3).
 * `law.filename` is almost always NULL, so a file is joined to its row by
 * (category folder, name, publish) against the file name `name(publish).md`.
 */
import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";

export interface LawDbRow {
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

export class LawDb {
  private byKey = new Map<string, LawDbRow[]>();
  private byName = new Map<string, LawDbRow[]>();

  constructor(readonly rows: LawDbRow[]) {
    for (const r of rows) {
      push(this.byKey, `${r.folder}|${r.name}|${r.publish}`, r);
      push(this.byName, r.name, r);
    }
  }

  /** Opens a metadata DB; null when the file is absent. */
  static open(file: string): LawDb | null {
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
      return new LawDb(
        rows.map((r) => ({
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
        })),
      );
    } finally {
      db.close();
    }
  }

  /**
   * The row for a file at `folder/stem(publish).md`. Split laws (民法典) name their rows
   * "<folder> <stem>" ("民法典 合同编"), so that form is tried too; a unique name match in
   * another folder is the last resort.
   */
  match(folder: string, stem: string, publish: string): LawDbRow | null {
    const base = path.posix.basename(folder);
    for (const name of [stem, `${base} ${stem}`]) {
      const hit = this.byKey.get(`${folder}|${name}|${publish}`);
      if (hit?.length === 1) return hit[0]!;
    }
    const loose = (this.byName.get(stem) ?? []).filter((r) => r.publish === publish);
    return loose.length === 1 ? loose[0]! : null;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
