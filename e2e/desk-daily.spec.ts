// The desk as a lawyer's daily tool (issue 18): reference date, no silent limits, Word in and
// out, memo order, cards, keyboard, phone width, sign-out clearing the browser's copies.
import { AlignmentType, Document, Packer, Paragraph, TextRun } from "docx";
import mammoth from "mammoth";
import fs from "node:fs";
import { expect, snap, test } from "./fixtures";
import { ReviewPage } from "./pages/review-page";
import { DRAFT } from "./pages/drafts";

const PROCEDURAL = "原告依据《中华人民共和国民事诉讼法》第一百二十二条的规定提起诉讼，符合起诉条件。";

test("the reference date is shown with its reason, and changing it re-checks and changes the verdict", async ({ memberPage: page }, testInfo) => {
  const review = new ReviewPage(page);
  await review.goto();
  await review.check(PROCEDURAL);
  const note = page.getByTestId("reference-date-note");
  await expect(note).toContainText(/以今天（\d{4}-\d{2}-\d{2}）为准/);
  await expect(page.getByTestId("reference-date-basis")).toHaveAttribute("data-basis", "today");
  const mark = review.mark("第一百二十二条");
  await expect(mark).not.toHaveAttribute("data-validity", /.+/);

  // one control: a date and a button
  await page.getByTestId("reference-date-input").fill("2023-06-01");
  await page.getByTestId("reference-date-recheck").click();
  await expect(note).toContainText("以 2023-06-01 为准");
  await expect(page.getByTestId("reference-date-basis")).toHaveAttribute("data-basis", "request");
  // the 2021 text was the one in force then, superseded since
  await expect(review.mark("第一百二十二条")).toHaveAttribute("data-validity", /^(repealed|amended)$/);
  await expect(review.panelItems.first()).toContainText(/已失效|已被修改/);
  await expect(page.getByTestId("char-count")).toContainText("参照日期 2023-06-01（手动指定）");
  await snap(page, testInfo, "desk-reference-date-2023", false);

  await page.getByTestId("reference-date-input").fill("2024-05-20");
  await page.getByTestId("reference-date-recheck").click();
  await expect(note).toContainText("以 2024-05-20 为准");
  await expect(review.mark("第一百二十二条")).not.toHaveAttribute("data-validity", /.+/);

  // back to automatic: a document date in the text wins over a contract date mentioned earlier
  await page.getByTestId("reference-date-auto").click();
  await expect(page.getByTestId("reference-date-basis")).toHaveAttribute("data-basis", "today");
  await review.check(`双方于2022年3月15日签订合同。\n${PROCEDURAL}\n\n2024年5月20日`);
  await expect(note).toContainText("以 2024-05-20 为准");
  await expect(page.getByTestId("reference-date-basis")).toHaveAttribute("data-basis", "document_date");
  await expect(review.mark("第一百二十二条")).not.toHaveAttribute("data-validity", /.+/);
});

test("no silent limits: a 150,000-character draft is checked whole, repeats are grouped; over the API limit the page says so", async ({ memberPage: page }, testInfo) => {
  const review = new ReviewPage(page);
  await review.goto();
  const unit = `${DRAFT}\n`;
  const big = unit.repeat(Math.ceil(150_000 / unit.length)).slice(0, 150_000);
  await review.paste(big);
  await expect(page.getByTestId("char-count")).toContainText("150,000 / 300,000 字");
  expect((await review.draft.inputValue()).length).toBe(150_000);
  await expect(page.getByTestId("too-long")).toHaveCount(0);
  await review.checkButton.click();
  await expect(review.result).toBeVisible({ timeout: 120_000 });
  // the last citation of the draft is marked: nothing was cut
  const lastMarkText = await review.marks.last().innerText();
  expect(big.lastIndexOf(lastMarkText.replace(/[✓≈✗?·]$/, ""))).toBeGreaterThan(140_000);
  // repeats of one clause form one panel entry with its count and positions
  const grouped = page.locator("[data-testid=panel-item][data-count]:not([data-count='1'])").first();
  await expect(grouped).toBeVisible();
  const count = Number(await grouped.getAttribute("data-count"));
  expect(count).toBeGreaterThan(10);
  await expect(grouped.getByTestId("group-count")).toHaveText(`×${count}`);
  await expect(grouped.getByTestId("group-positions").getByRole("button")).toHaveCount(count);
  // the panel's own limits are stated when the API reports them
  const truncated = page.getByTestId("check-notice");
  if ((await truncated.count()) > 0) await expect(truncated.first()).toContainText("只核查了前");
  await snap(page, testInfo, "desk-150k", false);

  // one character over the API's limit: a message, a disabled button, the text kept whole
  await review.paste("甲".repeat(300_001));
  await expect(page.getByTestId("too-long")).toContainText("超过单次核查上限 300,000 字");
  await expect(review.checkButton).toBeDisabled();
  expect((await review.draft.inputValue()).length).toBe(300_001);
});

test("an empty draft gets a message, not just a disabled button", async ({ memberPage: page }) => {
  const review = new ReviewPage(page);
  await review.goto();
  await review.draft.fill("");
  await review.checkButton.click();
  await expect(page.getByTestId("empty-draft")).toContainText("文稿为空");
});

async function docxFixture(): Promise<Buffer> {
  const lines = DRAFT.split("\n");
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: "代理词", bold: true })] }),
          ...lines.map((l) => new Paragraph({ children: [new TextRun(l)] })),
          new Paragraph({ children: [new TextRun("2024年5月20日")] }),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

test("Word in and out: a .docx opens with its paragraphs; the exported .docx memo reads back in severity order with absolute links", async ({ memberPage: page, baseURL }, testInfo) => {
  const review = new ReviewPage(page);
  await review.goto();
  await page.getByTestId("draft-file").setInputFiles({ name: "代理词.docx", mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", buffer: await docxFixture() });
  await expect(page.getByTestId("file-state")).toContainText("已打开「代理词.docx」");
  await expect(review.draft).toHaveValue(`代理词\n${DRAFT}\n2024年5月20日`);
  await review.checkButton.click();
  await expect(review.result).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId("reference-date-note")).toContainText("以 2024-05-20 为准");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-docx").click()]);
  expect(download.suggestedFilename()).toBe("引用核查备忘录-20240520.docx");
  const file = await download.path();
  const { value } = await mammoth.extractRawText({ buffer: fs.readFileSync(file) });
  const text = value.replace(/\n+/g, "\n");
  expect(text.startsWith("引用核查备忘录\n")).toBe(true);
  expect(text).toContain("参照日期：以 2024-05-20 为准");
  expect(text).toContain("问题摘要");
  // entries in severity order: 不一致/部分一致 before 疑似虚构 before 一致
  const heads = [...text.matchAll(/^(\d+)\. (.+) — (.+)$/gm)].map((m) => m[3]!);
  const order = ["不一致", "部分一致", "疑似虚构", "已失效/已被修改", "未收录", "无法判断", "仅引名称", "一致"];
  expect(heads.length).toBe(5);
  expect(heads.map((h) => order.indexOf(h))).toEqual([...heads.map((h) => order.indexOf(h))].sort((a, b) => a - b));
  expect(heads.at(-1)).toBe("一致");
  expect(heads).toContain("疑似虚构");
  const origin = new URL(baseURL!).origin;
  expect(text).toContain(`链接：${origin}/zxt/statuteDetail/detailPage/`);
  expect(text).not.toContain("127.0.0.1");
  expect(text).toContain("建议修改：");
  fs.copyFileSync(file, testInfo.outputPath("memo.docx"));

  // Markdown and print carry the same structure and order
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByTestId("copy-markdown").click();
  await expect(page.getByText("已复制")).toBeVisible();
  const md = await page.evaluate(() => navigator.clipboard.readText());
  expect(md).toContain("# 引用核查备忘录");
  expect(md).toContain("- 参照日期：以 2024-05-20 为准");
  expect([...md.matchAll(/^### \d+\. .+ — (.+)$/gm)].map((m) => m[1])).toEqual(heads);
  expect(md).toContain(`链接：${origin}/`);
  await page.emulateMedia({ media: "print" });
  const printed = page.getByTestId("print-report-body");
  await expect(printed).toBeVisible();
  await expect(printed.locator("h1")).toHaveText("引用核查备忘录");
  await expect(page.getByTestId("print-reference-date")).toContainText("以 2024-05-20 为准");
  await expect(page.getByTestId("print-summary")).toBeVisible();
  const printedCats = await page.getByTestId("print-entry").evaluateAll((els) => els.map((e) => e.querySelector("h3")!.textContent!.split(" — ")[1]));
  expect(printedCats).toEqual(heads);
  await expect(printed).toContainText(`${origin}/zxt/statuteDetail/detailPage/`);
  await snap(page, testInfo, "desk-print-memo");
  // the printed memo of five citations fits on two A4 pages (the old printout took a page and more per citation)
  const pdf = await page.pdf({ format: "A4" });
  fs.writeFileSync(testInfo.outputPath("memo.pdf"), pdf);
  const pages = (pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  expect(pages).toBeGreaterThan(0);
  expect(pages).toBeLessThanOrEqual(2);
  await page.emulateMedia({ media: "screen" });
});

test("export buttons are not hidden under the sticky header when focused by keyboard", async ({ memberPage: page }) => {
  const review = new ReviewPage(page);
  await review.goto();
  await review.check(DRAFT);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByTestId("export-docx").focus();
  const header = await page.locator("header").first().boundingBox();
  const btn = await page.getByTestId("export-docx").boundingBox();
  expect(btn!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
});

test("cards: no diff where nothing is quoted; the judgment and its phrases instead; only the cited 款 highlighted", async ({ memberPage: page }, testInfo) => {
  const review = new ReviewPage(page);
  await review.goto();
  await review.check(
    [
      PROCEDURAL,
      "根据《中华人民共和国民法典》第一百四十三条第二项规定：“意思表示真实”。",
    ].join("\n"),
  );
  await review.mark("第一百二十二条").hover();
  const card = review.hoverCard();
  await expect(card).toBeVisible();
  await expect(card.getByTestId("citation-card")).toHaveAttribute("data-claim-style", /^(application|restatement|bare)$/);
  await expect(card.getByTestId("card-quote")).toHaveCount(0);
  await expect(card.locator("del")).toHaveCount(0);
  await expect(card.getByTestId("card-claim")).toContainText("不逐字比对");
  // the sentence as the draft wrote it, not the compared form with its boilerplate cut out
  await expect(card.getByTestId("card-claim")).toContainText("的规定提起诉讼，符合起诉条件");
  await expect(card).not.toContainText("原文中没有的文字");
  await snap(page, testInfo, "desk-card-application", false);
  await page.mouse.move(0, 0);
  await expect(card).toBeHidden();

  await review.mark("第一百四十三条").hover();
  await expect(card).toBeVisible();
  const scope = card.getByTestId("card-scope");
  await expect(scope).toHaveCount(1);
  await expect(scope).toContainText("意思表示真实");
  await expect(scope).not.toContainText("具有相应的民事行为能力");
  await snap(page, testInfo, "desk-card-scope", false);
});

test("keyboard: a card's links are reachable, the panel names the verdict", async ({ memberPage: page }) => {
  const review = new ReviewPage(page);
  await review.goto();
  await review.check(DRAFT);
  // panel buttons say the verdict
  await expect(review.panelItems.first().getByRole("button").first()).toHaveAccessibleName(/：(一致|部分一致|不一致|未找到|案号已核实)/);
  // Tab onto the first mark: its card opens; Tab again: into the card's link
  await review.mark("第五百七十七条").focus();
  await expect(review.hoverCard()).toBeVisible();
  let inCard = false;
  for (let i = 0; i < 8 && !inCard; i++) {
    await page.keyboard.press("Tab");
    inCard = await page.evaluate(() => document.activeElement?.getAttribute("data-testid") === "card-link");
  }
  expect(inCard).toBe(true);
  await expect(page.locator("[data-testid=hover-card] [data-testid=card-link]:focus")).toHaveAttribute("href", /\?text=577/);
  // Escape returns to the mark
  await page.keyboard.press("Escape");
  await expect(review.mark("第五百七十七条")).toBeFocused();
  // the panel's 详情 shows the card inline with its links
  await review.panelItems.first().getByTestId("panel-details-toggle").press("Enter");
  await expect(review.panelItems.first().getByTestId("panel-details").getByTestId("card-link")).toBeVisible();
  // a shape besides colour
  const glyph = await review.mark("第五百七十七条").evaluate((el) => getComputedStyle(el, "::after").content);
  expect(glyph).toContain("✓");
});

test("390 px: header keeps the user's name, the panel comes before the draft, no sideways scroll", async ({ memberPage: page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const review = new ReviewPage(page);
  await review.goto();
  await expect(page.getByTestId("session-name")).toBeVisible();
  const header = await page.locator("header").first().boundingBox();
  expect(header!.height).toBeLessThanOrEqual(60);
  await snap(page, testInfo, "desk-390-empty", false);
  await review.check(DRAFT);
  const aside = await page.getByTestId("review-aside").boundingBox();
  const draft = await page.getByTestId("draft-render").boundingBox();
  expect(aside!.y).toBeLessThan(draft!.y);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, testInfo, "desk-390-result", false);
  // a tapped mark opens its card inside the screen
  await review.mark("第五百零九条").scrollIntoViewIfNeeded();
  await review.mark("第五百零九条").focus();
  const card = review.hoverCard().filter({ hasText: "第五百零九条" });
  await expect(card).toBeVisible();
  const box = await card.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  await expect(card.getByTestId("card-title")).toBeInViewport();
  await snap(page, testInfo, "desk-390-card", false);
  await page.goto("/search?q=%E8%BF%9D%E7%BA%A6%E8%B4%A3%E4%BB%BB");
  await expect(page.getByTestId("result-total")).toBeVisible();
  const results = await page.getByTestId("results-section").boundingBox();
  const facets = await page.getByTestId("facets").boundingBox();
  expect(results!.y).toBeLessThan(facets!.y);
  await expect(page.getByTestId("jump-filters")).toBeVisible();
  await snap(page, testInfo, "search-390", false);
});

test("signing out clears every draft the browser kept", async ({ memberPage: page, keys }) => {
  const review = new ReviewPage(page);
  await review.goto();
  await expect(page.getByTestId("storage-note")).toContainText("localStorage");
  await review.draft.fill("保密的草稿：《中华人民共和国民法典》第五百七十七条");
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem("lcc.review.draft.v1"))).toContain("保密的草稿");
  await page.evaluate(() => window.sessionStorage.setItem("lcc.test", "x"));
  await Promise.all([page.waitForURL(/\/signin\?signedout=1/), page.getByTestId("signout").click()]);
  await expect(page.getByTestId("signed-out")).toContainText("已清除");
  const left = await page.evaluate(() => [...Object.keys(window.localStorage), ...Object.keys(window.sessionStorage)].filter((k) => k.startsWith("lcc.")));
  expect(left).toEqual([]);
  // signing in again shows an empty editor
  await page.getByTestId("signin-key").fill(keys.member);
  await Promise.all([page.waitForURL((u) => u.pathname === "/"), page.getByTestId("signin-submit").click()]);
  await expect(review.draft).toHaveValue("");
});

test("case checks say what was searched, and the court of the judgment the number names", async ({ memberPage: page }, testInfo) => {
  const review = new ReviewPage(page);
  await review.goto();
  await review.check("参见（2009）苏刑二终字第0028号刑事裁定。另见（2099）京01民终99999号判决。");
  await review.mark("0028").hover();
  const found = review.hoverCard().filter({ hasText: "0028" });
  await expect(found).toContainText("江苏省高级人民法院");
  await expect(found.getByTestId("case-court-note")).toContainText("案例记载的法院为江苏省南京市中级人民法院");
  await page.mouse.move(0, 0);
  await expect(found).toBeHidden();
  await review.mark("99999").hover();
  const missing = review.hoverCard().filter({ hasText: "99999" });
  await expect(missing.getByTestId("case-scope")).toContainText(/检索范围：最高人民法院指导性案例 \d+ 件/);
  await expect(missing.getByTestId("case-scope")).toContainText(/（共 \d+ 件）/);
  await snap(page, testInfo, "desk-case-scope", false);
});
