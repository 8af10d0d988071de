/** Shared fixtures: the e2e keys, a signed-in page per tier, screenshots into e2e/artifacts/. */
import { test as base, expect, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { SignInPage } from "./pages/signin-page";

export interface E2EKeys {
  member: string;
  standard: string;
}

export function readKeys(): E2EKeys {
  return JSON.parse(fs.readFileSync(path.resolve("data/tmp/e2e-keys.json"), "utf8")) as E2EKeys;
}

const ARTIFACTS = path.resolve("e2e/artifacts");

/** Saves a full-page screenshot to e2e/artifacts/{name}.png and attaches it to the report. */
export async function snap(page: Page, testInfo: TestInfo, name: string, fullPage = true): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  // a full-page capture of a scrolled page repeats the sticky header mid-page: start at the top
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}

/** Calls an /open operation with the member key (to discover fgids etc. for the pages). */
export async function op<T = any>(request: APIRequestContext, name: string, body: unknown, key = readKeys().member): Promise<T> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const res = await request.post(`/open/${name}`, { data: body, headers: { "X-API-Key": key } });
  expect(res.status(), `${name} → ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

export const test = base.extend<{ keys: E2EKeys; memberPage: Page; standardPage: Page }>({
  keys: async ({}, use) => { // eslint-disable-line no-empty-pattern
    await use(readKeys());
  },
  memberPage: async ({ page, keys }, use) => {
    await new SignInPage(page).signIn(keys.member);
    await use(page);
  },
  standardPage: async ({ page, keys }, use) => {
    await new SignInPage(page).signIn(keys.standard);
    await use(page);
  },
});

export { expect };
