import { type AccessParameters, isInsider, isVisible } from '../access.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { FlagType } from '../catalogue/types.js';
import { perlTrue } from '../perl-truth.js';
import type { Bug, BugFlag, User } from '../types.js';
import { checkBlockedRequests } from './bmo-blocked-requests.js';
import { flagErrors } from './flag-errors.js';
import { typeKnownByItsFlag } from './type-known-by-its-flag.js';

/** One element of a request's `flags` list, as 5.2 takes it (Bug.update, Bug.create, Bug.update_attachment). */
export interface FlagRequest {
  id?: unknown;
  type_id?: unknown;
  name?: unknown;
  status?: unknown;
  requestee?: unknown;
  new?: unknown;
}

/** A flag as a plan leaves it: a new one has no id yet (the store gives it the next one). */
export type PlannedFlag = Omit<BugFlag, 'id'> & { id?: number };

/** What the flags of a bug or an attachment are set against. */
export interface FlagTarget {
  bug: Bug;
  /** The attachment whose flags these are; absent: the bug's own flags. */
  attachment?: { id: number; isPrivate: boolean };
  /** The target's current flags, in 5.2's order (type sortkey, type name, id). */
  flags: readonly BugFlag[];
}

export interface FlagSetting {
  catalogue: Catalogue;
  parameters: AccessParameters & { insidergroup?: string | undefined };
  /** Who sets the flags (5.2's Bugzilla->user). */
  actor: User;
  /** A user by login, in any letter case (undefined: no such user). */
  userByLogin(login: string): User | undefined;
  /** The request's time, as flags show it (`2026-11-26T17:43:38Z`). */
  now: string;
  /** BMO's refusal of a request asked of a user who blocks its kind (the profile's `blockedRequestees`). */
  blockedRequestees?: boolean;
}

export interface FlagPlan {
  /** The target's flags after the change, in 5.2's order. */
  flags: PlannedFlag[];
  /** Users newly asked (5.2 adds a requestee to the bug's CC, the default of `requestee_cc`). */
  addCc: number[];
  /** The `flagtypes.name` change (`review?(a@b), needinfo?` …), or null when the summaries did not change. */
  change: { removed: string; added: string } | null;
}

const STATUSES = new Set(['X', '+', '-', '?']);

/** A flag's summary as 5.2's `Flag->snapshot` writes it, setter first (it is cut before the text is used). */
function summary(flag: PlannedFlag): string {
  return `${flag.setter}:${flag.name}${flag.status}${flag.requestee ? `(${flag.requestee})` : ''}`;
}

/** 5.2's `diff_arrays`: each of `a` not matched by one of `b`, and the rest of `b`, as multisets in order. */
function diffLists(a: readonly string[], b: readonly string[]): { removed: string[]; added: string[] } {
  const remaining = [...b];
  const removed: string[] = [];
  for (const item of a) {
    const at = remaining.indexOf(item);
    if (at === -1) removed.push(item);
    else remaining.splice(at, 1);
  }
  return { removed, added: remaining };
}

/** The flag types that apply to the target (active ones, of its kind, for its product and component). */
export function flagTypesOf(catalogue: Catalogue, bug: Bug, onAttachment: boolean): FlagType[] {
  const product = catalogue.product(bug.fields.product);
  const component = product ? catalogue.component(product, bug.fields.component) : undefined;
  if (!product || !component) return [];
  return catalogue
    .flagTypesFor(onAttachment ? 'attachment' : 'bug', product.id, component.id)
    .filter((type) => type.isActive);
}

/** 5.2's order of a target's flags: by type (sortkey, name), then by id, new flags last. */
export function sortFlags<T extends PlannedFlag>(flags: T[], types: readonly FlagType[]): T[] {
  const rank = new Map(types.map((type, index) => [type.id, index]));
  return flags.sort(
    (a, b) =>
      (rank.get(a.type_id) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.type_id) ?? Number.MAX_SAFE_INTEGER) ||
      a.name.localeCompare(b.name) ||
      (a.id ?? Number.MAX_SAFE_INTEGER) - (b.id ?? Number.MAX_SAFE_INTEGER),
  );
}

function inGroup(user: User, groupId: number | null, catalogue: Catalogue): boolean {
  if (groupId === null) return true;
  const group = catalogue.groupById(groupId);
  return group !== undefined && user.groups.includes(group.name);
}

/** Who may set `+` and `-` (User.pm can_set_flag): anyone unless the type has a grant group. */
export function canSetFlag(user: User, type: FlagType, catalogue: Catalogue): boolean {
  return inGroup(user, type.grantGroupId, catalogue);
}

/** Who may ask (`?`) and clear requests (User.pm can_request_flag). */
export function canRequestFlag(user: User, type: FlagType, catalogue: Catalogue): boolean {
  return canSetFlag(user, type, catalogue) || inGroup(user, type.requestGroupId, catalogue);
}

const same = (value: unknown, id: number) => value !== undefined && value !== null && Number(value) === id;

export interface Resolved {
  request: FlagRequest;
  /** The existing flag it changes; absent: a new flag of `type`. */
  existing?: BugFlag;
  /** Absent when the request names neither a flag nor a type (refused when its turn comes, as in 5.2). */
  type?: FlagType;
}

/**
 * 5.2's `extract_flags`: each request names an existing flag (by `id`, or by type when the target
 * has exactly one of that type and `new` is not asked) or a new flag of a type. Existing ones are
 * set first, then new ones, as 5.2 does.
 */
export function resolve(requests: readonly FlagRequest[], target: FlagTarget, types: readonly FlagType[]): Resolved[] {
  const old: Resolved[] = [];
  const created: Resolved[] = [];
  for (const request of requests) {
    const { id, type_id: typeId, name } = request;
    if (perlTrue(id)) {
      const existing = target.flags.find((flag) => same(id, flag.id));
      if (!existing) throw flagErrors.noSuchFlag(id);
      old.push({ request, existing, type: typeFor(existing, types) });
      continue;
    }
    let type: FlagType | undefined;
    if (perlTrue(typeId)) {
      type = types.find((candidate) => same(typeId, candidate.id));
      if (!type) throw flagErrors.noSuchFlagTypeId(typeId);
    } else if (perlTrue(name)) {
      const matches = types.filter((candidate) => candidate.name === name);
      if (matches.length > 1) throw flagErrors.typeNotUnique(String(name));
      type = matches[0];
      if (!type) throw flagErrors.noSuchFlagTypeName(name);
    } else {
      created.push({ request });
      continue;
    }
    if (!perlTrue(request.new)) {
      const matches = target.flags.filter((flag) => flag.type_id === type.id);
      if (matches.length > 1) throw flagErrors.notUnique(perlTrue(typeId) ? typeId : name);
      const existing = matches[0];
      if (existing) {
        old.push({ request, existing, type });
        continue;
      }
    }
    created.push({ request, type });
  }
  return [...old, ...created];
}

/** The type of an existing flag; one whose type no longer applies keeps what it says of itself. */
function typeFor(flag: BugFlag, types: readonly FlagType[]): FlagType {
  const type = types.find((candidate) => candidate.id === flag.type_id);
  if (type) return type;
  return typeKnownByItsFlag(flag, '', 'nowhere');
}

/**
 * Sets a bug's or an attachment's flags as 5.2's `Bugzilla::Flag->set_flag` does: every refusal
 * (code and text as 5.2's) is thrown before anything is decided, so a refused request changes nothing.
 */
export function planFlags(requests: readonly FlagRequest[], target: FlagTarget, setting: FlagSetting): FlagPlan {
  const { catalogue, actor } = setting;
  const types = flagTypesOf(catalogue, target.bug, target.attachment !== undefined);
  const flags: PlannedFlag[] = target.flags.map((flag) => ({ ...flag }));
  const addCc: number[] = [];
  for (const { request, existing, type } of resolve(requests, target, types)) {
    if (type === undefined) throw flagErrors.idOrTypeRequired();
    const status = typeof request.status === 'string' ? request.status : '';
    if (!existing) {
      // A new flag cleared at once is no change (5.2 does not even validate it).
      if (status === 'X') continue;
      if (!type.isActive) throw flagErrors.typeInactive(type.name);
      if (!type.isMultiplicable && flags.some((flag) => flag.type_id === type.id)) {
        throw flagErrors.notMultiplicable(type.name, target.attachment !== undefined);
      }
    }
    const flag: PlannedFlag = existing
      ? (flags.find((candidate) => candidate.id === existing.id) as PlannedFlag)
      : {
          name: type.name,
          type_id: type.id,
          status: '',
          setter: actor.login,
          creation_date: setting.now,
          modification_date: setting.now,
        };
    const oldStatus = flag.status;
    if (!STATUSES.has(status) || (status === '?' && oldStatus !== '?' && !type.isRequestable)) {
      throw flagErrors.statusInvalid(status, flag.id);
    }
    const oldRequestee = flag.requestee ?? '';
    const requestee = checkRequestee(request.requestee, status, oldRequestee, type, target, setting);
    const newRequestee = requestee?.login ?? '';
    const requesteeChanged = newRequestee.toLowerCase() !== oldRequestee.toLowerCase();
    if (status !== oldStatus || requesteeChanged) {
      const allowed =
        status === 'X' ||
        ((status === '?' || status === 'X') && canRequestFlag(actor, type, catalogue)) ||
        canSetFlag(actor, type, catalogue);
      if (!allowed) throw flagErrors.updateDenied(type.name, status, oldStatus);
      // A request passed on to someone else keeps its setter, who is the one asking.
      if (!(status === '?' && oldStatus === '?')) flag.setter = actor.login;
      flag.modification_date = setting.now;
    }
    flag.status = status;
    if (requestee) flag.requestee = requestee.login;
    else delete flag.requestee;
    if (status === 'X') flags.splice(flags.indexOf(flag), 1);
    else if (!existing) flags.push(flag);
    if (status !== 'X' && requestee && requesteeChanged && !addCc.includes(requestee.id)) addCc.push(requestee.id);
  }
  sortFlags(flags, types);
  if (setting.blockedRequestees) checkBlockedRequests(target.flags, flags, setting.userByLogin);
  return { flags, addCc, change: flagChange(target.flags, flags) };
}

/**
 * The `flagtypes.name` change from one list of flags to another, as 5.2's update_activity writes
 * it (summaries compared with their setters, who are then cut off); null when none differs.
 */
export function flagChange(
  before: readonly PlannedFlag[],
  after: readonly PlannedFlag[],
): { removed: string; added: string } | null {
  const { removed, added } = diffLists(before.map(summary), after.map(summary));
  const strip = (text: string) => text.slice(text.indexOf(':') + 1);
  return removed.length + added.length === 0
    ? null
    : { removed: removed.map(strip).join(', '), added: added.map(strip).join(', ') };
}

/**
 * A bug's flags once it moved to another product or component: those whose type no longer
 * applies there (its inclusions and exclusions; active or not, as 5.2's flag_types lists them)
 * are cleared, as 5.2's update_flags drops the flags its new `flag_types` no longer hold.
 */
export function flagsAfterMove(bug: Bug, catalogue: Catalogue): BugFlag[] {
  const product = catalogue.product(bug.fields.product);
  const component = product && catalogue.component(product, bug.fields.component);
  if (!product || !component) return [...bug.fields.flags];
  const applies = new Set(catalogue.flagTypesFor('bug', product.id, component.id).map((type) => type.id));
  return bug.fields.flags.filter((flag) => applies.has(flag.type_id));
}

/** 5.2's `_check_requestee`: only a request (`?`) names someone, who must exist, be asked for this type, and see the bug. */
function checkRequestee(
  given: unknown,
  status: string,
  oldRequestee: string,
  type: FlagType,
  target: FlagTarget,
  setting: FlagSetting,
): User | undefined {
  if (status !== '?' || !perlTrue(given)) return undefined;
  const login = String(given);
  const requestee = setting.userByLogin(login);
  if (!requestee) throw flagErrors.noSuchUser(login);
  if (requestee.login.toLowerCase() === oldRequestee.toLowerCase()) return requestee;
  if (!type.isRequesteeble) throw flagErrors.requesteeDisabledForType(type.name);
  if (requestee.disabled) throw flagErrors.requesteeAccountDisabled(requestee);
  const { bug, attachment } = target;
  const reachable =
    isVisible(requestee, bug, setting.parameters) ||
    (bug.cclistAccessible &&
      (bug.cc.includes(requestee.id) || bug.assignedTo === requestee.id || bug.qaContact === requestee.id));
  if (!reachable) throw flagErrors.requesteeCannotSeeBug(requestee, type.name, bug.id, attachment?.id);
  if (attachment?.isPrivate && !isInsider(requestee, setting.parameters)) {
    throw flagErrors.requesteeCannotSeeAttachment(requestee, type.name, bug.id, attachment.id);
  }
  if (!canSetFlag(requestee, type, setting.catalogue)) {
    const group = type.grantGroupId === null ? '' : (setting.catalogue.groupById(type.grantGroupId)?.name ?? '');
    throw flagErrors.requesteeNeedsPrivileges(requestee, type.name, group);
  }
  return requestee;
}

/** The logins a `flags` list names as requestees (to look up before planning). */
export function requesteesOf(requests: readonly FlagRequest[]): string[] {
  return requests.flatMap((request) => (perlTrue(request.requestee) ? [String(request.requestee)] : []));
}
