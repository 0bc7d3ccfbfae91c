import { errors } from '../../bugzilla/errors.js';
import { requireGroup } from '../../bugzilla/group/membership.js';
import { ownedData } from '../../bugzilla/store/store.js';
import type { User } from '../../bugzilla/types.js';
import { hashPassword } from '../../bugzilla/user/password-hash.js';
import { checkPassword } from '../../bugzilla/user/password-rules.js';
import {
  changedUser,
  checkedEmail,
  type GroupEdit,
  usersNamed,
  userWriteErrors,
} from '../../bugzilla/user/user-writes.js';
import { MethodParams } from '../method/method-params.js';
import { type ApiRequest, currentUser, type RouteDeps, type RouteSpec } from '../method/route.js';

/** User.create: editusers only (a logged-out caller is told so too, as 5.2 does); 201 with the new id. */
async function create(request: ApiRequest, { store }: RouteDeps) {
  const caller = request.user;
  if (!caller) throw errorsForAnyone();
  requireGroup(caller, 'editusers', store.catalogue, 'add new', 'users');
  const params = new MethodParams(request);
  const { parameters } = store.instance;
  // WebService::User::create: `$params->{email} || ThrowCodeError('param_required')`; no password is '*' (none).
  const email = params.text('email');
  if (email === undefined || email === '' || email === '0') throw errors.paramRequired('email');
  const login = checkedEmail(email, parameters);
  const password = params.text('password');
  if (password) checkPassword(password, parameters.password_complexity);
  const user = await ownedData(store, 'Creating a user').createUser({
    login,
    realName: params.text('full_name') ?? '',
    passwordHash: password ? hashPassword(password) : null,
    groups: [],
  });
  return { id: user.id };
}

/** 5.2 answers a logged-out User.create with the same refusal as a user without editusers. */
function errorsForAnyone() {
  return userWriteErrors.notEditUsers();
}

function groupEdit(params: MethodParams, name: 'groups' | 'bless_groups'): GroupEdit | undefined {
  const value = params.value(name);
  if (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const edit = value as Record<string, unknown>;
  const list = (name: string) => {
    const member = edit[name];
    if (member === undefined || member === null) return undefined;
    return (Array.isArray(member) ? member : [member]).map(String);
  };
  return { add: list('add') ?? [], remove: list('remove') ?? [], set: list('set') };
}

/** User.update: editusers only; every user named gets the same changes, reported with 5.2's names. */
async function update(request: ApiRequest, { store }: RouteDeps) {
  requireGroup(currentUser(request), 'editusers', store.catalogue, 'add, modify or delete', 'users');
  const params = MethodParams.idsOrNames(request);
  if (!params.has('ids') && !params.has('names')) throw errors.paramsRequired('User.update', ['ids', 'names']);
  const known = new Map<string, User | undefined>();
  for (const id of params.list('ids'))
    known.set(`id:${id}`, /^\d+$/.test(id) ? await store.userById(Number(id)) : undefined);
  for (const name of params.list('names')) known.set(`name:${name.toLowerCase()}`, await store.userByLogin(name));
  const chosen = usersNamed(known, params.list('ids'), params.list('names'));
  const password = params.text('password');
  if (password) checkPassword(password, store.instance.parameters.password_complexity);
  const email = params.text('email');
  if (email !== undefined) checkedEmail(email, store.instance.parameters);
  const changes = {
    fullName: params.text('full_name'),
    email,
    passwordHash: password ? hashPassword(password) : undefined,
    loginDeniedText: params.text('login_denied_text'),
    emailEnabled: params.flag('email_enabled'),
    groups: groupEdit(params, 'groups'),
    blessGroups: groupEdit(params, 'bless_groups'),
  };
  const { catalogue } = store;
  return ownedData(store, 'Changing a user').updateUsers(
    chosen.map((user) => user.id),
    (current) => {
      const planned = current.map((user) => changedUser(user, changes, catalogue));
      return {
        users: planned.map((entry) => entry.user),
        answer: { users: planned.map((entry) => ({ id: entry.user.id, changes: entry.changes })) },
      };
    },
  );
}

/**
 * User.offer_account_by_email: checks the address as 5.2 does and records the offer (5.2's `account`
 * token), refusing another for that address within 10 minutes; no mail is ever sent.
 */
async function offerAccount(request: ApiRequest, { store }: RouteDeps) {
  const params = new MethodParams(request);
  const email = params.text('email');
  if (email === undefined || email === '') throw errors.paramRequired('email');
  const { parameters } = store.instance;
  const login = checkedEmail(email, parameters, parameters.createemailregexp ?? '.*');
  if (await store.userByLogin(login)) throw userWriteErrors.loginTaken(login);
  const now = Math.floor((await request.databaseNow()) / 1000);
  await ownedData(store, 'Offering an account').offerAccount(login, now);
  return {};
}

type UserWriteKey = 'POST /rest/user' | 'PUT /rest/user/{id}' | 'POST /rpc/User.offer_account_by_email';

export const userWriteRoutes = {
  'POST /rest/user': {
    rpc: { name: 'User.create', params: 'body', readOnly: false },
    codes: [
      [50, 'email is required'],
      [304, 'only editusers members may create accounts'],
      [500, 'the account already exists'],
      [501, 'an invalid e-mail address'],
    ],
    auth: 'optional',
    successStatus: 201,
    handle: create,
  },
  'PUT /rest/user/{id}': {
    rpc: { name: 'User.update', params: 'body', readOnly: false },
    codes: [
      [51, 'no such user'],
      [304, 'only editusers members may edit accounts, and only groups they may bless'],
      [500, 'the account already exists'],
    ],
    auth: 'required',
    handle: update,
  },
  'POST /rpc/User.offer_account_by_email': {
    rpc: { name: 'User.offer_account_by_email', params: 'body', readOnly: false, perlReturns: 'undef' },
    auth: 'optional',
    handle: offerAccount,
  },
} satisfies { [K in UserWriteKey]: RouteSpec<K> };
