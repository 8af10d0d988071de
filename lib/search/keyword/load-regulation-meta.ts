/**
 * Every regulation's filterable metadata, cached in memory per index handle (7.7k rows,
 * a few MB): the facet counts and the title tier of the regulation search filter and rank
 * these in plain JS instead of asking SQLite thousands of times. Keyed by the handle, so a
 * re-opened index (after a re-ingest swap) is reloaded. Loading costs ~0.1 s once.
 */
import { normalizeText } from "@/lib/text/normalize";
import type { KeywordIndex, RegulationSummaryRow } from "@/lib/store/keyword-index";

/**
 * A regulation's metadata with what a clause hit shows of it (search-clauses.ts), so hits read
 * only the clause row: the provenance columns lie after the long `blocks` JSON in the table,
 * and reading them per hit walked its overflow pages.
 */
export interface RegulationMetaRow extends RegulationSummaryRow {
  /** normalizeText(fgmc): what keyword parts are compared with in the title tier. */
  title_norm: string;
}

export interface RegulationMeta {
  rows: RegulationMetaRow[];
  byRid: Map<number, RegulationMetaRow>;
  /** rid → number of clauses. */
  clauseCounts: Map<number, number>;
}

const cache = new WeakMap<KeywordIndex, RegulationMeta>();

export function loadRegulationMeta(db: KeywordIndex): RegulationMeta {
  let m = cache.get(db);
  if (!m) {
    const rows = db.regulationSummaries().map((r) => ({ ...r, title_norm: normalizeText(r.fgmc) }));
    const clauseCounts = new Map<number, number>();
    for (const r of db.clauseCounts()) clauseCounts.set(r.rid, r.n);
    m = { rows, byRid: new Map(rows.map((r) => [r.rid, r])), clauseCounts };
    cache.set(db, m);
  }
  return m;
}
