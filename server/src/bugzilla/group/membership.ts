import safeRegex from 'safe-regex2';
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

/**
 * A group's user regexp as a matcher, or null (none): one that does not compile, or that could
 * backtrack for exponential time (safe-regex2's star height test), matches nobody, so an admin's
 * regexp tried against every login cannot stall the server (Group.create and Group.update refuse
 * such a regexp: isSafeUserRegexp).
 */
function matcher(source: string): RegExp | null {
  let regexp = compiled.get(source);
  if (regexp === undefined) {
    try {
      regexp = isSafeUserRegexp(source) ? new RegExp(source, 'i') : null;
    } catch {
      regexp = null;
    }
    if (compiled.size > 1000) compiled.clear();
    compiled.set(source, regexp);
  }
  return regexp;
}

/** Whether a user regexp runs in bounded time: no nested quantifier (safe-regex2), and not over 255 characters. */
export function isSafeUserRegexp(source: string): boolean {
  return source.length <= 255 && safeRegex(source);
}

function regexpMatches(source: string, login: string): boolean {
  return matcher(source)?.test(login) ?? false;
}

const derived = new WeakMap<User, { catalogue: Catalogue; user: User }>();

/**
 * The user with the groups their login's match gives them added to `groups` (5.2 keeps regexp
 * grants in user_group_map, so every check sees them): what every visibility and edit-rights check
 * reads of the request's user. Kept per user and catalogue, so a request pays for it once.
 */
export function withRegexpGroups(user: User, catalogue: Catalogue): User {
  const known = derived.get(user);
  if (known && known.catalogue === catalogue) return known.user;
  const extra: string[] = [];
  for (const group of catalogue.data.groups) {
    if (group.userRegexp !== '' && !user.groups.includes(group.name) && regexpMatches(group.userRegexp, user.login)) {
      extra.push(group.name);
    }
  }
  const member: User =
    extra.length === 0
      ? user
      : {
          id: user.id,
          login: user.login,
          realName: user.realName,
          groups: [...user.groups, ...extra],
          disabled: user.disabled,
          disabledText: user.disabledText,
          passwordHash: user.passwordHash,
          emailEnabled: user.emailEnabled,
          blessGroups: user.blessGroups,
        };
  derived.set(user, { catalogue, user: member });
  return member;
}

/** 5.2's auth_failure for a group the caller is not in (the object's wording is 5.2's, gaps and all). */
export function requireGroup(user: User, group: string, catalogue: Catalogue, action: string, object: string): void {
  if (!inGroup(user, group, catalogue)) throw catalogueErrors.authFailure(group, action, object);
}
