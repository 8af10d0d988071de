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
 *   5. the regulations of the other hits the clause ranking takes in (relaxed, named-law and
 *      subject candidates, search-clauses.ts extraHits) not listed yet, `_score` 0, so the list
 *      holds every regulation facet_counts counts.
 * Each hit gets `content`: a highlighted fragment of its first clause holding a term, else
 * of its preamble, else of its title.
 * Without a keyword: the filters alone, newest publication date first, `_score` 0.
 * `securitiesOnly` restricts to is_securities = 1, which includes catalogue-only records
 * (no full text: they match on their title and are highlighted there).
 */
import { withoutDeadParts } from "./dead-parts";
import type { RegulationFilters } from "@/lib/store/types";
import type { KeywordIndex, RegulationHitRow } from "@/lib/store/keyword-index";
import { provenanceOf, type KeywordRequest, type RegulationItem, type SearchMode } from "./types";
import { compileFtsQuery, highlightTerms, type CompiledQuery } from "./compile-fts-query";
import { useIndexConcepts } from "./index-concepts";
import { regulationPredicate } from "./filter-predicates";
import { nonIncreasing, scoreOf, titleScore } from "./rank-tiers";
import { highlightFragment } from "./highlight-fragment";
import { loadRegulationMeta, type RegulationMetaRow } from "./load-regulation-meta";
import { rowsWithTitleParts } from "./title-index";
import { extraHits, rankedClauses } from "./search-clauses";
import { LEVEL } from "./lawyer-rank";
import { statuteDetailUrl } from "@/lib/links/detail-url";

/** bm25 column weights of reg_fts (title, body). */
export const TITLE_WEIGHT = 10;
export const BODY_WEIGHT = 1;

type RegRow = RegulationHitRow;

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
function titleTier(db: KeywordIndex, q: CompiledQuery, mode: SearchMode, filters: RegulationFilters): { row: RegulationMetaRow; coverage: number }[] {
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
 * preamble, else the title. First a plain substring scan of the regulation's clauses in order
 * (stops at the first hit); only when that finds nothing (traditional or full-width source
 * text) the bigram index, restricted to the regulation.
 */
function highlightFor(db: KeywordIndex, row: RegRow, q: CompiledQuery, terms: string[]): string | undefined {
  for (const t of terms) {
    const hit = db.firstClauseContaining(row.rid, t);
    const frag = hit !== undefined ? highlightFragment(hit, terms) : null;
    if (frag) return frag;
  }
  const fromHeader = highlightFragment(row.preamble, terms) ?? highlightFragment(row.fgmc, terms);
  if (fromHeader) return fromHeader;
  const expr = [...q.parts.map((p) => p.phrase), ...q.parts.flatMap((p) => p.wordPhrases)].join(" OR ");
  const hit = db.firstClauseMatching(row.rid, expr);
  return (hit !== undefined && highlightFragment(hit, terms)) || undefined;
}

export function searchRegulations(
  db: KeywordIndex,
  req: KeywordRequest,
  opts: { securitiesOnly: boolean },
): RegulationItem[] {
  return withoutDeadParts(db, req, (r) => regulationSearch(db, r, opts), (items) => items.length === 0);
}

function regulationSearch(
  db: KeywordIndex,
  req: KeywordRequest,
  opts: { securitiesOnly: boolean },
): RegulationItem[] {
  const filters: RegulationFilters = { ...req.filters, securitiesOnly: opts.securitiesOnly };
  if (req.parts.length === 0) return db.regulationsByFilters(filters, req.topK).map((r) => toItem(r, 0));
  useIndexConcepts(db);
  const q = compileFtsQuery(req.parts, req.mode);
  if (!q) return [];
  const k = req.topK;

  const hits: { row: RegRow; score: number }[] = [];
  const titled = titleTier(db, q, req.mode, filters);
  const seen = new Set(titled.map((t) => t.row.rid));
  const byRid = (rid: number) => db.regulationHit(rid) as RegRow;
  for (const t of titled.slice(0, k)) hits.push({ row: byRid(t.row.rid), score: titleScore(t.coverage) });

  const bestArticle = new Map<number, string>(); // text-tier hit → its best article, the highlight source
  if (hits.length < k) {
    for (const c of rankedClauses(db, q, { ...req, filters })) {
      if (hits.length >= k) break;
      if (seen.has(c.row.rid)) continue;
      seen.add(c.row.rid);
      bestArticle.set(c.row.rid, c.row.content);
      hits.push({ row: byRid(c.row.rid), score: scoreOf(-c.score, c.exact) });
    }
  }

  if (hits.length < k) {
    const tiers: [string, boolean][] = [[q.exact, true]];
    if (q.expanded) tiers.push([q.rest, false]);
    for (const [expr, exact] of tiers) {
      if (hits.length >= k) break;
      // over-fetch by the title-tier size: those rows are already listed above
      const rows = db.rankRegulations(expr, filters, k - hits.length + seen.size, TITLE_WEIGHT, BODY_WEIGHT);
      for (const row of rows) {
        if (hits.length >= k) break;
        if (seen.has(row.rid)) continue;
        seen.add(row.rid);
        hits.push({ row, score: scoreOf(row.bm ?? 0, exact) });
      }
    }
  }

  // last, the regulations of the other hits the clause ranking takes in beyond the keyword's
  // matches (relaxed, named-law and subject candidates the ranking keeps), so the list holds every
  // regulation facet_counts counts (count-facets.ts); their text may not match the keyword as a whole
  if (hits.length < k) {
    const ridOf = db.clauseRegulations();
    for (const cid of extraHits(db, q, { ...req, filters })) {
      if (hits.length >= k) break;
      const rid = ridOf[cid]!;
      if (seen.has(rid)) continue;
      seen.add(rid);
      hits.push({ row: byRid(rid), score: 0 });
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
