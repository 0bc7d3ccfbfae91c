import type { Catalogue } from '../catalogue/catalogue.js';
import { BugzillaError } from '../errors.js';
import { inGroup } from '../group/membership.js';
import type { BugFlag, User } from '../types.js';
import type { PlannedFlag } from './flag-rules.js';

/*
 * BMO's Needinfo extension (extensions/Needinfo/Extension.pm) refuses with its own user errors,
 * which have no WebService code: 32000 (Bugzilla/Error.pm, ERROR_UNKNOWN_TRANSIENT). Its text from
 * extensions/Needinfo/template/en/default/hook/global/user-error-errors.html.tmpl.
 */
const needinfoErrors = {
  illegalChange: () =>
    new BugzillaError(32000, 'Only the requestee or a user with the required permissions can clear a needinfo flag.'),
};

const sameLogin = (a: string | null | undefined, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();

/**
 * A needinfo the write set to `+` or `-` is cleared (bug_start_of_update: "Clear if somehow the
 * flag has been set to +/-"): only requests are kept.
 */
export function settledNeedinfosCleared(flags: PlannedFlag[]): PlannedFlag[] {
  return flags.filter((flag) => flag.name !== 'needinfo' || flag.status === '?');
}

/**
 * BMO's object_before_delete hook, against the bug's needinfos before and after the write: one set
 * by someone else and asked of someone else is cleared only by canconfirm. (A blocked requestee is
 * refused by every flag write: bmo-blocked-requests.ts.)
 */
export function checkNeedinfoChanges(
  before: readonly BugFlag[],
  after: readonly PlannedFlag[],
  actor: User,
  catalogue: Catalogue,
): void {
  const kept = new Map<number, PlannedFlag>();
  for (const flag of after) if (flag.id !== undefined && flag.id !== 0) kept.set(flag.id, flag);
  for (const flag of before) {
    if (flag.name !== 'needinfo' || kept.has(flag.id)) continue;
    if (
      !sameLogin(flag.setter, actor.login) &&
      flag.requestee &&
      !sameLogin(flag.requestee, actor.login) &&
      !inGroup(actor, 'canconfirm', catalogue)
    ) {
      throw needinfoErrors.illegalChange();
    }
  }
}
