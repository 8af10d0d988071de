import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getKeysStore } from "@/lib/auth/keys-store";
import { POST as signIn, DELETE as signOutApi } from "./route";
import { POST as signOutForm } from "./signout/route";
import { GET as consumeToken } from "./token/route";
import { printSigninLink } from "./_lib/signin-link";

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
    const link = printSigninLink({ PORT: "4321" })!;
    expect(link).toMatch(/^http:\/\/localhost:4321\/signin\?token=[\w-]+$/);
    expect(String(log.mock.calls[0]?.[0])).toContain(link);
    expect(store.list().filter((k) => k.name === "local-admin" && k.tier === "member")).toHaveLength(1);

    const token = new URL(link).searchParams.get("token")!;
    const first = consumeToken(new Request(`http://localhost:4321/api/session/token?token=${token}`));
    expect(first.status).toBe(200);
    expect(first.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Strict/);
    expect(await first.text()).toContain('http-equiv="refresh"');
    const again = consumeToken(new Request(`http://localhost:4321/api/session/token?token=${token}`));
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe("/signin?error=token");

    // a member key now exists: nothing printed unless asked, and local-admin is reused
    expect(printSigninLink({})).toBeNull();
    expect(printSigninLink({ PRINT_SIGNIN_LINK: "1" })).toMatch(/token=/);
    expect(store.list().filter((k) => k.name === "local-admin")).toHaveLength(1);
  });
});
