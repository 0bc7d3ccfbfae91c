import { DEFAULT_BUG_TIME, defaultBugFields } from '../../bugzilla/bug/bug-defaults.js';
import { sortTags } from '../../bugzilla/comment/comment-tags.js';
import type { Bug, BugFields, ChangeSet, Comment, User } from '../../bugzilla/types.js';
import { BUG_RELATION_FIELD_NAMES, BUG_RELATION_FIELDS } from './bug-relation-sql.js';
import { COMMENT_REACTIONS_COLUMN } from './comment-reaction-sql.js';
import { COMMENT_TAGS_COLUMN } from './comment-tag-sql.js';
import { flagList, OUR_FLAG_SQL } from './flag-sql.js';

/**
 * How a schema's SQL differs, for the column lists below: ours, and a Bugzilla 5.x database's
 * (bugzilla-dialect.ts). Each list is built once per dialect from the same builder, so a column
 * added here reaches both schemas, and nothing is rewritten by pattern.
 */
export interface SqlDialect {
  /** Epoch seconds of a timestamp column. */
  epochSeconds(column: string): string;
  /** A timestamp column's value for an expression of epoch seconds. */
  timestamp(epochSeconds: string): string;
  /** last_visit_ts for an expression in VisitWrite.ts's unit (visit-writes.ts), which differs by schema. */
  lastVisitTime(ts: string): string;
  /** What orders one second's visits (later write last): our per-write sequence; Bugzilla has only its row id. */
  visitWriteOrder: 'bzc_write_seq' | 'id';
  /** A user's group names, sorted, over profiles `p`. */
  userGroupNames: string;
  /** The bug's fields that Bugzilla's `bugs` columns below do not hold, as JSON over `b` and the dialect's joins. */
  bugOtherFields: string;
  /** A user's non-default settings as a JSON object over profiles `p`, aliased `settings`. */
  userSettings: string;
  /** `profiles.last_seen_date` (5.x and BMO keep it; BMO answers it) over `p` in epoch seconds, aliased `last_seen`. */
  userLastSeen: string;
  /** A comment's reactions as JSON `[user id, reaction]` pairs over longdescs `l`, aliased `reactions`. */
  commentReactions: string;
  /** The ids (`id`) of the duplicates of bug $1, by id. */
  duplicateIds: string;
}

/** The database's clock in epoch milliseconds, as every statement that reads it writes it. */
export const NOW_MS = '(extract(epoch FROM now()) * 1000)::bigint';

const utcTimestamp = (epochSeconds: string) => `to_timestamp(${epochSeconds}) AT TIME ZONE 'UTC'`;

/** Our schema: timestamp(0) columns holding UTC wall time, direct group grants, the other fields in `bugs.bzc_fields` and Bugzilla's tables. */
export const OUR_SQL: SqlDialect = {
  epochSeconds: (column) => `extract(epoch FROM ${column})::bigint`,
  timestamp: utcTimestamp,
  lastVisitTime: utcTimestamp,
  visitWriteOrder: 'bzc_write_seq',
  // Names sort in code-unit order (COLLATE "C"), as JavaScript sorts them in the file store, whatever the database's collation.
  userGroupNames: `ARRAY(SELECT g.name FROM user_group_map m JOIN groups g ON g.id = m.group_id
        WHERE m.user_id = p.userid AND m.isbless = 0 ORDER BY g.name COLLATE "C")`,
  bugOtherFields: `b.bzc_fields || jsonb_build_object(${BUG_RELATION_FIELDS},
     'flags', ${flagList(OUR_FLAG_SQL, 'f.bug_id = b.bug_id AND f.attach_id IS NULL')})`,
  userSettings: `COALESCE((SELECT json_object_agg(s.setting_name, s.setting_value) FROM profile_setting s
     WHERE s.user_id = p.userid), '{}'::json) AS settings`,
  userLastSeen: `extract(epoch FROM p.last_seen_date)::bigint AS last_seen`,
  commentReactions: COMMENT_REACTIONS_COLUMN,
  duplicateIds: `SELECT b.bug_id AS id FROM bugs b WHERE b.bzc_fields->>'dupe_of' = $1::text ORDER BY b.bug_id`,
};

/** The groups a user was given bless rights on directly (Bugzilla::User::_set_groups's rows), sorted. */
const BLESS_GROUP_NAMES = `ARRAY(SELECT g.name FROM user_group_map m JOIN groups g ON g.id = m.group_id
        WHERE m.user_id = p.userid AND m.isbless = 1 AND m.grant_type = 0 ORDER BY g.name COLLATE "C")`;

/** Columns that make a User; `p` is an alias of profiles. */
export function userColumns(sql: SqlDialect): string {
  return `p.userid, p.login_name, p.realname, p.is_enabled, p.disabledtext, p.cryptpassword, p.disable_mail,
  ${sql.userGroupNames} AS group_names, ${BLESS_GROUP_NAMES} AS bless_names, ${sql.userSettings}, ${sql.userLastSeen}`;
}

export const USER_COLUMNS = userColumns(OUR_SQL);

export interface UserRow {
  userid: number;
  login_name: string;
  realname: string;
  is_enabled: number;
  disabledtext: string;
  cryptpassword: string | null;
  disable_mail: number;
  group_names: string[];
  bless_names: string[];
  settings: Record<string, string>;
  last_seen: string | null;
}

export function userFromRow(row: UserRow): User {
  return {
    id: row.userid,
    login: row.login_name,
    realName: row.realname,
    groups: row.group_names,
    disabled: row.is_enabled === 0,
    // Bugzilla's column is NOT NULL with '' meaning "no text".
    disabledText: row.disabledtext === '' ? null : row.disabledtext,
    // Our scrypt hash, or Bugzilla's bz_crypt one (bugzilla/user/password-hash.ts); '' or NULL: no password login.
    passwordHash: row.cryptpassword || null,
    emailEnabled: row.disable_mail === 0,
    blessGroups: row.bless_names,
    ...(Object.keys(row.settings).length > 0 ? { settings: row.settings } : {}),
    ...(row.last_seen === null ? {} : { lastSeenDate: Number(row.last_seen) }),
  };
}

/** Columns that make a Bug; `b` is an alias of bugs. */
export function bugColumns(sql: SqlDialect): string {
  return `b.bug_id, b.reporter, b.assigned_to, b.qa_contact, b.reporter_accessible, b.cclist_accessible,
  b.short_desc, b.bug_status, b.resolution, ${sql.bugOtherFields} AS bzc_fields,
  ${sql.epochSeconds('b.creation_ts')} AS creation_time, ${sql.epochSeconds('b.delta_ts')} AS last_change_time,
  ARRAY(SELECT a.alias FROM bugs_aliases a WHERE a.bug_id = b.bug_id ORDER BY a.alias COLLATE "C") AS aliases,
  ARRAY(SELECT c.who FROM cc c WHERE c.bug_id = b.bug_id ORDER BY c.who) AS cc,
  ARRAY(SELECT g.name FROM bug_group_map m JOIN groups g ON g.id = m.group_id
        WHERE m.bug_id = b.bug_id ORDER BY g.name COLLATE "C") AS group_names`;
}

export const BUG_COLUMNS = bugColumns(OUR_SQL);

export interface BugRow {
  bug_id: number;
  aliases: string[];
  reporter: number | null;
  assigned_to: number | null;
  qa_contact: number | null;
  reporter_accessible: number;
  cclist_accessible: number;
  cc: number[];
  group_names: string[];
  short_desc: string;
  bug_status: string;
  resolution: string;
  bzc_fields: Partial<BugFields>;
  creation_time: string | null;
  last_change_time: string;
}

/** The fields kept in Bugzilla's own columns; the others are in bugs.bzc_fields. */
const COLUMN_FIELDS = ['summary', 'status', 'resolution', 'creation_time', 'last_change_time'] as const;

/** What goes into bugs.bzc_fields: a bug's fields without those Bugzilla's columns and tables hold. */
export function fieldsJson(fields: BugFields): string {
  const rest: Partial<BugFields> = { ...fields };
  for (const name of COLUMN_FIELDS) delete rest[name];
  for (const name of BUG_RELATION_FIELD_NAMES) delete rest[name];
  return JSON.stringify(rest);
}

export function bugFromRow(row: BugRow): Bug {
  const bug: Bug = {
    id: row.bug_id,
    aliases: row.aliases,
    reporter: row.reporter,
    assignedTo: row.assigned_to,
    qaContact: row.qa_contact,
    cc: row.cc,
    groups: row.group_names,
    reporterAccessible: row.reporter_accessible !== 0,
    cclistAccessible: row.cclist_accessible !== 0,
    fields: {
      ...defaultBugFields({ creation: DEFAULT_BUG_TIME, lastChange: DEFAULT_BUG_TIME }),
      ...row.bzc_fields,
      summary: row.short_desc,
      status: row.bug_status,
      resolution: row.resolution,
      creation_time: row.creation_time === null ? DEFAULT_BUG_TIME : Number(row.creation_time),
      last_change_time: Number(row.last_change_time),
    },
  };
  // No See Also value with a class (bug_see_also.class '') reads as none known; no custom value, as all at their defaults.
  if (!bug.fields.see_also_class) delete bug.fields.see_also_class;
  if (!bug.fields.custom) delete bug.fields.custom;
  return bug;
}

/** Columns that make a Comment, from longdescs `l`. */
export function commentColumns(sql: SqlDialect): string {
  return `l.comment_id, l.bug_id, l.who, ${sql.epochSeconds('l.bug_when')} AS bug_when, l.thetext, l.isprivate, l.type,
  l.extra_data, ${COMMENT_TAGS_COLUMN}, ${sql.commentReactions}`;
}

export const COMMENT_COLUMNS = commentColumns(OUR_SQL);

/** Bugzilla's order of a bug's comments: by time, then id. */
export const COMMENT_ORDER = 'ORDER BY l.bug_when, l.comment_id';

export interface CommentRow {
  comment_id: number;
  bug_id: number;
  who: number;
  bug_when: string;
  thetext: string;
  isprivate: number;
  type: number;
  extra_data: string | null;
  tags: string[];
  reactions: Array<[number, string]>;
}

/** Comment types whose text is rendered when read, from what `extra_data` names (an attachment). */
const TYPES_KEPT = new Set([5, 6]);

export function commentFromRow(row: CommentRow): Comment {
  const comment: Comment = {
    id: row.comment_id,
    bugId: row.bug_id,
    author: row.who,
    time: Number(row.bug_when),
    text: row.thetext,
    isPrivate: row.isprivate !== 0,
  };
  if (row.tags.length > 0) comment.tags = sortTags(row.tags);
  if (row.reactions.length > 0) comment.reactions = row.reactions.map(([userId, reaction]) => ({ userId, reaction }));
  if (TYPES_KEPT.has(row.type)) {
    comment.type = row.type;
    if (row.extra_data !== null) comment.extraData = row.extra_data;
  }
  return comment;
}

/** A bug's change sets, oldest first, from bugs_activity rows in (bug_when, bzc_change_set, id) order. */
export interface ActivityRow {
  who: number;
  bug_when: string;
  bzc_change_set: number;
  bzc_field_name: string;
  removed: string | null;
  added: string | null;
  comment_id: number | null;
  attach_id?: number | null;
}

export function changeSetsFromRows(rows: readonly ActivityRow[]): ChangeSet[] {
  const sets: ChangeSet[] = [];
  let previous: ActivityRow | undefined;
  for (const row of rows) {
    if (!previous || previous.bzc_change_set !== row.bzc_change_set) {
      sets.push({ who: row.who, when: Number(row.bug_when), changes: [] });
    }
    const change: ChangeSet['changes'][number] = {
      field_name: row.bzc_field_name,
      removed: row.removed ?? '',
      added: row.added ?? '',
    };
    if (row.comment_id !== null) change.comment_id = row.comment_id;
    if (row.attach_id !== undefined && row.attach_id !== null) change.attachment_id = row.attach_id;
    (sets.at(-1) as ChangeSet).changes.push(change);
    previous = row;
  }
  return sets;
}
