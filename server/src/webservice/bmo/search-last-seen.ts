import type { ResponseOf } from '@bz-companion/shared';
import { type LastSeenKind, lastSeenBugs, lastSeenCutoff } from '../../bugzilla/search/bmo-last-seen.js';
import { type ApiRequest, currentUser, type RouteDeps, type RouteSpec } from '../method/route.js';
import { type BugHash, BugHasher } from './bmo-bug-hash.js';

type Answer = ResponseOf<'GET /rest/search/needinfo_last_seen'>;

function lastSeen(kind: LastSeenKind, defaultField: string) {
  return async (request: ApiRequest, { store }: RouteDeps): Promise<Answer> => {
    const user = currentUser(request);
    const include = request.query.get('include_fields');
    const wanted = new Set(include ? include.split(',') : [defaultField]);
    const cutoff = lastSeenCutoff(request.query.get('days'), Math.floor(request.webNow / 1000));
    const hasher = new BugHasher(store, user, wanted);
    const bugs = await lastSeenBugs(store, user, kind, cutoff);
    const result: BugHash[] = [];
    for (const bug of bugs) result.push(await hasher.hash(bug));
    return { result };
  };
}

/**
 * BMO's SearchAPI routes (extensions/SearchAPI/lib/API/V1/LastSeen.pm): open bugs whose needinfo
 * requestee, or whose assignee, was last seen more than `days` days ago, as `{result: [to_hash]}`
 * (with `flags`, or `assignee`, unless `include_fields` names others). Login required (410).
 */
export const searchLastSeenRoutes = {
  // include_fields names to_hash's extras, not members to filter the answer by.
  'GET /rest/search/needinfo_last_seen': {
    auth: 'required',
    fieldsApplied: true,
    handle: lastSeen('needinfo', 'flags'),
  },
  'GET /rest/search/assignee_last_seen': {
    auth: 'required',
    fieldsApplied: true,
    handle: lastSeen('assignee', 'assignee'),
  },
} satisfies { [K in 'GET /rest/search/needinfo_last_seen' | 'GET /rest/search/assignee_last_seen']: RouteSpec<K> };
