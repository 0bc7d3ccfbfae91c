import { type BzServer, startServer } from '@bz-companion/server';
import { expect, type Page, test } from '@playwright/test';
import { type ExtensionBrowser, launchWithExtension } from './browser.js';
import { keySentAs, lastVisitRequests, readsPreviousVisit } from './journal.js';

/**
 * The extension's main scenarios against the companion answering as each
 * tracker it meets (spec test-double.md §3): a visit is recorded, a visit
 * queued while the tracker fails is delivered once it recovers, and the popup
 * shows the instance and the recent visits. What reached the tracker is read
 * from its request journal; failures are its faults.
 */
const KEY = 'ProfilesKey56789abcdefghijklmnopqrstuvwx';
const ME = 'tester@example.com';

interface Expected {
  profile: 'bz-companion' | 'bugzilla-5.2' | 'bmo';
  /** 5.2 ignores the header, so the key must go in the query. */
  keySentAs: 'header' | 'query';
  /** What Save says once the key is checked (5.2 has no whoami to name the user). */
  saved: RegExp;
  version: string;
  /** 5.2 has no route for several visits in one POST; each goes on its own after one 404. */
  batchRoute: boolean;
  /** 5.2 crashes when asked for a user's visits: the popup says the tracker cannot list them. */
  listsRecentVisits: boolean;
  /** BMO has no /rest/last_audit_time; the others have no audit events in this fixture. */
  lastAudit: string;
  /** 5.2 and BMO route only digits in the last-visit path: an alias is looked up first. */
  aliasInPath: boolean;
}

const PROFILES: Expected[] = [
  {
    profile: 'bz-companion',
    keySentAs: 'header',
    saved: /Signed in as tester@example\.com/,
    version: '5.2',
    batchRoute: true,
    listsRecentVisits: true,
    lastAudit: 'no audit events',
    aliasInPath: true,
  },
  {
    profile: 'bugzilla-5.2',
    keySentAs: 'query',
    // 5.2 cannot say whose key it is: the note also asks for the login (the inbox's "Needs you").
    saved:
      /^Saved\. Key accepted \(sent as a query parameter\)\. This tracker does not say whose key it is: enter your login above/,
    version: '5.2',
    batchRoute: false,
    listsRecentVisits: false,
    lastAudit: 'no audit events',
    aliasInPath: false,
  },
  {
    profile: 'bmo',
    keySentAs: 'header',
    saved: /Signed in as tester@example\.com/,
    version: '20260820.1',
    batchRoute: true,
    listsRecentVisits: true,
    lastAudit: 'not supported by this tracker',
    aliasInPath: false,
  },
];

// 5.2 records a visit only to a bug the user is involved in: the user reported them all.
const fixture = {
  instance: { extensions: { BugModal: { version: '1.0' } } },
  users: [{ login: ME, real_name: 'Tess Tester', api_keys: [KEY] }],
  bugs: [1, 2, 3, 4].map((id) => ({ id, reporter: ME, ...(id === 4 ? { alias: 'fourth' } : {}) })),
};

for (const expected of PROFILES) {
  test.describe(`against the ${expected.profile} profile`, () => {
    // Each test builds on the one before (the tracker set up, then visits made).
    test.describe.configure({ mode: 'serial' });
    let bz: BzServer;
    let browser: ExtensionBrowser;

    test.beforeAll(async () => {
      bz = await startServer({ fixture, profile: expected.profile });
      browser = await launchWithExtension();
    });
    test.afterAll(async () => {
      await browser?.close();
      await bz?.stop();
    });

    async function visit(bug: number | string): Promise<void> {
      const page = await browser.context.newPage();
      await page.goto(`${bz.url}show_bug.cgi?id=${bug}`);
      await page.close();
    }

    async function openPopup(): Promise<Page> {
      const popup = await browser.openExtensionPage('src/popup/index.html');
      await expect(popup.locator('main:not([aria-busy])')).toBeVisible();
      return popup;
    }

    const sentSince = (n: number) => lastVisitRequests(bz.requests({ since: n }));
    const lastRequestNumber = () => bz.requests().at(-1)?.n ?? 0;

    test('the key is accepted and a visit is recorded, the key sent as this tracker reads it', async () => {
      const options = await browser.openExtensionPage('src/options/index.html');
      await options.getByLabel('Tracker URL').first().fill(bz.url);
      await options.getByLabel('API key').first().fill(KEY);
      await options.getByRole('button', { name: 'Save' }).first().click();
      await expect(options.getByRole('status').first()).toHaveText(expected.saved);
      await options.close();

      bz.clearRequests();
      await visit(1);
      await expect.poll(() => sentSince(0)).toEqual(['POST /rest/bug_user_last_visit/1 200']);
      const [post] = bz.requests().filter((request) => request.path === '/rest/bug_user_last_visit/1');
      expect(post?.user).toBe(ME);
      expect(post && keySentAs(post)).toBe(expected.keySentAs);
    });

    test('visits queued while the tracker fails are delivered once the fault clears', async () => {
      bz.fault({ method: 'POST', path_prefix: '/rest/bug_user_last_visit', status: 503 });
      await visit(2);
      await expect.poll(async () => (await browser.badge()).text).toBe('!');
      await visit(3);
      await expect.poll(async () => (await browser.badge()).title).toMatch(/2 visits waiting to be sent/);
      expect((await browser.badge()).title).toMatch(/503/);
      const popup = await openPopup();
      await expect(popup.getByTestId('delivery')).toContainText('2 visits queued (bug 2, 3)');

      bz.clearFaults();
      const cleared = lastRequestNumber();
      await popup.getByRole('button', { name: 'Retry now' }).click();
      await expect.poll(async () => (await browser.badge()).text).toBe('');
      const delivered = sentSince(cleared);
      if (expected.batchRoute) {
        expect(delivered).toEqual(['POST /rest/bug_user_last_visit 200']);
        const [batch] = bz.requests({ since: cleared }).filter((r) => r.path === '/rest/bug_user_last_visit');
        expect(batch?.body).toEqual({ ids: ['2', '3'] });
      } else {
        expect(delivered).toEqual([
          'POST /rest/bug_user_last_visit 404',
          'POST /rest/bug_user_last_visit/2 200',
          'POST /rest/bug_user_last_visit/3 200',
        ]);
      }
      for (const request of bz.requests({ since: cleared })) expect(keySentAs(request)).toBe(expected.keySentAs);
      await popup.close();
    });

    test('a visit by alias is recorded under its number', async () => {
      const before = lastRequestNumber();
      await visit('fourth');
      const sent = () =>
        bz
          .requests({ since: before })
          .filter((request) => request.path.startsWith('/rest/bug') && !readsPreviousVisit(request))
          .map((request) => `${request.method} ${request.path} ${request.status}`);
      if (expected.aliasInPath) {
        await expect.poll(sent).toEqual(['POST /rest/bug_user_last_visit/fourth 200']);
      } else {
        await expect
          .poll(sent)
          .toEqual([
            'POST /rest/bug_user_last_visit/fourth 404',
            'GET /rest/bug/fourth 200',
            'POST /rest/bug_user_last_visit/4 200',
          ]);
      }
    });

    test('the popup shows the instance information and the recent visits', async () => {
      const popup = await openPopup();
      await expect(popup.locator('dd').first()).toHaveText(expected.version);
      await popup.getByText('About this tracker').click();
      await expect(popup.getByText('BugModal 1.0')).toBeVisible();
      await expect(popup.getByText('+0000')).toBeVisible();
      await expect(popup.locator('dt:has-text("Last audit") + dd')).toHaveText(expected.lastAudit);
      await expect(popup.getByText('Database and web server agree.')).toBeVisible();
      const recent = popup.getByRole('region', { name: 'Recently visited' });
      if (expected.listsRecentVisits) {
        for (const bug of [1, 2, 3, 4]) {
          await expect(recent.getByRole('link', { name: new RegExp(`^#${bug}\\b`) })).toHaveAttribute(
            'href',
            `${bz.url}show_bug.cgi?id=${bug}`,
          );
        }
      } else {
        // The tracker cannot list them: the visits this browser recorded stand in, and the popup says so.
        await expect(recent.getByRole('link', { name: /^#1\b/ })).toHaveAttribute('href', `${bz.url}show_bug.cgi?id=1`);
        await expect(recent).toContainText('as this browser recorded them');
      }
      await popup.close();
    });
  });
}
