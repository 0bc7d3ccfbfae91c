import { formatBugzillaTime } from '@bz-companion/shared';
import { flagRequests, planAttachmentFlags } from '../../bugzilla/attachment/attachment-flags.js';
import type { AttachmentFlagPlanner } from '../../bugzilla/attachment/attachment-write-plan.js';
import { requesteesOf } from '../../bugzilla/flag/flag-rules.js';
import type { Store } from '../../bugzilla/store/store.js';
import type { User } from '../../bugzilla/types.js';

/**
 * What a Bug.add_attachment or Bug.update_attachment request's `flags` do, for the store to plan
 * when the write's turn comes; undefined when none were given. The requestees are looked up
 * first (a refusal of the list's shape is thrown here, as 5.2's extract_flags dies first).
 * `blockedRequestees`: the profile's (BMO refuses a request of a user who blocks its kind).
 */
export async function attachmentFlagPlanner(
  store: Store,
  actor: User,
  given: unknown,
  nowMs: number,
  blockedRequestees: boolean,
): Promise<AttachmentFlagPlanner | undefined> {
  if (given === undefined || given === null) return undefined;
  const requests = flagRequests(given);
  const requestees = new Map<string, User>();
  for (const login of requesteesOf(requests)) {
    const user = await store.userByLogin(login);
    if (user) requestees.set(login.toLowerCase(), user);
  }
  const setting = {
    catalogue: store.catalogue,
    parameters: store.instance.parameters,
    actor,
    userByLogin: (login: string) => requestees.get(login.toLowerCase()),
    now: formatBugzillaTime(nowMs),
    blockedRequestees,
  };
  return (attachment, bug) => planAttachmentFlags(requests, attachment, bug, setting);
}
