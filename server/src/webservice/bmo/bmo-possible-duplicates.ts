import type { BugSearchResult } from '@bz-companion/shared';
import { checkBug } from '../../bugzilla/bug/check-bug.js';
import { MAX_POSSIBLE_DUPLICATES, possibleDuplicates } from '../../bugzilla/bug/possible-duplicates.js';
import { BugzillaError } from '../../bugzilla/errors.js';
import { readAll } from '../../bugzilla/read.js';
import { bugJson } from '../bug/bug-json.js';
import { FieldSelection } from '../method/field-selection.js';
import type { ApiRequest, RouteDeps, RouteSpec } from '../method/route.js';

/** BMO's param_invalid (53): a parameter not of the type its Dict wants. */
const invalid = () =>
  new BugzillaError(53, 'A param is not a valid parameter for the Bug.possible_duplicates function.');

/** One value of a parameter its Dict types as a scalar (a repeated one is a list, which fails it). */
function single(request: ApiRequest, name: string, integer: boolean): string | undefined {
  const values = request.query.getAll(name);
  if (values.length > 1) throw invalid();
  const value = values[0];
  if (value !== undefined && integer && !/^-?\d+$/.test(value)) throw invalid();
  return value;
}

/**
 * BMO's `GET /rest/bug/possible_duplicates` (Bugzilla/WebService/Bug.pm possible_duplicates, a REST
 * resource of REST/Resources/Bug.pm): 5.2's method, reading the summary of the bug `id` names (that
 * bug left out of the answer) or `summary`, and `product` for 5.2's `products`.
 */
async function duplicatesOf(request: ApiRequest, { store, profile }: RouteDeps): Promise<BugSearchResult> {
  const id = single(request, 'id', true);
  const given = single(request, 'summary', false);
  const limitText = single(request, 'limit', true);
  let summary: string;
  let own: number | undefined;
  if (id !== undefined && Number(id) !== 0) {
    const bug = await checkBug(store, request.user, id);
    summary = bug.fields.summary;
    own = bug.id;
  } else if (given) {
    summary = given;
  } else {
    throw new BugzillaError(
      50,
      'The function Bug.possible_duplicates requires a id or summary argument, and that argument was not set.',
    );
  }
  // Bugzilla::Bug::possible_duplicates: none or 0 is the most, more is cut to it, below 0 is refused.
  const asked = Number(limitText ?? 0);
  if (asked < 0) {
    throw new BugzillaError(52, `Invalid parameter ${limitText} passed to possible_duplicates: It must be numeric.`);
  }
  const limit = Math.min(asked || MAX_POSSIBLE_DUPLICATES, MAX_POSSIBLE_DUPLICATES);
  const found = await possibleDuplicates(store, request.user, summary, request.query.getAll('product'), limit);
  const bugs = found.filter((bug) => bug.id !== own);
  const fields = FieldSelection.fromQuery(request.query);
  const rendered = await readAll(
    bugs.map((bug) => bugJson(bug, store, request.user, fields, request.webNow, profile.objects)),
  );
  return { bugs: rendered as BugSearchResult['bugs'] };
}

export const bmoPossibleDuplicateRoutes = {
  'GET /rest/bug/possible_duplicates': {
    auth: 'optional-unless-requirelogin',
    fieldsApplied: true,
    handle: duplicatesOf,
  },
} satisfies { [K in 'GET /rest/bug/possible_duplicates']: RouteSpec<K> };
