import { describe, expect, it } from 'vitest';
import type { InboxRow } from '../common/inbox-rows.js';
import { matchesQuery, parseQuery } from './query.js';

const row = (over: Partial<InboxRow['bug']> = {}): InboxRow => ({
  trackerId: 't1',
  trackerUrl: 'https://bugs.example.org/',
  label: 'Core',
  bug: {
    id: 7,
    summary: 'Crash in the layout engine',
    visitedAt: 0,
    news: { comments: 1, changes: 1, fields: [], firstNewComment: 2, latest: { who: 'omar@example.com', at: 5 } },
    inbox: {
      reasons: ['cc'],
      flags: ['review?'],
      requests: [{ id: 1, flag: 'review', from: 'alice@example.com', of: 'me@example.com', at: 1, attachment: null }],
      product: 'Core',
      component: 'Layout',
      status: 'NEW',
      changes: [{ field: 'priority', from: 'P3', to: 'P1' }],
      firstComment: null,
      lastChangeAt: 5,
    },
    ...over,
  },
  changedAt: 5,
  starred: false,
  me: 'me@example.com',
  needs: { why: 'request', at: 1 },
});

const finds = (text: string) => matchesQuery(row(), parseQuery(text));

describe('the inbox search', () => {
  it('reads prefixes and leaves other words for anywhere', () => {
    expect(parseQuery('From:Alice reason:review crash x:y')).toEqual({
      words: ['crash', 'x:y'],
      by: { from: ['alice'], reason: ['review'] },
    });
  });

  it('finds words in the summary, the people, the reasons and the changed fields', () => {
    expect(finds('crash')).toBe(true);
    expect(finds('omar')).toBe(true);
    expect(finds('alice')).toBe(true);
    expect(finds('priority')).toBe(true);
    expect(finds('review')).toBe(true);
    expect(finds('nobody')).toBe(false);
  });

  it('keeps each prefixed word to its side of the row', () => {
    expect(finds('reason:review')).toBe(true);
    expect(finds('reason:assignee')).toBe(false);
    expect(finds('tracker:core from:alice')).toBe(true);
    expect(finds('tracker:firefox')).toBe(false);
    expect(finds('from:crash')).toBe(false);
    expect(finds('field:priority crash')).toBe(true);
  });
});
