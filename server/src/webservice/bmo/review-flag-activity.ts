import type { EndpointKey, ResponseOf } from '@bz-companion/shared';
import { canSeeBug, isInsider } from '../../bugzilla/access.js';
import { writeErrors } from '../../bugzilla/bug/write-errors.js';
import { columnTime } from '../../bugzilla/column-time.js';
import { BugzillaError, errors } from '../../bugzilla/errors.js';
import type { FlagActivity, FlagActivityCriteria } from '../../bugzilla/flag/bmo-flag-activity.js';
import { afterRead, type Read, readAll } from '../../bugzilla/read.js';
import type { Store } from '../../bugzilla/store/store.js';
import type { User } from '../../bugzilla/types.js';
import { nickOf } from '../../bugzilla/user/bmo-nick.js';
import type { ApiRequest, RouteDeps, RouteSpec } from '../method/route.js';

type Answer = ResponseOf<'GET /rest/review/flag_activity'>;
type Row = Answer[number];

/*
 * BMO's Review.flag_activity (extensions/Review/lib/WebService.pm flag_activity and its
 * rest_resources): the flag changes of a flag, a type, a setter or a requestee, or all of them, in a
 * window of dates (the last 30 days unless `after`/`before` say), by id, at most max_search_results.
 */

const DAY = 86_400;
const DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const NATURAL = /^\d+$/;

/** A `YYYY-MM-DD` parameter as epoch seconds of its midnight (UTC), or the default when it is not one. */
function dateParameter(value: string | null, fallback: number): number {
  const match = value === null ? null : DATE.exec(value);
  if (!match) return fallback;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return Date.UTC(y, m - 1, d) / 1000;
}

/** Perl's truth of a parameter: absent, '' and '0' are false. */
const given = (value: string | null): value is string => value !== null && value !== '' && value !== '0';

/** The parameters as flag_activity reads them: the path's value where the route names one, then the query's. */
function parameters(request: ApiRequest, fromPath: string | undefined) {
  return (name: string): string | null => (name === fromPath ? (request.pathId ?? '') : request.query.get(name));
}

function userHash(user: User) {
  return { id: user.id, real_name: user.realName, nick: nickOf(user), name: user.login };
}

/** `$user_field` by login (`Bugzilla::User->check`, `_error => 'invalid_username'`): 504 for no such user. */
function userId(store: Store, login: string | null): Read<number | undefined> {
  if (!given(login)) return undefined;
  return afterRead(store.userByLogin(login), (user) => {
    if (!user) throw writeErrors.invalidUsername(login);
    return user.id;
  });
}

/** The criteria of the call, refused as flag_activity refuses them. */
function criteriaOf(request: ApiRequest, store: Store, param: (name: string) => string | null) {
  const criteria: Partial<FlagActivityCriteria> = {};
  const flagId = param('flag_id');
  if (given(flagId)) {
    if (!NATURAL.test(flagId)) throw new BugzillaError(32000, `The flag id ${flagId} is invalid.`);
    criteria.flagIds = [Number(flagId)];
  }
  const typeId = param('type_id');
  if (given(typeId)) {
    if (!NATURAL.test(typeId)) throw new BugzillaError(32000, `The flag type id ${typeId} is invalid.`);
    criteria.typeIds = [Number(typeId)];
  }
  const typeName = param('type_name');
  if (given(typeName)) {
    criteria.typeIds = store.catalogue.data.flagTypes.filter((type) => type.name === typeName).map((type) => type.id);
  }
  const bugId = param('bug_id');
  // Compared as the column's integer: a value that is not one matches no bug.
  if (bugId !== null) criteria.bugId = NATURAL.test(bugId) ? Number(bugId) : -1;
  const status = param('status');
  if (status !== null) criteria.status = status;
  const offset = param('offset');
  const limit = param('limit');
  if (offset !== null && limit === null) {
    throw new BugzillaError(
      50,
      'The function Review.flag_activity() requires a limit argument, and that argument was not set.',
    );
  }
  const max = Number(store.instance.parameters.max_search_results ?? '10000') || 10000;
  criteria.limit = given(limit) && NATURAL.test(limit) && Number(limit) <= max ? Number(limit) : max;
  criteria.offset = offset !== null && NATURAL.test(offset) ? Number(offset) : 0;
  const today = Math.floor(request.webNow / 1000 / DAY) * DAY;
  criteria.from = dateParameter(param('after'), today - 30 * DAY);
  criteria.to = dateParameter(param('before'), today) + DAY - 1;
  return afterRead(userId(store, param('requestee')), (requesteeId) =>
    afterRead(userId(store, param('setter')), (setterId) => {
      if (requesteeId !== undefined) criteria.requesteeId = requesteeId;
      if (setterId !== undefined) criteria.setterId = setterId;
      return criteria as FlagActivityCriteria;
    }),
  );
}

/** `creation_time` as BMO's column gives it: `YYYY-MM-DD HH:MM:SS` (its database's zone; UTC here). */

/** The rows the caller may see (`can_see_bug`, `_can_see_attachment`), as `_flag_activity_to_hash` makes them. */
function answer(store: Store, user: User | undefined, rows: FlagActivity[], byFlagId: boolean): Read<Answer> {
  const parameters = store.instance.parameters;
  const insider = user !== undefined && isInsider(user, parameters);
  const seen = rows.map((row) =>
    afterRead(store.bugById(row.bugId), (bug) => {
      if (!bug || !canSeeBug(user, bug, parameters)) return false;
      if (row.attachmentId === null) return true;
      return afterRead(store.attachmentById(row.attachmentId), (a) => a !== undefined && (!a.isPrivate || insider));
    }),
  );
  return afterRead(readAll(seen), (visible) => {
    const shown = rows.filter((_, i) => visible[i]);
    const users = shown.map((row) =>
      readAll([store.userById(row.setterId), row.requesteeId === null ? undefined : store.userById(row.requesteeId)]),
    );
    return afterRead(readAll(users), (people) => {
      const out: Answer = [];
      for (const [i, row] of shown.entries()) {
        const [setter, requestee] = people[i] as [User | undefined, User | undefined];
        const type = store.catalogue.flagType(row.typeId);
        if (!setter || !type) continue;
        const hash: Row = {
          id: row.id,
          creation_time: columnTime(row.when),
          type: {
            id: type.id,
            name: type.name,
            description: type.description,
            type: type.targetType,
            is_active: type.isActive,
            is_requesteeble: type.isRequesteeble,
            is_multiplicable: type.isMultiplicable,
          },
          setter: userHash(setter),
          bug_id: row.bugId,
          attachment_id: row.attachmentId,
          status: row.status,
        };
        if (requestee) hash.requestee = userHash(requestee);
        if (!byFlagId) hash.flag_id = row.flagId;
        out.push(hash);
      }
      return out;
    });
  });
}

function flagActivity(fromPath?: string) {
  return (request: ApiRequest, { store }: RouteDeps): Read<Answer> => {
    const param = parameters(request, fromPath);
    if (fromPath === 'flag_id' && !NATURAL.test(request.pathId ?? '')) {
      // BMO's `^/review/flag_activity/(\d+)$`: another segment is no resource.
      throw errors.resourceNotFound('GET', `/review/flag_activity/${request.pathId}`);
    }
    return afterRead(criteriaOf(request, store, param), (criteria) =>
      afterRead(store.flagActivity(criteria), (rows) => answer(store, request.user, rows, given(param('flag_id')))),
    );
  };
}

const CODES = [
  [32000, 'an invalid flag id or flag type id'],
  [50, 'offset without limit'],
  [504, 'no such requestee or setter'],
] as const;

const route = (fromPath?: string) =>
  ({ codes: CODES, auth: 'optional-unless-requirelogin', handle: flagActivity(fromPath) }) as const;

type FlagActivityKey = Extract<EndpointKey, `GET /rest/review/flag_activity${string}`>;

export const reviewFlagActivityRoutes = {
  'GET /rest/review/flag_activity': route(),
  'GET /rest/review/flag_activity/{id}': route('flag_id'),
  'GET /rest/review/flag_activity/requestee/{id}': route('requestee'),
  'GET /rest/review/flag_activity/setter/{id}': route('setter'),
  'GET /rest/review/flag_activity/type_id/{id}': route('type_id'),
  'GET /rest/review/flag_activity/type_name/{id}': route('type_name'),
} satisfies { [K in FlagActivityKey]: RouteSpec<K> };
