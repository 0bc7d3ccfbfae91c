import type { Profile } from '../../profiles/profile.js';
import { isInvolved } from '../access.js';
import type { Store } from '../store/store.js';
import type { Bug, User } from '../types.js';

/** What a change to a bug does to its last-visit rows. */
export interface VisitEffects {
  /** Set the changer's visit to the change's time. */
  authorVisit: boolean;
  /** Delete these users' visits of the bug. */
  forgetVisitsOf: number[];
}

/**
 * 5.x's side effects of any bug update (Bug::update): the changer's visit is
 * set to the change time when they are involved, and the visits of users who
 * are not involved are deleted. BMO dropped both (its commit 5203d56cf). The
 * contract keeps the first, and the second only with `strict_involvement`:
 * otherwise anyone may record a visit of a bug they can see, and it must stay.
 * Which one applies follows the profile's rule for who may record a visit.
 */
export async function visitEffectsOfUpdate(
  store: Store,
  bug: Bug,
  changer: User,
  profile: Profile,
): Promise<VisitEffects> {
  const { involvement } = profile.lastVisit;
  if (involvement === 'never') return { authorVisit: false, forgetVisitsOf: [] };
  const { parameters, strictInvolvement } = store.instance;
  const forgets = involvement === 'always' || strictInvolvement;
  const forgetVisitsOf: number[] = [];
  if (forgets) {
    for (const userId of await store.visitorsOf(bug.id)) {
      const visitor = await store.userById(userId);
      if (visitor !== undefined && !isInvolved(visitor, bug, parameters)) forgetVisitsOf.push(userId);
    }
  }
  return { authorVisit: isInvolved(changer, bug, parameters), forgetVisitsOf };
}
