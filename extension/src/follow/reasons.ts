import type { BugzillaBug } from '@bz-companion/shared';
import type { Reason } from '../common/inbox-state.js';

const same = (a: string | undefined, me: string) => a !== undefined && a.toLowerCase() === me.toLowerCase();

/** The flags of a bug requested of `me`, as the tracker names them with their status ("needinfo?"). */
function flagsRequestedOf(bug: BugzillaBug, me: string | null): string[] {
  if (!me || !Array.isArray(bug.flags)) return [];
  return (bug.flags as Array<{ name?: unknown; status?: unknown; requestee?: unknown }>)
    .filter((flag) => flag.status === '?' && typeof flag.requestee === 'string' && same(flag.requestee, me))
    .map((flag) => `${String(flag.name)}?`);
}

/**
 * Why a bug is listed, in a fixed order: opened in this browser (or on the
 * tracker), then each role the tracker names the user in. Without a login
 * (`me` null: the tracker cannot say whose key it is) only "visited".
 */
export function reasonsFor(bug: BugzillaBug, me: string | null, opened: boolean, flagged: boolean): Reason[] {
  const reasons: Reason[] = opened ? ['visited'] : [];
  if (me) {
    if (same(bug.assigned_to, me)) reasons.push('assignee');
    if (same(bug.creator, me)) reasons.push('reporter');
    if ((bug.cc ?? []).some((login) => same(login, me))) reasons.push('cc');
    if (same(bug.qa_contact, me)) reasons.push('qa');
  }
  if (flagged || flagsRequestedOf(bug, me).length > 0) reasons.push('flag');
  return reasons;
}
