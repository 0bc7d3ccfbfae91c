import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bugCommentsSchema, bugHistorySchema, parseBugzillaTime } from '@bz-companion/shared';
import { describe, expect, it } from 'vitest';
import { describeNews, hasNews, newsLine, newsTooltip } from '../ui/describe-news.js';
import { countNews } from './count-news.js';

/** Real Bugzilla 5.2 answers (server/test-data/bugzilla-5.2/), parsed by the client's own schemas. */
const RECORDINGS = fileURLToPath(new URL('../../../server/test-data/bugzilla-5.2/', import.meta.url));
const recorded = (file: string, n: number): string => {
  const { cases } = JSON.parse(readFileSync(`${RECORDINGS}${file}`, 'utf8')) as {
    cases: Array<{ n: number; response: { body: string } }>;
  };
  return (cases.find((c) => c.n === n) as { response: { body: string } }).response.body;
};
const comments = (n: number, bug: number) =>
  bugCommentsSchema.parse(JSON.parse(recorded('bug-comments.json', n))).bugs[String(bug)]?.comments ?? [];
const history = (n: number) =>
  bugHistorySchema.parse(JSON.parse(recorded('bug-history.json', n))).bugs[0]?.history ?? [];

const at = (time: string) => parseBugzillaTime(time);

describe('countNews against recorded Bugzilla 5.2 answers', () => {
  it('counts bug 7 after 2026-10-02T14:45:00Z: comments and change sets strictly later', () => {
    // Bug 7: comments 2026-10-01 … 10-05 (counts 0-3); changes at 10-02 08:30, 10-02 14:45, 10-05 16:20.
    const news = countNews(comments(5, 7), history(2), at('2026-10-02T14:45:00Z'), 'nobody@example.com');
    expect(news.changes).toBe(1);
    expect(news.fields).toEqual(['status', 'resolution']);
    // The latest happening names who did it; the status change says what it became.
    const lastChange = history(2).at(-1);
    expect(news.statusTo).toBe(lastChange?.changes.find((change) => change.field_name === 'status')?.added);
    expect(news.statusTo).toMatch(/^[A-Z]+$/);
    expect(news.latest?.at).toBeGreaterThan(at('2026-10-02T14:45:00Z'));
    expect(news.latest?.who).toMatch(/@example\.com$/);
    const later = comments(5, 7).filter((c) => at(c.time as string) > at('2026-10-02T14:45:00Z'));
    expect(news.comments).toBe(later.length);
    expect(news.firstNewComment).toBe(later[0]?.count);
  });

  it("leaves out the user's own comments and changes (case-insensitively)", () => {
    const all = countNews(comments(2, 8), history(3), at('2026-10-01T00:00:00Z'), null);
    const notDev = countNews(comments(2, 8), history(3), at('2026-10-01T00:00:00Z'), 'DEV@example.com');
    // Bug 8 as user@: comments 0, 3, 4 are all dev's; change sets by user, admin, dev, dev, admin.
    expect(all).toMatchObject({ comments: 3, changes: 5, firstNewComment: 0 });
    expect(notDev).toMatchObject({ comments: 0, changes: 3, firstNewComment: null });
    expect(notDev.fields).toEqual(['cc', 'priority', 'assigned_to', 'flagtypes.name']);
  });

  it('counts only the comments the tracker shows: private ones are absent for a non-insider, and the anchor keeps their count', () => {
    const since = at('2026-10-03T10:11:59Z'); // one second before the private comment of 10:12
    const asUser = countNews(comments(15, 8), [], since, 'user@example.com');
    const asAdmin = countNews(comments(14, 8), [], since, 'admin@example.com');
    expect(asUser).toMatchObject({ comments: 2, firstNewComment: 3 });
    // The admin (an insider) sees the private comment (count 1, his own) and the one made private later (count 2).
    expect(asAdmin.comments).toBeGreaterThan(asUser.comments);
    expect(asAdmin.firstNewComment).toBe(2);
  });

  it('with the 5.2 fallback (no login known) counts everyone, and nothing at or before the visit', () => {
    const visit = at('2026-10-05T16:20:00Z'); // the last change of bug 7, to the second
    const news = countNews(comments(5, 7), history(2), visit, null);
    expect(news.changes).toBe(0);
    expect(hasNews(news)).toBe(news.comments > 0);
  });
});

describe('newsLine (a compact row)', () => {
  it('says what and who: comments, the new status, and the short login of the latest', () => {
    expect(
      newsLine({
        comments: 2,
        changes: 1,
        fields: ['status'],
        firstNewComment: 4,
        latest: { who: 'omar@example.com', at: 1 },
        statusTo: 'RESOLVED',
      }),
    ).toBe('2 new comments and 1 change, status → RESOLVED, by omar');
    expect(newsLine({ comments: 1, changes: 0, fields: [], firstNewComment: 4 })).toBe('1 new comment');
  });
});

describe('describeNews', () => {
  it('names comments and changes, singular and plural', () => {
    expect(describeNews({ comments: 1, changes: 0, fields: [], firstNewComment: 4 })).toBe('1 new comment');
    expect(describeNews({ comments: 3, changes: 1, fields: ['status'], firstNewComment: 4 })).toBe(
      '3 new comments and 1 change',
    );
    expect(describeNews({ comments: 0, changes: 2, fields: ['cc', 'status'], firstNewComment: null })).toBe(
      '2 changes',
    );
    expect(newsTooltip({ comments: 0, changes: 2, fields: ['cc', 'status'], firstNewComment: null })).toBe(
      '2 changes (cc, status)',
    );
    expect(hasNews({ comments: 0, changes: 0, fields: [], firstNewComment: null })).toBe(false);
    expect(hasNews(null)).toBe(false);
  });
});
