import type { Catalogue } from '../catalogue/catalogue.js';
import { perlTrue } from '../perl-truth.js';
import type { Bug, BugFlag, User } from '../types.js';
import { flagErrors } from './flag-errors.js';
import type { FlagRequest } from './flag-rules.js';
import { flagTypesOf } from './flag-rules.js';

/** The roles `needinfo_role` names by word (Needinfo/Extension.pm bug_start_of_update); any other is a login. */
const ROLES = new Set(['assigned_to', 'reporter', 'qa_contact', 'user', 'triage_owner', 'other']);

/** Whether a write names any of BMO's needinfo form fields (`needinfo_override_<id>` included). */
export function asksNeedinfo(params: Readonly<Record<string, unknown>>): boolean {
  for (const key in params) if (key.startsWith('needinfo')) return true;
  return false;
}

/** The logins a write's needinfo fields name (looked up with the bugs, as the other logins of a write). */
export function needinfoLogins(params: Readonly<Record<string, unknown>>): string[] {
  const logins = fromList(params.needinfo_from);
  const role = params.needinfo_role;
  if (typeof role === 'string' && role !== '' && !ROLES.has(role)) logins.push(role);
  return logins;
}

function fromList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter((login) => login !== '');
  return typeof value === 'string' && value !== '' ? [value] : [];
}

export interface NeedinfoTarget {
  bug: Bug;
  flags: readonly BugFlag[];
  catalogue: Catalogue;
  actor: User;
  user(id: number): User | undefined;
  userByLogin(login: string): User | undefined;
}

/** A login as User->check finds it (51 when no one has it). */
function checkedLogin(target: NeedinfoTarget, login: string): string {
  const user = target.userByLogin(login);
  if (!user) throw flagErrors.noSuchUser(login);
  return user.login;
}

/** Who `needinfo_role` asks: a set of logins, '' for "anyone" (no requestee). */
function requesteesOfRole(params: Readonly<Record<string, unknown>>, target: NeedinfoTarget): string[] {
  const role = typeof params.needinfo_role === 'string' ? params.needinfo_role : '';
  // A role nobody fills asks no one (never "anyone", which is the request without a role).
  const login = (id: number | null | undefined) => {
    const found = id ? target.user(id)?.login : undefined;
    return found ? [found] : [];
  };
  const { bug } = target;
  switch (role) {
    case '':
      return [''];
    case 'assigned_to':
      return login(bug.assignedTo);
    case 'reporter':
      return login(bug.reporter);
    case 'qa_contact':
      return login(bug.qaContact);
    case 'user':
      return [target.actor.login];
    case 'triage_owner': {
      const product = target.catalogue.product(bug.fields.product);
      const component = product ? target.catalogue.component(product, bug.fields.component) : undefined;
      return login(component?.triageOwner);
    }
    case 'other': {
      const from = fromList(params.needinfo_from);
      // Without needinfo_from BMO's branches fall through to the mentor's: a user named "other".
      if (from.length > 0) return from.map((name) => checkedLogin(target, name));
      return [checkedLogin(target, role)];
    }
    default:
      // Any other role is a mentor's login (BMO checks only that such a user exists).
      return [checkedLogin(target, role)];
  }
}

/**
 * The flag changes BMO's Needinfo extension adds to a bug's write (Needinfo/Extension.pm
 * bug_start_of_update): with `needinfo`, a `needinfo?` of each requestee the role names who has
 * none yet (`needinfo_type=redirect_to` with one of them: the actor's own request handed on);
 * each `needinfo_override_<id>` set clears that needinfo. Set against the bug's flags before the
 * write's own `flags`, as the extension reads `$bug->flags`.
 */
export function needinfoRequests(params: Readonly<Record<string, unknown>>, target: NeedinfoTarget): FlagRequest[] {
  const requests: FlagRequest[] = [];
  const needinfos = target.flags.filter((flag) => flag.name === 'needinfo');
  if (perlTrue(params.needinfo)) {
    for (const type of flagTypesOf(target.catalogue, target.bug, false)) {
      if (type.name !== 'needinfo') continue;
      const wanted = new Set(requesteesOfRole(params, target));
      for (const flag of needinfos) {
        if (flag.type_id !== type.id) continue;
        // Logins compare as BMO's hash keys do: as Bugzilla stores them.
        wanted.delete(flag.requestee ?? '');
      }
      for (const requestee of wanted) {
        // New flags, never the type's only flag (set_flags' new flags, not extract_flags' matching).
        const request: FlagRequest = { type_id: type.id, status: '?', new: true };
        if (requestee !== '') request.requestee = requestee;
        requests.push(request);
      }
    }
  }
  const overrides = new Set<number>();
  for (const key in params) {
    const id = /^needinfo_override_.*?(\d+)$/.exec(key)?.[1];
    if (id && Number(id) > 0 && perlTrue(params[key])) overrides.add(Number(id));
  }
  for (const flag of needinfos) if (overrides.has(flag.id)) requests.push({ id: flag.id, status: 'X' });
  const redirected = params.needinfo_type === 'redirect_to' ? redirectedFrom(needinfos, target.actor) : undefined;
  const added = requests.filter((request) => request.id === undefined);
  if (redirected && added.length === 1) {
    const request = added[0] as FlagRequest;
    request.id = redirected.id;
    request.new = undefined;
  }
  return requests;
}

/** The actor's own needinfo request, which a redirect hands on (Needinfo/Extension.pm: the first found). */
function redirectedFrom(needinfos: readonly BugFlag[], actor: User): BugFlag | undefined {
  return needinfos.find((flag) => flag.requestee?.toLowerCase() === actor.login.toLowerCase());
}
