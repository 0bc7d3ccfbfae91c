import { catalogueErrors } from '../../bugzilla/catalogue/catalogue-errors.js';
import type { GroupDefinition } from '../../bugzilla/catalogue/types.js';
import { groupOrder } from '../../bugzilla/group/group-order.js';
import { inGroup } from '../../bugzilla/group/membership.js';
import { byName } from '../../bugzilla/product/product-lists.js';
import { afterRead, readAll } from '../../bugzilla/read.js';
import type { User } from '../../bugzilla/types.js';
import { MethodParams } from '../method/method-params.js';
import type { ApiRequest, RouteDeps, RouteSpec } from '../method/route.js';
import { currentUser } from '../method/route.js';

function memberJson(user: User) {
  return {
    id: user.id,
    real_name: user.realName,
    name: user.login,
    email: user.login,
    can_login: !user.disabled,
    email_enabled: user.emailEnabled,
    login_denied_text: user.disabledText ?? '',
  };
}

/** Group.get: for members of editusers or creategroups, and users who may bless a group; by ids and names, or every group (include_fields are not applied, as in 5.2). */
function get(request: ApiRequest, { store }: RouteDeps) {
  const user = currentUser(request);
  const { catalogue } = store;
  const creates = inGroup(user, 'creategroups', catalogue);
  const allGroups = inGroup(user, 'editusers', catalogue) || creates;
  // Without editusers or creategroups, a user who may bless some group sees those groups.
  if (!allGroups && user.blessGroups.length === 0) throw catalogueErrors.groupViewDenied();
  const params = new MethodParams(request);
  let groups: GroupDefinition[] = [];
  if (params.has('ids')) {
    const ids = new Set(params.list('ids'));
    groups = catalogue.data.groups.filter((group) => ids.has(String(group.id))).sort(groupOrder);
  }
  for (const name of params.list('names')) {
    if (groups.some((group) => group.name === name)) continue;
    const group = catalogue.group(name);
    if (!group) throw catalogueErrors.noSuchObject('group', 'name', name);
    groups.push(group);
  }
  if (!params.has('ids') && !params.has('names')) {
    groups = catalogue.data.groups
      .filter((group) => allGroups || user.blessGroups.includes(group.name))
      .sort(groupOrder);
  }
  const membership = params.flag('membership') === true;
  // 5.2 makes the admin group a member of every group it creates: its members are in them all.
  const lists = readAll(
    membership ? [store.groupMembers('admin'), ...groups.map((g) => store.groupMembers(g.name))] : [],
  );
  return afterRead(lists, ([admins = [], ...members]) => ({
    groups: groups.map((group, index) => {
      const json: Record<string, unknown> = { id: group.id, name: group.name, description: group.description };
      if (creates) {
        json.is_active = group.isActive;
        json.is_bug_group = group.isBugGroup;
        json.user_regexp = group.userRegexp;
      }
      if (membership) {
        const byId = new Map<number, User>();
        for (const user of [...(members[index] ?? []), ...admins]) byId.set(user.id, user);
        json.membership = [...byId.values()].sort((a, b) => byName(a.login, b.login)).map(memberJson);
      }
      return json;
    }),
  }));
}

export const groupReadRoutes = {
  'GET /rest/group': {
    rpc: { name: 'Group.get', params: 'query', readOnly: true },
    codes: [
      [51, 'no such group'],
      [805, 'only editusers or creategroups members may list groups'],
    ],
    auth: 'required',
    fieldsApplied: true,
    handle: get,
  },
} satisfies { [K in 'GET /rest/group']: RouteSpec<K> };
