/**
 * Scores: `_score` is a relevance number, higher is better, and result lists are sorted by
 * it, descending. Hits are ranked in tiers; each tier adds a bonus far above what the tier
 * below can reach, so the tiers never interleave:
 *
 *   clause search (rh_ft_search)
 *     EXACT_BONUS + (−bm25)   the clause holds the keyword parts verbatim
 *                 (−bm25)     only through jieba words in another order (合同解除 → 解除合同)
 *   regulation search (rh_fg_search, rh_fg_zq_search)
 *     TITLE_BONUS + 100 × coverage   the title holds the parts verbatim; coverage = share of
 *                                    the title the parts cover (证券法 → 中华人民共和国证券法 first)
 *     EXACT_BONUS + (−bm25)          the text holds them verbatim (title weighted 10×)
 *                 (−bm25)            through jieba words only
 *     0                              no keyword: filters alone, newest first
 *
 * bm25 here is FTS5's (negative, lower is better), negated. `nonIncreasing` clamps so the
 * scores are guaranteed to descend even if a pathological query crossed a tier bound.
 */
export const EXACT_BONUS = 1000;
export const TITLE_BONUS = 2000;

function round4(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}

export function scoreOf(bm25: number, exact: boolean): number {
  return round4(-bm25 + (exact ? EXACT_BONUS : 0));
}

export function titleScore(coverage: number): number {
  return round4(TITLE_BONUS + 100 * coverage);
}

export function nonIncreasing<T extends { _score: number }>(items: T[]): T[] {
  for (let i = 1; i < items.length; i++) {
    if (items[i]!._score > items[i - 1]!._score) items[i]!._score = items[i - 1]!._score;
  }
  return items;
}
