import type { LastVisit, LastVisitOrNever } from '@bz-companion/shared';
import { formatBugzillaTime } from '@bz-companion/shared';
import { isInvolved, isVisible } from '../access.js';
import { isScalarRef, resolveBugId, resolveBugRef } from '../bug-ref.js';
import { databaseNow } from '../clock.js';
import { errors } from '../errors.js';
import { type ApiRequest, currentUser, type RouteDeps, type RouteSpec } from './route.js';

/**
 * The ids of an update: the body's `ids` replaces the path id when present
 * (5.2's merge of path and body parameters); a scalar counts as a list of one.
 */
function requestedIds(request: ApiRequest): unknown[] {
  const { body } = request;
  const bodyIds = body && Object.hasOwn(body, 'ids') ? body.ids : undefined;
  if (bodyIds !== undefined && bodyIds !== null) return Array.isArray(bodyIds) ? bodyIds : [bodyIds];
  return request.pathId === undefined ? [] : [request.pathId];
}

async function update(request: ApiRequest, { store, clock }: RouteDeps): Promise<LastVisit[]> {
  const user = currentUser(request);
  const refs = requestedIds(request);
  if (refs.length === 0) throw errors.paramRequired('ids');
  if (!refs.every(isScalarRef)) throw errors.paramScalarArrayRequired('ids');
  const { parameters, strictInvolvement } = store.instance;
  const bugIds = refs.map((ref) => {
    const bug = resolveBugRef(store, ref);
    if (!isVisible(user, bug, parameters)) throw errors.bugAccessDenied(bug.id);
    if (strictInvolvement && !isInvolved(user, bug, parameters)) throw errors.notInvolved(bug.id);
    return bug.id;
  });
  const ts = Math.floor(databaseNow(clock, store.instance) / 1000);
  await store.recordVisits(user.id, bugIds, ts);
  const lastVisitTs = formatBugzillaTime(ts * 1000);
  return bugIds.map((id) => ({ id, last_visit_ts: lastVisitTs }));
}

function get(request: ApiRequest, { store }: RouteDeps): LastVisitOrNever[] {
  const user = currentUser(request);
  const refs: unknown[] = request.query.getAll('ids');
  if (request.pathId !== undefined) refs.unshift(request.pathId);
  if (refs.length === 0) {
    return store.recentVisits(user.id).map((visit) => ({
      id: visit.bugId,
      last_visit_ts: formatBugzillaTime(visit.lastVisitTs * 1000),
    }));
  }
  const ids = [...new Set(refs.map((ref) => resolveBugId(store, ref)))];
  return ids.map((id) => {
    const ts = store.lastVisit(user.id, id);
    return { id, last_visit_ts: ts === undefined ? null : formatBugzillaTime(ts * 1000) };
  });
}

export const lastVisitRoutes = {
  'POST /rest/bug_user_last_visit/{id}': { auth: 'required', handle: update },
  'POST /rest/bug_user_last_visit': { auth: 'required', handle: update },
  'GET /rest/bug_user_last_visit/{id}': { auth: 'required', handle: get },
  'GET /rest/bug_user_last_visit': { auth: 'required', handle: get },
} satisfies {
  [K in
    | 'POST /rest/bug_user_last_visit/{id}'
    | 'POST /rest/bug_user_last_visit'
    | 'GET /rest/bug_user_last_visit/{id}'
    | 'GET /rest/bug_user_last_visit']: RouteSpec<K>;
};
