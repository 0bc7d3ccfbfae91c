import { catalogueWriteErrors } from '../../bugzilla/catalogue/catalogue-errors.js';
import { errors } from '../../bugzilla/errors.js';
import {
  createFlagType,
  type FlagTypeInput,
  type ScopeList,
  updateFlagTypes,
} from '../../bugzilla/flag/flag-type-writes.js';
import { requireGroup } from '../../bugzilla/group/membership.js';
import { ownedData } from '../../bugzilla/store/store.js';
import { MethodParams } from '../method/method-params.js';
import { type ApiRequest, currentUser, type RouteDeps, type RouteSpec } from '../method/route.js';

function scopes(params: MethodParams, name: string): ScopeList | undefined {
  const value = params.value(name);
  if (value === undefined || value === null) return undefined;
  const list = Array.isArray(value) ? value : [value];
  return list.map((entry) =>
    typeof entry === 'object' && entry !== null
      ? Object.fromEntries(
          Object.entries(entry as Record<string, unknown>).map(([product, components]) => [
            product,
            (Array.isArray(components) ? components : [components]).map(String),
          ]),
        )
      : String(entry),
  );
}

function input(params: MethodParams): FlagTypeInput {
  return {
    name: params.text('name'),
    description: params.text('description'),
    targetType: params.text('target_type'),
    ccList: params.text('cc_list'),
    isActive: params.flag('is_active'),
    isRequestable: params.flag('is_requestable'),
    isRequesteeble: params.flag('is_requesteeble'),
    isMultiplicable: params.flag('is_multiplicable'),
    grantGroup: params.text('grant_group'),
    requestGroup: params.text('request_group'),
    inclusions: scopes(params, 'inclusions'),
    exclusions: scopes(params, 'exclusions'),
  };
}

function create(request: ApiRequest, { store }: RouteDeps) {
  requireGroup(currentUser(request), 'editcomponents', store.catalogue, 'add new', 'flag types');
  const params = new MethodParams(request);
  if (!params.text('name')) throw errors.paramRequired('name');
  if (!params.text('description')) throw errors.paramRequired('description');
  return ownedData(store, 'Creating a flag type').changeCatalogue(createFlagType(input(params)));
}

function update(request: ApiRequest, { store }: RouteDeps) {
  requireGroup(currentUser(request), 'editcomponents', store.catalogue, 'add, modify or delete', 'flag types');
  const params = MethodParams.idsOrNames(request);
  if (!params.has('ids') && !params.has('names')) throw errors.paramsRequired('FlagType.update', ['ids', 'names']);
  // 5.2 sets each member by its setter, and FlagType has none for the sort key.
  if (params.has('sort_key')) throw catalogueWriteErrors.flagTypeNoSortKey();
  return ownedData(store, 'Changing a flag type').changeCatalogue(
    updateFlagTypes(params.list('ids'), params.list('names'), input(params)),
  );
}

export const flagTypeWriteRoutes = {
  'POST /rest/flag_type': {
    rpc: { name: 'FlagType.create', params: 'body', readOnly: false },
    codes: [
      [50, 'name, description or target_type is required'],
      [51, 'no such component or group'],
      [53, 'an inclusion or exclusion that is not product or product:component'],
      [106, 'no such product, or not accessible'],
      [304, 'only editcomponents members may create flag types'],
      [1101, 'an invalid flag type name'],
      [68000, 'an invalid target type'],
    ],
    auth: 'required',
    successStatus: 201,
    handle: create,
  },
  'PUT /rest/flag_type/{id}': {
    rpc: { name: 'FlagType.update', params: 'body', readOnly: false },
    codes: [
      [51, 'no such flag type, component or group'],
      [53, 'an inclusion or exclusion that is not product or product:component'],
      [106, 'no such product, or not accessible'],
      [304, 'only editcomponents members may edit flag types'],
      [1101, 'an invalid flag type name'],
      [1105, 'the caller may not edit this flag type'],
      [67399, "5.2's crash when sort_key is given"],
    ],
    auth: 'required',
    handle: update,
  },
} satisfies { [K in 'POST /rest/flag_type' | 'PUT /rest/flag_type/{id}']: RouteSpec<K> };
