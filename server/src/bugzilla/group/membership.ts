import type { Catalogue } from '../catalogue/catalogue.js';
import { catalogueErrors } from '../catalogue/catalogue-errors.js';
import type { GroupDefinition } from '../catalogue/types.js';
import type { User } from '../types.js';

/**
 * Whether the user is in the group: a direct member, or one whose login its user regexp
 * matches (Bugzilla matches `userregexp` case-insensitively, anywhere in the login).
 */
export function isMember(user: User, group: GroupDefinition): boolean {
  if (user.groups.includes(group.name)) return true;
  return group.userRegexp !== '' && regexpMatches(group.userRegexp, user.login);
}

/** Whether the user is in the group of that name (an unknown group: only a direct membership counts). */
export function inGroup(user: User | undefined, name: string, catalogue: Catalogue): boolean {
  if (!user) return false;
  const group = catalogue.group(name);
  return group ? isMember(user, group) : user.groups.includes(name);
}

/** The groups the user is in, in the catalogue's order. */
export function groupsOf(user: User, catalogue: Catalogue): GroupDefinition[] {
  return catalogue.data.groups.filter((group) => isMember(user, group));
}

const compiled = new Map<string, RegExp | null>();

function regexpMatches(source: string, login: string): boolean {
  let regexp = compiled.get(source);
  if (regexp === undefined) {
    try {
      regexp = new RegExp(source, 'i');
    } catch {
      regexp = null;
    }
    if (compiled.size > 1000) compiled.clear();
    compiled.set(source, regexp);
  }
  return regexp?.test(login) ?? false;
}

/** 5.2's auth_failure for a group the caller is not in (the object's wording is 5.2's, gaps and all). */
export function requireGroup(user: User, group: string, catalogue: Catalogue, action: string, object: string): void {
  if (!inGroup(user, group, catalogue)) throw catalogueErrors.authFailure(group, action, object);
}
