/**
 * Browser tests against the BUILT app (run `npx next build` first), in Debian's Chromium.
 * The server reads the test-slice index (data/test-index.sqlite, built by the unit-test
 * global setup) and a throwaway keys DB that e2e/global-setup.ts fills with one member and
 * one standard key. E2E_PORT overrides the port; E2E_BASE_URL points at an already running
 * server instead of starting one.
 */
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const external = process.env.E2E_BASE_URL;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  globalSetup: "./e2e/global-setup.ts",
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: external ?? `http://localhost:${port}`,
    locale: "zh-CN",
    timezoneId: "Asia/Shanghai",
    viewport: { width: 1280, height: 900 },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } } }],
  webServer: external
    ? undefined
    : {
        // the production server that `npm run serve` runs (scripts/server.ts), one worker
        command: `node --import tsx scripts/server.ts`,
        url: `http://localhost:${port}/api/health`,
        timeout: 120_000,
        reuseExistingServer: false,
        stdout: "pipe",
        stderr: "pipe",
        env: {
          PORT: String(port),
          HOST: "127.0.0.1",
          WEB_CONCURRENCY: "1",
          INDEX_PATH: "data/test-index.sqlite",
          KEYS_DB: "data/tmp/e2e-keys.sqlite",
          LCC_NO_SIGNIN_LINK: "1",
          RATE_LIMIT: "off",
          ACCESS_LOG: "off",
          NEXT_TELEMETRY_DISABLED: "1",
        },
      },
});
