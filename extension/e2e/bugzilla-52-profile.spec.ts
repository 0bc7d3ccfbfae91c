import { type RunningServer, serveFixture } from '@bz-companion/server/testing';
import type { RecordedRequest } from '@bz-companion/shared';
import { expect, type Page, test } from '@playwright/test';
import { type ExtensionBrowser, launchWithExtension } from './browser.js';

/**
 * The built extension against the companion serving as Bugzilla 5.2
 * (`serve --profile bugzilla-5.2 --admin`): the key only in the query, no
 * batch route, a visit only to a bug the user is involved in. The admin API
 * drops connections and answers 200s that are not answers, and its journal
 * shows what reached the server.
 */
const KEY = 'Profile52Key456789abcdefghijklmnopqrstuv';
const ME = 'tester@example.com';

let server: RunningServer;
let browser: ExtensionBrowser;

test.beforeAll(async () => {
  server = await serveFixture(
    {
      users: [{ login: ME, real_name: 'Tess Tester', api_keys: [KEY] }],
      bugs: [1, 2, 3, 4, 5].map((id) => ({ id, reporter: ME, ...(id === 5 ? { alias: 'login-blank' } : {}) })),
    },
    ['--profile', 'bugzilla-5.2', '--admin'],
  );
  browser = await launchWithExtension();
});
test.afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Admin writes declare their JSON body (the admin API refuses what a web page could send cross-origin). */
const admin = (path: string, init?: RequestInit) =>
  fetch(`${server.url}/__admin/${path}`, { ...init, headers: { 'Content-Type': 'application/json' } });

async function fault(rule: Record<string, unknown>): Promise<void> {
  const answer = await admin('faults', { method: 'POST', body: JSON.stringify(rule) });
  expect(answer.ok, await answer.clone().text()).toBe(true);
}

/** What the bug page's banner reads (what changed since the previous visit), apart from recording visits. */
const readsWhatChanged = (r: RecordedRequest) => r.method === 'GET' && /\/(comment|history)$/.test(r.path);

/** The requests about bugs that reached the server, apart from the banner's reads: `METHOD path status`. */
async function bugRequests(): Promise<string[]> {
  const { requests } = (await (await admin('requests')).json()) as { requests: RecordedRequest[] };
  return requests
    .filter((r) => r.path.startsWith('/rest/bug') && !readsWhatChanged(r))
    .map((r) => `${r.method} ${r.path} ${r.status}`);
}

/** The last-visit POSTs that reached the server: `path status`. */
async function visitPosts(): Promise<string[]> {
  return (await bugRequests()).filter((line) => line.startsWith('POST ')).map((line) => line.slice('POST '.length));
}

/** Opens a bug page, by number or alias. */
async function visit(bug: number | string): Promise<void> {
  const page = await browser.context.newPage();
  await page.goto(`${server.url}/show_bug.cgi?id=${bug}`);
  await page.close();
}

async function openPopup(): Promise<Page> {
  const popup = await browser.context.newPage();
  await popup.goto(`chrome-extension://${browser.extensionId}/src/popup/index.html`);
  await expect(popup.locator('main:not([aria-busy])')).toBeVisible();
  return popup;
}

test('the key is accepted, sent in the query (no whoami, the header ignored)', async () => {
  const options = await browser.openExtensionPage('src/options/index.html');
  await options.getByLabel('Tracker URL').first().fill(server.url);
  await options.getByLabel('API key').first().fill(KEY);
  await options.getByRole('button', { name: 'Save' }).first().click();
  const status = options.getByRole('status').first();
  await expect(status).toContainText('Saved. Key accepted (sent as a query parameter).');
  // 5.2 cannot say whose key it is (no whoami): the options ask for the login, for the inbox's "Needs you".
  await expect(status).toContainText('enter your login above');
  await options.close();
});

test('a visit is recorded at once', async () => {
  await visit(1);
  await expect.poll(visitPosts).toContain('/rest/bug_user_last_visit/1 200');
});

test('a 200 that is no answer is tried again silently; visits kept through dropped connections go one by one', async () => {
  await admin('requests', { method: 'DELETE' });
  // The first visit's POST gets a 200 whose body is not a list of visits (5.2 racing on the key's
  // last_used): tried again at once, recorded, and nothing shown.
  await fault({ method: 'POST', path_prefix: '/rest/bug_user_last_visit', status: 200, body: '', times: 1 });
  await visit(2);
  await expect.poll(visitPosts).toEqual(['/rest/bug_user_last_visit/2 200', '/rest/bug_user_last_visit/2 200']);
  expect((await browser.badge()).title).not.toMatch(/incomplete|JSON/);
  // Then no POST gets an answer (an alarm's retry in between finds the same) until the faults are cleared.
  await fault({ method: 'POST', path_prefix: '/rest/bug_user_last_visit', reset: true });
  await visit(3);
  await visit(4);
  const popup = await openPopup();
  await expect(popup.getByTestId('delivery')).toContainText('2 visits queued (bug 3, 4)');
  await admin('faults', { method: 'DELETE' });
  await admin('requests', { method: 'DELETE' });

  await popup.getByRole('button', { name: 'Retry now' }).click();
  await expect(popup.getByTestId('delivery')).not.toContainText('queued');
  // 5.2 has no batch route (404): that is learnt once, and each bug goes on its own.
  const posts = await visitPosts();
  const missing = posts.indexOf('/rest/bug_user_last_visit 404');
  expect(posts.filter((line) => line.endsWith(' 404'))).toEqual(['/rest/bug_user_last_visit 404']);
  expect(posts.slice(missing + 1)).toEqual(['/rest/bug_user_last_visit/3 200', '/rest/bug_user_last_visit/4 200']);
  await popup.close();
});

test('a visit by alias is recorded under its number (the path takes digits only), and the popup shows both', async () => {
  await admin('requests', { method: 'DELETE' });
  await visit('login-blank');
  await expect.poll(bugRequests).toContain('POST /rest/bug_user_last_visit/5 200');
  expect(await bugRequests()).toEqual([
    'POST /rest/bug_user_last_visit/login-blank 404',
    'GET /rest/bug/login-blank 200',
    'POST /rest/bug_user_last_visit/5 200',
  ]);
  const popup = await openPopup();
  await expect(popup.getByTestId('delivery')).toContainText('Sent bug login-blank (bug 5)');
  await popup.close();

  // Known now: the number is sent straight away, from the cache.
  await admin('requests', { method: 'DELETE' });
  await visit('login-blank');
  await expect.poll(bugRequests).toEqual(['POST /rest/bug_user_last_visit/5 200']);
});
