import { canSeeBug, isInsider } from '../access.js';
import type { Store } from '../store/store.js';
import type { Bug, BugFlag, User } from '../types.js';
import { bugsWithPendingFlags } from './pending-flag-bugs.js';

/** A request as BMO's My Dashboard lists it (extensions/MyDashboard/lib/Queries.pm query_flags). */
export interface FlagQueryRow {
  id: number;
  type: string;
  status: string;
  attach_id: number | null;
  is_patch: boolean;
  bug_id: number;
  requester: string;
  requestee: string;
  updated: string;
  updated_epoch: number;
  updated_fancy: string;
  bug_status: string;
  bug_summary: string;
}

/** Bugzilla::Util's time_ago: how long ago, in BMO's words. */
function timeAgo(seconds: number): string {
  const [mm, hh, dd] = [60, 3600, 86_400].map((unit) => Math.floor(seconds / unit)) as [number, number, number];
  const mo = Math.floor(seconds / (86_400 * 30));
  const yy = Math.floor(seconds / (86_400 * 365.2422));
  if (seconds < 10) return 'Just now';
  if (seconds < 45) return `${seconds} seconds ago`;
  if (mm < 2) return '1 minute ago';
  if (mm < 45) return `${mm} minutes ago`;
  if (hh < 2) return '1 hour ago';
  if (hh < 24) return `${hh} hours ago`;
  if (dd < 2) return '1 day ago';
  if (dd < 30) return `${dd} days ago`;
  if (mo < 2) return '1 month ago';
  if (mo < 12) return `${mo} months ago`;
  if (yy < 2) return '1 year ago';
  return `${yy} years ago`;
}

type Found = { bug: Bug; flag: BugFlag; attachment: { id: number; isPatch: boolean } | null };

function row(found: Found, now: number): FlagQueryRow {
  const { bug, flag, attachment } = found;
  const epoch = Math.floor(Date.parse(flag.modification_date) / 1000);
  return {
    id: flag.id,
    type: flag.name,
    status: flag.status,
    attach_id: attachment?.id ?? null,
    is_patch: attachment?.isPatch ?? false,
    bug_id: bug.id,
    requester: flag.setter,
    requestee: flag.requestee ?? '',
    // '%Y-%m-%d %T %Z' in the user's time zone: every user here is on UTC.
    updated: `${flag.modification_date.slice(0, 10)} ${flag.modification_date.slice(11, 19)} UTC`,
    updated_epoch: epoch,
    updated_fancy: timeAgo(Math.floor(now / 1000) - epoch),
    bug_status: bug.fields.status,
    bug_summary: bug.fields.summary,
  };
}

/**
 * query_flags: the `?` requests asked of the user (`requestee`), or, for any other type (its
 * `ne … || ne …` test never refuses one), those the user asked of someone; on bugs the user may see,
 * on attachments that are not private unless the user is an insider; the most recently changed
 * first (Perl's sort is stable: by flag id within the same second, as Flag->match gives them).
 */
export async function flagQuery(store: Store, user: User, type: string, now: number): Promise<FlagQueryRow[]> {
  const parameters = store.instance.parameters;
  const role = type === 'requestee' ? 'requestee' : 'setter';
  const mine = (flag: BugFlag) =>
    flag.status === '?' &&
    (role === 'requestee'
      ? flag.requestee?.toLowerCase() === user.login.toLowerCase()
      : flag.setter.toLowerCase() === user.login.toLowerCase() && flag.requestee !== undefined);
  const insider = isInsider(user, parameters);
  const found: Found[] = [];
  for (const bug of await bugsWithPendingFlags(store, { role, userIds: [user.id] })) {
    if (!canSeeBug(user, bug, parameters)) continue;
    for (const flag of bug.fields.flags) if (mine(flag)) found.push({ bug, flag, attachment: null });
    for (const attachment of await store.attachmentsOf(bug.id)) {
      if (attachment.isPrivate && !insider) continue;
      for (const flag of attachment.flags) if (mine(flag)) found.push({ bug, flag, attachment });
    }
  }
  const rows = found.map((one) => row(one, now)).sort((a, b) => a.id - b.id);
  return rows.sort((a, b) => b.updated_epoch - a.updated_epoch);
}
