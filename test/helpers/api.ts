/** Helpers for handler tests: keys of each tier and a JSON POST against a route handler. */
import { getKeysStore, type Tier } from "@/lib/auth/keys-store";

export function createKey(tier: Tier = "standard", opts: { expires?: string; name?: string } = {}): string {
  return getKeysStore().create({ tier, ...opts }).key;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests inspect arbitrary JSON
}

/** POSTs `body` (object → JSON, string → raw) to a route handler and parses the answer. */
export async function callHandler(
  handler: (req: Request) => Promise<Response>,
  body: unknown,
  opts: { key?: string | null; headers?: Record<string, string>; path?: string } = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8", ...opts.headers };
  if (opts.key) headers["x-api-key"] = opts.key;
  const req = new Request(`http://localhost${opts.path ?? "/open/test"}`, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const res = await handler(req);
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* keep text */
  }
  return { status: res.status, headers: res.headers, body: parsed };
}
