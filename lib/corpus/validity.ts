/**
 * Validity (sxx) by rule, applied once all records are read because it needs the family:
 * - the source says expired → 失效 (set by the reader; never overridden);
 * - implementation date after today → 尚未生效;
 * - a newer version of the same family that is already in effect → 已被修改;
 * - otherwise 现行有效.
 * Records whose dates are unknown cannot be ordered and only get 现行有效/失效 from the source.
 */
import type { RegulationRecord } from "./types";
import type { Regulation } from "../store/types";

/** The date a version took effect (implementation date, else publication date). */
function effectiveFrom(r: Regulation): string {
  return r.ssrq || r.fbrq;
}

export function assignValidity(records: RegulationRecord[], today: string): void {
  const families = new Map<string, Regulation[]>();
  for (const { reg } of records) {
    const list = families.get(reg.family);
    if (list) list.push(reg);
    else families.set(reg.family, [reg]);
  }
  for (const versions of families.values()) {
    for (const r of versions) {
      if (r.sxx === "失效" || r.sxx === "部分失效") continue;
      if (r.ssrq && r.ssrq > today) {
        r.sxx = "尚未生效";
        continue;
      }
      // "newer" = later publication date; same-day duplicates do not supersede each other
      const superseded = r.fbrq !== "" && versions.some((o) => o !== r && o.fbrq > r.fbrq && effectiveFrom(o) <= today && o.dy === r.dy);
      if (superseded) r.sxx = "已被修改";
      else if (r.sxx === "") r.sxx = "现行有效";
    }
  }
}
