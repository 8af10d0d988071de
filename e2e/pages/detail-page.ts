import { expect, type Locator, type Page } from "@playwright/test";

export class DetailPage {
  readonly title: Locator;
  readonly target: Locator;
  readonly versions: Locator;

  constructor(readonly page: Page) {
    this.title = page.getByTestId("regulation-title");
    this.target = page.getByTestId("target-article");
    this.versions = page.getByTestId("versions");
  }

  async goto(fgid: string, tid?: string): Promise<void> {
    await this.page.goto(`/zxt/statuteDetail/detailPage/${encodeURIComponent(fgid)}${tid ? `?text=${encodeURIComponent(tid)}` : ""}`);
    await expect(this.title).toBeVisible();
  }
}
