import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from '@playwright/test';
import { CHROMIUM_DIST } from './extension-figures.js';
import { type InboxBrowser, inboxScene, LONG_LIST } from './inbox-scene.js';
import { type TraceEvent, traceSummary } from './trace-summary.js';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    out: { type: 'string' },
    summarize: { type: 'string', multiple: true },
    page: { type: 'string', default: 'inbox' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(`node bench/dist/inbox-profile.js [--page inbox|popup] [--before CHECKOUT] [--out DIR] | --summarize TRACE.json ...

A Chromium trace (timeline and JavaScript samples) of the inbox (or, --page popup, the popup's page in a tab, on All
trackers) opened with the long list (${LONG_LIST.toLocaleString('en')} rows) kept, until its list is painted, for this build and, with --before, the build in CHECKOUT/extension/dist/chromium; the bench's data set.
Writes each trace to --out (default: a folder in ${tmpdir()}; open them in DevTools' Performance panel) and
prints where the inbox's main thread spent the time up to the list's paint (--summarize: of traces written before).`);
  process.exit(0);
}
const pagePath = values.page === 'popup' ? '/src/popup/index.html' : '/src/inbox/index.html';
if (values.summarize) {
  for (const file of values.summarize) {
    const { traceEvents } = JSON.parse(await readFile(file, 'utf8')) as { traceEvents: TraceEvent[] };
    console.log(`## ${file}\n${traceSummary(traceEvents, pagePath)}\n`);
  }
  process.exit(0);
}
const out = values.out ?? join(tmpdir(), 'bz-companion-inbox-profile');
const dists = [CHROMIUM_DIST, ...(values.before ? [resolve(values.before, 'extension/dist/chromium')] : [])];

const CATEGORIES = [
  'toplevel',
  'blink',
  'blink.user_timing',
  'loading',
  'v8',
  'v8.execute',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-v8.cpu_profiler',
];

/** Opens the page in a tab of the extension while Chromium traces, until its list is painted. */
async function traceInbox(browser: InboxBrowser): Promise<TraceEvent[]> {
  const page: Page = await browser.context.newPage();
  try {
    // A page of the extension first: the inbox then opens in the same renderer, which the session follows.
    await page.goto(`${browser.extension}/bench-empty-page.html`);
    const session = await page.context().newCDPSession(page);
    await session.send('Tracing.start', {
      traceConfig: { includedCategories: CATEGORIES },
      transferMode: 'ReturnAsStream',
    });
    await page.goto(`${browser.extension}${pagePath}`);
    const mark = values.page === 'popup' || browser.keptPaint ? 'listPaintMs' : 'firstPaintMs';
    await page.waitForFunction((key) => document.documentElement.dataset[key], mark, { timeout: 20_000 });
    await page.waitForTimeout(300);
    const done = new Promise<string>((resolve) =>
      session.once('Tracing.tracingComplete', (event) => resolve(event.stream as string)),
    );
    await session.send('Tracing.end');
    const stream = await done;
    let text = '';
    for (;;) {
      const chunk = await session.send('IO.read', { handle: stream });
      text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
      if (chunk.eof) break;
    }
    await session.send('IO.close', { handle: stream });
    const parsed = JSON.parse(text) as { traceEvents: TraceEvent[] } | TraceEvent[];
    return Array.isArray(parsed) ? parsed : parsed.traceEvents;
  } finally {
    await page.close();
  }
}

const scene = await inboxScene(dists);
try {
  await scene.changeMore();
  await mkdir(out, { recursive: true });
  for (const [b, browser] of scene.browsers.entries()) {
    // Once untraced, so the kept paint is the long list's (as in the bench's later openings).
    await traceInbox(browser);
    const events = await traceInbox(browser);
    const file = join(out, `${values.page}-${b === 0 ? 'this' : 'before'}.json`);
    await writeFile(file, JSON.stringify({ traceEvents: events }));
    console.log(`## ${b === 0 ? 'this build' : 'before'} (${browser.dist})\n${traceSummary(events, pagePath)}\n`);
    console.error(`bench: wrote ${file}`);
  }
} finally {
  await scene.close();
}
