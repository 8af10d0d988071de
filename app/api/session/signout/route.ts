// POST /api/session/signout – sign-out for the plain HTML form in the header (works without JS)
import { getKeysStore } from "@/lib/auth/keys-store";
import { readCookie, SESSION_COOKIE } from "@/lib/api/define-operation";
import { clearedSessionCookie, sameOrigin } from "../_lib/cookie";

export const dynamic = "force-dynamic";

export function POST(req: Request): Response {
  if (!sameOrigin(req)) return Response.json({ ok: false, message: "跨站请求被拒绝" }, { status: 403 });
  const token = readCookie(req.headers.get("cookie"), SESSION_COOKIE);
  if (token) getKeysStore().endSession(token);
  return new Response(null, {
    status: 303,
    headers: { Location: "/signin?signedout=1", "Set-Cookie": clearedSessionCookie(req), "Cache-Control": "no-store" },
  });
}
