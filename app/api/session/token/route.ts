// GET /api/session/token?token=… – consume a one-time sign-in token (the link the server prints) for a session cookie
import { getKeysStore } from "@/lib/auth/keys-store";
import { continuePage, sessionCookie } from "../_lib/cookie";

export const dynamic = "force-dynamic";

export function GET(req: Request): Response {
  const token = new URL(req.url).searchParams.get("token") ?? "";
  const store = getKeysStore();
  const keyId = token && token.length <= 200 ? store.consumeLoginToken(token) : null;
  const key = keyId ? store.find(keyId) : null;
  if (!key || key.revoked || key.blocked) {
    return new Response(null, { status: 303, headers: { Location: "/signin?error=token", "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
  }
  const session = store.createSession(key.id);
  return continuePage("/", sessionCookie(session, req), "登录成功");
}
