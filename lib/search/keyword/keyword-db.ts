/**
 * The SQLite handle the keyword searches run on: the shared index's raw database
 * (lib/store/index-store.ts). Only lib/store and lib/search touch SQL.
 */
import type Database from "better-sqlite3";
import { getIndex } from "@/lib/store/index-store";

export function keywordDb(): Database.Database {
  return getIndex().raw();
}
