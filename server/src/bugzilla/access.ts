import type { Bug, Comment, FieldChange, User } from './types.js';

/** Bugzilla's rules for who may see and who is involved with a bug. */
export interface AccessParameters {
  /** "1": membership in any one of a bug's groups suffices (else all are needed). */
  or_groups?: string | undefined;
  /** "1": the QA contact counts as involved and may see the bug. */
  useqacontact?: string | undefined;
  /** The group whose members see private comments; nobody when empty. */
  insidergroup?: string | undefined;
  /** "1": a caller who is not logged in reads no bug at all. */
  requirelogin?: string | undefined;
  /** The group whose members see time tracking; nobody when empty. */
  timetrackinggroup?: string | undefined;
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

/** Whether a caller who is not logged in may read bugs at all (the API's and the pages' rule). */
export function anonymousMayRead(parameters: AccessParameters): boolean {
  return parameters.requirelogin !== '1';
}

/** Members of the `insidergroup` parameter's group see private comments; nobody when it is empty. */
export function isInsider(user: User | undefined, parameters: AccessParameters): boolean {
  const group = parameters.insidergroup ?? '';
  return user !== undefined && group !== '' && user.groups.includes(group);
}

/** A private comment is for insiders only. */
export function canSeeComment(insider: boolean, comment: Pick<Comment, 'isPrivate'>): boolean {
  return insider || !comment.isPrivate;
}

/** Members of the `timetrackinggroup` parameter's group see hours worked and left; nobody when it is empty. */
export function isTimeTracker(user: User | undefined, parameters: AccessParameters): boolean {
  const group = parameters.timetrackinggroup ?? '';
  return user !== undefined && group !== '' && user.groups.includes(group);
}

/** The fields only time trackers see (Bugzilla::Constants TIMETRACKING_FIELDS); a deadline is for everyone. */
export const TIMETRACKING_FIELDS: ReadonlySet<string> = new Set([
  'estimated_time',
  'remaining_time',
  'work_time',
  'actual_time',
  'percentage_complete',
]);

/** What a caller may see of a bug's history. */
export interface HistoryViewer {
  insider: boolean;
  timeTracker: boolean;
}

export function historyViewer(user: User | undefined, parameters: AccessParameters): HistoryViewer {
  return { insider: isInsider(user, parameters), timeTracker: isTimeTracker(user, parameters) };
}

/**
 * As 5.2's get_activity filters a bug's changes: time tracking for time trackers only, and a change
 * that made a comment private (it tells that the comment exists) for insiders only.
 */
export function canSeeChange(viewer: HistoryViewer, change: FieldChange): boolean {
  if (TIMETRACKING_FIELDS.has(change.field_name)) return viewer.timeTracker;
  return viewer.insider || !(change.field_name === 'longdescs.isprivate' && change.added === '1');
}
