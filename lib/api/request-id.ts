import { randomUUID } from "node:crypto";

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Echoes a client's X-Request-ID when it is a safe token, else generates a UUID. */
export function requestIdFrom(given: string | null): string {
  return given && SAFE_ID.test(given) ? given : randomUUID();
}
