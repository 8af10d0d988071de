import type { SuccessBody } from "./types";

/** Wraps data in the keyword family's success body {status, code, message, data}. */
export function successBody<T>(data: T): SuccessBody<T> {
  return { status: "success", code: 200, message: "success", data };
}
