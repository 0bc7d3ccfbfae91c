import type { ResponseOf } from '@bz-companion/shared';
import { BugzillaError } from '../../bugzilla/errors.js';
import { flagQuery } from '../../bugzilla/flag/bmo-flag-query.js';
import { afterRead, type Read } from '../../bugzilla/read.js';
import { type ApiRequest, currentUser, type RouteDeps, type RouteSpec } from '../method/route.js';

type FlagQuery = ResponseOf<'GET /rest/mydashboard/run_flag_query'>;

/**
 * BMO's `GET /rest/mydashboard/run_flag_query?type=requestee|requester`
 * (extensions/MyDashboard/lib/WebService.pm run_flag_query): the caller's open requests, asked of
 * them or by them, as `{result: {<type>: [...]}}`; a missing or empty type is param_required (50).
 */
function runFlagQuery(request: ApiRequest, { store }: RouteDeps): Read<FlagQuery> {
  const user = currentUser(request);
  const type = request.query.get('type') ?? '';
  if (type === '' || type === '0') {
    throw new BugzillaError(
      50,
      'The function MyDashboard.run_flag_query requires a type argument, and that argument was not set.',
    );
  }
  return afterRead(flagQuery(store, user, type, request.webNow), (rows) => ({ result: { [type]: rows } }));
}

export const flagQueryRoutes = {
  'GET /rest/mydashboard/run_flag_query': {
    codes: [[50, 'type is required']],
    auth: 'required',
    handle: runFlagQuery,
  },
} satisfies { [K in 'GET /rest/mydashboard/run_flag_query']: RouteSpec<K> };
