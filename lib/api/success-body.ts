/**
 * The success envelope of the keyword family's operations (spec operation 2 and the detail
 * operations that share its protocol): {status, code, message, data}. Built at the edge by the
 * route handlers; the domain functions return the bare data.
 */
export interface SuccessBody<T> {
  status: "success";
  code: 200;
  message: "success";
  data: T;
}

/** Wraps data in the keyword family's success body. */
export function successBody<T>(data: T): SuccessBody<T> {
  return { status: "success", code: 200, message: "success", data };
}
