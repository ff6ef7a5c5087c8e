import { defineConfig } from "@playwright/test";

// Each worker drives its own server and inbox (support/global-setup.ts starts one per worker): this
// file is loaded again in every worker process, where Playwright has set TEST_PARALLEL_INDEX, so
// `baseURL` below and the helpers' E2E_MAIL_DIR name that worker's pair.
const slot = process.env.TEST_PARALLEL_INDEX;
if (slot !== undefined && process.env[`E2E_BASE_URL_${slot}`]) {
  process.env.E2E_BASE_URL = process.env[`E2E_BASE_URL_${slot}`];
  process.env.E2E_MAIL_DIR = process.env[`E2E_MAIL_DIR_${slot}`];
  process.env.E2E_LIGHTSPEED_URL = process.env[`E2E_LIGHTSPEED_URL_${slot}`];
  process.env.E2E_SHOPIFY_URL = process.env[`E2E_SHOPIFY_URL_${slot}`];
}

export default defineConfig({
  testDir: ".",
  testMatch: /.*\.spec\.ts/,
  globalSetup: "./support/global-setup.ts",
  fullyParallel: false,
  // Two workers, each with its own server, database and inbox: on a busy 2-core machine two at once
  // took 39 % less wall time, on a quiet one about the same (docs/performance.md, "Test suite
  // time"). E2E_WORKERS=1 runs them one at a time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  // A stuck journey's limit, not a speed check: two journeys share 2 cores (and other work may too),
  // so a 50 s journey can take twice that on a busy machine (issue 51: customers.spec.ts ran out of
  // 60 s at load 15). Journeys that are long by design set their own.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  outputDir: "../test-results",
  use: {
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1440, height: 900 },
    locale: "en-AU",
    timezoneId: "Australia/Sydney",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
