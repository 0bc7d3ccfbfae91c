import type { LastVisit, LastVisitOrNever } from '@bz-companion/shared';
import { formatBugzillaTime } from '@bz-companion/shared';
import { canSeeBug, isInvolved } from '../../bugzilla/access.js';
import { isScalarRef, resolveBugId, resolveBugRef } from '../../bugzilla/bug/bug-ref.js';
import { errors } from '../../bugzilla/errors.js';
import { afterRead, type Read, readEach } from '../../bugzilla/read.js';
import type { Store } from '../../bugzilla/store/store.js';
import type { User, VisitRecord } from '../../bugzilla/types.js';
import { isFormBody } from '../../http/read-body.js';
import type { LastVisitRules } from '../../profiles/profile.js';
import { NAMES_A_BUG } from '../method/error-codes.js';
import type { ApiRequest, RouteDeps, RouteSpec } from '../method/route.js';

/**
 * The ids of an update: the body's `ids` replaces the path id when present
 * (5.2's merge of path and body parameters); a scalar counts as a list of one.
 * Under Perl's merge a body `ids: null` is a null id, and a query `ids` (its
 * first value) overrides both; the contract ignores both.
 */
function updateIds({ body, query, pathId }: ApiRequest, rules: LastVisitRules): unknown[] {
  let ids: unknown[] = pathId === undefined ? [] : [pathId];
  const bodyIds = body && Object.hasOwn(body, 'ids') ? body.ids : undefined;
  const bodyList = Array.isArray(bodyIds) ? bodyIds : [bodyIds];
  // Form fields are parameters like the path's, so Perl merges them: path first, duplicates dropped.
  if (bodyIds !== undefined && rules.perlMerge && isFormBody(body)) ids = [...new Set([...ids, ...bodyList])];
  else if (bodyIds !== undefined && bodyIds !== null) ids = bodyList;
  else if (bodyIds === null && rules.perlMerge) ids = [null];
  const queryId = rules.perlMerge ? query.get('ids') : null;
  return queryId === null ? ids : [queryId];
}

/** The ids of a read, in order: the path id first, then the query's (BMO: the path id alone). */
function readIds({ query, pathId }: ApiRequest, rules: LastVisitRules): string[] {
  const queryIds = query.getAll('ids');
  if (pathId === undefined) return queryIds;
  return rules.pathIdReplacesQueryIds ? [pathId] : [pathId, ...queryIds];
}

async function update(request: ApiRequest, { store, profile }: RouteDeps): Promise<LastVisit[]> {
  const rules = profile.lastVisit;
  const { user } = request;
  const refs = updateIds(request, rules);
  if (refs.length === 0) throw errors.paramRequired('ids');
  if (!refs.every(isScalarRef)) throw errors.paramScalarArrayRequired('ids');
  const { parameters, strictInvolvement } = store.instance;
  const mustBeInvolved =
    rules.involvement === 'always' || (rules.involvement === 'when-strict-setting' && strictInvolvement);
  // One reference after another: the first that fails is the error, as in 5.2.
  const checked = await readEach(refs, (ref) =>
    afterRead(resolveBugRef(store, ref, request.pathBug), (bug): { id: number; ref: unknown } => {
      const { id } = bug;
      if (!canSeeBug(user, bug, parameters)) throw user ? errors.bugAccessDenied(id) : errors.bugAccessQuery(id);
      // Nobody logged out is ever involved (5.2 answers them "not involved", not "log in").
      if (mustBeInvolved && !(user && isInvolved(user, bug, parameters))) {
        throw errors.notInvolved(id, profile.codes.userNotInvolved);
      }
      return { id, ref };
    }),
  );
  const bugIds = checked.map(({ id }) => id);
  // Only BMO gets here logged out: it inserts a row for user 0, which the foreign key refuses (read from its code).
  if (!user) throw errors.perlCrash(ANONYMOUS_INSERT_CRASH);
  const databaseMs = await request.databaseNow();
  const ts = Math.floor(databaseMs / 1000);
  await store.recordVisits(user.id, bugIds, ts, databaseMs);
  const lastVisitTs = formatBugzillaTime(ts * 1000);
  return checked.map(({ id, ref }) => ({
    id: rules.answeredId === 'bug' ? id : perlInt(ref),
    last_visit_ts: lastVisitTs,
  }));
}

/** Synchronous over a store whose reads are (the file store): the extension's hot path. */
function get(request: ApiRequest, { store, profile }: RouteDeps): Read<LastVisitOrNever[]> {
  const rules = profile.lastVisit;
  const { user } = request;
  const refs = readIds(request, rules);
  if (refs.length === 0) {
    if (!user) return [];
    const visits = rules.list === 'recent' ? store.recentVisits(user.id) : store.allVisits(user.id);
    return afterRead(visits, (list) => list.map(answer));
  }
  switch (rules.read) {
    case 'crash': {
      // 5.0-5.2 call ->id on a plain string (BugUserLastVisit.pm line 78), for every id and caller.
      const first = refs[0];
      throw errors.perlCrash(
        `Can't locate object method "id" via package "${first}" (perhaps you forgot to load "${first}"?) at /var/www/html/bugzilla/Bugzilla/WebService/BugUserLastVisit.pm line 78.\n`,
      );
    }
    case 'stored-rows': {
      if (!user) return [];
      const wanted = new Set(refs);
      return afterRead(store.allVisits(user.id), (visits) =>
        visits.filter((visit) => wanted.has(String(visit.bugId))).map(answer),
      );
    }
    case 'unresolved-ids':
      // master: no alias look-up, no existence or visibility check; what is not a number reads as bug 0.
      return readEach([...new Set(refs)], (ref) => neverOr(user, perlInt(ref), store));
    case 'contract': {
      return afterRead(
        readEach(refs, (ref) => resolveBugId(store, ref)),
        (ids) => readEach([...new Set(ids)], (id) => neverOr(user, id, store)),
      );
    }
  }
}

function answer(visit: VisitRecord): LastVisitOrNever {
  return { id: visit.bugId, last_visit_ts: formatBugzillaTime(visit.lastVisitTs * 1000) };
}

function neverOr(user: User | undefined, id: number, store: Store): Read<LastVisitOrNever> {
  return afterRead(user ? store.lastVisit(user.id, id) : undefined, (ts) => ({
    id,
    last_visit_ts: ts === undefined ? null : formatBugzillaTime(ts * 1000),
  }));
}

/** Perl's int() of a string: its leading integer, else 0 (BMO answers an alias as bug 0). */
function perlInt(value: unknown): number {
  const match = /^\s*([+-]?\d+)/.exec(String(value ?? ''));
  return match ? Number(match[1]) : 0;
}

const ANONYMOUS_INSERT_CRASH =
  'DBD::mysql::db do failed: Cannot add or update a child row: a foreign key constraint fails (`bugs`.`bug_user_last_visit`, CONSTRAINT `fk_bug_user_last_visit_user_id_profiles_userid` FOREIGN KEY (`user_id`) REFERENCES `profiles` (`userid`) ON DELETE CASCADE ON UPDATE CASCADE)';

export const lastVisitRoutes = {
  'POST /rest/bug_user_last_visit/{id}': {
    codes: [[1300, 'the caller is not involved with the bug']],
    auth: 'required',
    stampsWrites: true,
    readsPathBug: true,
    handle: update,
  },
  'POST /rest/bug_user_last_visit': {
    rpc: { name: 'BugUserLastVisit.update', params: 'body', readOnly: false },
    codes: [...NAMES_A_BUG, [1300, 'the caller is not involved with the bug']],
    auth: 'required',
    stampsWrites: true,
    handle: update,
  },
  'GET /rest/bug_user_last_visit/{id}': {
    codes: [[100500, "5.2's crash of this method, in an HTTP 200"]],
    auth: 'required',
    handle: get,
  },
  'GET /rest/bug_user_last_visit': {
    // BugUserLastVisit.pm declares no READ_ONLY list.
    rpc: { name: 'BugUserLastVisit.get', params: 'query', readOnly: false },
    codes: NAMES_A_BUG,
    auth: 'required',
    handle: get,
  },
} satisfies {
  [K in
    | 'POST /rest/bug_user_last_visit/{id}'
    | 'POST /rest/bug_user_last_visit'
    | 'GET /rest/bug_user_last_visit/{id}'
    | 'GET /rest/bug_user_last_visit']: RouteSpec<K>;
};
