import { columnTime } from '../column-time.js';
import { FIELD_MAP } from '../field/bug-fields.js';
import { parseLegalDate } from './legal-date.js';
import { perlNumber } from './perl-number.js';
import { quicksearch } from './quicksearch.js';
import type { QuicksearchCatalogue } from './quicksearch-fields.js';
import { searchErrors } from './search-errors.js';
import { SearchParams } from './search-params.js';

/**
 * How a Bug.search call reached the server, which decides what its quicksearch keeps: 5.2 runs
 * Quicksearch.pm on the request's CGI object, whose parameters then replace the call's: over REST the
 * URL's other names stay beside the words' criteria, over JSON-RPC's GET the URL's own (`id=22` asks for
 * bug 22), and over XML-RPC and JSON-RPC's POST (whose CGI object has no parameters) the words are lost
 * too: such a call asks for nothing (WebService/Bug.pm search).
 */
export type SearchTransport =
  | { kind: 'rest' }
  /** JSON-RPC over GET: the URL's own names (`method`, `params`, `id`…) are the CGI object's. */
  | { kind: 'rpc-get'; url: URLSearchParams }
  | { kind: 'rpc-post' };

/** What Bug.search hands Search.pm: its parameters, and the order asked for. */
export interface WebServiceSearch {
  params: SearchParams;
  order: string[];
}

/** The names a request's credentials come as; 5.2's login deletes them before the method runs. */
const CREDENTIALS: ReadonlySet<string> = new Set([
  'include_fields',
  'exclude_fields',
  'Bugzilla_login',
  'Bugzilla_password',
  'Bugzilla_api_key',
  'Bugzilla_token',
  'Bugzilla_restrictlogin',
  'Bugzilla_login_token',
  'login',
  'password',
  'api_key',
  'token',
  'restrictlogin',
]);

/** The names a quicksearch drops from the query it makes (Quicksearch.pm's params_to_strip). */
const QUICKSEARCH_OWN: ReadonlySet<string> = new Set(['quicksearch', 'load', 'run']);

export interface SearchSettings {
  /** max_search_results. */
  maxResults: number;
  /** search_allow_no_criteria. */
  allowNoCriteria: boolean;
  /** BMO's Bug.search: `type` is its bug_type field, `triage_owner` a role (the profile's bmoSearch). */
  bmo: boolean;
}

/**
 * The roles Bug.search makes charts of: 5.2's, and BMO's, which adds the component's triage owner and
 * has `commenter` where 5.2 has `longdesc` (so there `longdesc` stays the comments' text, every word).
 */
const ROLES = ['assigned_to', 'reporter', 'qa_contact', 'longdesc', 'cc'];
const BMO_ROLES = ['assigned_to', 'reporter', 'qa_contact', 'triage_owner', 'commenter', 'cc'];

/** WebService/Bug.pm's search, up to `new Bugzilla::Search`: the names it renames, adds and checks. */
export function webServiceSearch(
  query: URLSearchParams,
  transport: SearchTransport,
  settings: SearchSettings,
  catalogue: QuicksearchCatalogue,
): WebServiceSearch {
  let params = SearchParams.fromQuery(query, CREDENTIALS);
  if (params.has('quicksearch')) params = quicksearchParams(params, query, transport, catalogue);
  // Bugzilla::WebService::Server's DATE_FIELDS: these two are read as dates first (illegal_date if not).
  for (const name of ['last_change_time', 'creation_time']) {
    const given = params.all(name);
    if (given.length > 0) params.set(name, given.map(serverTime));
  }
  if (params.has('offset') && !params.has('limit')) throw searchErrors.paramRequired('limit', 'Bug.search()');
  const limit = params.get('limit');
  if (limit !== undefined && perlNumber(limit) === 0) {
    params.delete('limit');
    params.delete('offset');
  } else if (limit === undefined || perlNumber(limit) > settings.maxResults) {
    params.set('limit', String(settings.maxResults));
  }
  mapFields(params, settings.bmo);
  // Bug.pm numbers its own charts from the count of `fN` names plus one (`max @field_ids + 1`), as it writes it.
  let next = params.names().filter((name) => /^f\d+$/.test(name)).length + 1;
  const chart = (field: string, operator: string, value: string) => {
    params.set(`f${next}`, field);
    params.set(`o${next}`, operator);
    params.set(`v${next}`, value);
    next++;
  };
  for (const field of ['delta_ts', 'creation_ts']) {
    const when = params.delete(field)[0];
    if (when !== undefined && when !== '' && when !== '0') chart(field, 'greaterthaneq', when);
  }
  for (const field of ['short_desc', 'longdesc', 'status_whiteboard', 'bug_file_loc']) {
    if (params.has(field) && !params.has(`${field}_type`)) params.set(`${field}_type`, 'allwordssubstr');
  }
  if (params.has('keywords') && !params.has('keywords_type')) params.set('keywords_type', 'allwords');
  if (params.truthy('creator')) params.rename('creator', 'reporter');
  for (const role of settings.bmo ? BMO_ROLES : ROLES) {
    if (!params.has(role)) continue;
    chart(role, 'anywordssubstr', params.delete(role).join(' '));
  }
  if (!settings.allowNoCriteria && params.names().every((name) => name === 'limit' || name === 'offset')) {
    throw searchErrors.needsCriteria();
  }
  const order = params.truthy('order') ? (params.get('order') as string).split(/\s*,\s*/) : [];
  params.delete('order');
  return { params, order };
}

/**
 * The parameters a quicksearch leaves: its own charts, and (over REST) the URL's other names with a
 * value, as Bugzilla::CGI's canonicalise_query writes them.
 */
function quicksearchParams(
  params: SearchParams,
  query: URLSearchParams,
  transport: SearchTransport,
  catalogue: QuicksearchCatalogue,
): SearchParams {
  if (transport.kind === 'rpc-post') return new SearchParams();
  const kept = SearchParams.fromQuery(transport.kind === 'rest' ? query : transport.url, QUICKSEARCH_OWN);
  for (const name of kept.names()) {
    const values = kept.all(name).filter((value) => value !== '');
    if (values.length === 0 || /^(field|type|value)(-\d+){3}$/.test(name)) kept.delete(name);
    else kept.set(name, values);
  }
  return quicksearch(params.get('quicksearch') ?? '', kept, catalogue);
}

/**
 * Bugzilla::Bug's map_fields: the API's names as Bugzilla's; names starting with `_` dropped. BMO's
 * FIELD_MAP also has `type` for its bug_type field (BMO's Bugzilla/Bug.pm FIELD_MAP).
 */
function mapFields(params: SearchParams, bmo: boolean): void {
  for (const name of params.names()) {
    if (name.startsWith('_')) params.delete(name);
    else if (Object.hasOwn(FIELD_MAP, name)) params.rename(name, FIELD_MAP[name] as string);
    else if (bmo && name === 'type') params.rename(name, 'bug_type');
  }
}

/** datetime_format_inbound: a date in any form 5.2 reads, as its server's local (UTC) time text. */
function serverTime(text: string): string {
  return columnTime(parseLegalDate(text));
}
