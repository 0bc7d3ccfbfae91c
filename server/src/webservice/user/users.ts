import { formatBugzillaTime } from '@bz-companion/shared';
import type { Catalogue } from '../../bugzilla/catalogue/catalogue.js';
import { catalogueErrors } from '../../bugzilla/catalogue/catalogue-errors.js';
import type { GroupDefinition } from '../../bugzilla/catalogue/types.js';
import { errors } from '../../bugzilla/errors.js';
import { type RequestCounts, requestCounts } from '../../bugzilla/flag/bmo-request-counts.js';
import { groupOrder } from '../../bugzilla/group/group-order.js';
import { groupsOf, inGroup, isMember } from '../../bugzilla/group/membership.js';
import { perlTrue } from '../../bugzilla/perl-truth.js';
import type { Store } from '../../bugzilla/store/store.js';
import type { User } from '../../bugzilla/types.js';
import { nickOf } from '../../bugzilla/user/bmo-nick.js';
import { userMatches } from '../../bugzilla/user/user-match.js';
import { FieldSelection } from '../method/field-selection.js';
import { MethodParams } from '../method/method-params.js';
import type { ApiRequest, RouteDeps, RouteSpec } from '../method/route.js';

type Json = Record<string, unknown>;

/** 5.2's default `maxusermatches` (0 there means no limit). */
const DEFAULT_MAX_MATCHES = 1000;

const groupJson = (group: GroupDefinition) => ({ id: group.id, name: group.name, description: group.description });

/** The users `match` finds, each string tried as 5.2's Bugzilla::User::match tries it, in login order. */
async function matched(store: Store, params: MethodParams, loggedIn: boolean): Promise<User[]> {
  const maximum = Number(store.instance.parameters.maxusermatches ?? DEFAULT_MAX_MATCHES) || null;
  const asked = params.text('limit');
  let limit = maximum;
  if (perlTrue(asked)) {
    if (!/^\d+$/.test(asked as string)) throw errors.searchNumberRequired();
    limit = limit === null ? Number(asked) : Math.min(Number(asked), limit);
  }
  const includeDisabled = params.flag('include_disabled') === true;
  const found: User[] = [];
  for (const text of params.list('match')) {
    let users: User[] = [];
    for (const step of userMatches(text, includeDisabled, limit, loggedIn)) {
      users = await store.matchUsers(step);
      if (users.length > 0) break;
    }
    found.push(...users.sort((a, b) => (a.login < b.login ? -1 : a.login > b.login ? 1 : 0)));
  }
  return found;
}

/** The groups named by `group_ids` and `groups` (a name the caller is not in is refused), or null for none. */
function groupFilter(params: MethodParams, caller: User | undefined, catalogue: Catalogue): GroupDefinition[] | null {
  if (!params.has('group_ids') && !params.has('groups')) return null;
  const groups: GroupDefinition[] = [];
  for (const id of params.list('group_ids')) {
    const group = /^\d+$/.test(id) ? catalogue.groupById(Number(id)) : undefined;
    if (!group) throw catalogueErrors.noSuchObject('group', 'id', id);
    groups.push(group);
  }
  for (const name of params.list('groups')) {
    const group = catalogue.group(name);
    if (!group || !caller || !isMember(caller, group)) throw catalogueErrors.invalidGroup(name);
    groups.push(group);
  }
  return groups;
}

function userJson(user: User, caller: User, catalogue: Catalogue, fields: FieldSelection, nick: boolean): Json {
  const all: Json = nick
    ? // BMO's (Bugzilla/WebService/User.pm get): the nick, the day last seen, and when the account was made (not kept here).
      {
        id: user.id,
        real_name: user.realName,
        nick: nickOf(user),
        name: user.login,
        email: user.login,
        can_login: !user.disabled,
        last_seen_date: user.lastSeenDate === undefined ? null : formatBugzillaTime(user.lastSeenDate * 1000),
        creation_time: null,
      }
    : { id: user.id, real_name: user.realName, name: user.login, email: user.login, can_login: !user.disabled };
  const json: Json = {};
  for (const name of Object.keys(all)) if (fields.wants(name)) json[name] = all[name];
  // What an editusers member sees comes whatever include_fields says (5.2 adds it after filtering).
  const admin = inGroup(caller, 'editusers', catalogue);
  if (admin) {
    json.email_enabled = user.emailEnabled;
    json.login_denied_text = user.disabledText ?? '';
  }
  if (caller.id === user.id) {
    if (fields.wants('saved_searches')) json.saved_searches = [];
    if (fields.wants('saved_reports')) json.saved_reports = [];
  }
  if (fields.wants('groups')) {
    // Another user's groups: only those the caller may bless (an editusers member may bless all).
    const groups = groupsOf(user, catalogue).sort(groupOrder);
    json.groups = (
      caller.id === user.id || admin ? groups : groups.filter((group) => caller.blessGroups.includes(group.name))
    ).map(groupJson);
  }
  return json;
}

/**
 * User.get: by `names` (a login that does not exist is an error), `ids` (one that does not is
 * left out) and `match`; logged out, only by name and only id, name and real name.
 */
async function get(request: ApiRequest, { store, profile }: RouteDeps) {
  const nick = profile.objects.userNick;
  const params = MethodParams.idsOrNames(request);
  if (!params.has('names') && !params.has('ids') && !params.has('match')) {
    throw errors.paramsRequired('User.get', ['ids', 'names', 'match']);
  }
  const { catalogue } = store;
  const users: User[] = [];
  const seen = new Set<number>();
  const add = (user: User) => {
    if (seen.has(user.id)) return;
    seen.add(user.id);
    users.push(user);
  };
  for (const name of params.list('names')) {
    const user = await store.userByLogin(name);
    if (!user) throw catalogueErrors.noSuchUser(name);
    add(user);
  }
  const caller = request.user;
  const fields = FieldSelection.fromQuery(request.query);
  if (!caller) {
    if (params.has('ids')) throw catalogueErrors.loggedOutIds();
    if (params.has('match')) throw catalogueErrors.loggedOutMatch();
    const inGroups = only(users, groupFilter(params, caller, catalogue));
    return {
      users: inGroups.map((user) => {
        const all: Json = nick
          ? { id: user.id, real_name: user.realName, nick: nickOf(user), name: user.login }
          : { id: user.id, real_name: user.realName, name: user.login };
        const json: Json = {};
        for (const name of Object.keys(all)) if (fields.wants(name)) json[name] = all[name];
        return json;
      }),
    };
  }
  const byId = [...new Set(params.list('ids'))].filter((id) => /^\d+$/.test(id)).map(Number);
  for (const user of await Promise.all(byId.sort((a, b) => a - b).map((id) => store.userById(id)))) {
    if (user) add(user);
  }
  for (const user of await matched(store, params, true)) add(user);
  const inGroups = only(users, groupFilter(params, caller, catalogue));
  const answer = inGroups.map((user) => userJson(user, caller, catalogue, fields, nick));
  if (nick && fields.wants('requests')) await addRequests(store, inGroups, answer);
  return { users: answer };
}

/**
 * BMO's Review extension's `requests` (extensions/Review/Extension.pm webservice_user_get): the
 * pending review, feedback and needinfo requests of each user, and whether they block them.
 */
async function addRequests(store: Store, users: readonly User[], answer: Json[]): Promise<void> {
  const counts = await requestCounts(store, users);
  for (const [i, user] of users.entries()) {
    const count = counts.get(user.login) as RequestCounts;
    // reviews_blocked covers feedback too (the Review extension's `block_reviews` setting; Needinfo's `block_needinfo`).
    const reviewsBlocked = user.settings?.block_reviews === 'on';
    (answer[i] as Json).requests = {
      review: { blocked: reviewsBlocked, pending: count.review },
      feedback: { blocked: reviewsBlocked, pending: count.feedback },
      needinfo: { blocked: user.settings?.block_needinfo === 'on', pending: count.needinfo },
    };
  }
}

function only(users: readonly User[], groups: GroupDefinition[] | null): readonly User[] {
  if (groups === null) return users;
  return users.filter((user) => groups.some((group) => isMember(user, group)));
}

export const userReadRoutes = {
  'GET /rest/user': {
    rpc: { name: 'User.get', params: 'query', readOnly: true },
    codes: [
      [50, 'ids, names or match is required'],
      [51, 'no such user'],
      [505, 'logged-out callers may not search users by id or match'],
      [804, 'an invalid group'],
    ],
    auth: 'optional-unless-requirelogin',
    fieldsApplied: true,
    handle: get,
  },
  'GET /rest/user/{id}': {
    codes: [
      [51, 'no such user'],
      [505, 'logged-out callers may not ask for users by id'],
    ],
    auth: 'optional-unless-requirelogin',
    fieldsApplied: true,
    handle: get,
  },
} satisfies { [K in 'GET /rest/user' | 'GET /rest/user/{id}']: RouteSpec<K> };
