/**
 * rh_fg_search / rh_fg_zq_search: regulation summaries.
 *
 * With a keyword, three tiers (see rank-tiers.ts):
 *   1. title tier: the normalised title holds every part (AND) / some part (OR); ranked by
 *      the share of the title the parts cover, then newest first. Computed in memory over
 *      the cached metadata (load-regulation-meta.ts) through its title index (title-index.ts).
 *      Current versions (现行有效) before the others, then coverage, then 效力级别, then newest.
 *   2. text tier: regulations in the order of their best article in the clause search's
 *      lawyer ranking (search-clauses.ts rankedClauses, lawyer-rank.ts) with the same filters:
 *      试用期 → 劳动合同法 (its 第十九条 ranks first), scored by that article's score;
 *   3. then reg_fts `exact` (every part's concept somewhere in title or text, possibly in
 *      different articles), bm25 with the title weighted 10× the text;
 *   4. reg_fts `full NOT exact` (jieba words in any order).
 * Each hit gets `content`: a highlighted fragment of its first clause holding a term, else
 * of its preamble, else of its title.
 * Without a keyword: the filters alone, newest publication date first, `_score` 0.
 * `securitiesOnly` restricts to is_securities = 1, which includes catalogue-only records
 * (no full text: they match on their title and are highlighted there).
 */
import type Database from "better-sqlite3";
import type { RegulationFilters } from "@/lib/store/types";
import { PROVENANCE_COLS, provenanceOf, type KeywordRequest, type ProvenanceRow, type RegulationItem, type RegulationMetaFields, type SearchMode } from "./types";
import { compileFtsQuery, highlightTerms, type CompiledQuery } from "./compile-fts-query";
import { buildFilterSql, regulationPredicate } from "./build-filter-sql";
import { prepareCached } from "./prepare-cached";
import { nonIncreasing, scoreOf, titleScore } from "./rank-tiers";
import { highlightFragment } from "./highlight-fragment";
import { loadRegulationMeta, type RegulationMetaRow } from "./load-regulation-meta";
import { rowsWithTitleParts } from "./title-index";
import { rankedClauses } from "./search-clauses";
import { LEVEL } from "./lawyer-rank";
import { statuteDetailUrl } from "@/lib/links/detail-url";

/** bm25 column weights of reg_fts (title, body). */
export const TITLE_WEIGHT = 10;
export const BODY_WEIGHT = 1;

interface RegRow extends RegulationMetaFields, ProvenanceRow {
  rid: number;
  fgid: string;
  preamble: string;
  bm?: number;
}

const REG_COLS = `r.rid, r.fgid, r.fgmc, r.fbbm, r.fwzh, r.xljb_1, r.xljb_2, r.sxx, r.dy, r.fbrq, r.ssrq, r.preamble, ${PROVENANCE_COLS}`;

export function regulationSearchSql(filterSql: string): string {
  return `SELECT ${REG_COLS}, reg_fts.rank AS bm
    FROM reg_fts JOIN regulations r ON r.rid = reg_fts.rowid
    WHERE reg_fts MATCH ? AND reg_fts.rank MATCH 'bm25(${TITLE_WEIGHT}.0, ${BODY_WEIGHT}.0)'${filterSql ? ` AND ${filterSql}` : ""}
    ORDER BY reg_fts.rank
    LIMIT ?`;
}

export function regulationFilterOnlySql(filterSql: string): string {
  return `SELECT ${REG_COLS} FROM regulations r${filterSql ? ` WHERE ${filterSql}` : ""}
    ORDER BY r.fbrq DESC, r.rid DESC LIMIT ?`;
}

function toItem(row: RegRow, score: number): RegulationItem {
  return {
    id: row.fgid,
    fgmc: row.fgmc,
    title: row.fgmc,
    fbbm: row.fbbm,
    fwzh: row.fwzh,
    xljb_1: row.xljb_1,
    xljb_2: row.xljb_2,
    sxx: row.sxx,
    dy: row.dy,
    fbrq: row.fbrq,
    ssrq: row.ssrq,
    url: statuteDetailUrl(row.fgid),
    _score: score,
    ...provenanceOf(row),
  };
}

/** Share of the title covered by the parts it holds (0 when it fails the mode). */
export function titleCoverage(titleNorm: string, parts: string[], mode: SearchMode): number {
  let covered = 0;
  let held = 0;
  for (const p of parts) {
    if (titleNorm.includes(p)) {
      covered += p.length;
      held++;
    }
  }
  if (held === 0 || (mode === "AND" && held < parts.length)) return 0;
  return Math.min(1, covered / Math.max(1, titleNorm.length));
}

/** Tier 1: every regulation passing the filters whose title holds the parts, best first. */
function titleTier(db: Database.Database, q: CompiledQuery, mode: SearchMode, filters: RegulationFilters): { row: RegulationMetaRow; coverage: number }[] {
  const parts = q.parts.map((p) => p.text);
  const out: { row: RegulationMetaRow; coverage: number }[] = [];
  const pass = regulationPredicate(filters);
  for (const row of rowsWithTitleParts(loadRegulationMeta(db), parts, mode)) {
    const coverage = titleCoverage(row.title_norm, parts, mode);
    if (coverage > 0 && (!pass || pass(row))) out.push({ row, coverage });
  }
  const current = (r: RegulationMetaRow) => (r.sxx === "现行有效" ? 1 : 0);
  const level = (r: RegulationMetaRow) => LEVEL[r.xljb_1] ?? 0;
  out.sort(
    (a, b) =>
      current(b.row) - current(a.row) ||
      b.coverage - a.coverage ||
      level(b.row) - level(a.row) ||
      (a.row.fbrq < b.row.fbrq ? 1 : a.row.fbrq > b.row.fbrq ? -1 : b.row.rid - a.row.rid),
  );
  return out;
}

/**
 * The highlight source: the first clause (reading order) holding a keyword term, else the
 * preamble, else the title. First a plain instr scan of the regulation's clauses in order
 * (index clauses_rid; stops at the first hit); only when that finds nothing (traditional or
 * full-width source text) the bigram index restricted to the regulation's rowid range.
 */
function highlightFor(db: Database.Database, row: RegRow, q: CompiledQuery, terms: string[]): string | undefined {
  const byInstr = prepareCached(db, "SELECT content FROM clauses WHERE rid = ? AND instr(content, ?) > 0 ORDER BY ord LIMIT 1");
  for (const t of terms) {
    const hit = byInstr.get(row.rid, t) as { content: string } | undefined;
    const frag = hit ? highlightFragment(hit.content, terms) : null;
    if (frag) return frag;
  }
  const fromHeader = highlightFragment(row.preamble, terms) ?? highlightFragment(row.fgmc, terms);
  if (fromHeader) return fromHeader;
  const range = prepareCached(db, "SELECT min(cid) AS lo, max(cid) AS hi FROM clauses WHERE rid = ?").get(row.rid) as
    | { lo: number | null; hi: number | null }
    | undefined;
  if (!range || range.lo === null || range.hi === null) return undefined;
  const byFts = prepareCached(
    db,
    `SELECT c.content FROM clause_fts JOIN clauses c ON c.cid = clause_fts.rowid
     WHERE clause_fts MATCH ? AND clause_fts.rowid BETWEEN ? AND ? AND c.rid = ?
     ORDER BY c.ord LIMIT 1`,
  );
  const expr = [...q.parts.map((p) => p.phrase), ...q.parts.flatMap((p) => p.wordPhrases)].join(" OR ");
  const hit = byFts.get(expr, range.lo, range.hi, row.rid) as { content: string } | undefined;
  return (hit && highlightFragment(hit.content, terms)) ?? undefined;
}

export function searchRegulations(
  db: Database.Database,
  req: KeywordRequest,
  opts: { securitiesOnly: boolean },
): RegulationItem[] {
  const filters: RegulationFilters = { ...req.filters, securitiesOnly: opts.securitiesOnly };
  const filter = buildFilterSql(filters);
  if (req.parts.length === 0) {
    const rows = prepareCached(db, regulationFilterOnlySql(filter.sql)).all(...filter.params, req.topK) as RegRow[];
    return rows.map((r) => toItem(r, 0));
  }
  const q = compileFtsQuery(req.parts, req.mode);
  if (!q) return [];
  const k = req.topK;

  const hits: { row: RegRow; score: number }[] = [];
  const titled = titleTier(db, q, req.mode, filters);
  const seen = new Set(titled.map((t) => t.row.rid));
  const byRid = prepareCached(db, `SELECT ${REG_COLS} FROM regulations r WHERE r.rid = ?`);
  for (const t of titled.slice(0, k)) hits.push({ row: byRid.get(t.row.rid) as RegRow, score: titleScore(t.coverage) });

  const bestArticle = new Map<number, string>(); // text-tier hit → its best article, the highlight source
  if (hits.length < k) {
    for (const c of rankedClauses(db, q, { ...req, filters })) {
      if (hits.length >= k) break;
      if (seen.has(c.row.rid)) continue;
      seen.add(c.row.rid);
      bestArticle.set(c.row.rid, c.row.content);
      hits.push({ row: byRid.get(c.row.rid) as RegRow, score: scoreOf(-c.score, c.exact) });
    }
  }

  if (hits.length < k) {
    const st = prepareCached(db, regulationSearchSql(filter.sql));
    const tiers: [string, boolean][] = [[q.exact, true]];
    if (q.expanded) tiers.push([`(${q.full}) NOT (${q.exact})`, false]);
    for (const [expr, exact] of tiers) {
      if (hits.length >= k) break;
      // over-fetch by the title-tier size: those rows are already listed above
      const rows = st.all(expr, ...filter.params, k - hits.length + seen.size) as RegRow[];
      for (const row of rows) {
        if (hits.length >= k) break;
        if (seen.has(row.rid)) continue;
        seen.add(row.rid);
        hits.push({ row, score: scoreOf(row.bm ?? 0, exact) });
      }
    }
  }

  const terms = highlightTerms(q);
  const items = hits.map(({ row, score }) => {
    const item = toItem(row, score);
    const best = bestArticle.get(row.rid);
    const content = (best !== undefined ? highlightFragment(best, terms) : null) ?? highlightFor(db, row, q, terms);
    if (content) item.content = content;
    return item;
  });
  return nonIncreasing(items);
}
