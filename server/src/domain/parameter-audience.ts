import type { User } from './types.js';

/** What a logged-out caller may read (5.2). */
const ANONYMOUS = ['maintainer', 'requirelogin'];

/** Members of this group read every parameter, secrets such as smtp_password included. */
export const PARAMETER_ADMIN_GROUP = 'tweakparams';

/** The parameters `user` may read (`loggedIn`: the tracker's list for ordinary users), sorted by name, with `urlbase` defaulting to the server's own address. */
export function visibleParameters(
  all: Readonly<Record<string, string>>,
  user: User | undefined,
  urlbase: string,
  loggedIn: readonly string[],
): Record<string, string> {
  // Read through `all` rather than copying it: the map has ~150 entries and this runs per request.
  const admin = user?.groups.includes(PARAMETER_ADMIN_GROUP) === true;
  const names = !user ? ANONYMOUS : admin ? adminNames(all) : sortedOnce(loggedIn);
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
