import type { AccessParameters } from '../access.js';
import type { Bug, User } from '../types.js';
import { type PrivilegesRequired, writeErrors } from './write-errors.js';

/** Open states of a status (the catalogue decides; an unknown one counts as open). */
export type IsOpen = (status: string) => boolean;

/**
 * Members of `editbugs` may change any bug; so may `admin`s, whom 5.2's installation makes members of
 * every system group (a data set may give them `admin` alone).
 */
export function canEditBugs(user: User): boolean {
  return user.groups.includes('editbugs') || user.groups.includes('admin');
}

/** Who may confirm a bug (`canconfirm`, or anyone who may edit bugs). */
export function canConfirm(user: User): boolean {
  return canEditBugs(user) || user.groups.includes('canconfirm');
}

const TIMETRACKING_FIELDS = new Set(['estimated_time', 'remaining_time', 'work_time', 'deadline']);

/**
 * 5.2's `Bug->check_can_change_field`: whether `user` may change `field` (Bugzilla's name) of the
 * bug from `oldValue` to `newValue`; the privileges a refusal names, or null when allowed.
 */
export function requiredPrivileges(
  user: User,
  bug: Bug,
  field: string,
  oldValue: string,
  newValue: string,
  context: { parameters: AccessParameters & Record<string, string | undefined>; isOpen: IsOpen },
): PrivilegesRequired | null {
  if (oldValue.trim() === newValue.trim()) return null;
  if (TIMETRACKING_FIELDS.has(field) && field !== 'deadline' && Number(oldValue) === Number(newValue)) return null;
  if (field.startsWith('longdesc') || field === 'flagtypes.name') return null;
  const { parameters } = context;
  if (TIMETRACKING_FIELDS.has(field)) {
    const group = parameters.timetrackinggroup ?? 'editbugs';
    if (group === '' || !user.groups.includes(group)) return 'empowered';
  }
  if (canEditBugs(user)) return null;
  if (field === 'everconfirmed' || (field === 'bug_status' && oldValue === 'UNCONFIRMED' && context.isOpen(newValue))) {
    if (newValue !== 'UNCONFIRMED' && newValue !== '0') return canConfirm(user) ? null : 'empowered';
  }
  if (bug.assignedTo === user.id) return null;
  if (parameters.useqacontact === '1' && bug.qaContact === user.id) return null;
  if (field === 'assigned_to' || field === 'qa_contact' || field === 'target_milestone') return 'assignee';
  if (field === 'priority' && parameters.letsubmitterchoosepriority === '0') return 'assignee';
  if (field === 'everconfirmed') return 'assignee';
  if (field === 'bug_status' && context.isOpen(oldValue) && context.isOpen(newValue)) return 'assignee';
  if (bug.reporter === user.id) return null;
  return 'reporter';
}

/** Throws 5.2's illegal_change (115) when the change is not the user's to make, naming the values unless told not to. */
export function checkCanChange(
  user: User,
  bug: Bug,
  field: string,
  oldValue: string,
  newValue: string,
  context: Parameters<typeof requiredPrivileges>[5],
  valuesInRefusal = true,
): void {
  const privileges = requiredPrivileges(user, bug, field, oldValue, newValue, context);
  if (!privileges) return;
  // Some of 5.2's refusals name no values (Comment::_check_work_time, _check_dependencies).
  throw valuesInRefusal
    ? writeErrors.illegalChange(field, oldValue, newValue, privileges)
    : writeErrors.illegalChange(field, '', '', privileges);
}
