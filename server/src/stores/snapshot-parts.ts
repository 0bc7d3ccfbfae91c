import { SNAPSHOT_FORMAT, SNAPSHOT_FORMAT_VERSION, type StoreSnapshot } from '../bugzilla/store/snapshot.js';
import {
  SECTIONS,
  type SnapshotHead,
  type SnapshotPart,
  type SnapshotRecords,
  type SnapshotSection,
  type SnapshotStream,
} from '../bugzilla/store/snapshot-stream.js';
import { catalogueOfSnapshot, snapshotCatalogue } from './snapshot-catalogue.js';

/** A snapshot in hand as a stream of parts (one per section): how a whole snapshot reaches a stream's reader. */
export function streamOfSnapshot(snapshot: StoreSnapshot): SnapshotStream {
  const head: SnapshotHead = {
    format: SNAPSHOT_FORMAT,
    format_version: SNAPSHOT_FORMAT_VERSION,
    journal_position: snapshot.journal_position,
    instance: snapshot.instance,
    groups: snapshot.groups,
    catalogue: snapshot.catalogue ?? snapshotCatalogue(catalogueOfSnapshot(snapshot)),
  };
  if (snapshot.write_counts) head.write_generation = snapshot.write_counts.generation;
  return { head, parts: partsOf(snapshot) };
}

function* partsOf(snapshot: StoreSnapshot): Iterable<SnapshotPart> {
  const records: { [S in SnapshotSection]: SnapshotRecords[S][] | undefined } = {
    users: snapshot.users,
    bugs: snapshot.bugs,
    comments: snapshot.comments,
    attachments: snapshot.attachments,
    attachment_data: Object.entries(snapshot.attachment_data ?? {}).map(([sha256, base64]) => ({ sha256, base64 })),
    audit_log: snapshot.audit_log,
    last_visits: snapshot.last_visits,
    login_tokens: snapshot.login_tokens,
    account_offers: snapshot.account_offers,
    personal_tags: snapshot.personal_tags,
    flag_activity: snapshot.flag_activity,
    write_counts: snapshot.write_counts?.bugs,
  };
  for (const section of SECTIONS) {
    const list = records[section];
    if (list && list.length > 0) yield { section, records: list } as SnapshotPart;
  }
}

/** A stream gathered into one snapshot: for what is small enough to hold whole (tests, a reset, an export). */
export async function collectSnapshot(stream: SnapshotStream): Promise<StoreSnapshot> {
  const snapshot = snapshotOfHead(stream.head);
  for await (const part of stream.parts) addPart(snapshot, part);
  return snapshot;
}

/** The same for a stream whose records are in memory (a model's). */
export function collectSnapshotSync(stream: SnapshotStream): StoreSnapshot {
  const snapshot = snapshotOfHead(stream.head);
  for (const part of stream.parts as Iterable<SnapshotPart>) addPart(snapshot, part);
  return snapshot;
}

function snapshotOfHead(head: SnapshotHead): StoreSnapshot {
  const { write_generation, ...rest } = head;
  const snapshot: StoreSnapshot = {
    ...rest,
    users: [],
    bugs: [],
    audit_log: [],
    last_visits: [],
    login_tokens: [],
    comments: [],
    attachments: [],
    personal_tags: [],
    attachment_data: {},
  };
  if (write_generation !== undefined) snapshot.write_counts = { generation: write_generation, bugs: [] };
  return snapshot;
}

function addPart(snapshot: StoreSnapshot, part: SnapshotPart): void {
  switch (part.section) {
    case 'attachment_data': {
      snapshot.attachment_data ??= {};
      for (const { sha256, base64 } of part.records) snapshot.attachment_data[sha256] = base64;
      return;
    }
    case 'write_counts':
      snapshot.write_counts ??= { generation: 0, bugs: [] };
      for (const count of part.records) snapshot.write_counts.bugs.push(count);
      return;
    default: {
      const lists = snapshot as unknown as Record<string, unknown[] | undefined>;
      lists[part.section] ??= [];
      for (const record of part.records) lists[part.section]?.push(record);
    }
  }
}
