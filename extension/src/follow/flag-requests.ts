import type { BugzillaBug, BugzillaClient } from '@bz-companion/shared';
import { flagsRequestedOf } from './reasons.js';

/** At most this many bugs with a flag requested of the user are asked for at once. */
const LIMIT = 500;

/**
 * The bugs with a flag requested of `me` (`f1=requestees.login_name&o1=equals&v1=me`),
 * or null where the tracker does not take that search: a tracker that ignores
 * the chart answers bugs without such a flag, which is how that shows.
 */
export async function flagRequests(client: BugzillaClient, me: string): Promise<BugzillaBug[] | null> {
  const { bugs } = await client.bugs.search(
    { f1: 'requestees.login_name', o1: 'equals', v1: me, limit: LIMIT },
    { includeFields: ['id', 'last_change_time', 'flags'] },
  );
  return bugs.every((bug) => flagsRequestedOf(bug, me).length > 0) ? bugs : null;
}
