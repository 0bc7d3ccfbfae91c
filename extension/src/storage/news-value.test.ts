import { describe, expect, it } from 'vitest';
import { MemoryPlatform } from '../../testing/memory-platform.js';
import type { NewsSnapshot } from '../common/news-state.js';
import { LOCAL } from './keys.js';
import { NewsStorage } from './news-storage.js';
import { readSnapshot, storedSnapshot } from './news-value.js';

const snapshot: NewsSnapshot = {
  at: 1_000,
  source: 'tracker',
  bugs: [
    {
      id: 7,
      summary: 'Crash “here”',
      visitedAt: 500,
      news: { comments: 1, changes: 0, fields: [], firstNewComment: 2 },
    },
    { id: 8, summary: null, visitedAt: 400, news: null },
  ],
};

describe("a tracker's kept refresh in storage.local", () => {
  it('is written as one string and read back as it was', async () => {
    const platform = new MemoryPlatform();
    const news = new NewsStorage(platform);
    await news.saveSnapshot('t1', snapshot);
    expect(typeof platform.local.data.get(LOCAL.news('t1'))).toBe('string');
    expect(await news.snapshot('t1')).toEqual(snapshot);
  });

  it('is read as an earlier version wrote it (the object itself)', async () => {
    const platform = new MemoryPlatform();
    platform.local.data.set(LOCAL.news('t1'), structuredClone(snapshot));
    expect(await new NewsStorage(platform).snapshot('t1')).toEqual(snapshot);
  });

  it('is nothing where the stored value is not one (absent, garbled, not an object)', () => {
    expect(readSnapshot(undefined)).toBeNull();
    expect(readSnapshot('{"at":')).toBeNull();
    expect(readSnapshot('42')).toBeNull();
    expect(readSnapshot(7)).toBeNull();
    expect(readSnapshot(storedSnapshot(snapshot))).toEqual(snapshot);
  });
});
