import { canSeeBug } from '../access.js';
import { errors } from '../errors.js';
import { isStorableId } from '../ids.js';
import { afterRead, type Read } from '../read.js';
import type { Store } from '../store/store.js';
import type { Bug, User } from '../types.js';
import { readBugRef } from './bug-ref.js';

/**
 * 5.2's `Bugzilla::Bug->check`: a bug id or alias as the client sent it, to a
 * bug the caller may see. The errors name the reference as given (an alias
 * stays an alias, so a hidden bug's number is not revealed).
 */
export function checkBug(store: Store, user: User | undefined, raw: unknown): Read<Bug> {
  const ref = readBugRef(raw);
  if (ref.kind === 'none') throw errors.bugNumberRequired();
  const text = ref.kind === 'number' ? ref.digits : ref.text;
  const visible = (bug: Bug) => {
    if (!canSeeBug(user, bug, store.instance.parameters)) {
      throw user ? errors.bugAccessDenied(text) : errors.bugAccessQuery(text);
    }
    return bug;
  };
  if (ref.kind === 'number') {
    return afterRead(isStorableId(ref.id) ? store.bugById(ref.id) : undefined, (bug) => {
      if (!bug) throw errors.bugDoesNotExist(ref.digits);
      return visible(bug);
    });
  }
  return afterRead(store.bugByAlias(text), (bug) => {
    if (!bug) throw errors.invalidBugId(text);
    return visible(bug);
  });
}
