import { type LastVisit, parseBugzillaTime } from '@bz-companion/shared';
import type { NewsSnapshot, RecentBug, VisitSource } from '../common/news-state.js';
import { fetchNews } from './fetch-news.js';
import { cannotReadVisits } from './previous-visit.js';
import type { TrackerAccess } from './tracker-access.js';

const numeric = (bug: string) => /^\d+$/.test(bug);

/** The recently visited bugs, newest first: the tracker's list, or the visits this browser recorded where it has none. */
async function recentVisits(
  access: TrackerAccess,
  remembered: Record<string, number>,
): Promise<{ source: VisitSource; visits: Array<{ id: number; visitedAt: number }> }> {
  try {
    const rows = await access.client.lastVisit.recent();
    const visits = rows
      .filter((row): row is LastVisit => row.last_visit_ts !== null)
      .map((row) => ({ id: row.id, visitedAt: parseBugzillaTime(row.last_visit_ts) }));
    return { source: 'tracker', visits };
  } catch (error) {
    if (!cannotReadVisits(error)) throw error;
    // Aliases are left out here: the search below is by number.
    const visits = Object.entries(remembered)
      .filter(([bug]) => numeric(bug))
      .map(([bug, visitedAt]) => ({ id: Number(bug), visitedAt }))
      .sort((a, b) => b.visitedAt - a.visitedAt);
    return { source: 'extension', visits };
  }
}

/**
 * One tracker's recent visits and what changed since each: ONE batched search
 * (`id=…&include_fields=id,summary,last_change_time`), then comments and
 * history only for the bugs whose last change is newer than the visit.
 * A bug whose news cannot be read keeps the news it had, as `previous` says.
 */
export async function refreshRecentNews(
  access: TrackerAccess,
  remembered: Record<string, number>,
  previous: NewsSnapshot | null,
  now: number,
  followInvolved = false,
): Promise<NewsSnapshot> {
  const recent = await recentVisits(access, remembered);
  const { source } = recent;
  const visits = followInvolved ? await withInvolved(access, recent.visits, previous, now) : recent.visits;
  if (visits.length === 0) return { at: now, source, bugs: [] };
  const { bugs } = await access.client.bugs.search(
    { id: visits.map((visit) => visit.id) },
    { includeFields: ['id', 'summary', 'last_change_time'] },
  );
  const found = new Map(bugs.map((bug) => [bug.id, bug]));
  const before = new Map((previous?.bugs ?? []).map((bug) => [bug.id, bug]));
  const bugsNow = await Promise.all(
    visits.map(async ({ id, visitedAt }): Promise<RecentBug> => {
      const bug = found.get(id);
      const changed = bug?.last_change_time !== undefined && parseBugzillaTime(bug.last_change_time) > visitedAt;
      const kept = before.get(id);
      const news = changed
        ? await fetchNews(access.client, id, visitedAt, access.me).catch(() =>
            kept?.visitedAt === visitedAt ? kept.news : null,
          )
        : null;
      return { id, summary: bug?.summary ?? kept?.summary ?? null, visitedAt, news };
    }),
  );
  return { at: now, source, bugs: bugsNow };
}

/** How many involved bugs are followed beside the visited ones (the most recently changed). */
const MAX_INVOLVED = 50;

/**
 * The visits, plus the bugs the user is involved in (assignee, reporter, CC, QA contact) that are
 * not among them, found with one search (Bugzilla's email chart). A bug never visited is followed
 * from when it was first found: what changed after that is its news. Needs the user's login
 * (`whoami`); where the tracker cannot say, the visits alone.
 */
async function withInvolved(
  access: TrackerAccess,
  visits: Array<{ id: number; visitedAt: number }>,
  previous: NewsSnapshot | null,
  now: number,
): Promise<Array<{ id: number; visitedAt: number }>> {
  if (!access.me) return visits;
  const { bugs } = await access.client.bugs.search(
    {
      email1: access.me,
      emailtype1: 'equals',
      emailassigned_to1: '1',
      emailreporter1: '1',
      emailcc1: '1',
      emailqa_contact1: '1',
    },
    { includeFields: ['id', 'last_change_time'] },
  );
  const visited = new Set(visits.map((visit) => visit.id));
  const followedSince = new Map((previous?.bugs ?? []).map((bug) => [bug.id, bug.visitedAt]));
  const involved = bugs
    .filter((bug): bug is typeof bug & { id: number } => bug.id !== undefined && !visited.has(bug.id))
    .sort((a, b) => (b.last_change_time ?? '').localeCompare(a.last_change_time ?? ''))
    .slice(0, MAX_INVOLVED)
    .map((bug) => ({ id: bug.id, visitedAt: followedSince.get(bug.id) ?? now }));
  return [...visits, ...involved];
}
