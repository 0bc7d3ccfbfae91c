import { createHash } from 'node:crypto';
import { formatBugzillaTime } from '@bz-companion/shared';
import { isTimeTracker } from '../../bugzilla/access.js';
import { customValue, customValueJson } from '../../bugzilla/field/custom-values.js';
import { trackingFlagShownOn } from '../../bugzilla/field/tracking-flag.js';
import { afterRead, type Read, readAll } from '../../bugzilla/read.js';
import type { Store } from '../../bugzilla/store/store.js';
import type { Bug, User } from '../../bugzilla/types.js';
import { nickOf } from '../../bugzilla/user/bmo-nick.js';
import type { ObjectShapes } from '../../profiles/profile.js';
import type { FieldSelection } from '../method/field-selection.js';
import { bmoBugFields } from './bmo-bug-fields.js';
import { aliasOf } from './bug-alias.js';

type Json = Record<string, unknown>;

/** 5.2's `_user_to_hash`: `name` and `email` are both the login; BMO's has the `nick` too. */
function userDetail(user: User, fields: FieldSelection, prefix: string, nick: boolean): Json {
  const detail: Json = {};
  if (fields.wants('id', 'default', prefix)) detail.id = user.id;
  if (fields.wants('real_name', 'default', prefix)) detail.real_name = user.realName;
  if (nick && fields.wants('nick', 'default', prefix)) detail.nick = nickOf(user);
  if (fields.wants('name', 'default', prefix)) detail.name = user.login;
  if (fields.wants('email', 'default', prefix)) detail.email = user.login;
  return detail;
}

const time = (seconds: number) => formatBugzillaTime(seconds * 1000);

/**
 * A bug as Bug.get and Bug.search answer it (5.2's `_bug_to_hash`), narrowed
 * to the selected fields. Logins go with their `_detail` objects; logged-in
 * callers also get `update_token` (where the method adds it), and members of the time-tracking group the
 * time fields.
 */
export function bugJson(
  bug: Bug,
  store: Store,
  caller: User | undefined,
  fields: FieldSelection,
  /** When the answer is made, for the `update_token` Bug.get and Bug.possible_duplicates add; null: none (Bug.search). */
  nowMs: number | null,
  shapes: ObjectShapes,
  newSince: number | null = null,
): Read<Json> {
  const f = bug.fields;
  // What needs the store is read first (only what is selected), then the answer is built in 5.2's
  // key order; synchronously when the store answers at once (the file store: no promise per bug).
  const userOf = (name: string, userId: number | null) =>
    userId === null || !fields.wants(name) ? undefined : store.userById(userId);
  const people = readAll([
    userOf('creator', bug.reporter),
    userOf('assigned_to', bug.assignedTo),
    userOf('qa_contact', bug.qaContact),
    ...(fields.wants('cc') ? bug.cc.map((id) => store.userById(id)) : []),
  ]);
  const dependencies = readAll(
    [...(fields.wants('blocks') ? f.blocks : []), ...(fields.wants('depends_on') ? f.depends_on : [])].map((id) =>
      store.bugById(id),
    ),
  );
  // The caller's own tags (Bug.update_tags): an extra field, read only when asked for.
  const tags =
    caller && shapes.personalTagsField && fields.wants('tags', 'extra') ? store.personalTags(caller.id, bug.id) : [];
  const basic = afterRead(people, ([creator, assignedTo, qaContact, ...ccUsers]) =>
    afterRead(dependencies, (others) => {
      const open = new Set(
        others.filter((other) => other && store.catalogue.isOpen(other.fields.status)).map((other) => other?.id),
      );
      return afterRead(tags, (ownTags) =>
        render(bug, store, caller, fields, nowMs, shapes, { creator, assignedTo, qaContact, ccUsers, open, ownTags }),
      );
    }),
  );
  if (shapes.bugDefaultFields.length === 0 && shapes.bugExtraFields.length === 0) return basic;
  // BMO's own fields, read after 5.2's (only a BMO answer pays for them).
  const context = {
    newSince,
    time,
    detail: (user: User, prefix: string) => userDetail(user, fields, prefix, shapes.userNick),
  };
  return afterRead(basic, (json) =>
    bmoBugFields(bug, store, caller, fields, shapes, context).then((own) => Object.assign(json, own)),
  );
}

interface ReadForBug {
  creator: User | undefined;
  assignedTo: User | undefined;
  qaContact: User | undefined;
  ccUsers: Array<User | undefined>;
  /** The ids of the bugs it blocks or depends on that are open. */
  open: ReadonlySet<number | undefined>;
  /** The caller's own tags of it. */
  ownTags: readonly string[];
}

function render(
  bug: Bug,
  store: Store,
  caller: User | undefined,
  fields: FieldSelection,
  nowMs: number | null,
  shapes: ObjectShapes,
  { creator, assignedTo, qaContact, ccUsers, open, ownTags }: ReadForBug,
): Json {
  const nick = shapes.userNick;
  const f = bug.fields;
  const json: Json = {};
  const put = (name: string, value: () => unknown, type: 'default' | 'extra' = 'default') => {
    if (fields.wants(name, type)) json[name] = value();
  };
  const person = (name: string, user: User | undefined) => {
    if (!fields.wants(name)) return;
    json[name] = user?.login ?? '';
    if (user) json[`${name}_detail`] = userDetail(user, fields, name, nick);
  };

  putBugFields(put, bug, store, shapes, open);
  person('creator', creator);
  person('assigned_to', assignedTo);
  person('qa_contact', qaContact);
  if (fields.wants('cc')) {
    const cc = ccUsers
      .filter((user): user is User => user !== undefined)
      .sort((a, b) => (a.login < b.login ? -1 : a.login > b.login ? 1 : 0));
    json.cc = cc.map((user) => user.login);
    json.cc_detail = cc.map((user) => userDetail(user, fields, 'cc', nick));
  }
  if (shapes.personalTagsField) put('tags', () => [...ownTags], 'extra');
  // Every custom field but obsolete ones, shown or not on this bug (5.2's active_custom_fields);
  // a tracking flag only where it is shown (BMO's TrackingFlags hook on active_custom_fields).
  const { catalogue } = store;
  for (const field of catalogue.activeCustomFields()) {
    if (!fields.wants(field.name, 'custom')) continue;
    if (field.tracking && !trackingFlagShownOn(field.tracking, catalogue, f)) continue;
    json[field.name] = customValueJson(field, customValue(f, field));
  }
  if (caller) {
    if (isTimeTracker(caller, store.instance.parameters)) {
      put('estimated_time', () => f.estimated_time ?? 0);
      put('remaining_time', () => f.remaining_time ?? 0);
      put('actual_time', () => f.actual_time ?? 0);
    }
    // 5.2's _add_update_tokens runs in Bug.get and Bug.possible_duplicates only, never in Bug.search.
    if (nowMs !== null) put('update_token', () => updateToken(bug.id, caller.id, nowMs));
  }
  return json;
}

type Put = (name: string, value: () => unknown, type?: 'default' | 'extra') => void;

/** The bug's own fields and its relations, each where the field selection wants it. */
function putBugFields(
  put: Put,
  bug: Bug,
  store: Store,
  shapes: ObjectShapes,
  open: ReadonlySet<number | undefined>,
): void {
  const f = bug.fields;
  put('id', () => bug.id);
  put('alias', () => aliasOf(bug, shapes.bugAlias));
  put('summary', () => f.summary);
  put('status', () => f.status);
  put('resolution', () => f.resolution);
  put('is_open', () => store.catalogue.isOpen(f.status));
  put('is_confirmed', () => f.is_confirmed);
  put('product', () => f.product);
  put('component', () => f.component);
  put('classification', () => f.classification);
  put('version', () => f.version);
  put('priority', () => f.priority);
  put('severity', () => f.severity);
  put('op_sys', () => f.op_sys);
  put('platform', () => f.platform);
  put('target_milestone', () => f.target_milestone);
  put('url', () => f.url);
  put('whiteboard', () => f.whiteboard);
  put('keywords', () => [...f.keywords]);
  put('see_also', () => [...f.see_also]);
  put('blocks', () => sortDependencies(f.blocks, open));
  put('depends_on', () => sortDependencies(f.depends_on, open));
  put('dupe_of', () => f.dupe_of);
  // BMO shows it to time trackers only, with the hours (bmo-bug-fields.ts).
  if (shapes.deadline === 'everyone') put('deadline', () => f.deadline ?? null);
  put('flags', () => f.flags.map((flag) => ({ ...flag })));
  put('groups', () => [...bug.groups]);
  put('creation_time', () => time(f.creation_time));
  put('last_change_time', () => time(f.last_change_time));
  put('is_creator_accessible', () => bug.reporterAccessible);
  put('is_cc_accessible', () => bug.cclistAccessible);
}

/** Open bugs first, then by id (5.2's `ORDER BY is_open DESC, id`); hidden bugs are not filtered out. */
function sortDependencies(ids: readonly number[], openIds: ReadonlySet<number | undefined>): number[] {
  const open = (id: number) => openIds.has(id);
  return [...ids].sort((a, b) => Number(open(b)) - Number(open(a)) || a - b);
}

/** `<epoch>-<hash>` as 5.2's `issue_hash_token`; bz-companion takes no mid-air-collision token back, so any hash will do. */
function updateToken(bugId: number, userId: number, nowMs: number): string {
  const epoch = Math.floor(nowMs / 1000);
  const hash = createHash('sha256').update(`${epoch}-${bugId}-${userId}`).digest('base64url');
  return `${epoch}-${hash}`;
}
