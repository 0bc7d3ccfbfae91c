import type { User } from '../types.js';

/** What a logged-out caller may read (5.2). */
const ANONYMOUS = ['maintainer', 'requirelogin'];

/** Members of this group read every parameter, secrets such as smtp_password included. */
const PARAMETER_ADMIN_GROUP = 'tweakparams';

/** Who sees which parameters: logged out, an admin (all of them), or a user (the tracker's list). */
export type Audience = 'anonymous' | 'admin' | readonly string[];

/** `user`'s audience (`loggedIn`: the tracker's list for ordinary users). */
export function parameterAudience(user: User | undefined, loggedIn: readonly string[]): Audience {
  if (!user) return 'anonymous';
  return user.groups.includes(PARAMETER_ADMIN_GROUP) ? 'admin' : loggedIn;
}

/** The parameters `audience` may read, sorted by name, with `urlbase` defaulting to the server's own address. */
export function visibleParameters(
  all: Readonly<Record<string, string>>,
  audience: Audience,
  urlbase: string,
): Record<string, string> {
  // Read through `all` rather than copying it: the map has ~150 entries and this runs per request.
  const names = audience === 'anonymous' ? ANONYMOUS : audience === 'admin' ? adminNames(all) : sortedOnce(audience);
  const visible: Record<string, string> = {};
  for (const name of names) {
    const value = name === 'urlbase' ? (all.urlbase ?? urlbase) : all[name];
    if (value !== undefined) visible[name] = value;
  }
  return visible;
}

const SORTED = new WeakMap<readonly string[], readonly string[]>();

/** A profile's list sorted once, not per request (the answer lists parameters by name). */
function sortedOnce(names: readonly string[]): readonly string[] {
  let sorted = SORTED.get(names);
  if (!sorted) {
    sorted = [...names].sort();
    SORTED.set(names, sorted);
  }
  return sorted;
}

/** Every parameter's name, `urlbase` included, sorted (an admin's list). */
function adminNames(all: Readonly<Record<string, string>>): string[] {
  const names = Object.keys(all);
  if (!Object.hasOwn(all, 'urlbase')) names.push('urlbase');
  return names.sort();
}
