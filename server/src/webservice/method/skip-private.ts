import { checkBug } from '../../bugzilla/bug/check-bug.js';
import { BugzillaError } from '../../bugzilla/errors.js';
import type { Store } from '../../bugzilla/store/store.js';
import type { Bug, User } from '../../bugzilla/types.js';

/**
 * BMO's `skip_private` (Bugzilla/WebService/Bug.pm comments and history): the bug a reference names,
 * or nothing where `Bugzilla::Bug->new` finds none or the caller may not see it, instead of the
 * error `Bug->check` would throw.
 */
export async function visibleBugOrNone(store: Store, user: User | undefined, ref: unknown): Promise<Bug | undefined> {
  try {
    return await checkBug(store, user, ref);
  } catch (error) {
    if (error instanceof BugzillaError) return undefined;
    throw error;
  }
}
