import { createClient } from '@bz-companion/shared';
import { expect } from '@playwright/test';
import type { ExtensionDriver } from './extension-driver.js';
import { aLaterSecond, badgeText, chooseFilter, clickText, row, rows, textOf } from './inbox-page.js';
import {
  CAROL_KEY,
  carolActs,
  ME,
  type TriageTracker,
  triageFixture,
  triageStorage,
  writes,
} from './needs-you-harness.js';

/**
 * The triage story, written once and run in Chromium (needs-you.spec.ts) and firefox-esr
 * (needs-you-firefox.spec.ts), on four trackers: the test double under its default,
 * `bugzilla-5.2` (the login given), `bugzilla-5.1` and `bmo` profiles. Each step starts where
 * the one before left the trackers.
 */

/** The bugs Carol filed for the user, by tracker id (set by the first step). */
export const filed: Record<string, number> = {};

/** A row's words: what needs the user, what changed. */
const needsOf = (d: ExtensionDriver, selector: string) => textOf(d, `${selector} .needs-words`);
const groupHeads = (d: ExtensionDriver) =>
  d.run<string[]>("return [...document.querySelectorAll('.group-head h2')].map((h) => h.textContent);");

/** Makes a row the current one, as Tab or a click beside its link would (a click on the link opens the bug: a visit). */
const focusRow = (d: ExtensionDriver, selector: string) =>
  d.run("document.querySelector(args[0] + ' a.line').focus();", selector);

export async function seedTriage(d: ExtensionDriver, trackers: readonly TriageTracker[]): Promise<void> {
  const { sync, local } = triageStorage(trackers);
  await d.run('await ext.storage.sync.set(args[0]); await ext.storage.local.set(args[1]);', sync, local);
}

/**
 * The inbox looks as it opens; after Carol files a bug for the user and changes others, `r`
 * looks again: the requests of the user come first, the oldest first across trackers (the
 * upstream 5.2's too: its login was given), then the new bugs now theirs, then the rest.
 */
export async function requestsFirstThenNewBugs(d: ExtensionDriver, trackers: readonly TriageTracker[]): Promise<void> {
  await d.open('src/inbox/index.html');
  const requests = ['d:1', 'u52:1', 'u51:1', 'bmo:1', 'd:2', 'u52:2', 'u51:2', 'bmo:2'];
  await expect.poll(() => rows(d), { timeout: 30_000 }).toEqual(requests);
  expect(await groupHeads(d)).toEqual(['Needs you (8): requests of you, oldest first, then bugs now yours']);
  expect(await needsOf(d, row(1, 'd'))).toBe('needinfo? from you by carol, 2 days ago');
  expect(await needsOf(d, row(2, 'bmo'))).toBe('carol asks you for review of fix-scroll.patch, 23 hours ago');
  await aLaterSecond();
  Object.assign(filed, await carolActs(trackers));
  await d.press('r');
  await expect
    .poll(() => d.run<string | null>("return document.querySelector('.group-head h2')?.textContent ?? null;"), {
      timeout: 30_000,
    })
    .toBe('Needs you (12): requests of you, oldest first, then bugs now yours');
  await chooseFilter(d, 'Tracker', 'Default');
  await expect.poll(() => rows(d)).toEqual(['d:1', 'd:2', `d:${filed.d}`, 'd:5', 'd:3']);
  expect(await needsOf(d, row(filed.d as number, 'd'))).toBe('new bug filed by carol, assigned to you');
  expect(await textOf(d, `${row(5, 'd')} .what`)).toBe('Priority --- → Highest');
  expect(await textOf(d, `${row(3, 'd')} .what`)).toBe('1 new comment: “+1, I see this too.”');
  expect(await textOf(d, '[data-testid="inbox-count"]')).toMatch(/^5 of 20 waiting across 4 trackers/);
  await chooseFilter(d, 'Tracker', 'Upstream 5.2');
  await expect.poll(() => rows(d)).toEqual(['u52:1', 'u52:2', `u52:${filed.u52}`, 'u52:5', 'u52:3']);
  expect(await textOf(d, `${row(3, 'u52')} .chip`)).toBe('CC');
  await chooseFilter(d, 'Tracker', '');
  await expect.poll(() => badgeText(d)).toBe('20');
}

/** The search reads prefixes, and the count follows it. */
export async function searchWithPrefixes(d: ExtensionDriver): Promise<void> {
  await d.click('input[type="search"]');
  await d.type('reason:review from:carol');
  await expect.poll(() => rows(d)).toEqual(['d:2', 'u52:2', 'u51:2', 'bmo:2']);
  expect(await textOf(d, '[data-testid="inbox-count"]')).toMatch(/^4 of 20 waiting/);
  await d.run(
    "const box = document.querySelector('input[type=\"search\"]'); box.value = ''; box.dispatchEvent(new Event('input', { bubbles: true })); box.blur();",
  );
  await expect.poll(async () => (await rows(d))?.length).toBeGreaterThan(4);
}

/** "Requests by you": the feedback the user asked of Carol on each tracker, the longest waiting first. */
export async function requestsByYou(d: ExtensionDriver): Promise<void> {
  await d.click('.sidebar .views li:nth-child(2) button');
  const listed = () =>
    d.run<string[]>(
      "return [...document.querySelectorAll('.by-you-row')].map((r) => r.dataset.tracker + ':' + r.dataset.bug + ' ' + r.querySelector('.what').textContent);",
    );
  await expect
    .poll(listed)
    .toEqual([
      'd:4 feedback? of carol, asked 2 days ago',
      'u52:4 feedback? of carol, asked 2 days ago',
      'u51:4 feedback? of carol, asked 2 days ago',
      'bmo:4 feedback? of carol, asked 2 days ago',
    ]);
  await d.click('.sidebar .views li:nth-child(1) button');
  await expect.poll(() => rows(d)).not.toBeNull();
}

/** j moves the keyboard's focus to the next row (a screen reader reads it), not only a highlight. */
export async function focusFollowsJ(d: ExtensionDriver): Promise<void> {
  await d.run('document.activeElement?.blur();');
  await d.press('j');
  const focused = () =>
    d.run<string | null>(
      "const li = document.activeElement?.closest('.inbox-row'); return li ? li.dataset.tracker + ':' + li.dataset.bug : null;",
    );
  await expect.poll(focused).toBe('u52:1');
  await d.press('k');
  await expect.poll(focused).toBe('d:1');
}

/** Answering the needinfo (n): the comment and the flag cleared reach the tracker; the request leaves "Needs you". */
export async function answerTheNeedinfo(d: ExtensionDriver, tracker: TriageTracker): Promise<void> {
  tracker.server.clearRequests();
  await focusRow(d, row(1, tracker.id));
  await d.press('n');
  await expect.poll(() => d.run<boolean>("return !!document.querySelector('dialog[open] textarea');")).toBe(true);
  await d.click('dialog[open] textarea');
  await d.type('It is build 20261201.');
  await d.click('dialog[open] button[type="submit"]');
  await expect.poll(() => writes(tracker)).toEqual(['PUT /rest/bug/1']);
  const sent = tracker.server.requests().find((r) => r.method === 'PUT');
  expect(sent?.body).toMatchObject({ flags: [{ id: 1, status: 'X' }], comment: { body: 'It is build 20261201.' } });
  await expect
    .poll(() => textOf(d, '[role=status]'))
    .toMatch(/^Needinfo answered: bug 1\. A comment stays on the tracker/);
  // Nothing else new there: answered, the bug waits no more (the tracker's refresh after the action says so).
  await expect.poll(async () => (await rows(d))?.includes(`${tracker.id}:1`)).toBe(false);
}

/** Granting the review of the patch (g): the attachment's flag reaches the tracker as review+. */
export async function grantTheReview(d: ExtensionDriver, tracker: TriageTracker): Promise<void> {
  tracker.server.clearRequests();
  await focusRow(d, row(2, tracker.id));
  await d.press('g');
  await expect.poll(() => d.run<boolean>("return !!document.querySelector('dialog[open]');")).toBe(true);
  await d.run(
    "[...document.querySelectorAll('dialog[open] button')].find((b) => b.textContent.startsWith('Grant')).setAttribute('data-e2e-grant', '');",
  );
  await d.click('[data-e2e-grant]');
  await expect.poll(() => writes(tracker)).toEqual(['PUT /rest/bug/attachment/7']);
  expect(tracker.server.requests().find((r) => r.method === 'PUT')?.body).toMatchObject({
    flags: [{ id: 2, status: '+' }],
  });
  await expect.poll(() => textOf(d, '[role=status]')).toMatch(/^Review\+ given: bug 2\./);
  await expect.poll(async () => (await rows(d))?.includes(`${tracker.id}:2`)).toBe(false);
}

/** Take (t), then z: the assignee changes on the tracker and changes back. */
export async function takeAndUndo(d: ExtensionDriver, tracker: TriageTracker): Promise<void> {
  tracker.server.clearRequests();
  await focusRow(d, row(5, tracker.id));
  await d.press('t');
  await expect.poll(() => writes(tracker)).toEqual(['PUT /rest/bug/5']);
  expect(tracker.server.requests().find((r) => r.method === 'PUT')?.body).toMatchObject({ assigned_to: ME });
  await expect.poll(() => textOf(d, '[role=status]')).toMatch(/^Taken: assigned to you: bug 5\./);
  await d.run('document.activeElement?.blur();');
  await d.press('z');
  await expect.poll(() => writes(tracker)).toEqual(['PUT /rest/bug/5', 'PUT /rest/bug/5']);
  expect(tracker.server.requests().filter((r) => r.method === 'PUT')[1]?.body).toMatchObject({
    reset_assigned_to: true,
  });
}

/** Status (u) to RESOLVED FIXED along the tracker's workflow, then its undo. */
export async function resolveAndUndo(d: ExtensionDriver, tracker: TriageTracker): Promise<void> {
  tracker.server.clearRequests();
  await focusRow(d, row(3, tracker.id));
  await d.press('u');
  await expect
    .poll(() => d.run<number>("return document.querySelectorAll('dialog[open] select option').length;"))
    .toBeGreaterThan(1);
  await d.run(
    `const pick = (label, value) => { const select = [...document.querySelectorAll('dialog[open] label')].find((l) => l.textContent.startsWith(label)).querySelector('select'); select.value = value; select.dispatchEvent(new Event('change', { bubbles: true })); };
     pick('New status', 'RESOLVED');`,
  );
  await expect
    .poll(() =>
      d.run<number>(
        "return [...document.querySelectorAll('dialog[open] label')].filter((l) => l.textContent.startsWith('Resolution')).length;",
      ),
    )
    .toBe(1);
  await d.run(
    `const select = [...document.querySelectorAll('dialog[open] label')].find((l) => l.textContent.startsWith('Resolution')).querySelector('select'); select.value = 'FIXED'; select.dispatchEvent(new Event('change', { bubbles: true }));`,
  );
  await d.click('dialog[open] button[type="submit"]');
  await expect.poll(() => writes(tracker)).toEqual(['PUT /rest/bug/3']);
  expect(tracker.server.requests().find((r) => r.method === 'PUT')?.body).toMatchObject({
    status: 'RESOLVED',
    resolution: 'FIXED',
  });
  await expect.poll(() => textOf(d, '[role=status]')).toMatch(/^Status RESOLVED FIXED: bug 3\./);
  await d.click('[role=status] button');
  await expect.poll(() => writes(tracker)).toEqual(['PUT /rest/bug/3', 'PUT /rest/bug/3']);
  expect(tracker.server.requests().filter((r) => r.method === 'PUT')[1]?.body).toMatchObject({
    status: 'CONFIRMED',
    resolution: '',
  });
}

/** A reply to a bug Carol changed since the list was read is held (a mid-air collision), then sent when told to. */
export async function collisionShownNotOverwritten(d: ExtensionDriver, tracker: TriageTracker): Promise<void> {
  const bug = filed[tracker.id] as number;
  await aLaterSecond();
  const carol = createClient({ baseUrl: tracker.server.url, apiKey: CAROL_KEY, authMode: 'query' });
  await carol.bugs.addComment(bug, { comment: 'Meanwhile: the checklist moved to the wiki.' });
  tracker.server.clearRequests();
  await focusRow(d, row(bug, tracker.id));
  await d.press('c');
  await expect.poll(() => d.run<boolean>("return !!document.querySelector('dialog[open] textarea');")).toBe(true);
  await d.click('dialog[open] textarea');
  await d.type('On it.');
  await d.click('dialog[open] button[type="submit"]');
  await expect
    .poll(() => textOf(d, `${row(bug, tracker.id)} .act-state`))
    .toMatch(/^changed on the tracker at \d{1,2}:\d\d( [AP]M)?, since you looked: nothing sent$/);
  expect(writes(tracker)).toEqual([]);
  await clickText(d, '[role=status] button', 'Send anyway');
  await expect.poll(() => writes(tracker)).toEqual([`POST /rest/bug/${bug}/comment`]);
  expect(tracker.server.requests().find((r) => r.method === 'POST')?.body).toMatchObject({ comment: 'On it.' });
}

/** One tracker stopped: its rows are said to be stale beside them, the badge shows `!`. */
export async function stoppedTrackerSaysSo(d: ExtensionDriver, tracker: TriageTracker): Promise<void> {
  await tracker.server.stop();
  await d.press('r');
  await expect
    .poll(() => textOf(d, `[data-testid="trouble"] li[data-tracker="${tracker.id}"]`), { timeout: 30_000 })
    .toMatch(new RegExp(`^${tracker.label} unreachable since \\d{1,2}:\\d\\d( [AP]M)? — its rows may be stale$`));
  await expect.poll(() => badgeText(d)).toMatch(/!$/);
}

/** A revoked key is said, with Fix. */
export async function revokedKeySaysSo(d: ExtensionDriver, tracker: TriageTracker): Promise<void> {
  const fixture = triageFixture(47);
  const revoked = {
    ...fixture,
    users: fixture.users.map((u) =>
      u.login === ME ? { ...u, api_keys: [], revoked_api_keys: [u.api_keys[0] as string] } : u,
    ),
  };
  await tracker.server.reset(revoked as never);
  await d.press('r');
  await expect
    .poll(() => textOf(d, `[data-testid="trouble"] li[data-tracker="${tracker.id}"]`), { timeout: 30_000 })
    .toBe(`${tracker.label}: key rejected — its rows may be stale Fix`);
}

/** The upstream 5.2's login, checked by Save in the options: another user's is refused, the key's own accepted. */
export async function loginCheckedInOptions(d: ExtensionDriver, tracker: TriageTracker): Promise<void> {
  await d.open('src/options/index.html');
  await clickText(d, '.tracker-line .name', tracker.label);
  const login = `#login-${tracker.id}`;
  const status = `#form-${tracker.id} [data-testid="options-status"]`;
  const typeLogin = async (value: string) => {
    await d.run(
      "const input = document.querySelector(args[0]); input.value = ''; input.dispatchEvent(new Event('input', { bubbles: true }));",
      login,
    );
    await d.click(login);
    await d.type(value);
  };
  await typeLogin('carol@example.com');
  await d.click(`#form-${tracker.id} button[type="submit"]`);
  await expect
    .poll(() => textOf(d, status))
    .toBe(
      "This API key is not carol@example.com's: the tracker shows that account as someone else's. Enter the key's own login.",
    );
  await typeLogin(ME);
  await d.click(`#form-${tracker.id} button[type="submit"]`);
  await expect.poll(() => textOf(d, status)).toBe(`Saved. Signed in as ${ME} (key sent as a query parameter).`);
}
