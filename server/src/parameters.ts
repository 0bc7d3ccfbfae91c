import type { User } from './store/types.js';

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
  const withBase: Record<string, string> = { ...all };
  withBase.urlbase ??= urlbase;
  const names = !user ? ANONYMOUS : user.groups.includes(PARAMETER_ADMIN_GROUP) ? Object.keys(withBase) : loggedIn;
  const visible: Record<string, string> = {};
  for (const name of [...names].sort()) {
    const value = withBase[name];
    if (value !== undefined) visible[name] = value;
  }
  return visible;
}
