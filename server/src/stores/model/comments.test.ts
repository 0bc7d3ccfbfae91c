import { describe, expect, it } from 'vitest';
import { owned } from '../../../testing/owned.js';
import type { NewComment } from '../../bugzilla/store/store.js';
import { snapshotFromFixture } from '../../import/fixture/fixture.js';
import { createMemoryStore } from '../memory/memory-store.js';

const fixture = (commentIds: number[]) => ({
  users: [{ login: 'a@example.com' }],
  bugs: [
    {
      id: 1,
      comments: commentIds.map((id) => ({ id, author: 'a@example.com', time: '2026-01-01T00:00:00Z', text: `#${id}` })),
    },
  ],
});

const comment = (text: string, time = Date.UTC(2026, 1, 1) / 1000): NewComment => ({
  bugId: 1,
  author: 1,
  text,
  isPrivate: false,
  time,
  authorVisit: true,
  forgetVisitsOf: [],
});

describe('comments in the store', () => {
  it('numbers concurrent comments after the largest id, never twice, and moves last_change_time', async () => {
    const store = createMemoryStore(snapshotFromFixture(fixture([4, 9])));
    const added = await Promise.all(['x', 'y', 'z'].map((text) => owned(store).addComment(comment(text))));
    expect(added.map((c) => c.id)).toEqual([10, 11, 12]);
    expect((await store.commentsOf(1)).map((c) => c.text)).toEqual(['#4', '#9', 'x', 'y', 'z']);
    expect((await store.bugById(1))?.fields.last_change_time).toBe(Date.UTC(2026, 1, 1) / 1000);
    expect(store.lastVisit(1, 1)).toBe(Date.UTC(2026, 1, 1) / 1000);
  });

  it('numbers from the new content after a reset', async () => {
    const store = createMemoryStore(snapshotFromFixture(fixture([3])));
    expect((await owned(store).addComment(comment('before'))).id).toBe(4);
    await owned(store).replaceAll(snapshotFromFixture(fixture([20])));
    expect((await owned(store).addComment(comment('after'))).id).toBe(21);
    expect(store.commentById(4)).toBeUndefined();
    await owned(store).replaceAll(snapshotFromFixture(fixture([])));
    expect((await owned(store).addComment(comment('empty'))).id).toBe(1);
  });
});
