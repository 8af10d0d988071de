import { ApiError } from "@/lib/api/api-error";
import { splitFilterField } from "./split-parts";

/**
 * Splits an enumeration filter (sxx, dy, xljb_1) on spaces and checks each part against the
 * spec's shared enumeration. An unknown value is a 422 whose message names the field, the
 * offending value and every allowed value, so a client can correct itself.
 * Returns undefined when the field is absent or blank (no filter).
 */
export function validateEnumValues(
  field: string,
  value: string | null | undefined,
  allowed: readonly string[],
): string[] | undefined {
  const parts = splitFilterField(field, value);
  if (parts.length === 0) return undefined;
  for (const p of parts) {
    if (!allowed.includes(p)) {
      throw new ApiError("VALIDATION_ERROR", `${field} 参数取值无效: ${p}；可选值: ${allowed.join("、")}`);
    }
  }
  return [...new Set(parts)];
}
