// Regulation and case detail pages over the test-slice index.
import { expect, op, snap, test } from "./fixtures";
import { DetailPage } from "./pages/detail-page";

async function findRegulation(request: Parameters<typeof op>[0], fgmc: string) {
  const r = await op<{ data: { id: string; fgmc: string; fbrq: string; sxx: string }[] }>(request, "rh_fg_search", { fgmc, top_k: 50 });
  return r.data;
}

test("?text= scrolls to the article and highlights it", async ({ page, request }, testInfo) => {
  const [civil] = (await findRegulation(request, "民法典")).filter((r) => r.fgmc === "中华人民共和国民法典");
  expect(civil, "民法典 in the test index").toBeTruthy();
  const detail = new DetailPage(page);
  await detail.goto(civil!.id, "577");
  await expect(detail.target).toHaveAttribute("id", "tid-577");
  await expect(detail.target).toHaveClass(/is-target/);
  await expect(detail.target).toContainText("第五百七十七条");
  await expect(detail.target).toContainText("违约责任");
  await expect(detail.target).toBeInViewport();
  await expect(page.getByTestId("regulation-meta")).toContainText("施行日期");
  // headings are structured
  await expect(page.locator("h2, h3").filter({ hasText: "第三编" }).first()).toBeVisible();
  await snap(page, testInfo, "detail-civil-code-577", false);
});

test("every version is listed and the version in force is marked", async ({ page, request }, testInfo) => {
  const versions = (await findRegulation(request, "会计法")).filter((r) => r.fgmc === "中华人民共和国会计法");
  expect(versions.length).toBeGreaterThanOrEqual(2);
  const older = versions.find((v) => v.sxx !== "现行有效")!;
  const detail = new DetailPage(page);
  await detail.goto(older.id);
  const items = detail.versions.locator("li");
  await expect(items).toHaveCount(versions.length);
  await expect(detail.versions.getByTestId("version-current")).toHaveCount(1);
  await expect(detail.versions.locator("[aria-current=page]")).toHaveCount(1);
  // follow the link to the version in force
  await detail.versions.locator("li[data-current=\"1\"] a").click();
  await expect(page.getByTestId("regulation-meta")).toContainText("现行有效");
  await snap(page, testInfo, "detail-versions");
});

test("every validity shown carries its source's as-of date; an old one is never a plain 现行有效", async ({ page, request }) => {
  // 公司法 2023 (LawRefBook) and 上市公司信息披露管理办法 2007 (the securities catalogue, as of 2022-04-29)
  const [company] = (await findRegulation(request, "公司法")).filter((r) => r.fgmc === "中华人民共和国公司法" && r.fbrq === "2023-12-29");
  const detail = new DetailPage(page);
  await detail.goto(company!.id);
  await expect(page.getByTestId("regulation-meta")).toContainText("施行日期2024-07-01");
  await expect(page.getByTestId("regulation-meta")).toContainText("正文「本法自2024年7月1日起施行。」");
  await expect(page.getByTestId("regulation-detail").getByTestId("data-as-of").first()).toContainText("数据截至");
  const [disclosure] = (await findRegulation(request, "上市公司信息披露管理办法")).filter((r) => r.fgmc === "上市公司信息披露管理办法");
  await detail.goto(disclosure!.id);
  const badge = page.locator("header").getByTestId("sxx-badge");
  await expect(badge).toHaveText("现行有效（截至 2022-04-29）");
  await expect(page.locator("header").getByTestId("data-as-of")).toHaveText("数据截至 2022-04-29，已逾一年，效力可能已变化");
});

test("unknown fgid is a 404 page", async ({ page }) => {
  const res = await page.goto("/zxt/statuteDetail/detailPage/no-such-regulation");
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toBeVisible();
});

test("a case detail page shows the case's fields", async ({ page }, testInfo) => {
  const res = await page.goto("/zxt/caseDetail/spc-1");
  expect(res?.status()).toBe(200);
  await expect(page.getByTestId("case-title")).toContainText("居间合同纠纷");
  await expect(page.getByTestId("case-meta")).toContainText("（2009）沪二中民二（民）终字第1508号");
  await expect(page.getByTestId("case-key-points")).toBeVisible();
  await snap(page, testInfo, "case-detail");
});

test("a long regulation is light: a window around the cited article, the rest on demand, search over the whole text", async ({ page, request }, testInfo) => {
  const [civil] = (await findRegulation(request, "民法典")).filter((r) => r.fgmc === "中华人民共和国民法典");
  const url = `/zxt/statuteDetail/detailPage/${encodeURIComponent(civil!.id)}?text=577`;
  const html = await (await request.get(url)).text();
  expect(html.length).toBeLessThan(300_000);
  const detail = new DetailPage(page);
  await detail.goto(civil!.id, "577");
  await expect(detail.target).toHaveClass(/is-target/);
  await expect(detail.target).toBeInViewport();
  // the headings enclosing the window are shown
  await expect(page.locator("h2, h3").filter({ hasText: "第三编" }).first()).toBeAttached();
  const body = page.getByTestId("regulation-body");
  expect(Number(await body.getAttribute("data-to")) - Number(await body.getAttribute("data-from"))).toBeLessThan(Number(await body.getAttribute("data-total")));
  // the rest loads when scrolled to
  await page.getByTestId("load-after").scrollIntoViewIfNeeded();
  await expect(page.locator("#tid-1260")).toBeAttached();
  await page.getByTestId("load-before").click();
  await expect(page.locator("#tid-1")).toBeAttached();
  // in-page search covers the whole text and jumps with ?text=
  await page.getByTestId("in-page-q").fill("违约金");
  await page.getByTestId("in-page-q").press("Enter");
  await expect(page.getByTestId("in-page-count")).toContainText("条含“违约金”");
  const hit = page.getByTestId("in-page-hit").filter({ hasText: "第五百八十五条" });
  await hit.click();
  await expect(page).toHaveURL(/\?text=585/);
  await expect(detail.target).toHaveAttribute("id", "tid-585");
  await expect(detail.target).toBeInViewport();
  await snap(page, testInfo, "detail-civil-code-light", false);
});
