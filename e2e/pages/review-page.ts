import { expect, type Locator, type Page } from "@playwright/test";

export class ReviewPage {
  readonly draft: Locator;
  readonly checkButton: Locator;
  readonly result: Locator;
  readonly marks: Locator;
  readonly panelItems: Locator;

  constructor(readonly page: Page) {
    this.draft = page.getByTestId("draft-input");
    this.checkButton = page.getByTestId("check-button");
    this.result = page.getByTestId("review-result");
    this.marks = page.getByTestId("draft-render").getByTestId("cite-mark");
    this.panelItems = page.getByTestId("panel-item");
  }

  async goto(): Promise<void> {
    await this.page.goto("/");
    await expect(this.draft).toBeVisible();
  }

  async check(text: string): Promise<void> {
    await this.draft.fill(text);
    await this.checkButton.click();
    // settle on either outcome, then insist on the result (an error shows its message in the report)
    const error = this.page.getByTestId("check-error");
    await expect(this.result.or(error)).toBeVisible({ timeout: 120_000 });
    if (await error.isVisible()) throw new Error(`citation check failed: ${await error.innerText()}`);
  }

  /**
   * Puts a long text into the editor the way a paste does (one input event). Playwright's fill()
   * types it through insertText, which takes tens of seconds for 150,000 characters.
   */
  async paste(text: string): Promise<void> {
    await this.draft.evaluate((el, v) => {
      const set = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!;
      set.call(el, v);
      el.dispatchEvent(new Event("input", { bubbles: true }));
    }, text);
  }

  /** The first mark whose text contains `text`. */
  mark(text: string): Locator {
    return this.marks.filter({ hasText: text }).first();
  }

  count(verdict: string): Locator {
    return this.page.getByTestId(`count-${verdict}`);
  }

  hoverCard(): Locator {
    return this.page.getByTestId("hover-card");
  }
}
