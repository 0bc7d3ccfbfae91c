import type { Snaked } from '../catalogue/snake-case.js';
import type { CatalogueData } from '../catalogue/types.js';
import type { BugFields, BugFlag, FieldChange } from '../types.js';

/**
 * The store's whole content as data: what a data file holds (as a stream of records, one JSON
 * value a line: stores/file/record-file-format.ts; snapshot-stream.ts for the stream), what a
 * reset goes back to and an import brings. Plain snake_case JSON so people can read and diff it.
 * Changes since the snapshot live in the journal beside it (see journal-file.ts).
 */

export const SNAPSHOT_FORMAT = 'bz-companion-store';
export const SNAPSHOT_FORMAT_VERSION = 1;

export interface SnapshotUser {
  id: number;
  login: string;
  real_name: string;
  groups: string[];
  api_keys: Array<{ sha256: string; revoked: boolean }>;
  disabled: boolean;
  disabled_text: string | null;
  /** scrypt hash (bugzilla/user/password-hash.ts); absent or null: the user cannot log in with a password. */
  password_hash?: string | null;
  /** Absent: true. */
  email_enabled?: boolean;
  /** The groups the user may bless; absent: none. */
  bless_groups?: string[];
  /** Settings where they differ from the default (BMO's block_reviews, block_needinfo); absent: none. */
  settings?: Record<string, string>;
  /** BMO's last_seen_date: epoch seconds of the day's midnight (UTC); absent: never seen. */
  last_seen_date?: number;
}

export interface SnapshotBug {
  id: number;
  /** A list since bugs have several; a string or null in files written before. */
  alias: string[] | string | null;
  reporter_id: number | null;
  assigned_to_id: number | null;
  qa_contact_id: number | null;
  cc_ids: number[];
  groups: string[];
  reporter_accessible: boolean;
  cclist_accessible: boolean;
  /** Absent in files written before bugs had content: the defaults then. */
  fields?: BugFields;
  history?: SnapshotChangeSet[];
}

/** A snapshot bug's aliases as a sorted list, whichever form the file has. */
export function snapshotAliases(alias: SnapshotBug['alias']): string[] {
  return alias === null ? [] : Array.isArray(alias) ? [...alias].sort() : [alias];
}

export interface SnapshotChangeSet {
  who_id: number;
  /** Epoch seconds. */
  when: number;
  changes: FieldChange[];
}

export interface SnapshotComment {
  id: number;
  bug_id: number;
  author_id: number;
  /** Epoch seconds. */
  time: number;
  text: string;
  is_private: boolean;
  /** Bugzilla's comment type where it is not 0 (5: an attachment was created, 6: one was commented on). */
  type?: number;
  /** What the type refers to (the attachment's id for 5 and 6). */
  extra_data?: string;
  /** The comment's tags (Bug.update_comment_tags); absent when it has none. */
  tags?: string[];
  /** BMO's reactions, `[user id, reaction]` in the order made; absent when it has none. */
  reactions?: Array<[number, string]>;
}

/**
 * An attachment (5.2's `attachments` row). Its bytes are not here: the store keeps them apart
 * by their SHA-256 (a file per attachment beside the data file, or `attachment_data` below),
 * so a large attachment never makes the journal or a compaction larger.
 */
export interface SnapshotAttachment {
  id: number;
  bug_id: number;
  file_name: string;
  description: string;
  content_type: string;
  size: number;
  creator_id: number;
  /** Epoch seconds. */
  creation_time: number;
  /** Epoch seconds. */
  modification_time: number;
  is_patch: boolean;
  is_obsolete: boolean;
  is_private: boolean;
  flags: BugFlag[];
  data_sha256: string;
}

/** A row of BMO's `flag_activity` (bugzilla/flag/bmo-flag-activity.ts): a flag set, changed or cleared. */
export interface SnapshotFlagActivity {
  id: number;
  /** Epoch seconds. */
  flag_when: number;
  type_id: number;
  flag_id: number;
  setter_id: number;
  requestee_id: number | null;
  bug_id: number;
  attachment_id: number | null;
  status: string;
}

export interface SnapshotAuditEvent {
  class: string;
  object_id: number;
  field: string;
  removed: string;
  added: string;
  at_time: string;
  user_id: number | null;
}

/**
 * One user's visits as two parallel arrays, oldest write first: bug_ids[i]
 * was last visited at last_visit_ts[i] (epoch seconds, UTC). Packed number
 * arrays load several times faster and smaller than an object per visit.
 */
export interface SnapshotUserVisits {
  user_id: number;
  bug_ids: number[];
  last_visit_ts: number[];
}

/** A login token (`GET /rest/login`): only the SHA-256 of `<user id>-<secret>` is kept. */
export interface SnapshotLoginToken {
  sha256: string;
  user_id: number;
  /** Set by `Bugzilla_restrictlogin`: the token works only from this address. */
  ip_addr: string | null;
  /** Epoch seconds. */
  last_used: number;
}

export interface StoreSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  format_version: typeof SNAPSHOT_FORMAT_VERSION;
  /** The number of the last journal entry this snapshot includes. */
  journal_position: number;
  /**
   * The model's write counts when a data file's snapshot was taken: a journaled bug write is
   * applied only if the counts its plan read still hold, so a replay that starts from this
   * snapshot must start from these counts, not from none (absent: all 0, as when it was made).
   */
  write_counts?: { generation: number; bugs: Array<[number, number]> };
  instance: {
    /** null: the profile's own version string. */
    version: string | null;
    /** The tracker this data set behaves as, unless the server is told otherwise. */
    profile?: string;
    extensions: Record<string, { version: string }>;
    parameters: Record<string, string>;
    strict_involvement: boolean;
    /** Prune visits older than last_visit_keep_days (the fixture set it). Absent means false. */
    visit_retention?: boolean;
    db_time_offset_seconds: number;
  };
  groups: string[];
  users: SnapshotUser[];
  bugs: SnapshotBug[];
  audit_log: SnapshotAuditEvent[];
  last_visits: SnapshotUserVisits[];
  /** Absent in data files written before logins existed. */
  login_tokens?: SnapshotLoginToken[];
  /** User.offer_account_by_email's offers (5.2's `account` tokens: the address and when, no token). */
  account_offers?: Array<{ email: string; issued: number }>;
  /** Every bug's comments, by id; absent in files written before comments. */
  comments?: SnapshotComment[];
  /** Products, components, field values, workflow, flag types, groups; absent in files written before: implied by the bugs. */
  catalogue?: SnapshotCatalogue;
  /** Each user's own tags of bugs (Bug.update_tags), in the order added; absent in files written before. */
  personal_tags?: SnapshotPersonalTags[];
  /** Every attachment, by id; absent in files written before attachments. */
  attachments?: SnapshotAttachment[];
  /**
   * Attachment bytes carried in the snapshot itself (base64, by SHA-256): a fixture's and an
   * export's. Those the API adds are kept beside the data file instead.
   */
  attachment_data?: Record<string, string>;
  /** BMO's flag_activity rows, by id; absent in files written before them. */
  flag_activity?: SnapshotFlagActivity[];
}

/** The catalogue as the data file writes it: the domain's records with snake_case keys. */
export type SnapshotCatalogue = Snaked<CatalogueData>;

/**
 * A user as `add_user` records it. The id is given when the entry is applied
 * (the next free one), so concurrent additions never share one; entries
 * written before that carry their id.
 */
export type NewSnapshotUser = Omit<SnapshotUser, 'id'> & { id?: number };

/** A comment as a `comment` entry records it: its id is given when the entry is applied. */
export type NewSnapshotComment = Omit<SnapshotComment, 'id'> & { id?: number };

/** One change, as the journal records it. Applying the same entries in order always gives the same state. */
export type JournalOp =
  | { op: 'visit'; user: number; bugs: number[]; ts: number }
  | { op: 'prune'; before: number }
  | { op: 'add_user'; user: NewSnapshotUser }
  /** Everything replaced at once (an admin reset); the entry carries the whole new content. */
  | { op: 'replace'; snapshot: StoreSnapshot }
  /** A login made a token; tokens unused since `expire_before` are dropped at the same time (5.2). */
  | { op: 'login_token'; token: SnapshotLoginToken; expire_before: number }
  | { op: 'logout'; sha256: string }
  /** An account offered to an address (User.offer_account_by_email), checked already. */
  | { op: 'account_offer'; offer: { email: string; issued: number } }
  /** A user's new API key (`user key LOGIN`): it replaces every key the user had, which are revoked. */
  | { op: 'replace_api_key'; user: number; sha256: string }
  /**
   * A new comment: the bug's last_change_time becomes its time, and the visit
   * rows change as decided when it was posted (5.2's side effects of a bug update).
   * The id is given when the entry is applied (the next free one), so concurrent
   * comments never share one; the poster reads it back from the entry.
   */
  | { op: 'comment'; comment: NewSnapshotComment; author_visit: boolean; forget_visits: number[] }
  /** Users' new records (User.update): every field but the API keys, which stay as they are. */
  | { op: 'update_users'; users: Array<Omit<SnapshotUser, 'api_keys'>> }
  /** A catalogue write's effect: the whole next catalogue, and the groups renamed (their members follow). */
  | { op: 'catalogue'; catalogue: SnapshotCatalogue; renamed_groups: Array<[string, string]> }
  /** A user's reactions added to and removed from a comment (checked already); the result is written into `change`. */
  | {
      op: 'comment_reactions';
      change: {
        comment_id: number;
        user_id: number;
        add: string[];
        remove: string[];
        reactions?: Array<[number, string]>;
      };
    }
  /** Tags added to and removed from a comment (checked already); the resulting list is written into `change`. */
  | { op: 'comment_tags'; change: { comment_id: number; add: string[]; remove: string[]; tags?: string[] } }
  /** A user's own tags of bugs added and removed (checked already); what changed is written into each change. */
  | {
      op: 'personal_tags';
      user: number;
      changes: Array<{
        bug_id: number;
        add: string[];
        remove: string[];
        result?: { removed: string[]; added: string[] };
      }>;
    }
  /**
   * A bug write's effect (Bug.create, Bug.update): the bugs whole, history, comments and visits. It
   * is applied only if the bugs it read are still as they were when it was planned (`expect`: each
   * bug's write count, and the model's generation); otherwise it changes nothing and the writer
   * plans again. `expect.applied` is set when it is applied, for the writer (a committer applies a
   * copy of the entry, holding the same `expect`; the journal line was written before, without it).
   */
  | {
      op: 'bug_write';
      effect: BugWriteEffectRecord;
      expect: { generation: number; bugs: Array<[number, number]>; applied?: boolean };
    };

/** A bug write's effect as the journal records it (snake_case records, as the snapshot's). */
export interface BugWriteEffectRecord {
  /** Each bug whole (a new one), or what changed of a stored one (entries before changes existed: all whole). */
  bugs: Array<SnapshotBug | SnapshotBugChange>;
  history: Array<{ bug_id: number; set: SnapshotChangeSet }>;
  comments: NewSnapshotComment[];
  visits: Array<{ bug_id: number; set_for: number[]; forget: number[]; ts: number }>;
  /** Existing comments made private or public (absent in entries written before it existed). */
  comment_privacy?: Array<{ comment_id: number; is_private: boolean }>;
  /** Attachments added or changed, whole (their bytes stored apart by SHA-256 before the entry; flags with id 0 are new). */
  attachments?: SnapshotAttachment[];
}

/**
 * What a bug write changed of a stored bug: its members and fields whose values differ (SnapshotBug's
 * names), and the fields it no longer has. The write applies only to the bug its plan read (`expect`),
 * so the change rebuilds the planned bug, in a line the size of the change rather than of the bug.
 */
export type SnapshotBugChange = Partial<Omit<SnapshotBug, 'fields' | 'history'>> & {
  id: number;
  change: true;
  fields?: Partial<BugFields>;
  unset_fields?: Array<keyof BugFields>;
};

/** One user's tags of one bug. */
export interface SnapshotPersonalTags {
  user_id: number;
  bug_id: number;
  tags: string[];
}

export type JournalEntry = JournalOp & { n: number };

export function emptySnapshot(instance: StoreSnapshot['instance']): StoreSnapshot {
  return {
    format: SNAPSHOT_FORMAT,
    format_version: SNAPSHOT_FORMAT_VERSION,
    journal_position: 0,
    instance,
    groups: [],
    users: [],
    bugs: [],
    audit_log: [],
    last_visits: [],
    comments: [],
  };
}
