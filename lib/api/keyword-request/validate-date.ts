import { ApiError } from "@/lib/api/api-error";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written yyyy-MM-dd (2024-02-29 yes, 2023-02-29 no). */
export function isCalendarDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0); // proleptic Gregorian: 0000 is a leap year
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1]!;
  return d <= days;
}

/**
 * Returns the trimmed date of a date-range field, undefined when absent or blank, or
 * throws a 422 naming the field and the expected format.
 */
export function validateDate(field: string, value: string | null | undefined): string | undefined {
  const s = value?.trim();
  if (!s) return undefined;
  if (!isCalendarDate(s)) {
    throw new ApiError("VALIDATION_ERROR", `${field} 日期格式无效: ${s}（应为 yyyy-MM-dd 格式的有效日期）`);
  }
  return s;
}
