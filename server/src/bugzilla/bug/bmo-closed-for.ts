import type { Catalogue } from '../catalogue/catalogue.js';
import type { Bug, ChangeSet } from '../types.js';

/**
 * BMO's Bugzilla::Bug::is_closed_for: a bug that is closed and was last resolved longer ago than
 * `seconds`. BMO reads `cf_last_resolved` (set each time a bug is resolved); here it is the last
 * change of its history into a closed status; a closed bug with none such counts as never resolved
 * (not closed for any time), as BMO's check of an empty `cf_last_resolved` says.
 */
export function isClosedFor(
  bug: Bug,
  history: readonly ChangeSet[],
  catalogue: Catalogue,
  seconds: number,
  now: number,
): boolean {
  if (catalogue.isOpen(bug.fields.status)) return false;
  let lastResolved: number | undefined;
  for (const set of history) {
    for (const change of set.changes) {
      if ((change.field_name === 'status' || change.field_name === 'bug_status') && !catalogue.isOpen(change.added)) {
        lastResolved = set.when;
      }
    }
  }
  return lastResolved !== undefined && now - seconds > lastResolved;
}
