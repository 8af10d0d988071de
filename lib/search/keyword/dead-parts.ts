/**
 * When an AND query finds nothing: the parts that match no article of the index at all (words a lawyer types that no
 * statute writes: 刷脸, 几倍工资) are left out; and of a query of three parts or more that still finds nothing, the part
 * fewest articles hold (酌减 of 「违约金 过高 酌减」, 家务劳动 of 「离婚 家务劳动 补偿」: a word the statute says otherwise)
 * is left out too — the others still joined with AND, so one word does not empty the page; the highlight shows what
 * matched. Not when the query finds something (a part matched only through the articles' anchor text or a relaxed match
 * still counts), never down to one part from several live ones, nor to none. Hand-written: a rule of this engine's AND.
 */
import type { KeywordIndex } from "../../store/keyword-index";
import { compileFtsQuery } from "./compile-fts-query";
import type { KeywordRequest } from "./types";

/** Articles counted per part when choosing which to leave out (more say nothing more). */
const COUNT_CAP = 5000;

function articlesHolding(db: KeywordIndex, part: string, cap: number): number {
  const q = compileFtsQuery([part], "AND");
  return q ? db.clauseMatchIds(q.full, cap).length : 0;
}

/** The request's parts that match some clause (their concept or their words), when some others match none; else null. */
export function liveParts(db: KeywordIndex, req: KeywordRequest): string[] | null {
  if (req.mode !== "AND" || req.parts.length < 2) return null;
  const live = req.parts.filter((p) => articlesHolding(db, p, 1) > 0);
  return live.length > 0 && live.length < req.parts.length ? live : null;
}

/** Of three live parts or more, all but the one the fewest articles hold; else null. */
export function withoutRarest(db: KeywordIndex, req: KeywordRequest): string[] | null {
  if (req.mode !== "AND" || req.parts.length < 3) return null;
  const counts = req.parts.map((p) => articlesHolding(db, p, COUNT_CAP));
  const rarest = counts.indexOf(Math.min(...counts));
  return req.parts.filter((_p, i) => i !== rarest);
}

/** The rule on (KEYWORD_DEAD_PARTS=0 turns it off, for comparisons and for tests of the other rules). */
function deadPartsOn(): boolean {
  return process.env.KEYWORD_DEAD_PARTS !== "0";
}

/**
 * `run` on the request; when it finds nothing, without its dead parts (liveParts), then without its rarest
 * (withoutRarest). Decided on the query alone, not the filters: a query that finds something in the index and nothing
 * under the request's filters (a region, a level) is left as it is, so the counts per facet value (count-facets.ts) and
 * the searches filtered to each value agree.
 */
export function withoutDeadParts<T>(db: KeywordIndex, req: KeywordRequest, run: (r: KeywordRequest) => T, empty: (t: T) => boolean): T {
  const first = run(req);
  if (!empty(first) || !deadPartsOn() || req.mode !== "AND" || req.parts.length < 2) return first;
  if (Object.keys(req.filters).length && !empty(run({ ...req, filters: {} }))) return first;
  const live = liveParts(db, req);
  const second = live ? run({ ...req, parts: live }) : first;
  if (!empty(second)) return second;
  const fewer = withoutRarest(db, { ...req, parts: live ?? req.parts });
  return fewer ? run({ ...req, parts: fewer }) : second;
}
