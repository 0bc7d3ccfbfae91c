import type {
  SnapshotAttachment,
  SnapshotAuditEvent,
  SnapshotBug,
  SnapshotComment,
  SnapshotFlagActivity,
  SnapshotLoginToken,
  SnapshotPersonalTags,
  SnapshotUser,
  SnapshotUserVisits,
  StoreSnapshot,
} from './snapshot.js';

/**
 * A snapshot as a stream: its head (the settings, the catalogue, the groups), then its records a
 * batch at a time, section by section in SECTIONS' order (a section refers only to earlier ones).
 * What an import reads from a Bugzilla database, a data file holds line by line, and a store loads
 * or writes, without the whole content ever being one value: memory is bounded by the batch.
 */
export interface SnapshotRecords {
  users: SnapshotUser;
  bugs: SnapshotBug;
  comments: SnapshotComment;
  attachments: SnapshotAttachment;
  /** Attachment bytes carried in the snapshot (base64), by SHA-256. */
  attachment_data: { sha256: string; base64: string };
  audit_log: SnapshotAuditEvent;
  last_visits: SnapshotUserVisits;
  login_tokens: SnapshotLoginToken;
  account_offers: { email: string; issued: number };
  personal_tags: SnapshotPersonalTags;
  flag_activity: SnapshotFlagActivity;
  /** A bug's write count when the snapshot was taken (StoreSnapshot.write_counts.bugs). */
  write_counts: [number, number];
}

export type SnapshotSection = keyof SnapshotRecords;

export const SECTIONS: readonly SnapshotSection[] = [
  'users',
  'bugs',
  'comments',
  'attachments',
  'attachment_data',
  'audit_log',
  'last_visits',
  'login_tokens',
  'account_offers',
  'personal_tags',
  'flag_activity',
  'write_counts',
];

/** Everything of a snapshot but its records; the catalogue is always there (implied from the bugs if need be). */
export type SnapshotHead = Omit<StoreSnapshot, SnapshotSection> & {
  catalogue: NonNullable<StoreSnapshot['catalogue']>;
  /** StoreSnapshot.write_counts.generation, when there are write counts. */
  write_generation?: number;
};

/** One batch of one section's records. */
export type SnapshotPart = { [S in SnapshotSection]: { section: S; records: SnapshotRecords[S][] } }[SnapshotSection];

export interface SnapshotStream {
  head: SnapshotHead;
  /** Sync where the records are in memory, async where they are read (a file, a database). */
  parts: Iterable<SnapshotPart> | AsyncIterable<SnapshotPart>;
  /** Lets go of what a read stream holds open when its parts will not be read through (its head was enough). */
  close?: () => Promise<void>;
}

/** How many records of each section a stream gave (a data file's trailer, an import's summary). */
export type SectionCounts = Partial<Record<SnapshotSection, number>>;

export function countPart(counts: SectionCounts, part: SnapshotPart): void {
  counts[part.section] = (counts[part.section] ?? 0) + part.records.length;
}
