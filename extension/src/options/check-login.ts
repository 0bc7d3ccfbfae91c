import { type AuthMode, BugzillaApiError } from '@bz-companion/shared';
import { asProblem, problemDetails } from '../common/problems.js';
import type { Tracker } from '../common/trackers.js';
import { trackerClient } from '../tracker/client.js';

export type LoginCheck = { ok: true } | { ok: false; text: string; details: string };

/**
 * Whether `login` is whose key it is, on a tracker that cannot say (Bugzilla 5.0/5.2 have no
 * whoami): User.get by that name, with the key, answers the account's saved searches to its owner
 * alone (Bugzilla/WebService/User.pm gives `saved_searches` only when the caller is that user).
 */
export async function checkLogin(
  tracker: Tracker,
  authMode: AuthMode,
  fetchImpl: typeof fetch,
  login: string,
): Promise<LoginCheck> {
  const client = trackerClient(tracker, authMode, fetchImpl);
  try {
    const { users } = await client.users.get({ names: [login], include_fields: ['name', 'saved_searches'] });
    const user = users.find((each) => each.name?.toLowerCase() === login.toLowerCase());
    if (!user) return { ok: false, text: `This tracker has no user ${login}. Check the login.`, details: '' };
    if (user.saved_searches === undefined) {
      return {
        ok: false,
        text: `This API key is not ${login}'s: the tracker shows that account as someone else's. Enter the key's own login.`,
        details: '',
      };
    }
    return { ok: true };
  } catch (error) {
    // 51: Bugzilla's "there is no user named …".
    if (error instanceof BugzillaApiError && error.code === 51) {
      return { ok: false, text: `This tracker has no user ${login}. Check the login.`, details: error.message };
    }
    return { ok: false, text: 'The tracker could not check the login.', details: problemDetails(asProblem(error)) };
  }
}
