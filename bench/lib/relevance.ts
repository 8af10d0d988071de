/**
 * Keyword relevance table (issue 16): for every lawyer's term, where the expected national
 * article lands in rh_ft_search (AND, no filters, top 10), and where its law lands in
 * rh_fg_search (the 法规 tab). Three sets of terms, each with its own role:
 *   A  relevance-terms.ts (79): used to tune the ranking; its misses are printed term by term;
 *   B  relevance-terms-heldout.ts (70): written blind, never used to tune; term rows with -v only;
 *   C  relevance-terms-blind.ts (70): written blind, totals only, never printed term by term
 *      (reading its misses would make it one more tuning set);
 *   D  relevance-terms-blind2.ts (123): a second blind set, written before the 2026-11-27 changes
 *      and measured only at their start and end, totals only like C;
 *   E  relevance-terms-blind3.ts: a third blind set, written before the 2026-11-28 changes,
 *      totals only like C and D.
 *   F  relevance-terms-blind4.ts: a fourth blind set (67 terms), written on 2026-11-27 after that
 *      session's changes, totals only; its first reading is the baseline for the next changes.
 *   G  relevance-terms-dev.ts (101): a development set written blind on 2026-11-27 (eleventh
 *      session); its misses are printed term by term, to be read for general ranking faults —
 *      a fix found on it is judged by F's totals.
 * A's figure overstates the ranking; B and C say how it does on terms nobody tuned it to.
 */
import type Database from "better-sqlite3";
import type { KeywordIndex } from "../../lib/store/keyword-index";
import { lawNameKey } from "../../lib/text/normalize";
import { RELEVANCE_TERMS, type RelevanceTerm } from "./relevance-terms";
import { RELEVANCE_TERMS_HELDOUT } from "./relevance-terms-heldout";
import { RELEVANCE_TERMS_BLIND } from "./relevance-terms-blind";
import { RELEVANCE_TERMS_BLIND2 } from "./relevance-terms-blind2";
import { RELEVANCE_TERMS_BLIND3 } from "./relevance-terms-blind3";
import { RELEVANCE_TERMS_BLIND4 } from "./relevance-terms-blind4";
import { RELEVANCE_TERMS_DEV } from "./relevance-terms-dev";
import { RELEVANCE_TERMS_DEV2 } from "./relevance-terms-dev2";

export interface RelevanceFigures {
  set: string;
  terms: number;
  ft: { top1: number; top3: number; top10: number };
  fg: { top1: number; top3: number; top10: number };
}

/** 1-based rank of the first hit that is an expected article (current version), else 0. */
function firstRank(items: Array<{ fgmc: string; ft_num?: string; sxx: string }>, want: (it: { fgmc: string; ft_num?: string; sxx: string }) => boolean): number {
  const i = items.findIndex(want);
  return i < 0 ? 0 : i + 1;
}

/** Every expected article must exist in the index in a current version: a typo fails loudly. */
function checkExpectations(db: Database.Database, terms: RelevanceTerm[]): void {
  const st = db.prepare(`SELECT count(*) n FROM clauses c JOIN regulations r ON r.rid = c.rid
    WHERE r.fgmc_key = ? AND c.ft_num = ? AND r.sxx = '现行有效'`);
  const missing = terms.flatMap((t) => t.expect.filter(([law, ft]) => (st.get(lawNameKey(law), ft) as { n: number }).n === 0).map(([law, ft]) => `${t.q}: ${law} ${ft}`));
  if (missing.length) throw new Error(`relevance terms name articles the index does not hold: ${missing.join("; ")}`);
}

interface TermSet {
  name: string;
  file: string;
  terms: RelevanceTerm[];
  /** Per-term rows: "misses" (always), "verbose" (with -v only) or "never". */
  rows: "misses" | "verbose" | "never";
}

export const RELEVANCE_SETS: TermSet[] = [
  { name: "A (tuned)", file: "relevance-terms.ts", terms: RELEVANCE_TERMS, rows: "misses" },
  { name: "B (held out)", file: "relevance-terms-heldout.ts", terms: RELEVANCE_TERMS_HELDOUT, rows: "verbose" },
  { name: "C (blind)", file: "relevance-terms-blind.ts", terms: RELEVANCE_TERMS_BLIND, rows: "never" },
  { name: "D (blind 2)", file: "relevance-terms-blind2.ts", terms: RELEVANCE_TERMS_BLIND2, rows: "never" },
  { name: "E (blind 3)", file: "relevance-terms-blind3.ts", terms: RELEVANCE_TERMS_BLIND3, rows: "never" },
  { name: "F (blind 4)", file: "relevance-terms-blind4.ts", terms: RELEVANCE_TERMS_BLIND4, rows: "never" },
  { name: "G (dev)", file: "relevance-terms-dev.ts", terms: RELEVANCE_TERMS_DEV, rows: "misses" },
  { name: "H (dev 2)", file: "relevance-terms-dev2.ts", terms: RELEVANCE_TERMS_DEV2, rows: "misses" },
];

/** The table for every set (RELEVANCE_SETS), A first. */
export async function relevanceTables(db: Database.Database, ix: KeywordIndex, opts: { verbose?: boolean } = {}): Promise<RelevanceFigures[]> {
  const out: RelevanceFigures[] = [];
  for (const set of RELEVANCE_SETS) out.push(await relevanceTable(db, ix, set, opts));
  return out;
}

export async function relevanceTable(db: Database.Database, ix: KeywordIndex, set: TermSet, opts: { verbose?: boolean } = {}): Promise<RelevanceFigures> {
  const { searchClauses } = await import("../../lib/search/keyword/search-clauses");
  const { searchRegulations } = await import("../../lib/search/keyword/search-regulations");
  checkExpectations(db, set.terms);
  const ftRanks: number[] = [];
  const fgRanks: number[] = [];
  const rows: string[] = [];
  for (const t of set.terms) {
    const parts = t.q.split(/\s+/);
    const req = { parts, mode: "AND" as const, filters: {}, topK: 10 };
    const keys = t.expect.map(([law, ft]) => [lawNameKey(law), ft] as const);
    const items = searchClauses(ix, req);
    const ft = firstRank(items, (it) => it.sxx === "现行有效" && keys.some(([k, n]) => k === lawNameKey(it.fgmc) && n === it.ft_num));
    const regs = searchRegulations(ix, req, { securitiesOnly: false });
    const fg = firstRank(regs, (it) => it.sxx === "现行有效" && keys.some(([k]) => k === lawNameKey(it.fgmc)));
    ftRanks.push(ft);
    fgRanks.push(fg);
    const top = items[0] ? `${items[0].fgmc}${items[0].ft_num}` : "(none)";
    rows.push(`  ${ft === 0 ? ">10" : String(ft).padStart(3)}  ${fg === 0 ? ">10" : String(fg).padStart(3)}  ${t.q.padEnd(12, "　")} ${ft === 1 ? "" : `first: ${top}`}`);
  }
  const share = (ranks: number[], k: number) => ranks.filter((r) => r > 0 && r <= k).length / ranks.length;
  const fig: RelevanceFigures = {
    set: set.name,
    terms: set.terms.length,
    ft: { top1: share(ftRanks, 1), top3: share(ftRanks, 3), top10: share(ftRanks, 10) },
    fg: { top1: share(fgRanks, 1), top3: share(fgRanks, 3), top10: share(fgRanks, 10) },
  };
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(6);
  console.log(`relevance ${set.name}: ${fig.terms} lawyer's terms (bench/lib/${set.file}), AND, no filters, top 10`);
  console.log(`  rh_ft_search, expected article (current version):  top-1 ${pct(fig.ft.top1)}  top-3 ${pct(fig.ft.top3)}  top-10 ${pct(fig.ft.top10)}   [target top-1 >= 60%, top-3 >= 85%]`);
  console.log(`  rh_fg_search, its law (current version):           top-1 ${pct(fig.fg.top1)}  top-3 ${pct(fig.fg.top3)}  top-10 ${pct(fig.fg.top10)}`);
  if (set.rows === "never" || (set.rows === "verbose" && !opts.verbose)) return fig;
  const shown = opts.verbose ? rows : rows.filter((r) => !/^\s+1\s/.test(r));
  console.log(`  rank ft / fg, term${opts.verbose ? "" : " (terms whose article is not first)"}:`);
  for (const r of shown) console.log(`  ${r}`);
  return fig;
}
