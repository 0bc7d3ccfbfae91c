import { errors } from '../../bugzilla/errors.js';
import { createGroup, updateGroups } from '../../bugzilla/group/group-writes.js';
import { requireGroup } from '../../bugzilla/group/membership.js';
import { ownedData } from '../../bugzilla/store/store.js';
import { MethodParams } from '../method/method-params.js';
import { type ApiRequest, currentUser, type RouteDeps, type RouteSpec } from '../method/route.js';

function create(request: ApiRequest, { store }: RouteDeps) {
  // 5.2's message names no object here ("to add new .").
  requireGroup(currentUser(request), 'creategroups', store.catalogue, 'add new', '');
  const params = new MethodParams(request);
  return ownedData(store, 'Creating a group').changeCatalogue(
    createGroup({
      name: params.text('name'),
      description: params.text('description'),
      userRegexp: params.text('user_regexp'),
      isActive: params.flag('is_active'),
      iconUrl: params.text('icon_url'),
    }),
  );
}

function update(request: ApiRequest, { store }: RouteDeps) {
  requireGroup(currentUser(request), 'creategroups', store.catalogue, 'add, modify or delete', '');
  const params = MethodParams.idsOrNames(request);
  if (!params.has('ids') && !params.has('names')) throw errors.paramsRequired('Group.update', ['ids', 'names']);
  const changes: Parameters<typeof updateGroups>[2] = {};
  const name = params.text('name');
  if (name !== undefined) changes.name = name;
  const description = params.text('description');
  if (description !== undefined) changes.description = description;
  const regexp = params.text('user_regexp');
  if (regexp !== undefined) changes.userRegexp = regexp;
  const icon = params.text('icon_url');
  if (icon !== undefined) changes.iconUrl = icon;
  changes.isActive = params.flag('is_active');
  return ownedData(store, 'Changing a group').changeCatalogue(
    updateGroups(params.list('ids'), params.list('names'), changes),
  );
}

export const groupWriteRoutes = {
  'POST /rest/group': {
    rpc: { name: 'Group.create', params: 'body', readOnly: false },
    codes: [
      [304, 'only creategroups members may create groups'],
      [800, 'name is required'],
      [801, 'the group already exists'],
      [802, 'description is required'],
      [803, 'an invalid user regexp'],
    ],
    auth: 'required',
    successStatus: 201,
    handle: create,
  },
  'PUT /rest/group/{id}': {
    rpc: { name: 'Group.update', params: 'body', readOnly: false },
    codes: [
      [51, 'no such group'],
      [304, 'only creategroups members may edit groups'],
      [801, 'the group already exists'],
    ],
    auth: 'required',
    handle: update,
  },
} satisfies { [K in 'POST /rest/group' | 'PUT /rest/group/{id}']: RouteSpec<K> };
