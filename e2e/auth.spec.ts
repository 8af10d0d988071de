// Sign-in: the key is exchanged once for an HttpOnly session cookie; no key in script-readable storage.
import { expect, snap, test } from "./fixtures";
import { SignInPage } from "./pages/signin-page";
import path from "node:path";
import { KeysStore } from "../lib/auth/keys-store";

test("sign in with the key form, then the pages work through the session cookie", async ({ page, keys, context }, testInfo) => {
  const signin = new SignInPage(page);
  await signin.goto();
  await snap(page, testInfo, "signin");
  await signin.signIn(keys.member);
  await expect(page.getByTestId("session-tier")).toHaveText("会员");

  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name === "lcc_session");
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Strict");
  // Nothing key-like is readable by scripts.
  const readable = await page.evaluate(() => ({ cookie: document.cookie, local: JSON.stringify(localStorage), session: JSON.stringify(sessionStorage) }));
  expect(readable.cookie).not.toContain("lcc_session");
  expect(readable.local + readable.session).not.toContain(keys.member);

  // An operation called by the page (search) succeeds with the cookie alone.
  await page.goto("/search?mode=ft&q=%E8%BF%9D%E7%BA%A6");
  await expect(page.getByTestId("result-item").first()).toBeVisible();

  // Sign out clears the session: the same search now asks to sign in.
  await page.getByTestId("signout").click();
  await expect(page).toHaveURL(/\/signin\?signedout=1/);
  await page.goto("/search?mode=ft&q=%E8%BF%9D%E7%BA%A6");
  await expect(page.getByTestId("search-error")).toContainText("登录");
});

test("a wrong key is refused with a message", async ({ page }) => {
  const signin = new SignInPage(page);
  await signin.goto();
  await page.getByTestId("signin-key").fill("lk_not_a_real_key");
  await page.getByTestId("signin-submit").click();
  await expect(page.getByTestId("signin-error")).toContainText("密钥无效");
});

test("a standard key sees the members-only message on the review desk", async ({ standardPage: page }, testInfo) => {
  await page.goto("/");
  await expect(page.getByTestId("members-only")).toContainText("仅限会员");
  await expect(page.getByTestId("check-button")).toBeDisabled();
  await snap(page, testInfo, "review-standard-key", false);
  // The API agrees: the citation check answers 403 for this session.
  const status = await page.evaluate(async () => {
    const r = await fetch("/open/hall_detect", { method: "POST", credentials: "same-origin", headers: { "content-type": "application/json" }, body: JSON.stringify({ text: "x" }) });
    return r.status;
  });
  expect(status).toBe(403);
});

test("signed out, the review desk asks to sign in", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("signin-needed")).toBeVisible();
  await expect(page.getByTestId("check-button")).toBeDisabled();
});

test("the one-time sign-in link: opening it spends nothing, its button signs in, once", async ({ page, context }) => {
  const store = new KeysStore(path.resolve("data/tmp/e2e-keys.sqlite"));
  let token: string;
  try {
    const member = store.list().find((k) => k.name === "e2e 会员" && !k.revoked)!;
    token = store.createLoginToken(member.id);
  } finally {
    store.close();
  }
  // what a link preview or a mail scanner does: fetch the link; no cookie, nothing spent
  const preview = await page.request.get(`/signin?token=${token}`);
  expect(preview.status()).toBe(200);
  expect(await preview.text()).toContain('action="/api/session/token"');
  expect((await context.cookies()).find((c) => c.name === "lcc_session")).toBeUndefined();

  await page.goto(`/signin?token=${token}`);
  await page.getByTestId("token-signin").click();
  await expect(page.getByTestId("session-tier")).toHaveText("会员");
  expect((await context.cookies()).find((c) => c.name === "lcc_session")?.httpOnly).toBe(true);

  // used once: the same link again goes back to the sign-in page with the reason
  await context.clearCookies();
  await page.goto(`/signin?token=${token}`);
  await page.getByTestId("token-signin").click();
  await expect(page.getByTestId("signin-error")).toContainText("登录链接无效或已使用过");
});
