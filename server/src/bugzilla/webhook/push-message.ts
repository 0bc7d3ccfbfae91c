import type { User } from '../types.js';
import { type Json, pushSelect, pushTime, pushUser } from './push-serialize.js';

/**
 * One message of BMO's Push extension (extensions/Push/Extension.pm `_push_object`): what was
 * created or changed, serialised as it was then, with the event that says how. Webhooks pick
 * theirs by routing key, product and component (should-send.ts).
 */
export interface PushMessage {
  /** `bug.create`, `bug.modify:status,whiteboard`, `comment.create`, `attachment.create`, `attachment.modify:…`. */
  routingKey: string;
  /** `{ <target>: …, event: {…} }`. */
  payload: Json;
  /** The bug it is about: its owner's visibility is checked again when it is sent. */
  bugId: number;
}

export type PushTarget = 'bug' | 'comment' | 'attachment';

/** Who made the write, when (epoch seconds), and the change set it belongs to. */
export interface PushEventContext {
  actor: User;
  when: number;
  changeSet: string;
}

export interface PushChange {
  field: string;
  removed: string;
  added: string;
}

/** A change set's id: BMO's change_set_id is `"$$." . Time::HiRes::time()` (process id and time). */
export function changeSetId(nowMs: number): string {
  return `${process.pid}.${(nowMs / 1000).toFixed(5)}`;
}

/**
 * `_push_object` with Serialize.pm's changes_to_event: the event of a message, or undefined where
 * BMO sends none (a change from nothing to nothing, a custom field's undef to empty, drops the whole
 * event). `priority` and `target_milestone` say '' for '---'.
 */
export function pushMessage(
  action: 'create' | 'modify',
  target: PushTarget,
  object: Json,
  bugId: number,
  context: PushEventContext,
  given: readonly PushChange[] = [],
): PushMessage | undefined {
  const event: Json = { user: pushUser(context.actor), time: pushTime(context.when) };
  const changes: PushChange[] = [];
  for (const change of given) {
    if (change.added === '' && change.removed === '') return undefined;
    const select = change.field === 'priority' || change.field === 'target_milestone';
    changes.push({
      field: change.field,
      removed: select ? pushSelect(change.removed) : change.removed,
      added: select ? pushSelect(change.added) : change.added,
    });
  }
  if (changes.length > 0) event.changes = changes;
  event.action = action;
  event.target = target;
  event.change_set = context.changeSet;
  const routingKey = `${target}.${action}${changes.length > 0 ? `:${changes.map((c) => c.field).join(',')}` : ''}`;
  event.routing_key = routingKey;
  return { routingKey, payload: { [target]: object, event }, bugId };
}

/**
 * Bug.update's changes as `_object_modified` restructures them: by field name, `isprivate` read
 * `is_private`, and `flagtypes.name` split into one `flag.<name>` change per flag
 * (`_split_flagtypes`: `needinfo?(dev@example.com)` is `flag.needinfo` added `? (dev@example.com)`).
 */
export function modifyChanges(changes: Readonly<Record<string, { removed: string; added: string }>>): PushChange[] {
  const byField = new Map<string, [string, string]>();
  for (const [field, { removed, added }] of Object.entries(changes)) {
    if (field !== 'flagtypes.name') {
      byField.set(field.replace('isprivate', 'is_private'), [removed, added]);
      continue;
    }
    const removedFlags = splitFlagtypes(removed);
    const addedFlags = splitFlagtypes(added);
    for (const [name] of [...removedFlags, ...addedFlags]) byField.set(name, ['', '']);
    for (const [name, value] of removedFlags) (byField.get(name) as [string, string])[0] = value;
    for (const [name, value] of addedFlags) (byField.get(name) as [string, string])[1] = value;
  }
  return [...byField.keys()]
    .sort()
    .map((field) => ({ field, removed: byField.get(field)?.[0] ?? '', added: byField.get(field)?.[1] ?? '' }));
}

/** `_split_flagtype`: `review+, needinfo?(a@b)` as `[flag.review, +]`, `[flag.needinfo, ? (a@b)]`. */
function splitFlagtypes(value: string): Array<[string, string]> {
  if (value === '') return [];
  return value.split(', ').map((change) => {
    const requestee = /\(([^)]+)\)$/.exec(change);
    const flag = requestee ? change.slice(0, requestee.index) : change;
    const status = flag.slice(-1);
    return [`flag.${flag.slice(0, -1)}`, requestee ? `${status} (${requestee[1]})` : status];
  });
}
