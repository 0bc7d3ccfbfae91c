import { type BugComment, type HistoryEntry, parseBugzillaTime } from '@bz-companion/shared';
import type { BugNews } from '../common/news-state.js';

const isSomeoneElse = (who: string | undefined, me: string | null) =>
  me === null || who === undefined || who.toLowerCase() !== me.toLowerCase();

/**
 * Counts the comments and change sets strictly after `since` that are not
 * the user's own (`me`; null where the tracker cannot say who the key
 * belongs to, 5.0/5.2, so nothing can be left out). Private comments the
 * user may not see are already absent from the tracker's answer, and their
 * numbers leave gaps in `count`: the anchor is the comment's own count.
 */
export function countNews(
  comments: readonly BugComment[],
  history: readonly HistoryEntry[],
  since: number,
  me: string | null,
): BugNews {
  const time = (comment: BugComment) => comment.creation_time ?? comment.time;
  const newComments = comments.filter((comment) => {
    const at = time(comment);
    return at !== undefined && parseBugzillaTime(at) > since && isSomeoneElse(comment.creator, me);
  });
  const newChanges = history.filter((entry) => parseBugzillaTime(entry.when) > since && isSomeoneElse(entry.who, me));
  const fields = [...new Set(newChanges.flatMap((entry) => entry.changes.map((change) => change.field_name)))];
  const happenings = [
    ...newComments.map((comment) => ({ who: comment.creator, at: parseBugzillaTime(time(comment) as string) })),
    ...newChanges.map((entry) => ({ who: entry.who, at: parseBugzillaTime(entry.when) })),
  ].filter((event): event is { who: string; at: number } => event.who !== undefined);
  const latest = happenings.reduce<{ who: string; at: number } | null>(
    (last, event) => (last === null || event.at >= last.at ? event : last),
    null,
  );
  const statusChanges = newChanges.flatMap((entry) =>
    entry.changes.filter((change) => change.field_name === 'status' || change.field_name === 'bug_status'),
  );
  return {
    comments: newComments.length,
    changes: newChanges.length,
    fields,
    firstNewComment: newComments[0]?.count ?? null,
    latest,
    statusTo: statusChanges.at(-1)?.added ?? null,
  };
}
