import { isInsider, isTimeTracker } from '../access.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import { perlTrue } from '../perl-truth.js';
import { afterRead, type Read, readAll } from '../read.js';
import type { Store } from '../store/store.js';
import type { User } from '../types.js';
import { triageOwnerRows } from './bmo-triage-rows.js';
import type { SearchContext } from './chart-args.js';
import type { CompiledSearch } from './compiled-search.js';
import type { Clause, Criterion } from './criteria.js';
import { criteriaToWhere } from './criteria-to-where.js';
import { EVERY_MATCH } from './every-bug.js';
import { normalizeWhere } from './normalize-where.js';
import { paramsToCriteria } from './params-to-criteria.js';
import { isNatural, perlNumber } from './perl-number.js';
import type { QuicksearchCatalogue } from './quicksearch-fields.js';
import { searchErrors } from './search-errors.js';
import { type CustomFieldDefinition, chartFields } from './search-fields.js';
import { searchOrder } from './search-order.js';
import type { SearchParams } from './search-params.js';
import { type SearchTransport, webServiceSearch } from './webservice-params.js';

/** A Bug.search call as it arrived. */
export interface SearchRequest {
  query: URLSearchParams;
  transport: SearchTransport;
  user: User | undefined;
  /** The web clock, epoch seconds: what relative dates count from. */
  now: number;
  timeoutMs: number;
  /** BMO's Bug.search (the profile's bmoSearch): its fields, and `count_only` (every match counted, no page). */
  bmo: boolean;
}

/** The custom fields a search may name: every one the catalogue defines, obsolete ones too (Bugzilla->fields). */
function customFields(catalogue: Catalogue): readonly CustomFieldDefinition[] {
  return catalogue.customFields().map((field) => ({
    name: field.name,
    description: field.description,
    type: field.type,
    buglist: field.buglist,
    obsolete: field.obsolete,
    tracking: field.tracking !== undefined,
  }));
}

/** The custom fields that are not obsolete (Bugzilla->active_custom_fields). */
function activeCustomFields(catalogue: Catalogue): readonly CustomFieldDefinition[] {
  return customFields(catalogue).filter((field) => !field.obsolete);
}

/** What a quicksearch reads of the catalogue (active values by sortkey, every keyword, custom fields). */
function quicksearchCatalogue(catalogue: Catalogue): QuicksearchCatalogue {
  const active = <T extends { isActive: boolean; sortkey: number }>(values: readonly T[]) =>
    values.filter((value) => value.isActive).sort((a, b) => a.sortkey - b.sortkey);
  const { data } = catalogue;
  return {
    statuses: active(data.statuses).map((status) => ({ value: status.value, isOpen: status.isOpen })),
    resolutions: active(data.fieldValues.resolution).map((value) => value.value),
    priorities: active(data.fieldValues.priority).map((value) => value.value),
    keywords: data.keywords.map((keyword) => keyword.name),
    // Quicksearch.pm's _translate_field_name looks among Bugzilla->active_custom_fields only.
    customFields: activeCustomFields(catalogue).map((field) => field.name),
  };
}

/**
 * A Bug.search call compiled into one search (compiled-search.ts): WebService/Bug.pm's parameters, then
 * Search.pm's criteria, translated and made ready for the store. Every refusal of 5.2's is thrown here,
 * before the store is asked anything; the logins a chart names (changedby) are looked up first.
 */
export function compileSearch(store: Store, request: SearchRequest): Read<CompiledSearch> {
  const parameters = store.instance.parameters;
  const maxResults = Number(parameters.max_search_results ?? '10000') || 10000;
  const allowNoCriteria = parameters.search_allow_no_criteria !== '0';
  const { catalogue } = store;
  const { params, order } = webServiceSearch(
    request.query,
    request.transport,
    { maxResults, allowNoCriteria, bmo: request.bmo },
    quicksearchCatalogue(catalogue),
  );
  const { user } = request;
  const fields = chartFields(customFields(catalogue), isTimeTracker(user, parameters), request.bmo);
  const criteria = paramsToCriteria(params, fields, catalogue);
  const logins = changedByLogins(criteria);
  const users = readAll(logins.map((login) => store.userByLogin(login)));
  const read = afterRead(users, (found) =>
    afterRead(triageOwnerRows(store, catalogue, criteria), (owners) => ({ found, owners })),
  );
  return afterRead(read, ({ found, owners }) => {
    const userIds = new Map<string, number>();
    for (const [i, login] of logins.entries()) {
      const id = found[i]?.id;
      if (id !== undefined) userIds.set(login.toLowerCase(), id);
    }
    const insider = isInsider(user, parameters);
    const context: SearchContext = {
      user,
      insider,
      fields,
      catalogue,
      now: request.now,
      userIds,
      useQaContact: parameters.useqacontact === '1',
      defaultBugType: parameters.default_bug_type ?? 'defect',
      triageOwners: owners,
      relevance: undefined,
    };
    const where = normalizeWhere(criteriaToWhere(criteria, context), request.now);
    if (where === null && !allowNoCriteria) throw searchErrors.needsCriteria();
    const { limit, offset } = page(params, maxResults);
    const countOnly = request.bmo && perlTrue(request.query.get('count_only'));
    return {
      where,
      // The buglist's columns are every field's, time tracking too (5.2's COLUMNS has them for anyone).
      // Search.pm's COLUMNS hold the active custom fields only: an obsolete one's order is dropped.
      order: searchOrder(order, chartFields(activeCustomFields(catalogue), true), {
        relevance: Array.isArray(context.relevance) ? context.relevance : undefined,
        anonymous: user === undefined,
      }),
      limit: countOnly ? EVERY_MATCH : limit,
      offset: countOnly ? 0 : offset,
      viewer: { user, orGroups: parameters.or_groups === '1', useQaContact: parameters.useqacontact === '1' },
      unrestricted: false,
      insider,
      fields,
      now: request.now,
      timeoutMs: request.timeoutMs,
    };
  });
}

/** Search.pm's _sql_limit: at most max_search_results; a limit or offset that is not a natural number is refused. */
function page(params: SearchParams, maxResults: number): { limit: number; offset: number } {
  let limit = params.get('limit');
  if (limit === undefined || limit === '' || limit === '0' || perlNumber(limit) > maxResults)
    limit = String(maxResults);
  if (!isNatural(limit)) throw searchErrors.mustBeNumeric('limit', 'Bugzilla::Search::new');
  const offset = params.get('offset');
  if (offset !== undefined && !isNatural(offset)) throw searchErrors.mustBeNumeric('offset', 'Bugzilla::Search::new');
  return { limit: Number(limit), offset: offset === undefined ? 0 : Number(offset) };
}

/** The logins of changedby charts (not pronouns), which _get_user_id looks up. */
function changedByLogins(top: Clause): string[] {
  const logins = new Set<string>();
  const walk = (node: Criterion) => {
    if (node.kind === 'clause') {
      for (const child of node.children) walk(child);
      return;
    }
    if (node.operator !== 'changedby' || node.value === undefined) return;
    const value = typeof node.value === 'string' ? node.value : node.value.join(',');
    if (value !== '' && !/^%\w+%$/.test(value)) logins.add(value);
  };
  walk(top);
  return [...logins];
}
