// Search: facets narrow the results with disjunctive counts; the URL holds the whole query.
import { expect, snap, test } from "./fixtures";
import { SearchPage } from "./pages/search-page";

test("facet search narrows results and the URL round-trips", async ({ memberPage: page }, testInfo) => {
  const search = new SearchPage(page);
  await search.goto();
  await search.mode("ft");
  await search.search("违约");
  const all = await search.totalNumber();
  expect(all).toBeGreaterThan(0);
  await expect(search.results.first()).toBeVisible();
  await expect(search.results.first().locator("mark.term").first()).toHaveText("违约");
  await snap(page, testInfo, "search-clauses");

  // pick one effect level: fewer results, URL updated
  const level = search.facetOption("xljb_1", "司法解释");
  await expect(level).toBeVisible();
  // click, not check(): the box is controlled by the URL state and updates a tick later
  await level.click();
  await expect(level).toBeChecked();
  await expect(page).toHaveURL(/xljb_1=%E5%8F%B8%E6%B3%95%E8%A7%A3%E9%87%8A/);
  await expect.poll(() => search.totalNumber()).toBeLessThan(all);
  const narrowed = await search.totalNumber();
  // disjunctive: the sibling 法律 still shows how many it would add
  const lawCount = page.getByTestId("facet-xljb_1").locator("label", { has: page.locator('input[data-value="法律"]') }).getByTestId("facet-count");
  await expect(lawCount).toHaveText(/^\+\d+$/);
  await snap(page, testInfo, "search-facet");

  // reload keeps everything
  await page.reload();
  await expect(search.input).toHaveValue("违约");
  await expect(search.facetOption("xljb_1", "司法解释")).toBeChecked();
  await expect.poll(() => search.totalNumber()).toBe(narrowed);

  // back: the facet is gone again; forward: it is back
  await page.goBack();
  await expect(search.facetOption("xljb_1", "司法解释")).not.toBeChecked();
  await expect.poll(() => search.totalNumber()).toBe(all);
  await page.goForward();
  await expect(search.facetOption("xljb_1", "司法解释")).toBeChecked();
  await expect.poll(() => search.totalNumber()).toBe(narrowed);

  // results link to the detail page at the right article
  const first = search.results.first().getByTestId("result-link");
  const href = await first.getAttribute("href");
  expect(href).toMatch(/\/zxt\/statuteDetail\/detailPage\/[^?]+\?text=[\w-]+#tid-/);
  await first.click();
  await expect(page.getByTestId("target-article")).toBeInViewport();
});

test("regulation mode: AND/OR toggle and highlighted fragments", async ({ memberPage: page }, testInfo) => {
  const search = new SearchPage(page);
  await search.goto("mode=fg&q=" + encodeURIComponent("会计 证券"));
  const and = await search.totalNumber();
  await page.getByTestId("op-or").click();
  await expect(page.getByTestId("op-or")).toBeChecked();
  await page.getByTestId("search-submit").click();
  await expect(page).toHaveURL(/op=OR/);
  await expect.poll(() => search.totalNumber()).toBeGreaterThan(and);
  await expect(search.results.first()).toBeVisible();
  await snap(page, testInfo, "search-regulations");
});

test("semantic mode returns clauses linked to their articles", async ({ memberPage: page }, testInfo) => {
  const search = new SearchPage(page);
  await search.goto("mode=vec&q=" + encodeURIComponent("公司拖欠工资怎么办"));
  await expect(search.results.first()).toBeVisible({ timeout: 60_000 });
  await expect(search.results.first().getByTestId("result-link")).toHaveAttribute("href", /detailPage\//);
  await snap(page, testInfo, "search-semantic");
});

test("the search desk works at tablet width", async ({ memberPage: page }, testInfo) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  const search = new SearchPage(page);
  await search.goto("mode=ft&q=" + encodeURIComponent("违约金") + "&sxx=" + encodeURIComponent("现行有效"));
  await expect(search.results.first()).toBeVisible();
  await expect(search.facetOption("sxx", "现行有效")).toBeChecked();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, testInfo, "search-tablet", false);
});

test("a doctrine name finds the article that states it and marks the words that matched", async ({ memberPage: page }, testInfo) => {
  // 缔约过失 is not in 民法典 第五百条: the thesaurus names that article and its wording, which the page marks
  const search = new SearchPage(page);
  await search.goto("mode=ft&q=" + encodeURIComponent("缔约过失"));
  const first = search.results.first();
  await expect(first.getByTestId("result-link")).toContainText("民法典");
  await expect(first.getByTestId("result-link")).toContainText("第五百条");
  await expect(first.locator("mark.term").first()).toHaveText("假借订立合同，恶意进行磋商");
  await snap(page, testInfo, "search-concept");
});
