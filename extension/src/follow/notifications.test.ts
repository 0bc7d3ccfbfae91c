import { describe, expect, it } from 'vitest';
import type { NewsSnapshot, RecentBug } from '../common/news-state.js';
import { emptyTriage } from '../common/triage.js';
import { INBOX_NOTIFICATION, isQuiet, notificationsFor, planNotifications } from './notifications.js';

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

const B = { url: 'https://b/', label: 'b' };

describe('notificationsFor', () => {
  it("isolates the summary's bidirectional text from the title around it", () => {
    const { notifications } = notificationsFor(B, snapshot(changed(7, 5, { summary: 'abc\u202Edef' })), {});
    expect(notifications[0]?.title).toBe('b · Bug 7: \u2068abc\u202Edef\u2069');
  });

  it('one per changed bug, opening it at its first new comment, saying what and who', () => {
    const { notifications, notified } = notificationsFor(
      { url: 'https://bugs.example/', label: 'Example' },
      snapshot(changed(8, 100), { id: 9, summary: 'Quiet', visitedAt: 5, news: null }),
      {},
    );
    expect(notifications).toEqual([
      {
        id: 'https://bugs.example/show_bug.cgi?id=8#c3',
        title: 'Example · Bug 8: \u2068Summary 8\u2069',
        message: '1 new comment — omar (omar@example.com)',
      },
    ]);
    expect(notified).toEqual({ '8': 100 });
  });

  it('tells each change once: again only when a later one comes; forgets bugs no longer changed', () => {
    expect(notificationsFor(B, snapshot(changed(8, 100)), { '8': 100 }).notifications).toEqual([]);
    expect(notificationsFor(B, snapshot(changed(8, 160)), { '8': 100 }).notifications).toHaveLength(1);
    expect(notificationsFor(B, snapshot(), { '8': 100 }).notified).toEqual({});
  });

  it('says nothing of news without who and when (kept by an older version)', () => {
    const old = changed(8, 0, { news: { comments: 1, changes: 0, fields: [], firstNewComment: 1 } });
    expect(notificationsFor(B, snapshot(old), {}).notifications).toEqual([]);
  });
});

describe('the notification rules', () => {
  it('tell nothing that happened before notifications were turned on', () => {
    const told = notificationsFor(B, snapshot(changed(8, 100), changed(9, 300)), {}, { since: 200 });
    expect(told.notifications.map((n) => n.id)).toEqual(['https://b/show_bug.cgi?id=9#c3']);
    // Both are remembered as told: the old one does not come up later either.
    expect(told.notified).toEqual({ '8': 100, '9': 300 });
  });

  it('leave muted, snoozed and done-after-the-change bugs silent; done before the change is told', () => {
    const triage = { ...emptyTriage(), muted: { '1': 1 as const }, snoozed: { '2': 10_000 }, done: { '3': 1, '4': 0 } };
    const bugs = [1, 2, 3, 4].map((id) => changed(id, 500));
    const told = notificationsFor(B, snapshot(...bugs), {}, { triage, now: 1_000 });
    expect(told.notifications.map((n) => n.id)).toEqual(['https://b/show_bug.cgi?id=4#c3']);
  });

  it('show up to three, else one summary naming how many bugs on how many trackers', () => {
    const three = notificationsFor(B, snapshot(changed(1, 5), changed(2, 5), changed(3, 5)), {});
    expect(planNotifications([three])).toHaveLength(3);
    const more = notificationsFor({ url: 'https://c/', label: 'c' }, snapshot(changed(4, 5), changed(5, 5)), {});
    expect(planNotifications([three, more])).toEqual([
      { id: INBOX_NOTIFICATION, title: '5 bugs changed on 2 trackers', message: 'b, c. Open the inbox to see them.' },
    ]);
  });
});
