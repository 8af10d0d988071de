/**
 * Start-up check of the index: present, the expected schema, and not truncated or corrupt
 * (SQLite quick_check, ≈0.4 s on the full index). The server refuses to start on failure
 * rather than half-work (instrumentation.ts).
 */
import { openIndex, IndexUnavailableError } from "./index-store";
import { indexPath } from "../config";

export function verifyIndex(file: string = indexPath()): { regulations: number; clauses: number } {
  const store = openIndex(file);
  try {
    let result: unknown;
    try {
      result = store.checkIntegrity();
    } catch (e) {
      throw new IndexUnavailableError(file, `corrupt (${(e as Error).message})`);
    }
    if (result !== "ok") throw new IndexUnavailableError(file, `corrupt (quick_check: ${String(result).slice(0, 200)})`);
    const meta = store.getMeta();
    if (!meta.regulations || !meta.clauses) throw new IndexUnavailableError(file, "empty index");
    return { regulations: meta.regulations, clauses: meta.clauses };
  } finally {
    store.close();
  }
}
