/**
 * One structured line per request on stdout: operation, status, duration, key id (never
 * the key). ACCESS_LOG=off silences it (tests).
 */
export interface AccessEntry {
  op: string;
  status: number;
  ms: number;
  keyId: string;
  requestId: string;
}

export function logAccess(e: AccessEntry): void {
  if ((process.env.ACCESS_LOG ?? "").toLowerCase() === "off") return;
  process.stdout.write(
    JSON.stringify({
      t: new Date().toISOString(),
      type: "access",
      op: e.op,
      status: e.status,
      ms: Math.round(e.ms * 10) / 10,
      key_id: e.keyId || null,
      request_id: e.requestId,
    }) + "\n",
  );
}
