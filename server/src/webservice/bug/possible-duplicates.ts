import type { BugSearchResult } from '@bz-companion/shared';
import { perlText } from '../../bugzilla/attachment/attachment-rules.js';
import { MAX_POSSIBLE_DUPLICATES, possibleDuplicates } from '../../bugzilla/bug/possible-duplicates.js';
import { BugzillaError } from '../../bugzilla/errors.js';
import { readAll } from '../../bugzilla/read.js';
import { FieldSelection } from '../method/field-selection.js';
import type { ApiRequest, RouteDeps, RouteSpec } from '../method/route.js';
import { bugJson } from './bug-json.js';

const list = (value: unknown): string[] =>
  (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value])
    .map(perlText)
    .filter((text): text is string => text !== undefined);

/**
 * Bug.possible_duplicates: the bugs whose summaries share words with `summary` (see
 * bugzilla/bug/possible-duplicates.ts for how they are matched), as Bug.get renders them.
 */
async function duplicates(request: ApiRequest, { store, profile }: RouteDeps): Promise<BugSearchResult> {
  const body = request.body ?? {};
  const summary = perlText(body.summary) ?? '';
  if (summary === '' || summary === '0') {
    throw new BugzillaError(
      50,
      'The function Bug.possible_duplicates requires a summary argument, and that argument was not set.',
    );
  }
  const limitText = perlText(body.limit) ?? '';
  let limit = limitText === '' || limitText === '0' ? MAX_POSSIBLE_DUPLICATES : Number(limitText);
  if (!/^\d+$/.test(limitText === '' ? '0' : limitText)) {
    throw new BugzillaError(52, `Invalid parameter ${limitText} passed to possible_duplicates: It must be numeric.`);
  }
  limit = Math.min(limit, MAX_POSSIBLE_DUPLICATES);
  const bugs = await possibleDuplicates(store, request.user, summary, list(body.products), limit);
  const fields = new FieldSelection(list(body.include_fields), list(body.exclude_fields));
  const rendered = await readAll(
    bugs.map((bug) => bugJson(bug, store, request.user, fields, request.webNow, profile.objects)),
  );
  return { bugs: rendered as BugSearchResult['bugs'] };
}

export const possibleDuplicateRoutes = {
  'POST /rpc/Bug.possible_duplicates': {
    rpc: { name: 'Bug.possible_duplicates', params: 'body', readOnly: false },
    auth: 'optional-unless-requirelogin',
    fieldsApplied: true,
    handle: duplicates,
  },
} satisfies { [K in 'POST /rpc/Bug.possible_duplicates']: RouteSpec<K> };
