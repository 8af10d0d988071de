import { expect, type Locator, type Page } from "@playwright/test";

export class SearchPage {
  readonly input: Locator;
  readonly results: Locator;
  readonly total: Locator;

  constructor(readonly page: Page) {
    this.input = page.getByTestId("search-input");
    this.results = page.getByTestId("result-item");
    this.total = page.getByTestId("result-total");
  }

  async goto(query = ""): Promise<void> {
    await this.page.goto(`/search${query ? `?${query}` : ""}`);
    await expect(this.input).toBeVisible();
  }

  async mode(m: "ft" | "fg" | "zq" | "vec"): Promise<void> {
    await this.page.getByTestId(`mode-${m}`).click();
    await expect(this.page.getByTestId(`mode-${m}`)).toHaveAttribute("aria-checked", "true");
  }

  async search(q: string): Promise<void> {
    await this.input.fill(q);
    await this.page.getByTestId("search-submit").click();
    await expect(this.page).toHaveURL(new RegExp(`q=${encodeURIComponent(q).replace(/%20/g, "\\+")}`));
  }

  facetOption(field: string, value: string): Locator {
    return this.page.getByTestId(`facet-${field}`).locator(`input[data-value="${value}"]`);
  }

  async totalNumber(): Promise<number> {
    await expect(this.total).toBeVisible();
    return Number(await this.total.textContent());
  }
}
