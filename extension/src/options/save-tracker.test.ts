import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { manifestFor } from '../../manifest.config.js';
import { deadUrl, KEY, startCompanion } from '../../testing/companion.js';
import { platformWithTrackers } from '../../testing/trackers.js';
import { isLocalTracker, type Tracker } from '../common/trackers.js';
import { KEPT_PAINT } from '../ui/kept-paint.js';
import { removeTracker, saveTracker } from './save-tracker.js';

let companion: Awaited<ReturnType<typeof startCompanion>>;
beforeAll(async () => {
  companion = await startCompanion();
});
afterAll(async () => {
  await companion.close();
});

const draft = (url: string, patch: Partial<Tracker> = {}): Tracker => ({
  id: 'new',
  url,
  apiKey: KEY,
  authPreference: 'auto',
  recordVisits: true,
  ...patch,
});

describe('saveTracker (the Save click)', () => {
  it('asks for the origin before anything waits, as Firefox requires', async () => {
    const { platform, storage, trackers } = await platformWithTrackers();
    const saving = saveTracker({ platform, storage }, draft('bugzilla.mozilla.org'), trackers);
    // Nothing awaited yet: a request made after any await would not be here.
    expect(platform.requested).toEqual(['https://bugzilla.mozilla.org/*']);
    expect(await saving).toEqual({
      kind: 'error',
      text: 'Without permission for https://bugzilla.mozilla.org/* the extension cannot reach the tracker.',
    });
    expect(await storage.trackers()).toEqual([]);
  });

  it('asks nothing for the local companion, stores the tracker and names the signed-in user', async () => {
    const { platform, storage, trackers } = await platformWithTrackers();
    const outcome = await saveTracker({ platform, storage }, draft(`${companion.url}rest/`), trackers);
    expect(platform.requested).toEqual([]);
    expect(outcome).toMatchObject({ kind: 'ok', text: 'Saved. Signed in as me@example.com (key sent as a header).' });
    expect(outcome.saved).toMatchObject({ url: companion.url, apiKey: KEY });
    expect(await storage.trackers()).toMatchObject([{ id: 'new', url: companion.url, apiKey: KEY }]);
  });

  it('refuses a second tracker with the same URL, changing nothing', async () => {
    const { platform, storage, trackers } = await platformWithTrackers({ url: companion.url });
    const outcome = await saveTracker({ platform, storage }, draft(companion.url.replace(/\/$/, '')), trackers);
    expect(outcome).toEqual({
      kind: 'error',
      text: `${companion.url} is already in the list: each tracker can be added once.`,
      field: 'url',
    });
    expect((await storage.trackers()).map((t) => t.id)).toEqual(['t1']);
  });

  it('refuses the same tracker under another name, saying which one and why, before asking for any permission', async () => {
    const { platform, storage, trackers } = await platformWithTrackers({
      url: 'https://bugs.example.org/bugzilla/',
      label: 'Work',
    });
    const outcome = await saveTracker(
      { platform, storage },
      draft('https://bugs.example.org/bugzilla/docs/en/'),
      trackers,
    );
    expect(outcome).toEqual({
      kind: 'error',
      text: 'https://bugs.example.org/bugzilla/docs/en/ is the same tracker as Work (https://bugs.example.org/bugzilla/), already in the list: /bugzilla/docs/en/ is a page of the tracker, not another one. Each tracker can be added once.',
      field: 'url',
    });
    const loopback = await saveTracker({ platform, storage }, draft(companion.url.replace('127.0.0.1', 'localhost')), [
      ...trackers,
      { ...draft(companion.url), id: 'local' },
    ]);
    expect(loopback.text).toMatch(/localhost and 127\.0\.0\.1 are both this computer/);
    expect(platform.requested).toEqual([]);
    expect((await storage.trackers()).map((t) => t.id)).toEqual(['t1']);
  });

  it('removes a tracker with its origin permission only when no other tracker uses that origin', async () => {
    const { platform, storage, trackers } = await platformWithTrackers(
      { url: 'https://host.example/' },
      { url: 'https://host.example/bugzilla/' },
      { url: 'https://other.example/' },
    );
    for (const origin of ['https://host.example/*', 'https://other.example/*']) platform.granted.add(origin);
    const [root, sub, other] = trackers as [Tracker, Tracker, Tracker];
    await removeTracker({ platform, storage }, root, trackers);
    expect(platform.granted.has('https://host.example/*')).toBe(true);
    await removeTracker({ platform, storage }, sub, [sub, other]);
    expect([...platform.granted]).toEqual(['https://other.example/*']);
    expect((await storage.trackers()).map((t) => t.id)).toEqual(['t3']);
  });

  it("forgets what the popup and the inbox kept for their first paint, which may show the tracker's bugs", async () => {
    // The pages' localStorage, which Node has not: a Map behind the two calls kept-paint.ts makes.
    const kept = new Map([
      [KEPT_PAINT.popup, '<ol><li>Bug 1 of the removed tracker</li></ol>'],
      [KEPT_PAINT.inbox, '<ol><li>Bug 1 of the removed tracker</li></ol>'],
      ['other', 'left alone'],
    ]);
    vi.stubGlobal('localStorage', {
      setItem: (key: string, value: string) => kept.set(key, value),
      removeItem: (key: string) => kept.delete(key),
    });
    try {
      const { platform, storage, trackers } = await platformWithTrackers({ url: 'https://host.example/' });
      await removeTracker({ platform, storage }, trackers[0] as Tracker, trackers);
      expect([...kept.keys()]).toEqual(['other']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('Save checks first and stores nothing it refuses', () => {
  it('a URL with no REST API under it: says where it looked and what to check', async () => {
    const { platform, storage, trackers } = await platformWithTrackers();
    const outcome = await saveTracker({ platform, storage }, draft(`${companion.url}x/`), trackers);
    expect(outcome).toMatchObject({
      kind: 'error',
      text: `No Bugzilla REST API at ${companion.url}x/rest/ (404). Is the URL the tracker's front page?`,
      saveAnyway: false,
      field: 'url',
    });
    expect(outcome.saved).toBeUndefined();
    expect(await storage.trackers()).toEqual([]);
  });

  it('https typed for a tracker that answers on http only', async () => {
    const { platform, storage, trackers } = await platformWithTrackers();
    const https = companion.url.replace(/^http:/, 'https:');
    const outcome = await saveTracker({ platform, storage }, draft(https), trackers);
    expect(outcome).toMatchObject({
      kind: 'error',
      text: expect.stringMatching(/^This tracker answers on http:\/\/, not https:\/\//),
    });
    expect(await storage.trackers()).toEqual([]);
  });

  it('a key the tracker rejects', async () => {
    const { platform, storage, trackers } = await platformWithTrackers();
    const outcome = await saveTracker({ platform, storage }, draft(companion.url, { apiKey: 'WrongKey' }), trackers);
    expect(outcome).toMatchObject({
      kind: 'error',
      text: expect.stringMatching(/^The tracker rejected this API key/),
      field: 'key',
    });
    expect(outcome.details).toMatch(/API key you specified is invalid/);
    expect(await storage.trackers()).toEqual([]);
  });

  it('an unreachable tracker is refused, and stored on "Save anyway"', async () => {
    const { platform, storage, trackers } = await platformWithTrackers();
    const dead = await deadUrl();
    const refused = await saveTracker({ platform, storage }, draft(dead), trackers);
    expect(refused).toMatchObject({
      kind: 'error',
      saveAnyway: true,
      text: expect.stringMatching(/cannot be reached/),
    });
    expect(refused.text).not.toMatch(/fetch failed|ECONNREFUSED/);
    expect(await storage.trackers()).toEqual([]);
    const anyway = await saveTracker({ platform, storage }, draft(dead), trackers, { unchecked: true });
    expect(anyway).toMatchObject({ kind: 'ok', saved: { url: dead } });
    expect(await storage.trackers()).toMatchObject([{ url: dead }]);
  });
});

describe('local trackers and the manifest', () => {
  it('agree: the origins granted up front are exactly those that skip the request', () => {
    const granted = (manifestFor('chromium') as { host_permissions: string[] }).host_permissions;
    expect(granted).toEqual(['http://127.0.0.1/*', 'http://localhost/*', 'https://127.0.0.1/*', 'https://localhost/*']);
    expect(isLocalTracker('http://127.0.0.1:3080/')).toBe(true);
    expect(isLocalTracker('http://localhost:8080/bugzilla/')).toBe(true);
    expect(isLocalTracker('https://localhost/')).toBe(true);
    // Not granted by the manifest, so it must be asked for like any other.
    expect(isLocalTracker('https://127.0.0.2/')).toBe(false);
    expect(isLocalTracker('http://bugs.local/')).toBe(false);
  });
});
