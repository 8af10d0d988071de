import { chromium } from "@playwright/test";
import fs from "node:fs";
import { DRAFT } from "./e2e/pages/drafts";
const keys = JSON.parse(fs.readFileSync("data/tmp/e2e-keys.json", "utf8"));
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();
const base = "http://127.0.0.1:3180";
await page.goto(base + "/signin?next=/");
await page.getByTestId("signin-key").fill(keys.member);
await Promise.all([page.waitForURL(base + "/"), page.getByTestId("signin-submit").click()]);
await page.getByTestId("draft-input").fill(DRAFT);
await page.getByTestId("check-button").click();
await page.getByTestId("review-result").waitFor();
const m = page.getByTestId("draft-render").getByTestId("cite-mark").filter({ hasText: "第五百七十七条" }).first();
await m.focus();
await page.getByTestId("hover-card").waitFor();
await page.waitForTimeout(500);
console.log(await page.evaluate(() => {
  const hc = document.querySelector("[data-testid=hover-card]")!;
  const w = hc.parentElement!;
  return { parentTag: w.tagName, wrapperPrev: w.previousElementSibling?.getAttribute("data-testid"), inDraft: !!hc.closest("[data-testid=draft-render]"), links: [...hc.querySelectorAll("a")].map((a) => a.getAttribute("tabindex")) };
}));
for (let i = 0; i < 4; i++) {
  await page.keyboard.press("Tab");
  console.log(await page.evaluate(() => { const a = document.activeElement!; return a.tagName + " " + a.getAttribute("data-testid") + " " + (a.textContent ?? "").slice(0, 20); }));
}
await browser.close();
