import { type BugzillaClient, formatBugzillaTime } from '@bz-companion/shared';
import type { BugNews } from '../common/news-state.js';
import { countNews } from './count-news.js';

/**
 * What others did on one bug since `since`: the comments and history the
 * tracker gives with `new_since` (strictly later, as Bugzilla filters),
 * counted without the user's own.
 */
export async function fetchNews(
  client: BugzillaClient,
  bug: string | number,
  since: number,
  me: string | null,
): Promise<BugNews> {
  const newSince = formatBugzillaTime(since);
  // One after the other: a 5.0/5.2 tracker (key in the query) fails one of two requests that meet.
  const comments = await client.bugs.comments(bug, { newSince });
  const history = await client.bugs.history(bug, { newSince });
  // The map is keyed by the bug's number even when the page named an alias: there is one entry.
  const bugComments = Object.values(comments.bugs)[0]?.comments ?? [];
  return countNews(bugComments, history.bugs[0]?.history ?? [], since, me);
}
