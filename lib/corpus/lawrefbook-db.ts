/**
 * The LawRefBook metadata databases (root db.sqlite3 and DLC/<province>/db.sqlite3).
 * `law.filename` is almost always NULL, so a file is joined to its row by
 * (category folder, name, publish) against the file name `name(publish).md`. The SQLite
 * read itself is lib/store/source-databases.ts (only lib/store knows SQLite).
 */
import path from "node:path";
import { readLawRefBookRows, type LawRefBookRow } from "../store/source-databases";

/** One row of the `law` table with its category (read by lib/store/source-databases.ts). */
export type LawDbRow = LawRefBookRow;

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
    const rows = readLawRefBookRows(file);
    return rows ? new LawDb(rows) : null;
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
