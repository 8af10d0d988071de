// The review desk against the real citation check over the test-slice index.
import { expect, snap, test } from "./fixtures";
import { ReviewPage } from "./pages/review-page";

import { DRAFT } from "./pages/drafts";

test("a draft's citations are marked by verdict, with hover cards and side-panel counts", async ({ memberPage: page }, testInfo) => {
  const review = new ReviewPage(page);
  await review.goto();
  await snap(page, testInfo, "review-empty", false);
  await review.check(DRAFT);

  const faithful = review.mark("第五百七十七条");
  const altered = review.mark("第五百零九条");
  const missingClause = review.mark("第二百条");
  const noSuchLaw = review.mark("人工智能促进法");
  const caseRef = review.mark("1508");

  await expect(faithful).toHaveAttribute("data-verdict", "consistent");
  await expect(altered).toHaveAttribute("data-verdict", /^(partial|inconsistent)$/);
  await expect(missingClause).toHaveAttribute("data-verdict", "missing");
  await expect(noSuchLaw).toHaveAttribute("data-verdict", "missing");
  await expect(caseRef).toHaveAttribute("data-verdict", "consistent");
  // the colour follows the verdict
  const bg = (l: typeof faithful) => l.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await bg(faithful)).toBe("rgb(227, 244, 232)");
  expect(await bg(missingClause)).toBe("rgb(251, 227, 227)");

  // hover card of the altered quote: regulation, clause, authoritative text with differences marked, link
  await altered.hover();
  const card = review.hoverCard();
  await expect(card).toBeVisible();
  await expect(card.getByTestId("card-title")).toContainText("第五百零九条");
  await expect(card.getByTestId("card-source")).toContainText("当事人应当按照约定全面履行自己的义务");
  await expect(card.getByTestId("card-source").locator(".diff-diff").first()).toBeVisible();
  await expect(card.getByTestId("card-link")).toHaveAttribute("href", /\/zxt\/statuteDetail\/detailPage\/[^?]+\?text=509/);
  await expect(card).toContainText("施行日期");
  await snap(page, testInfo, "review-result-hovercard", false);
  await page.mouse.move(0, 0);

  // side panel: one entry per citation, counts per verdict
  await expect(review.panelItems).toHaveCount(5);
  await expect(review.count("consistent")).toHaveAttribute("data-count", "2");
  await expect(review.count("missing")).toHaveAttribute("data-count", "2");
  const partial = Number(await review.count("partial").getAttribute("data-count"));
  const inconsistent = Number(await review.count("inconsistent").getAttribute("data-count"));
  expect(partial + inconsistent).toBe(1);

  // filter by verdict, then click an entry to jump to its mark
  await review.count("missing").click();
  await expect(review.panelItems).toHaveCount(2);
  await review.panelItems.first().getByRole("button").first().click();
  await expect(missingClause).toBeFocused();
  await expect(review.hoverCard()).toBeVisible(); // focus opens its card
  await page.keyboard.press("Escape");
  await expect(review.hoverCard()).toBeHidden();
  await review.count("missing").click();
  await expect(review.panelItems).toHaveCount(5);
  await snap(page, testInfo, "review-result");

  // export: Markdown copy and the printable view
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByTestId("copy-markdown").click();
  await expect(page.getByText("已复制")).toBeVisible();
  const md = await page.evaluate(() => navigator.clipboard.readText());
  expect(md).toContain("# 引用核查备忘录");
  expect(md).toMatch(/### \d\. 《中华人民共和国民法典》第五百七十七条 — 一致/);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("print-report-body")).toBeVisible();
  await expect(review.draft).toBeHidden();
  await snap(page, testInfo, "review-print");
  await page.emulateMedia({ media: "screen" });

  // the draft survives a reload
  await page.reload();
  await expect(review.draft).toHaveValue(DRAFT);
});

test("the review desk works at tablet width", async ({ memberPage: page }, testInfo) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  const review = new ReviewPage(page);
  await review.goto();
  await review.check(DRAFT);
  await expect(review.panelItems.first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, testInfo, "review-tablet");
});
