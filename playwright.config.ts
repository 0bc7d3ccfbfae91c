import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: the real companion server (started through its CLI) and
 * the real extension in Debian's Chromium (or CHROMIUM_PATH, or Playwright's
 * own browser where one is installed). Extensions need a persistent context,
 * which each spec launches itself, so there are no projects here.
 */
export default defineConfig({
  testDir: 'extension/e2e',
  outputDir: 'test-results/e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
});
