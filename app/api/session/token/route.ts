// GET  /api/session/token?token=… – the one-time sign-in link's page: a button that POSTs the token (consumes nothing)
// POST /api/session/token – consumes the one-time token (atomically) for a session cookie
//
// A GET must not spend the token: link previews, chat unfurlers and mail scanners fetch links
// before the user does. Only the POST from the page's button (same-origin, bounded body) signs in.
import { sameOrigin, sessionCookie } from "../_lib/cookie";
import { signinUnavailable, withAuthStore } from "../_lib/unavailable";
import { readSmallBody } from "../_lib/read-small-body";

export const dynamic = "force-dynamic";

const MAX_TOKEN_CHARS = 200;
const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function failed(): Response {
  return new Response(null, { status: 303, headers: { Location: "/signin?error=token", ...NO_STORE } });
}

export function GET(req: Request): Response {
  const token = new URL(req.url).searchParams.get("token") ?? "";
  if (!token || token.length > MAX_TOKEN_CHARS) return failed();
  const html =
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="robots" content="noindex">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>一次性登录链接</title></head><body>` +
    `<main><h1>一次性登录链接</h1><p>点击下方按钮登录。链接只能使用一次，1 小时内有效。</p>` +
    `<form method="post" action="/api/session/token"><input type="hidden" name="token" value="${escapeHtml(token)}">` +
    `<button type="submit" data-testid="token-signin">登录</button></form></main></body></html>`;
  return new Response(html, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8", ...NO_STORE } });
}

export async function POST(req: Request): Promise<Response> {
  if (!sameOrigin(req)) return Response.json({ ok: false, message: "跨站请求被拒绝" }, { status: 403 });
  const body = await readSmallBody(req, (req.headers.get("content-type") ?? "").includes("application/json"));
  if (!body.ok) return Response.json({ ok: false, message: body.message }, { status: body.status });
  const token = typeof body.fields.token === "string" ? body.fields.token : "";
  const session = await withAuthStore(async (store) => {
    const keyId = token && token.length <= MAX_TOKEN_CHARS ? await store.consumeLoginToken(token) : null;
    const key = keyId ? await store.find(keyId) : null;
    if (!key || key.revoked || key.blocked) return "";
    return store.createSession(key.id);
  });
  if (session === null) return signinUnavailable(true);
  if (!session) return failed();
  return new Response(null, { status: 303, headers: { Location: "/", "Set-Cookie": sessionCookie(session, req), ...NO_STORE } });
}
