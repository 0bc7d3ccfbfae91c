import type { User } from '../types.js';

/**
 * One `match` string of User.get as 5.2's Bugzilla::User::match reads it: with `*`, a
 * LIKE pattern on login or real name; else the login exactly, and failing that (three
 * characters or more) a substring of either. Letter case never matters.
 */
export interface UserMatch {
  kind: 'pattern' | 'exact' | 'substring';
  /** Lower case; for `pattern`, with `*` as the wildcard. */
  text: string;
  includeDisabled: boolean;
  /** At most this many (null: no limit), the first by id. */
  limit: number | null;
}

/** Whether a user fits a `pattern` or `substring` match (an exact one is a look-up by login). */
export function userFits(user: User, match: UserMatch, pattern?: RegExp): boolean {
  if (!match.includeDisabled && user.disabled) return false;
  if (match.kind === 'exact') return user.login.toLowerCase() === match.text;
  if (match.kind === 'pattern') {
    const regexp = pattern ?? likePattern(match.text);
    return regexp.test(user.login) || regexp.test(user.realName);
  }
  return user.login.toLowerCase().includes(match.text) || user.realName.toLowerCase().includes(match.text);
}

/** `*` as SQL's `%` over the whole value, any letter case (SQL's own `%` and `_` too, as LIKE reads them). */
export function likePattern(text: string): RegExp {
  const source = text
    .split('')
    .map((char) =>
      char === '*' || char === '%' ? '.*' : char === '_' ? '.' : char.replace(/[\\^$.|?+()[\]{}]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`, 'is');
}

/** The matches Bugzilla::User::match would try for one string, in order. */
export function userMatches(
  raw: string,
  includeDisabled: boolean,
  limit: number | null,
  loggedIn: boolean,
): UserMatch[] {
  const text = raw.trim().toLowerCase();
  if (text === '') return [];
  if (text.includes('*') && loggedIn) return [{ kind: 'pattern', text, includeDisabled, limit }];
  const steps: UserMatch[] = [{ kind: 'exact', text, includeDisabled: true, limit: 1 }];
  if (text.length >= 3 && loggedIn) steps.push({ kind: 'substring', text, includeDisabled, limit });
  return steps;
}
