import type { EndpointKey } from '@bz-companion/shared';
import type { AuthPolicy } from '../domain/auth-policy.js';

/** A Bugzilla error code and what it means, as the description lists it. */
export type CodeNote = readonly [code: number, meaning: string];

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

const NEEDS_LOGIN: readonly CodeNote[] = [[410, 'login required']];

/** A method whose path names a bug. */
const NAMES_A_BUG: readonly CodeNote[] = [
  [100, 'not a bug id or alias'],
  [101, 'no such bug'],
  [102, 'the bug is not visible to the caller'],
];

/**
 * Codes of one method beyond those its credentials policy and path imply. An endpoint
 * added without a row still gets those: a new method is described from its first day.
 */
const OWN_CODES: Partial<Record<EndpointKey, readonly CodeNote[]>> = {
  'POST /rest/bug_user_last_visit': [...NAMES_A_BUG, [1300, 'the caller is not involved with the bug']],
  'POST /rest/bug_user_last_visit/{id}': [[1300, 'the caller is not involved with the bug']],
  'GET /rest/bug_user_last_visit': NAMES_A_BUG,
  'GET /rest/bug_user_last_visit/{id}': [[100500, "5.2's crash of this method, in an HTTP 200"]],
  'GET /rest/bug': [
    [50, 'a parameter is required'],
    [52, 'a number is required'],
    [56, 'an illegal date'],
  ],
  'GET /rest/bug/': [[50, 'ids is required'], ...NAMES_A_BUG],
  'GET /rest/bug/{id}/comment': [[56, 'an illegal date']],
  'GET /rest/bug/comment/{id}': [
    [52, 'the comment id is not a number'],
    [110, 'the comment is private'],
    [111, 'no such comment'],
  ],
  'POST /rest/bug/{id}/comment': [
    [50, 'comment is required'],
    [113, 'only insiders may add a private comment'],
    [114, 'the comment is too long'],
  ],
  'GET /rest/login': [[50, 'login and password are required']],
  'GET /rest/valid_login': [[50, 'login is required']],
  'GET /rest/last_audit_time': [[58, 'class must be a scalar or an array']],
};

/** Every code an endpoint may answer, each once, in a stable order. */
export function errorCodesOf(key: EndpointKey, auth: AuthPolicy, pathNamesBug: boolean): CodeNote[] {
  const notes = [
    ...ANY_METHOD,
    ...(auth === 'ignore' ? [] : READS_CREDENTIALS),
    ...(auth === 'required' || auth === 'optional-unless-requirelogin' ? NEEDS_LOGIN : []),
    ...(pathNamesBug ? NAMES_A_BUG : []),
    ...(OWN_CODES[key] ?? []),
  ];
  const seen = new Set<number>();
  return notes.filter(([code]) => !seen.has(code) && seen.add(code) !== undefined);
}
