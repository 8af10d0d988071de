/**
 * How a validity (sxx) is shown: always with its source's as-of date (「数据截至 …」), and,
 * when that date is more than a year before today, marked as such so an old 现行有效 is never
 * shown as a plain 现行有效 (the instrument may have been amended or repealed since).
 */
export const STALE_AFTER_DAYS = 365;

export interface ValidityView {
  /** The badge text: sxx, or 「sxx（截至 yyyy-MM-dd）」 when stale. */
  badge: string;
  /** 「数据截至 yyyy-MM-dd」, or 「数据截至日期不详」. */
  asOfText: string;
  stale: boolean;
}

/** Today's date in Beijing (yyyy-MM-dd). */
export function beijingDate(now: number = Date.now()): string {
  return new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
}

function days(from: string, to: string): number {
  return Math.floor((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A 施行日期 as shown: 「2017-03-01（推定）」 when its source is a 推定 rule (lib/corpus/dates.ts), never a bare date. */
export function implementDateText(ssrq: string, source: string | undefined): string {
  return ssrq && source?.startsWith("推定") ? `${ssrq}（推定）` : ssrq;
}

export function validityView(sxx: string, asOf: string | undefined, today: string = beijingDate()): ValidityView {
  const known = !!asOf && /^\d{4}-\d{2}-\d{2}$/.test(asOf);
  const stale = known && days(asOf!, today) > STALE_AFTER_DAYS;
  return {
    badge: sxx && stale ? `${sxx}（截至 ${asOf}）` : sxx,
    asOfText: known ? `数据截至 ${asOf}${stale ? "，已逾一年，效力可能已变化" : ""}` : "数据截至日期不详",
    stale,
  };
}
