// Markup typed into the draft is text: it is escaped by the service and sanitised again here.
import { expect, snap, test } from "./fixtures";
import { ReviewPage } from "./pages/review-page";

const PAYLOAD =
  "根据《中华人民共和国民法典》第五百七十七条，<img src=x onerror=window.__xss=1> 当事人应当承担违约责任。\n" +
  "<script>window.__xss=1</script>\n<svg onload=window.__xss=1></svg><a href=\"javascript:window.__xss=1\">点我</a>";

test("a draft with <img onerror> and <script> shows as text and runs nothing", async ({ memberPage: page }, testInfo) => {
  const review = new ReviewPage(page);
  await review.goto();
  await review.check(PAYLOAD);
  const render = page.getByTestId("draft-render");
  await expect(render).toContainText("<img src=x onerror=window.__xss=1>");
  await expect(render).toContainText("<script>window.__xss=1</script>");
  await expect(render.locator("img, script, svg, a, iframe")).toHaveCount(0);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await snap(page, testInfo, "review-xss", false);
});

test("even a hostile highlighted_text from the server is sanitised", async ({ memberPage: page }) => {
  await page.route("**/open/hall_detect", (route) =>
    route.fulfill({
      status: 200,
      contentType: "application/json",
      headers: { "X-Request-ID": "stub-1" },
      body: JSON.stringify({
        regulations: [],
        cases: [],
        highlighted_text:
          '甲<img src=x onerror="window.__xss=1"><script>window.__xss=1</script><span class="hl-statute-link" onmouseover="window.__xss=1" style="position:fixed">乙</span><iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
        request_id: "stub-1",
      }),
    }),
  );
  const review = new ReviewPage(page);
  await review.goto();
  await review.check("甲乙");
  const render = page.getByTestId("draft-render");
  await expect(render).toContainText("甲乙");
  await expect(render.locator("img, script, iframe")).toHaveCount(0);
  await review.mark("乙").hover();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});

test("pages carry a nonce-based Content-Security-Policy that stops injected inline script", async ({ memberPage: page }) => {
  const response = await page.goto("/");
  const csp = response!.headers()["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce, csp).toBeTruthy();
  expect(csp).toContain("'strict-dynamic'");
  expect(csp).toContain("frame-ancestors 'none'");
  // Next's own scripts carry the nonce, and the page works under the policy (hydrated, interactive)
  expect(await page.locator(`script[nonce]`).count()).toBeGreaterThan(0);
  const review = new ReviewPage(page);
  await review.check("根据《中华人民共和国民法典》第五百七十七条，当事人应当承担违约责任。");
  await expect(review.marks.first()).toBeVisible();
  // a fresh nonce per response
  const again = await page.request.get("/");
  expect(again.headers()["content-security-policy"]).not.toContain(nonce!);
  // markup injected past every other defence: its inline handler and inline script are refused
  const violations = await page.evaluate(async () => {
    const seen: string[] = [];
    document.addEventListener("securitypolicyviolation", (e) => seen.push(e.violatedDirective));
    const host = document.createElement("div");
    host.innerHTML = '<img src="data:," onerror="window.__cspXss=1">';
    document.body.appendChild(host);
    await new Promise((r) => setTimeout(r, 300));
    return { seen, ran: (window as unknown as { __cspXss?: number }).__cspXss ?? null };
  });
  expect(violations.ran).toBeNull();
  expect(violations.seen.some((d) => d.startsWith("script-src"))).toBe(true);
});
