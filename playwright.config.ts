import { chromiumExecutable } from '@bz-companion/server/testing';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: the real companion server (started through its CLI), the
 * real extension, and pages of other origins, in Debian's Chromium (or
 * CHROMIUM_PATH, or Playwright's own browser where one is installed). Each
 * spec launches its own browser (extensions need a persistent context).
 */
export default defineConfig({
  testDir: '.',
  testMatch: ['extension/e2e/**/*.spec.ts', 'server/e2e/**/*.spec.ts'],
  outputDir: 'test-results/e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // The `page` fixture's browser (the README's Playwright example uses it): the same Chromium as the rest.
  use: { launchOptions: chromiumExecutable() },
  workers: 1,
  retries: 0,
  reporter: [['list']],
});
