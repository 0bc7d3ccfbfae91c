import { formatBugzillaTime } from '@bz-companion/shared';
import {
  SNAPSHOT_FORMAT,
  SNAPSHOT_FORMAT_VERSION,
  type SnapshotUser,
  type SnapshotUserVisits,
  type StoreSnapshot,
} from '../../bugzilla/store/snapshot.js';
import type {
  SnapshotHead,
  SnapshotPart,
  SnapshotRecords,
  SnapshotSection,
  SnapshotStream,
} from '../../bugzilla/store/snapshot-stream.js';
import { snapshotCatalogue } from '../snapshot-catalogue.js';
import { collectSnapshotSync } from '../snapshot-parts.js';
import { snapshotBug } from '../snapshot-records.js';
import { userRecord } from '../user-record.js';
import type { Model } from './model.js';

/** Records per part: a data file's writer holds one part's records and their lines at a time. */
const BATCH = 2000;

/**
 * The model's whole content as a snapshot stream, read from the live model a batch at a time
 * (a data file is written from it without the content ever being one value). Read it through
 * while nothing changes the model: at a fold's end on its own thread, or at close.
 */
export function modelRecords(model: Model): SnapshotStream {
  const head: SnapshotHead = {
    format: SNAPSHOT_FORMAT,
    format_version: SNAPSHOT_FORMAT_VERSION,
    journal_position: model.journalPosition,
    instance: {
      version: model.instance.version,
      ...(model.instance.profile === undefined ? {} : { profile: model.instance.profile }),
      extensions: model.instance.extensions,
      parameters: model.instance.parameters,
      strict_involvement: model.instance.strictInvolvement,
      visit_retention: model.instance.visitRetention,
      db_time_offset_seconds: model.instance.dbTimeOffsetSeconds,
    },
    groups: model.groups,
    catalogue: snapshotCatalogue(model.catalogue.data),
  };
  if (model.generation !== 0 || model.bugVersions.size > 0) head.write_generation = model.generation;
  return { head, parts: modelParts(model) };
}

/** The whole content as one snapshot (a reset's, an export's; a data file is written from the stream instead). */
export function modelSnapshot(model: Model): StoreSnapshot {
  return collectSnapshotSync(modelRecords(model));
}

function* modelParts(model: Model): Iterable<SnapshotPart> {
  yield* batched('users', users(model));
  yield* batched(
    'bugs',
    mapped(model.bugs.values(), (bug) => snapshotBug(bug, model.threads.historyOf(bug.id))),
  );
  yield* batched('comments', model.threads.snapshotComments());
  yield* batched('attachments', model.attachments.snapshotRows());
  yield* batched('attachment_data', model.attachments.snapshotData());
  yield* batched(
    'audit_log',
    mapped(model.auditLog.values(), (event) => ({
      class: event.className,
      object_id: event.objectId,
      field: event.field,
      removed: event.removed,
      added: event.added,
      at_time: formatBugzillaTime(event.atTime * 1000),
      user_id: event.user,
    })),
  );
  yield* batched('last_visits', visits(model));
  yield* batched(
    'login_tokens',
    mapped(model.loginTokens.entries(), ([sha256, token]) => ({
      sha256,
      user_id: token.userId,
      ip_addr: token.ipAddr,
      last_used: token.lastUsed,
    })),
  );
  yield* batched('account_offers', model.accountOffers);
  yield* batched('personal_tags', model.personalTags.snapshotRows());
  yield* batched('flag_activity', model.flagActivity.snapshotRows());
  yield* batched('write_counts', model.bugVersions.entries());
}

/** Users with their API keys (grouped once, not looked up per user: a tracker has millions of users). */
function* users(model: Model): Iterable<SnapshotUser> {
  const keys = new Map<number, SnapshotUser['api_keys']>();
  for (const key of model.apiKeys.values()) {
    const own = keys.get(key.userId);
    const record = { sha256: key.sha256, revoked: key.revoked };
    if (own) own.push(record);
    else keys.set(key.userId, [record]);
  }
  for (const user of model.users.values()) yield { ...userRecord(user), api_keys: keys.get(user.id) ?? [] };
}

function* visits(model: Model): Iterable<SnapshotUserVisits> {
  for (const [userId, own] of model.visits) {
    const bugIds: number[] = [];
    const timestamps: number[] = [];
    for (const [bugId, ts] of own.entries()) {
      bugIds.push(bugId);
      timestamps.push(ts);
    }
    yield { user_id: userId, bug_ids: bugIds, last_visit_ts: timestamps };
  }
}

function* mapped<T, U>(items: Iterable<T>, map: (item: T) => U): Iterable<U> {
  for (const item of items) yield map(item);
}

function* batched<S extends SnapshotSection>(
  section: S,
  records: Iterable<SnapshotRecords[S]>,
): Iterable<SnapshotPart> {
  let batch: SnapshotRecords[S][] = [];
  for (const record of records) {
    batch.push(record);
    if (batch.length >= BATCH) {
      yield { section, records: batch } as SnapshotPart;
      batch = [];
    }
  }
  if (batch.length > 0) yield { section, records: batch } as SnapshotPart;
}
