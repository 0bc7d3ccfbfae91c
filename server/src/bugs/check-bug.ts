import { canSeeBug } from '../domain/access.js';
import { errors } from '../domain/errors.js';
import { isStorableId } from '../domain/ids.js';
import { afterRead, type Read } from '../domain/read.js';
import type { Bug, User } from '../domain/types.js';
import type { Store } from '../store/store.js';

/**
 * 5.2's `Bugzilla::Bug->check`: a bug id or alias as the client sent it, to a
 * bug the caller may see. The errors name the reference as given (an alias
 * stays an alias, so a hidden bug's number is not revealed).
 */
export function checkBug(store: Store, user: User | undefined, raw: unknown): Read<Bug> {
  const text = raw === null || raw === undefined || typeof raw === 'object' ? '' : String(raw).trim();
  if (text === '') throw errors.bugNumberRequired();
  const visible = (bug: Bug) => {
    if (!canSeeBug(user, bug, store.instance.parameters)) {
      throw user ? errors.bugAccessDenied(text) : errors.bugAccessQuery(text);
    }
    return bug;
  };
  if (/^\d+$/.test(text)) {
    const digits = text.replace(/^0+(?=\d)/, '');
    const id = Number(digits);
    return afterRead(isStorableId(id) ? store.bugById(id) : undefined, (bug) => {
      if (!bug) throw errors.bugDoesNotExist(digits);
      return visible(bug);
    });
  }
  return afterRead(store.bugByAlias(text), (bug) => {
    if (!bug) throw errors.invalidBugId(text);
    return visible(bug);
  });
}
