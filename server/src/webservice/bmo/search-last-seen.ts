import type { ResponseOf } from '@bz-companion/shared';
import { afterRead, type Read, readAll } from '../../bugzilla/read.js';
import { type LastSeenKind, lastSeenBugs, lastSeenCutoff } from '../../bugzilla/search/bmo-last-seen.js';
import type { Store } from '../../bugzilla/store/store.js';
import type { Bug, BugFlag, User } from '../../bugzilla/types.js';
import { nickOf } from '../../bugzilla/user/bmo-nick.js';
import { type ApiRequest, currentUser, type RouteDeps, type RouteSpec } from '../method/route.js';

type Answer = ResponseOf<'GET /rest/search/needinfo_last_seen'>;
type Hash = Record<string, unknown>;

/** BMO's Bugzilla::User to_hash, for a logged-in caller (LastSeen requires one): with `name` and `email`. */
const userHash = (user: User) => ({
  id: user.id,
  real_name: user.realName,
  nick: nickOf(user),
  name: user.login,
  email: user.login,
});

/** `YYYY-MM-DD HH:MM:SS`, as BMO's to_hash gives its columns' times (UTC here). */
const columnTime = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
const flagTime = (iso: string) => iso.slice(0, 19).replace('T', ' ');

/** The users a to_hash names, looked up once. */
function people(store: Store, bugs: readonly Bug[]): Read<Map<string, User>> {
  const logins = new Set<string>();
  const ids = new Set<number>();
  for (const bug of bugs) {
    for (const id of [bug.assignedTo, bug.reporter, bug.qaContact, ...(bug.fields.mentors ?? [])])
      if (id !== null) ids.add(id);
    for (const flag of bug.fields.flags) {
      logins.add(flag.setter.toLowerCase());
      if (flag.requestee) logins.add(flag.requestee.toLowerCase());
    }
  }
  const byId = readAll([...ids].map((id) => store.userById(id)));
  const byLogin = readAll([...logins].map((login) => store.userByLogin(login)));
  return afterRead(byId, (some) =>
    afterRead(byLogin, (others) => {
      const found = new Map<string, User>();
      for (const user of [...some, ...others]) {
        if (!user) continue;
        found.set(`#${user.id}`, user);
        found.set(user.login.toLowerCase(), user);
      }
      return found;
    }),
  );
}

/**
 * BMO's Bugzilla::Bug to_hash (Bugzilla/Bug.pm): the bug's own fields always, and of the extras those
 * asked (`include_fields`, comma-separated; else the route's default) that are kept here.
 */
function bugHash(
  bug: Bug,
  wanted: ReadonlySet<string>,
  found: Map<string, User>,
  store: Store,
): Answer['result'][number] {
  const f = bug.fields;
  const parameters = store.instance.parameters;
  const hash: Answer['result'][number] = {
    alias: bug.aliases[0] ?? null,
    id: bug.id,
    is_confirmed: f.is_confirmed ? 1 : 0,
    op_sys: f.op_sys,
    platform: f.platform,
    priority: f.priority,
    resolution: f.resolution,
    severity: f.severity,
    status: f.status,
    summary: f.summary,
    target_milestone: f.target_milestone,
    type: f.bug_type ?? parameters.default_bug_type ?? 'defect',
    url: f.url,
    version: f.version,
    whiteboard: f.whiteboard,
  };
  const user = (id: number | null) => (id === null ? undefined : found.get(`#${id}`));
  const flagHash = (flag: BugFlag) => {
    const out: Hash = {
      id: flag.id,
      name: flag.name,
      type_id: flag.type_id,
      creation_date: flagTime(flag.creation_date),
      modification_date: flagTime(flag.modification_date),
      status: flag.status,
    };
    const setter = found.get(flag.setter.toLowerCase());
    if (setter) out.setter = userHash(setter);
    const requestee = flag.requestee ? found.get(flag.requestee.toLowerCase()) : undefined;
    if (requestee) out.requestee = userHash(requestee);
    return out;
  };
  const extras: Record<string, () => unknown> = {
    assignee: () => user(bug.assignedTo) && userHash(user(bug.assignedTo) as User),
    blocks: () => f.blocks,
    classification: () => f.classification,
    component: () => f.component,
    creation_time: () => columnTime(f.creation_time),
    creator: () => user(bug.reporter) && userHash(user(bug.reporter) as User),
    depends_on: () => f.depends_on,
    dupe_of: () => f.dupe_of,
    is_open: () => (store.catalogue.isOpen(f.status) ? 1 : 0),
    keywords: () => f.keywords,
    last_change_time: () => columnTime(f.last_change_time),
    product: () => f.product,
    qa_contact: () => user(bug.qaContact) && userHash(user(bug.qaContact) as User),
    see_also: () => f.see_also,
    flags: () => f.flags.map(flagHash),
    is_cc_accessible: () => (bug.cclistAccessible ? 1 : 0),
    is_creator_accessible: () => (bug.reporterAccessible ? 1 : 0),
    mentors: () => (f.mentors ?? []).flatMap((id) => (user(id) ? [userHash(user(id) as User)] : [])),
  };
  for (const name of wanted) {
    const value = extras[name]?.();
    if (value !== undefined) hash[name] = value;
  }
  return hash;
}

function lastSeen(kind: LastSeenKind, defaultField: string) {
  return (request: ApiRequest, { store }: RouteDeps): Read<Answer> => {
    const user = currentUser(request);
    const include = request.query.get('include_fields');
    const wanted = new Set(include ? include.split(',') : [defaultField]);
    const cutoff = lastSeenCutoff(request.query.get('days'), Math.floor(request.webNow / 1000));
    return afterRead(lastSeenBugs(store, user, kind, cutoff), (bugs) =>
      afterRead(people(store, bugs), (found) => ({ result: bugs.map((bug) => bugHash(bug, wanted, found, store)) })),
    );
  };
}

/**
 * BMO's SearchAPI routes (extensions/SearchAPI/lib/API/V1/LastSeen.pm): open bugs whose needinfo
 * requestee, or whose assignee, was last seen more than `days` days ago, as `{result: [to_hash]}`
 * (with `flags`, or `assignee`, unless `include_fields` names others). Login required (410).
 */
export const searchLastSeenRoutes = {
  // include_fields names to_hash's extras, not members to filter the answer by.
  'GET /rest/search/needinfo_last_seen': {
    auth: 'required',
    fieldsApplied: true,
    handle: lastSeen('needinfo', 'flags'),
  },
  'GET /rest/search/assignee_last_seen': {
    auth: 'required',
    fieldsApplied: true,
    handle: lastSeen('assignee', 'assignee'),
  },
} satisfies { [K in 'GET /rest/search/needinfo_last_seen' | 'GET /rest/search/assignee_last_seen']: RouteSpec<K> };
