import { expect, type Page } from "@playwright/test";

export class SignInPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto("/signin");
  }

  /** Signs in through the form (the key goes only into the POST body) and waits for the redirect. */
  async signIn(key: string, next = "/"): Promise<void> {
    await this.page.goto(`/signin?next=${encodeURIComponent(next)}`);
    await this.page.getByTestId("signin-key").fill(key);
    await Promise.all([this.page.waitForURL((u) => u.pathname === next), this.page.getByTestId("signin-submit").click()]);
    await expect(this.page.getByTestId("session-tier")).toBeVisible();
  }
}
