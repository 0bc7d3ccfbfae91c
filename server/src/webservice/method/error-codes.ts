import type { AuthPolicy } from '../../profiles/auth-policy.js';

/** A Bugzilla error code, what it means, and its HTTP status where Bugzilla's code map does not decide it. */
export type CodeNote = readonly [code: number, meaning: string, status?: number];

/** What any method may answer: bad input, a request past its work bounds, the store out of reach. */
const ANY_METHOD: readonly CodeNote[] = [
  [32000, 'invalid input, or a request past its work bounds'],
  [-32000, 'the store could not be reached (nothing was written)'],
];

/** What a method that reads the credentials may answer. */
const READS_CREDENTIALS: readonly CodeNote[] = [
  [306, 'the API key is invalid or revoked'],
  [300, 'the login or password is not valid'],
  [301, 'the account is disabled'],
];

/**
 * What a method exempt from login (version, timezone, User.login) still answers when a
 * `Bugzilla_login` is given: 5.2's Server.pm handle_login skips the login only when none is
 * (`login_exempt($method) and !defined Bugzilla_login`); an API key or token alone is not read.
 */
const EXEMPT_BUT_LOGIN_GIVEN: readonly CodeNote[] = [
  [300, 'the login or password is not valid'],
  [301, 'the account is disabled'],
];

const NEEDS_LOGIN: readonly CodeNote[] = [[410, 'login required']];

/** A method whose path names a bug. */
export const NAMES_A_BUG: readonly CodeNote[] = [
  [100, 'not a bug id or alias'],
  [101, 'no such bug'],
  [102, 'the bug is not visible to the caller'],
];

/** What a bug write may answer, however it names the bug (5.2's Bug.create and Bug.update). */
export const BUG_WRITES: readonly CodeNote[] = [
  [51, 'no such product, component, value, keyword, user or flag', 404],
  [52, 'a number is required'],
  [56, 'an illegal date'],
  [103, 'the alias is invalid or too long'],
  [107, 'a summary is required'],
  [116, 'a dependency loop'],
  [121, 'a resolution is required'],
  [122, 'an open bug takes no resolution'],
];

/**
 * Every code a method may answer, each once, in a stable order: what any method may, what its
 * credentials policy and its path imply, then its own (its table row's `codes`), so a method
 * added without codes of its own is still described from its first day.
 */
export function errorCodesOf(
  own: readonly CodeNote[] | undefined,
  auth: AuthPolicy,
  pathNamesBug: boolean,
): CodeNote[] {
  const notes = [
    ...ANY_METHOD,
    ...(auth === 'ignore' ? EXEMPT_BUT_LOGIN_GIVEN : READS_CREDENTIALS),
    ...(auth === 'required' || auth === 'optional-unless-requirelogin' ? NEEDS_LOGIN : []),
    ...(pathNamesBug ? NAMES_A_BUG : []),
    ...(own ?? []),
  ];
  const seen = new Set<number>();
  return notes.filter(([code]) => !seen.has(code) && seen.add(code) !== undefined);
}
