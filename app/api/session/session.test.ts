import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getKeysStore } from "@/lib/auth/keys-store";
import { POST as signIn, DELETE as signOutApi } from "./route";
import { POST as signOutForm } from "./signout/route";
import { GET as tokenPage, POST as consumeToken } from "./token/route";
import { SESSION_MAX_BODY_BYTES } from "./_lib/read-small-body";
import { printSigninLink } from "@/lib/auth/signin-link";

function form(fields: Record<string, string>, headers: Record<string, string> = {}, url = "http://localhost:3000/api/session"): Request {
  return new Request(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

function cookieValue(res: Response): string {
  return /lcc_session=([^;]*)/.exec(res.headers.get("set-cookie") ?? "")?.[1] ?? "";
}

describe("POST /api/session (sign-in form)", () => {
  it("exchanges a valid key for an HttpOnly, SameSite=Strict session cookie and redirects to next", async () => {
    const { key } = getKeysStore().create({ tier: "member", name: "甲" });
    const res = await signIn(form({ key, next: "/search?q=1" }, { origin: "http://localhost:3000", host: "localhost:3000" }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/search?q=1");
    const sc = res.headers.get("set-cookie")!;
    expect(sc).toMatch(/HttpOnly/);
    expect(sc).toMatch(/SameSite=Strict/);
    expect(sc).toMatch(/Path=\//);
    expect(sc).not.toMatch(/Secure/);
    expect(sc).not.toContain(key);
    const check = getKeysStore().checkSession(decodeURIComponent(cookieValue(res)));
    expect(check.ok && check.key.name).toBe("甲");
  });

  it("sets Secure behind https", async () => {
    const { key } = getKeysStore().create();
    const res = await signIn(form({ key }, { "x-forwarded-proto": "https" }));
    expect(res.headers.get("set-cookie")).toMatch(/; Secure/);
  });

  it("sends a wrong key back to the form with a reason, and never redirects off-site", async () => {
    const res = await signIn(form({ key: "lk_nope", next: "//evil.example/" }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/signin?error=unknown&next=%2F");
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("never redirects off-site via next values a browser resolves to another host", async () => {
    const { key } = getKeysStore().create();
    for (const next of ["/\t/evil.example/", "/\n/evil.example", "/\t\\evil.example", "/\\evil.example", "https://evil.example/"]) {
      const res = await signIn(form({ key, next }));
      expect(res.status).toBe(303);
      const loc = res.headers.get("location")!;
      expect(new URL(loc, "http://localhost:3000").host, JSON.stringify(next)).toBe("localhost:3000");
    }
    // a same-site path with non-ASCII characters is kept (percent-encoded) instead of crashing the header
    const res = await signIn(form({ key, next: "/search?q=合同" }));
    expect(res.status).toBe(303);
    expect(decodeURIComponent(res.headers.get("location")!)).toBe("/search?q=合同");
  });

  it("refuses a cross-origin post (login CSRF)", async () => {
    const { key } = getKeysStore().create();
    const res = await signIn(form({ key }, { origin: "http://evil.example", host: "localhost:3000" }));
    expect(res.status).toBe(403);
  });

  it("answers JSON callers with JSON", async () => {
    const { key } = getKeysStore().create({ tier: "standard", name: "乙" });
    const ok = await signIn(new Request("http://localhost/api/session", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ key }) }));
    expect(await ok.json()).toEqual({ ok: true, name: "乙", tier: "standard" });
    const bad = await signIn(new Request("http://localhost/api/session", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ key: "x" }) }));
    expect(bad.status).toBe(401);
  });
});

describe("sign-out", () => {
  it("ends the session and clears the cookie (form and DELETE)", async () => {
    const store = getKeysStore();
    const { info } = store.create();
    for (const call of [
      (t: string) => signOutForm(new Request("http://localhost/api/session/signout", { method: "POST", headers: { cookie: `lcc_session=${t}` } })),
      (t: string) => signOutApi(new Request("http://localhost/api/session", { method: "DELETE", headers: { cookie: `lcc_session=${t}` } })),
    ]) {
      const token = store.createSession(info.id);
      const res = await call(token);
      expect(res.headers.get("set-cookie")).toMatch(/lcc_session=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0/);
      expect(store.checkSession(token).ok).toBe(false);
    }
  });
});

describe("one-time sign-in link", () => {
  let log: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    log = vi.spyOn(console, "log").mockImplementation(() => {});
  });
  afterEach(() => log.mockRestore());

  it("creates local-admin when there is no member key, prints a link, and the token works exactly once", async () => {
    const store = getKeysStore();
    for (const k of store.list()) if (k.tier === "member") store.revoke(k.id);
    const link = (await printSigninLink({ PORT: "4321" }))!;
    expect(link).toMatch(/^http:\/\/localhost:4321\/signin\?token=[\w-]+$/);
    expect(String(log.mock.calls[0]?.[0])).toContain(link);
    expect(store.list().filter((k) => k.name === "local-admin" && k.tier === "member")).toHaveLength(1);

    const token = new URL(link).searchParams.get("token")!;
    // the GET (what a link preview or mail scanner fetches) shows a button and spends nothing
    for (let i = 0; i < 2; i++) {
      const page = tokenPage(new Request(`http://localhost:4321/api/session/token?token=${token}`));
      expect(page.status).toBe(200);
      expect(page.headers.get("set-cookie")).toBeNull();
      const html = await page.text();
      expect(html).toContain('<form method="post" action="/api/session/token">');
      expect(html).toContain(`name="token" value="${token}"`);
    }
    // the POST from that button signs in, once
    const first = await consumeToken(form({ token }, { origin: "http://localhost:4321", host: "localhost:4321" }, "http://localhost:4321/api/session/token"));
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/");
    expect(first.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Strict/);
    const again = await consumeToken(form({ token }, {}, "http://localhost:4321/api/session/token"));
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe("/signin?error=token");

    // a member key now exists: nothing printed unless asked, and local-admin is reused
    expect(await printSigninLink({})).toBeNull();
    expect(await printSigninLink({ PRINT_SIGNIN_LINK: "1" })).toMatch(/token=/);
    expect(store.list().filter((k) => k.name === "local-admin")).toHaveLength(1);
  });
});

describe("one-time tokens: atomic, same-origin, bounded", () => {
  it("of many concurrent POSTs of one token exactly one signs in", async () => {
    const store = getKeysStore();
    const { info } = store.create({ tier: "member" });
    const token = store.createLoginToken(info.id);
    const results = await Promise.all(Array.from({ length: 8 }, () => consumeToken(form({ token }, {}, "http://localhost/api/session/token"))));
    expect(results.filter((r) => r.headers.get("location") === "/")).toHaveLength(1);
    expect(results.filter((r) => r.headers.get("location") === "/signin?error=token")).toHaveLength(7);
    // and in the store itself: the second consumption finds nothing
    const t2 = store.createLoginToken(info.id);
    expect(store.consumeLoginToken(t2)).toBe(info.id);
    expect(store.consumeLoginToken(t2)).toBeNull();
  });

  it("a cross-site POST of a token → 403 and the token stays usable", async () => {
    const store = getKeysStore();
    const { info } = store.create({ tier: "member" });
    const token = store.createLoginToken(info.id);
    const variants: Record<string, string>[] = [{ origin: "http://evil.example", host: "localhost" }, { "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }];
    for (const headers of variants) {
      const r = await consumeToken(form({ token }, headers, "http://localhost/api/session/token"));
      expect(r.status).toBe(403);
      expect(await r.json()).toEqual({ ok: false, message: "跨站请求被拒绝" });
    }
    expect(store.consumeLoginToken(token)).toBe(info.id);
  });
});

describe("session routes: bounded bodies (413 before reading past the limit)", () => {
  const big = "k".repeat(SESSION_MAX_BODY_BYTES + 1);
  const message = `请求体过大：上限 ${SESSION_MAX_BODY_BYTES} 字节`;

  it.each([
    ["POST /api/session (form)", () => signIn(form({ key: big }))],
    ["POST /api/session (JSON)", () => signIn(new Request("http://localhost/api/session", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ key: big }) }))],
    ["POST /api/session/token", () => consumeToken(form({ token: big }, {}, "http://localhost/api/session/token"))],
  ])("%s: a body over the limit → 413", async (_name, call) => {
    const r = await call();
    expect(r.status).toBe(413);
    expect(await r.json()).toEqual({ ok: false, message });
  });

  it("a declared Content-Length over the limit is refused without reading the body", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled++;
        c.enqueue(new Uint8Array(1024));
      },
    });
    const req = new Request("http://localhost/api/session", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(10 * 1024 * 1024) },
      body,
      duplex: "half",
    } as RequestInit);
    const r = await signIn(req);
    expect(r.status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(1); // the stream's own first prefetch at most, never the body
  });

  it("an endless streamed body is cut at the limit", async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        sent += 1024;
        c.enqueue(new Uint8Array(1024).fill(0x61));
      },
    });
    const req = new Request("http://localhost/api/session", { method: "POST", headers: { "content-type": "application/json" }, body, duplex: "half" } as RequestInit);
    const r = await signIn(req);
    expect(r.status).toBe(413);
    expect(sent).toBeLessThanOrEqual(SESSION_MAX_BODY_BYTES + 3 * 1024);
  });

  it("a body at the limit still signs in", async () => {
    const { key } = getKeysStore().create();
    const r = await signIn(form({ key, next: "/" + "a".repeat(SESSION_MAX_BODY_BYTES - key.length - 20) }));
    expect(r.status).toBe(303);
    expect(r.headers.get("set-cookie")).toMatch(/lcc_session=/);
  });
});
