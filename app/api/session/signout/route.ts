// POST /api/session/signout – sign-out for the plain HTML form in the header (works without JS)
import { readCookie, SESSION_COOKIE } from "@/lib/auth/session-cookie";
import { clearedSessionCookie, sameOrigin } from "../_lib/cookie";
import { withAuthStore } from "../_lib/unavailable";

export const dynamic = "force-dynamic";

export async function POST(req: Request): Promise<Response> {
  if (!sameOrigin(req)) return Response.json({ ok: false, message: "跨站请求被拒绝" }, { status: 403 });
  const token = readCookie(req.headers.get("cookie"), SESSION_COOKIE);
  if (token) await withAuthStore((store) => store.endSession(token)); // the cookie is cleared whatever the database says
  return new Response(null, {
    status: 303,
    headers: { Location: "/signin?signedout=1", "Set-Cookie": clearedSessionCookie(req), "Cache-Control": "no-store" },
  });
}
