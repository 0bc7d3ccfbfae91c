import type { BugCountResult, BugGetResult, BugSearchResult } from '@bz-companion/shared';
import { namedRefs } from '../../bugzilla/bug/bug-ref.js';
import { checkBug } from '../../bugzilla/bug/check-bug.js';
import { errors } from '../../bugzilla/errors.js';
import { perlTrue } from '../../bugzilla/perl-truth.js';
import { afterRead, type Read, readAll, readEach } from '../../bugzilla/read.js';
import { parseLegalDate } from '../../bugzilla/search/legal-date.js';
import { searchBugs } from '../../bugzilla/search/search.js';
import { NAMES_A_BUG } from '../method/error-codes.js';
import { FieldSelection } from '../method/field-selection.js';
import { listGiven } from '../method/list-given.js';
import type { ApiRequest, RouteDeps, RouteSpec } from '../method/route.js';
import { DEFAULT_WORK_BOUNDS } from '../method/work-bounds.js';
import { bugJson } from './bug-json.js';

/**
 * Bug.get: the path's bug (none for `/rest/bug/`), then the query's `ids`
 * (repeated, never split on commas), each once. Over REST the first id that fails fails the request
 * (5.2 cannot report it as a fault there), so `faults` is always empty.
 */
function get(request: ApiRequest, { store, profile }: RouteDeps): Read<BugGetResult> {
  const refs = namedRefs(request.pathId, request.query.getAll('ids'));
  if (refs.length === 0 && !listGiven(request, 'ids')) throw errors.paramRequired('ids');
  // One at a time: the first reference that fails is the error, as in 5.2.
  return afterRead(
    readEach(refs, (ref) => checkBug(store, request.user, ref)),
    (checked) => {
      const seen = new Set<number>();
      const bugs = checked.filter((bug) => !seen.has(bug.id) && seen.add(bug.id));
      const fields = FieldSelection.fromQuery(request.query);
      // BMO's Bug.get reads `new_since` for the comments and history it may include.
      const newSinceText = profile.objects.bugExtraFields.length > 0 ? request.query.get('new_since') : null;
      const newSince = newSinceText === null ? null : parseLegalDate(newSinceText);
      const rendered = readAll(
        bugs.map((bug) => bugJson(bug, store, request.user, fields, request.webNow, profile.objects, newSince)),
      );
      return afterRead(rendered, (json) => ({ bugs: json, faults: [] }));
    },
  );
}

/**
 * Bug.search: the visible bugs matching every criterion, by id; under BMO with `count_only`, only how
 * many there are, every match counted (BMO's Bugzilla/WebService/Bug.pm search: `{bug_count => …}`).
 */
function search(request: ApiRequest, { store, profile }: RouteDeps): Read<BugSearchResult | BugCountResult> {
  const options = {
    transport: request.transport,
    now: Math.floor(request.webNow / 1000),
    timeoutMs: DEFAULT_WORK_BOUNDS.seconds * 1000,
    bmo: profile.bmoSearch,
  };
  const countOnly = profile.bmoSearch && perlTrue(request.query.get('count_only'));
  return afterRead(searchBugs(store, request.user, request.query, options), (bugs) => {
    if (countOnly) return { bug_count: bugs.length };
    const fields = FieldSelection.fromQuery(request.query);
    const rendered = readAll(bugs.map((bug) => bugJson(bug, store, request.user, fields, null, profile.objects)));
    return afterRead(rendered, (json) => ({ bugs: json }));
  });
}

export const bugRoutes = {
  'GET /rest/bug/{id}': { auth: 'optional-unless-requirelogin', fieldsApplied: true, handle: get },
  'GET /rest/bug': {
    rpc: { name: 'Bug.search', params: 'query', readOnly: true },
    codes: [
      [50, 'a parameter is required'],
      [52, 'a number is required'],
      [56, 'an illegal date'],
    ],
    auth: 'optional-unless-requirelogin',
    fieldsApplied: true,
    handle: search,
  },
  'GET /rest/bug/': {
    rpc: { name: 'Bug.get', params: 'query', readOnly: true },
    codes: [[50, 'ids is required'], ...NAMES_A_BUG],
    auth: 'optional-unless-requirelogin',
    fieldsApplied: true,
    handle: get,
  },
} satisfies { [K in 'GET /rest/bug/{id}' | 'GET /rest/bug' | 'GET /rest/bug/']: RouteSpec<K> };
