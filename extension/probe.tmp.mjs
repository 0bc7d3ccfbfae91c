import { startServer } from '/work/wt-what-changed/server/dist/index.js';
import { chromium } from '@playwright/test';
const A = 'BenchKey0123456789abcdefghijklmnopqrstuv';
const server = await startServer({ fixture: { users: [{ login: 'user1@example.com', api_keys: [A] }], bugs: [{ id: 1 }] } });
const DIST = '/work/wt-what-changed/extension/dist/chromium';
const context = await chromium.launchPersistentContext('', { executablePath: '/usr/bin/chromium', headless: true, args: [`--disable-extensions-except=${DIST}`, `--load-extension=${DIST}`] });
const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
const ext = `chrome-extension://${new URL(worker.url()).host}`;
const o = await context.newPage(); await o.goto(`${ext}/src/options/index.html`);
await o.getByLabel('Tracker URL').fill(server.url); await o.getByLabel('API key').fill(A);
await o.getByRole('button', { name: 'Save' }).click(); await o.getByText(/Signed in as/).waitFor();
for (let i = 0; i < 6; i++) {
  const p = await context.newPage();
  await p.goto(`${ext}/src/popup/index.html`);
  await p.waitForFunction(() => document.documentElement.dataset.loadedMs);
  console.log(await p.evaluate(() => {
    const n = performance.getEntriesByType('navigation')[0];
    const r = performance.getEntriesByType('resource').map((e) => `${e.name.split('/').pop()}:${Math.round(e.startTime)}-${Math.round(e.responseEnd)}`);
    return JSON.stringify({ domInteractive: Math.round(n.domInteractive), dcl: Math.round(n.domContentLoadedEventEnd), fp: document.documentElement.dataset.firstPaintMs, loaded: document.documentElement.dataset.loadedMs, marks: performance.getEntriesByType('mark').map(m => `${m.name}:${Math.round(m.startTime)}`), r });
  }));
  await p.close();
}
await context.close(); await server.stop();
