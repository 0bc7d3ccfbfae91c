import { BugzillaError } from '../errors.js';
import type { User } from '../types.js';
import { identity } from './flag-errors.js';

/** A flag as a plan has it (an id once stored). */
interface RequestedFlag {
  id?: number;
  name: string;
  status: string;
  requestee?: string | null;
}

/**
 * The setting each kind of request is blocked by, as BMO's extensions keep it: review, data-review
 * and feedback by `block_reviews` (extensions/Review/Extension.pm `_check_requestee`), needinfo by
 * `block_needinfo` (extensions/Needinfo/Extension.pm `_check_requestee`).
 */
const BLOCKING_SETTING: Readonly<Record<string, string>> = {
  review: 'block_reviews',
  'data-review': 'block_reviews',
  feedback: 'block_reviews',
  needinfo: 'block_needinfo',
};

/*
 * The refusals are the extensions' own user errors, which have no WebService code: 32000
 * (Bugzilla/Error.pm, ERROR_UNKNOWN_TRANSIENT). Texts from each extension's
 * template/en/default/hook/global/user-error-errors.html.tmpl.
 */
function blocked(requestee: User, typeName: string): BugzillaError {
  return typeName === 'needinfo'
    ? new BugzillaError(32000, `${identity(requestee)} is not currently accepting "needinfo" requests.`)
    : new BugzillaError(32000, `${identity(requestee)} is not currently accepting '${typeName}' requests.`);
}

const sameLogin = (a: string | null | undefined, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();

/**
 * BMO's object_end_of_create and object_end_of_update hooks: a request (`?`) newly asked of a
 * user, or handed to them, is refused when they block that kind. One already asked of them stays.
 */
export function checkBlockedRequests(
  before: readonly RequestedFlag[],
  after: readonly RequestedFlag[],
  userByLogin: (login: string) => User | undefined,
): void {
  const was = new Map<number, RequestedFlag>();
  for (const flag of before) if (flag.id) was.set(flag.id, flag);
  for (const flag of after) {
    const setting = BLOCKING_SETTING[flag.name];
    if (setting === undefined || flag.status !== '?' || !flag.requestee) continue;
    const old = flag.id ? was.get(flag.id) : undefined;
    // Review also checks a flag set back to `?`; Needinfo only a new requestee.
    if (old && sameLogin(old.requestee, flag.requestee) && (old.status === '?' || flag.name === 'needinfo')) continue;
    const requestee = userByLogin(flag.requestee);
    if (requestee?.settings?.[setting] === 'on') throw blocked(requestee, flag.name);
  }
}
