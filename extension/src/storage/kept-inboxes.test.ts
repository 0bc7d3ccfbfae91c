import { describe, expect, it } from 'vitest';
import { MemoryPlatform } from '../../testing/memory-platform.js';
import { platformWithTrackers } from '../../testing/trackers.js';
import type { NewsSnapshot } from '../common/news-state.js';
import { emptyTriage } from '../common/triage.js';
import { keptInboxes } from './kept-inboxes.js';
import { SYNC } from './keys.js';
import { NewsStorage } from './news-storage.js';
import { trackerInboxes } from './tracker-inboxes.js';
import { TriageStorage } from './triage-storage.js';

const snapshot: NewsSnapshot = {
  at: 1_000,
  source: 'tracker',
  bugs: [
    { id: 7, summary: 'Crash', visitedAt: 500, news: { comments: 1, changes: 0, fields: [], firstNewComment: 2 } },
  ],
};

describe('the kept inboxes, read without the schemas', () => {
  it('are what the validated read gives, for storage in the current layout', async () => {
    const { platform } = await platformWithTrackers(
      { url: 'https://bugs.example.org/' },
      { url: 'https://other.example.org/', label: 'Other' },
    );
    await new NewsStorage(platform).saveSnapshot('t1', snapshot);
    await new TriageStorage(platform).write('t2', { ...emptyTriage(), starred: { 9: 1 } }, 2_000);
    const kept = await keptInboxes(platform);
    expect(kept?.map((inbox) => inbox.label)).toEqual(['bugs.example.org', 'Other']);
    expect(kept).toEqual(await trackerInboxes(platform));
  });

  it('are null where storage is in an older layout or holds an entry this version would not write', async () => {
    const old = new MemoryPlatform();
    old.sync.data.set('trackerUrl', 'https://bugs.example.org/');
    expect(await keptInboxes(old)).toBeNull();
    const { platform } = await platformWithTrackers({ url: 'https://bugs.example.org/' });
    platform.sync.data.set(SYNC.trackers, [{ id: 't1', url: 'not a url' }]);
    expect(await keptInboxes(platform)).toBeNull();
  });
});
