/**
 * Every regulation's filterable metadata, cached in memory per database handle (7.7k rows,
 * a few MB): the facet counts and the title tier of the regulation search filter and rank
 * these in plain JS instead of asking SQLite thousands of times. Keyed by the handle, so a
 * re-opened index (after a re-ingest swap) is reloaded. Loading costs ~0.1 s once.
 */
import type Database from "better-sqlite3";
import { normalizeText } from "@/lib/text/normalize";
import type { RegulationFacetRow } from "./build-filter-sql";

export interface RegulationMetaRow extends RegulationFacetRow {
  /** normalizeText(fgmc): what keyword parts are compared with in the title tier. */
  title_norm: string;
  /** The rest of what a clause hit shows of its regulation (search-clauses.ts), so hits read
   * only the clause row: the provenance columns lie after the long `blocks` JSON in the
   * table, and reading them per hit walked its overflow pages. */
  xljb_2: string;
  fwzh: string;
  data_as_of: string;
  sxx_source: string;
  ssrq_source: string;
}

export interface RegulationMeta {
  rows: RegulationMetaRow[];
  byRid: Map<number, RegulationMetaRow>;
  /** rid → number of clauses. */
  clauseCounts: Map<number, number>;
}

const cache = new WeakMap<Database.Database, RegulationMeta>();

export function loadRegulationMeta(db: Database.Database): RegulationMeta {
  let m = cache.get(db);
  if (!m) {
    const rows = (
      db
        .prepare(
          "SELECT rid, fgmc, fgmc_key, fbbm, xljb_1, sxx, dy, fbrq, ssrq, is_securities, xljb_2, fwzh, data_as_of, sxx_source, ssrq_source FROM regulations",
        )
        .all() as Array<Omit<RegulationMetaRow, "title_norm">>
    ).map((r) => ({ ...r, title_norm: normalizeText(r.fgmc) }));
    const clauseCounts = new Map<number, number>();
    for (const r of db.prepare("SELECT rid, count(*) AS n FROM clauses GROUP BY rid").all() as { rid: number; n: number }[]) {
      clauseCounts.set(r.rid, r.n);
    }
    m = { rows, byRid: new Map(rows.map((r) => [r.rid, r])), clauseCounts };
    cache.set(db, m);
  }
  return m;
}
