import { type BzServer, startServer } from '@bz-companion/server';
import { expect, test } from '@playwright/test';

const fixture = { bugs: [{ id: 1, summary: 'Login page is blank' }] }; // or the path of a fixture file

let bz: BzServer;
test.beforeAll(async () => {
  bz = await startServer({ fixture, clock: '2026-01-01T00:00:00Z' });
});
test.afterAll(() => bz.stop());
test.beforeEach(() => bz.reset());

test('a slow tracker still answers, and the page asked once', async ({ page }) => {
  bz.fault({ path: '/rest/version', delay_ms: 2000, times: 1 });
  await page.goto(`${bz.url}show_bug.cgi?id=1`);
  const version = await page.evaluate(async () => (await fetch('/rest/version')).json());
  expect(version).toEqual({ version: '5.2' });
  expect(bz.requests().filter((request) => request.path === '/rest/version')).toHaveLength(1);
});

test('the page sees a tracker that is down', async ({ page }) => {
  bz.fault({ path_prefix: '/rest/', status: 503 });
  await page.goto(`${bz.url}show_bug.cgi?id=1`);
  expect(await page.evaluate(async () => (await fetch('/rest/version')).status)).toBe(503);
});
