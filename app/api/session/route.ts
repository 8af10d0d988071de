// POST /api/session – exchange an API key once for an HttpOnly session cookie (sign-in form or JSON)
// DELETE /api/session – sign out: end the server session and clear the cookie
import { getAuthStore } from "@/lib/auth/auth-store";
import { readCookie, SESSION_COOKIE } from "@/lib/auth/session-cookie";
import { clearedSessionCookie, safeNext, sameOrigin, sessionCookie } from "./_lib/cookie";
import { signinUnavailable, withAuthStore } from "./_lib/unavailable";
import { readSmallBody } from "./_lib/read-small-body";

export const dynamic = "force-dynamic";

const REASON_MESSAGE: Record<string, string> = {
  missing: "请输入 API 密钥",
  unknown: "密钥无效",
  expired: "密钥已过期",
  blocked: "密钥已被列入黑名单",
  revoked: "密钥已被吊销",
};

export async function POST(req: Request): Promise<Response> {
  const isForm = !(req.headers.get("content-type") ?? "").includes("application/json");
  if (!sameOrigin(req)) return Response.json({ ok: false, message: "跨站请求被拒绝" }, { status: 403 });
  // bounded: a body over SESSION_MAX_BODY_BYTES is a 413 before it is read past the limit
  const body = await readSmallBody(req, !isForm);
  if (!body.ok) return Response.json({ ok: false, message: body.message }, { status: body.status });
  const key = typeof body.fields.key === "string" ? body.fields.key : "";
  const next: unknown = body.fields.next ?? "/";
  const check = await withAuthStore((store) => store.check(key.trim()));
  if (check === null) return signinUnavailable(isForm);
  if (!check.ok) {
    if (isForm) {
      const to = `/signin?error=${encodeURIComponent(check.reason)}&next=${encodeURIComponent(safeNext(next))}`;
      return new Response(null, { status: 303, headers: { Location: to, "Cache-Control": "no-store" } });
    }
    return Response.json({ ok: false, reason: check.reason, message: REASON_MESSAGE[check.reason] ?? "登录失败" }, { status: 401 });
  }
  const token = await withAuthStore((store) => store.createSession(check.key.id));
  if (token === null) return signinUnavailable(isForm);
  const cookie = sessionCookie(token, req);
  if (isForm) {
    return new Response(null, { status: 303, headers: { Location: safeNext(next), "Set-Cookie": cookie, "Cache-Control": "no-store" } });
  }
  return Response.json(
    { ok: true, name: check.key.name, tier: check.key.tier },
    { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } },
  );
}

export async function DELETE(req: Request): Promise<Response> {
  if (!sameOrigin(req)) return Response.json({ ok: false, message: "跨站请求被拒绝" }, { status: 403 });
  const token = readCookie(req.headers.get("cookie"), SESSION_COOKIE);
  // the cookie is cleared whatever the database says: signing out never fails in the browser
  if (token) await withAuthStore((store) => store.endSession(token));
  return new Response(null, { status: 204, headers: { "Set-Cookie": clearedSessionCookie(req), "Cache-Control": "no-store" } });
}
