import { BugzillaApiError, type BugzillaClient } from '@bz-companion/shared';
import type { DeliveryState } from '../common/delivery-state.js';
import { AliasNotResolvable } from '../common/problems.js';

const isNumber = (bug: string) => /^\d+$/.test(bug);

/** The 404 "no such resource" of a tracker that lacks a route (code 32614). */
export const isMissingRoute = (error: unknown) => error instanceof BugzillaApiError && error.code === 32614;

/** The bug's number, from the cache or the tracker (`GET /rest/bug/{alias}?include_fields=id`, every 5.x has it). */
async function numberOf(state: DeliveryState, client: BugzillaClient, alias: string) {
  const known = state.aliasIds[alias];
  if (known !== undefined) return known;
  const answer = await client.bugs.get(alias, { includeFields: ['id'] }).catch((error: unknown) => {
    if (!isMissingRoute(error)) throw error;
    throw new AliasNotResolvable(
      `This tracker cannot look up the number of alias ${alias}; open the bug by its number.`,
    );
  });
  const id = answer.bugs[0]?.id;
  if (id === undefined) throw new AliasNotResolvable(`The tracker gave no number for alias ${alias}.`);
  state.aliasIds = { ...state.aliasIds, [alias]: id };
  return id;
}

/**
 * Sends one visit with `POST /rest/bug_user_last_visit/{id}`. Bugzilla
 * 5.0/5.2 take only numbers in that path (an alias is 404, code 32614): the
 * first such answer marks the tracker, and from then on an alias is resolved
 * to its number (cached) before it is sent. Throws the tracker's error.
 */
export async function sendVisit(state: DeliveryState, client: BugzillaClient, bug: string): Promise<void> {
  if (isNumber(bug) || !state.pathTakesNumbersOnly) {
    try {
      await client.lastVisit.update(bug);
      return;
    } catch (error) {
      if (isNumber(bug) || !isMissingRoute(error)) throw error;
      state.pathTakesNumbersOnly = true;
    }
  }
  await client.lastVisit.update(await numberOf(state, client, bug));
}
