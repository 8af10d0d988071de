// Keyboard only: Tab to the editor, type, Ctrl+Enter, Tab to a mark, its card opens on focus.
import { expect, snap, test } from "./fixtures";
import { ReviewPage } from "./pages/review-page";

test("keyboard-only review flow", async ({ memberPage: page }, testInfo) => {
  const review = new ReviewPage(page);
  await review.goto();
  await review.draft.fill("");
  await page.locator("body").click({ position: { x: 5, y: 300 } });
  await page.keyboard.press("Home");
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press("Tab");
    if (await review.draft.evaluate((el) => el === document.activeElement)) break;
  }
  await expect(review.draft).toBeFocused();
  await page.keyboard.type("根据《中华人民共和国民法典》第五百七十七条，当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担继续履行、采取补救措施或者赔偿损失等违约责任。");
  await page.keyboard.press("Control+Enter");
  await expect(review.result).toBeVisible({ timeout: 120_000 });

  // Tab from the editor onwards until a mark has focus
  await review.draft.focus();
  let onMark = false;
  for (let i = 0; i < 20 && !onMark; i++) {
    await page.keyboard.press("Tab");
    onMark = await page.evaluate(() => document.activeElement?.getAttribute("data-testid") === "cite-mark");
  }
  expect(onMark).toBe(true);
  const focused = page.locator("[data-testid=cite-mark]:focus");
  await expect(focused).toHaveAttribute("aria-label", /第五百七十七条/);
  await expect(review.hoverCard()).toBeVisible();
  await expect(review.hoverCard()).toContainText("第五百七十七条");
  await snap(page, testInfo, "review-keyboard-card", false);
  // Escape closes the card
  await page.keyboard.press("Escape");
  await expect(review.hoverCard()).toBeHidden();
});
