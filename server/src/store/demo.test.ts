import { describe, expect, it } from 'vitest';
import { demoFixture } from './demo.js';
import { snapshotFromFixture } from './fixture.js';

describe('the demo data', () => {
  const now = Date.UTC(2026, 10, 22, 12);
  const snapshot = snapshotFromFixture(demoFixture(now).fixture);
  const admin = snapshot.users.find((user) => user.login === 'admin@example.com');
  const adminVisits = snapshot.last_visits.find((visits) => visits.user_id === admin?.id);

  it('is a small tracker: a dozen bugs with summaries, comments by several people over several days', () => {
    expect(snapshot.bugs).toHaveLength(12);
    expect(snapshot.bugs.every((bug) => (bug.fields?.summary ?? '') !== '')).toBe(true);
    const comments = snapshot.comments ?? [];
    expect(new Set(comments.map((comment) => comment.author_id)).size).toBeGreaterThanOrEqual(4);
    const times = comments.map((comment) => comment.time);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(5 * 24 * 3600);
    expect(comments.some((comment) => comment.is_private)).toBe(true);
  });

  it("has bugs that changed after the admin's last visit, and some that did not", () => {
    const changedSince = (adminVisits?.bug_ids ?? []).filter((bugId, i) => {
      const bug = snapshot.bugs.find((candidate) => candidate.id === bugId);
      return (bug?.fields?.last_change_time ?? 0) > (adminVisits?.last_visit_ts[i] ?? 0);
    });
    expect(changedSince.length).toBeGreaterThanOrEqual(3);
    expect(changedSince.length).toBeLessThan(adminVisits?.bug_ids.length ?? 0);
  });

  it('keeps its times in the past', () => {
    const latest = Math.max(...snapshot.bugs.map((bug) => bug.fields?.last_change_time ?? 0));
    expect(latest * 1000).toBeLessThan(now);
  });
});
