import type { Bug, User } from './types.js';

/** Bugzilla's rules for who may see and who is involved with a bug. */
export interface AccessParameters {
  /** "1": membership in any one of a bug's groups suffices (else all are needed). */
  or_groups?: string | undefined;
  /** "1": the QA contact counts as involved and may see the bug. */
  useqacontact?: string | undefined;
}

export function isVisible(user: User, bug: Bug, parameters: AccessParameters): boolean {
  if (bug.groups.length === 0) return true;
  const member = (group: string) => user.groups.includes(group);
  if (parameters.or_groups === '1' ? bug.groups.some(member) : bug.groups.every(member)) return true;
  if (bug.reporterAccessible && bug.reporter === user.id) return true;
  if (bug.cclistAccessible && bug.cc.includes(user.id)) return true;
  if (bug.assignedTo === user.id) return true;
  return parameters.useqacontact === '1' && bug.qaContact === user.id;
}

export function isInvolved(user: User, bug: Bug, parameters: AccessParameters): boolean {
  return (
    bug.assignedTo === user.id ||
    bug.reporter === user.id ||
    bug.cc.includes(user.id) ||
    (parameters.useqacontact === '1' && bug.qaContact === user.id)
  );
}

/** Whether `user` (undefined: logged out) may see the bug; a logged-out caller sees only bugs in no group. */
export function canSeeBug(user: User | undefined, bug: Bug, parameters: AccessParameters): boolean {
  return user ? isVisible(user, bug, parameters) : bug.groups.length === 0;
}
