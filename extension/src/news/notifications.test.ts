import { describe, expect, it } from 'vitest';
import type { NewsSnapshot, RecentBug } from '../common/news-state.js';
import { isQuiet, notificationsFor } from './notifications.js';

const at = (hh: number, mm = 0) => new Date(2026, 10, 25, hh, mm);
const changed = (id: number, latestAt: number, patch: Partial<RecentBug> = {}): RecentBug => ({
  id,
  summary: `Summary ${id}`,
  visitedAt: 1,
  news: { comments: 1, changes: 0, fields: [], firstNewComment: 3, latest: { who: 'omar@example.com', at: latestAt } },
  ...patch,
});
const snapshot = (...bugs: RecentBug[]): NewsSnapshot => ({ at: 0, source: 'tracker', bugs });

describe('isQuiet', () => {
  it('within a day and across midnight, the end excluded', () => {
    const night = { from: 22 * 60, to: 7 * 60 };
    expect(isQuiet(at(23), night)).toBe(true);
    expect(isQuiet(at(3), night)).toBe(true);
    expect(isQuiet(at(7), night)).toBe(false);
    expect(isQuiet(at(12), night)).toBe(false);
    const lunch = { from: 12 * 60, to: 13 * 60 + 30 };
    expect(isQuiet(at(12, 45), lunch)).toBe(true);
    expect(isQuiet(at(13, 30), lunch)).toBe(false);
    expect(isQuiet(at(3), null)).toBe(false);
  });
});

describe('notificationsFor', () => {
  it("isolates the summary's bidirectional text from the title around it", () => {
    const { notifications } = notificationsFor('http://t/', snapshot(changed(7, 5, { summary: 'abc\u202Edef' })), {});
    expect(notifications[0]?.title).toBe('Bug 7: \u2068abc\u202Edef\u2069');
  });

  it('one per changed bug, opening it at its first new comment, saying what and who', () => {
    const { notifications, notified } = notificationsFor(
      'https://bugs.example/',
      snapshot(changed(8, 100), { id: 9, summary: 'Quiet', visitedAt: 5, news: null }),
      {},
    );
    expect(notifications).toEqual([
      {
        id: 'https://bugs.example/show_bug.cgi?id=8#c3',
        title: 'Bug 8: \u2068Summary 8\u2069',
        message: '1 new comment, by omar (omar@example.com)',
      },
    ]);
    expect(notified).toEqual({ '8': 100 });
  });

  it('tells each change once: again only when a later one comes; forgets bugs no longer changed', () => {
    expect(notificationsFor('https://b/', snapshot(changed(8, 100)), { '8': 100 }).notifications).toEqual([]);
    expect(notificationsFor('https://b/', snapshot(changed(8, 160)), { '8': 100 }).notifications).toHaveLength(1);
    expect(notificationsFor('https://b/', snapshot(), { '8': 100 }).notified).toEqual({});
  });

  it('says nothing of news without who and when (kept by an older version)', () => {
    const old = changed(8, 0, { news: { comments: 1, changes: 0, fields: [], firstNewComment: 1 } });
    expect(notificationsFor('https://b/', snapshot(old), {}).notifications).toEqual([]);
  });
});
