/**
 * `fatiao_filter` → the set of regulations (rids) whose clauses may be returned.
 *
 * - sxx / effect1 / dy: each a list combined with OR inside itself, AND across fields; an
 *   empty or absent list does not filter. dy accepts short names (北京, 广西), full names
 *   (北京市, 广西壮族自治区, 广东省) and 中央.
 * - law_start / law_end (YYYY-MM-DD, inclusive): a clause is in the window when its regulation
 *   is in force at some day of it, i.e. its effective period overlaps the window:
 *     start ≤ law_end   where start = ssrq (implementation date), or fbrq when ssrq is unknown
 *     end ≥ law_start   where end = expiry; an unknown expiry counts as open-ended
 *   A regulation with neither ssrq nor fbrq cannot be dated and is excluded whenever a bound
 *   is given.
 */
import { DY_VALUES } from "@/lib/store/types";
import type { SemanticIndex } from "@/lib/store/semantic-index";

export interface ClauseFilter {
  sxx?: string[];
  effect1?: string[];
  /** Short names (DY_VALUES). */
  dy?: string[];
  law_start?: string;
  law_end?: string;
}

const FULL_NAMES: Record<string, string> = {
  北京市: "北京",
  天津市: "天津",
  上海市: "上海",
  重庆市: "重庆",
  内蒙古自治区: "内蒙古",
  广西壮族自治区: "广西",
  西藏自治区: "西藏",
  宁夏回族自治区: "宁夏",
  新疆维吾尔自治区: "新疆",
};

/** Every accepted spelling → short name. */
export const DY_ALIASES: ReadonlyMap<string, string> = (() => {
  const m = new Map<string, string>();
  for (const v of DY_VALUES) {
    m.set(v, v);
    if (!["中央", "北京", "天津", "上海", "重庆", "内蒙古", "广西", "西藏", "宁夏", "新疆"].includes(v)) m.set(`${v}省`, v);
  }
  for (const [full, short] of Object.entries(FULL_NAMES)) m.set(full, short);
  return m;
})();

export function normalizeDy(name: string): string | null {
  return DY_ALIASES.get(name.trim()) ?? null;
}

export function isActive(f: ClauseFilter): boolean {
  return !!(f.sxx?.length || f.effect1?.length || f.dy?.length || f.law_start || f.law_end);
}

/** rids passing the filter (full-text regulations only), or null when the filter is inactive. */
export function allowedRids(db: SemanticIndex, f: ClauseFilter): number[] | null {
  if (!isActive(f)) return null;
  return db.fullTextRegulations({ sxx: f.sxx, xljb_1: f.effect1, dy: f.dy, law_start: f.law_start, law_end: f.law_end });
}
