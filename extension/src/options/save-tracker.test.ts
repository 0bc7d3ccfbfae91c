import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestFor } from '../../manifest.config.js';
import { isLocalTracker, type Tracker } from '../common/trackers.js';
import { KEY, startCompanion } from '../testing/companion.js';
import { platformWithTrackers } from '../testing/trackers.js';
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
    });
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
});

describe('local trackers and the manifest', () => {
  it('agree: the origins granted up front are exactly those that skip the request', () => {
    const granted = (manifestFor('chromium') as { host_permissions: string[] }).host_permissions;
    expect(granted).toEqual(['http://127.0.0.1/*', 'http://localhost/*']);
    expect(isLocalTracker('http://127.0.0.1:3080/')).toBe(true);
    expect(isLocalTracker('http://localhost:8080/bugzilla/')).toBe(true);
    // Not granted by the manifest, so it must be asked for like any other.
    expect(isLocalTracker('https://localhost/')).toBe(false);
    expect(isLocalTracker('https://127.0.0.1/')).toBe(false);
  });
});
