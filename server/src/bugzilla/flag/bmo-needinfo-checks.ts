import type { Catalogue } from '../catalogue/catalogue.js';
import { BugzillaError } from '../errors.js';
import { inGroup } from '../group/membership.js';
import type { BugFlag, User } from '../types.js';
import { identity } from './flag-errors.js';
import type { PlannedFlag } from './flag-rules.js';

/*
 * BMO's Needinfo extension (extensions/Needinfo/Extension.pm) refuses with its own user errors,
 * which have no WebService code: 32000 (Bugzilla/Error.pm, ERROR_UNKNOWN_TRANSIENT). Texts from
 * extensions/Needinfo/template/en/default/hook/global/user-error-errors.html.tmpl.
 */
export const needinfoErrors = {
  illegalChange: () =>
    new BugzillaError(32000, 'Only the requestee or a user with the required permissions can clear a needinfo flag.'),
  blocked: (requestee: User) =>
    new BugzillaError(32000, `${identity(requestee)} is not currently accepting "needinfo" requests.`),
};

/** BMO's `block_needinfo` setting (Needinfo/Extension.pm `_user_needinfo_blocked`). */
export function needinfoBlocked(user: User): boolean {
  return user.settings?.block_needinfo === 'on';
}

const sameLogin = (a: string | null | undefined, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();

/**
 * A needinfo the write set to `+` or `-` is cleared (bug_start_of_update: "Clear if somehow the
 * flag has been set to +/-"): only requests are kept.
 */
export function settledNeedinfosCleared(flags: PlannedFlag[]): PlannedFlag[] {
  return flags.filter((flag) => flag.name !== 'needinfo' || flag.status === '?');
}

/**
 * The refusals of BMO's flag hooks, against the bug's flags before and after the write:
 * object_before_delete (a needinfo set by someone else and asked of someone else is cleared only
 * by canconfirm), object_end_of_create and object_end_of_update (a new needinfo, or one whose
 * requestee changed, may not ask a user who blocks needinfo).
 */
export function checkNeedinfoChanges(
  before: readonly BugFlag[],
  after: readonly PlannedFlag[],
  actor: User,
  catalogue: Catalogue,
  userByLogin: (login: string) => User | undefined,
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
  const was = new Map(before.map((flag) => [flag.id, flag]));
  for (const flag of after) {
    if (flag.name !== 'needinfo' || !flag.requestee) continue;
    const old = flag.id ? was.get(flag.id) : undefined;
    if (old && sameLogin(old.requestee, flag.requestee)) continue;
    const requestee = userByLogin(flag.requestee);
    if (requestee && needinfoBlocked(requestee)) throw needinfoErrors.blocked(requestee);
  }
}
