// POST /api/session – exchange an API key once for an HttpOnly session cookie (sign-in form or JSON)
// DELETE /api/session – sign out: end the server session and clear the cookie
import { getKeysStore } from "@/lib/auth/keys-store";
import { readCookie, SESSION_COOKIE } from "@/lib/api/define-operation";
import { clearedSessionCookie, safeNext, sameOrigin, sessionCookie } from "./_lib/cookie";

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
  let key = "";
  let next: unknown = "/";
  try {
    if (isForm) {
      const form = await req.formData();
      key = String(form.get("key") ?? "");
      next = form.get("next");
    } else {
      const body = (await req.json()) as { key?: unknown; next?: unknown };
      key = typeof body.key === "string" ? body.key : "";
      next = body.next;
    }
  } catch {
    return Response.json({ ok: false, message: "请求体无法解析" }, { status: 400 });
  }
  const check = getKeysStore().check(key.trim());
  if (!check.ok) {
    if (isForm) {
      const to = `/signin?error=${encodeURIComponent(check.reason)}&next=${encodeURIComponent(safeNext(next))}`;
      return new Response(null, { status: 303, headers: { Location: to, "Cache-Control": "no-store" } });
    }
    return Response.json({ ok: false, reason: check.reason, message: REASON_MESSAGE[check.reason] ?? "登录失败" }, { status: 401 });
  }
  const token = getKeysStore().createSession(check.key.id);
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
  if (token) getKeysStore().endSession(token);
  return new Response(null, { status: 204, headers: { "Set-Cookie": clearedSessionCookie(req), "Cache-Control": "no-store" } });
}
