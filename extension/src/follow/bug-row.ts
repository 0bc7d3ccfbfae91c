import { type BugComment, type BugzillaBug, type HistoryEntry, parseBugzillaTime } from '@bz-companion/shared';
import type { BecameYours, FlagChange, InboxDetails, NewAttachment } from '../common/inbox-state.js';
import type { RecentBug } from '../common/news-state.js';
import { fieldChanges, openingWords } from '../ui/change-words.js';
import { countNews } from './count-news.js';
import { flagChanges } from './flags.js';

/** What a batch of changed bugs brought: comments and history since, and the attachments those comments add. */
export interface Activity {
  comments: Map<number, BugComment[]>;
  history: Map<number, HistoryEntry[]>;
  attachments: Map<number, NewAttachment>;
}

export type ChangedBug = BugzillaBug & { id: number; last_change_time: string };

const same = (a: string | undefined | null, b: string | null) =>
  typeof a === 'string' && b !== null && a.toLowerCase() === b.toLowerCase();

const commentTime = (comment: BugComment) => parseBugzillaTime(comment.creation_time ?? comment.time ?? '');

/** Bugzilla keeps a flag's changes in this field of the history; the row says them in words of their own. */
const FLAG_FIELD = 'flagtypes.name';

/**
 * Whether a comment names the user: their login, or `:name` / `@name` as bugzilla.mozilla.org's and
 * most trackers' people write it (the login's part before the @).
 */
function mentions(text: string | undefined, me: string | null): boolean {
  if (!text || !me) return false;
  if (text.toLowerCase().includes(me.toLowerCase())) return true;
  const name = me.split('@')[0]?.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return name ? new RegExp(`(^|[^\\w])[:@]${name}(?![\\w.-]*\\w)`, 'i').test(text) : false;
}

/** The bug became the user's after `since`: filed with them as assignee or QA contact, or made so by someone else. */
function becameYours(bug: ChangedBug, history: readonly HistoryEntry[], since: number, me: string | null) {
  if (me === null) return null;
  const filedAt = bug.creation_time ? parseBugzillaTime(bug.creation_time) : 0;
  if (filedAt > since && !same(bug.creator, me)) {
    const role = same(bug.assigned_to, me) ? 'assignee' : same(bug.qa_contact, me) ? 'qa' : null;
    if (role) return { role, by: bug.creator ?? '', at: filedAt, filed: true } satisfies BecameYours;
  }
  for (const entry of [...history].reverse()) {
    const at = parseBugzillaTime(entry.when);
    if (at <= since || same(entry.who, me)) continue;
    for (const change of entry.changes) {
      if (change.field_name === 'assigned_to' && same(change.added, me) && same(bug.assigned_to, me)) {
        return { role: 'assignee', by: entry.who, at, filed: false } satisfies BecameYours;
      }
      if (change.field_name === 'qa_contact' && same(change.added, me) && same(bug.qa_contact, me)) {
        return { role: 'qa', by: entry.who, at, filed: false } satisfies BecameYours;
      }
    }
  }
  return null;
}

/** The flags others asked, granted, denied or took away after `since`, in the order they did. */
function othersFlagChanges(history: readonly HistoryEntry[], since: number, me: string | null): FlagChange[] {
  return history
    .filter((entry) => parseBugzillaTime(entry.when) > since && !same(entry.who, me))
    .flatMap((entry) =>
      entry.changes
        .filter((change) => change.field_name === FLAG_FIELD)
        .flatMap((change) => flagChanges(change.removed, change.added, entry.who)),
    );
}

/** A changed bug's row, or null when all that changed since `since` was the user's own. */
export function rowFor(
  bug: ChangedBug,
  activity: Activity,
  since: number,
  me: string | null,
  reasons: InboxDetails['reasons'],
  kept: RecentBug | undefined,
): RecentBug | null {
  const comments = activity.comments.get(bug.id) ?? [];
  const history = activity.history.get(bug.id) ?? [];
  const news = countNews(comments, history, since, me);
  if (news.comments + news.changes === 0) return null;
  const others = (who: string | undefined) => me === null || !same(who, me);
  const fresh = comments.filter((comment) => others(comment.creator) && commentTime(comment) > since);
  // An attachment's own comment ("Created attachment 1") is said as the attachment, not quoted.
  const first = fresh.find((comment) => !comment.attachment_id);
  const inbox: InboxDetails = {
    ...bugDetails(bug, me, reasons),
    changes: fieldChanges(
      history.map((entry) => ({ ...entry, changes: entry.changes.filter((c) => c.field_name !== FLAG_FIELD) })),
      since,
      others,
    ),
    firstComment: first?.text ? openingWords(first.text) : null,
    becameYours: becameYours(bug, history, since, me),
    mentions: fresh.filter((comment) => mentions(comment.text, me)).length,
    flagChanges: othersFlagChanges(history, since, me),
    newAttachments: fresh.flatMap((comment) => {
      const attachment = comment.attachment_id ? activity.attachments.get(comment.attachment_id) : undefined;
      return attachment ? [attachment] : [];
    }),
  };
  return { id: bug.id, summary: bug.summary ?? kept?.summary ?? null, visitedAt: since, news, inbox };
}

/** What every row says of its bug, whatever changed: where it is filed, its status, who has it. */
function bugDetails(bug: ChangedBug, me: string | null, reasons: InboxDetails['reasons']): InboxDetails {
  return {
    reasons,
    flags: [],
    product: bug.product ?? null,
    component: bug.component ?? null,
    status: bug.resolution ? `${bug.status} ${bug.resolution}` : (bug.status ?? null),
    changes: [],
    firstComment: null,
    lastChangeAt: parseBugzillaTime(bug.last_change_time),
    assignee: bug.assigned_to ?? null,
    inCc: (bug.cc ?? []).some((login) => same(login, me)),
  };
}

/**
 * The row of a bug nothing new happened on since it was seen, listed because a flag there still
 * asks the user (the inbox's "needs you" keeps it until answered).
 */
export function requestRow(
  bug: ChangedBug,
  since: number,
  me: string | null,
  reasons: InboxDetails['reasons'],
): RecentBug {
  return {
    id: bug.id,
    summary: bug.summary ?? null,
    visitedAt: since,
    news: null,
    inbox: bugDetails(bug, me, reasons),
  };
}
