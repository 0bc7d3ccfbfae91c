import { formatBugzillaTime } from '@bz-companion/shared';
import type pg from 'pg';
import type { SnapshotCatalogue } from '../../bugzilla/store/snapshot.js';
import { SNAPSHOT_FORMAT, SNAPSHOT_FORMAT_VERSION, type StoreSnapshot } from '../../bugzilla/store/snapshot.js';
import { snapshotAttachment, snapshotBug, snapshotComment } from '../snapshot-records.js';
import { userRecord } from '../user-record.js';
import { type AttachmentRow, attachmentColumns, attachmentFromRow, snapshotSha256 } from './attachment-rows.js';
import type { Database } from './database.js';
import { exportFlagActivity } from './flag-activity-sql.js';
import { OUR_ATTACHMENT_FLAGS } from './flag-sql.js';
import { readInstance } from './instance-row.js';
import {
  type ActivityRow,
  BUG_COLUMNS,
  type BugRow,
  bugFromRow,
  COMMENT_COLUMNS,
  type CommentRow,
  changeSetsFromRows,
  commentFromRow,
  OUR_SQL,
  USER_COLUMNS,
  type UserRow,
  userFromRow,
} from './rows.js';

/**
 * The whole content as a data file would hold it (what an admin reset goes back
 * to), read in one REPEATABLE READ transaction so it is one moment's content.
 */
export function exportSnapshot(db: Database): Promise<StoreSnapshot> {
  return db.transaction(async (client) => {
    await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const rows: Rows = async <T>(sql: string): Promise<T[]> => (await client.query(sql)).rows as T[];
    const instance = await readInstance({
      query: async <R extends pg.QueryResultRow>(text: string, values: unknown[]) =>
        (await client.query<R>(text, values)).rows,
    });
    if (instance === undefined) throw new Error('the database holds no data yet: import a fixture first');
    const [{ catalogue } = { catalogue: null }] = await rows<{ catalogue: SnapshotCatalogue | null }>(
      'SELECT catalogue FROM bzc_instance WHERE id = 1',
    );
    const snapshot = snapshotOf(instance, await readPeople(rows), await readContent(rows));
    if (catalogue) snapshot.catalogue = catalogue;
    await addAttachments(rows, snapshot);
    snapshot.personal_tags = await personalTagRows(rows);
    const flagActivity = await exportFlagActivity(client, OUR_SQL);
    if (flagActivity.length > 0) snapshot.flag_activity = flagActivity;
    return snapshot;
  }, true);
}

type Rows = <T>(sql: string) => Promise<T[]>;
type People = Awaited<ReturnType<typeof readPeople>>;
type Content = Awaited<ReturnType<typeof readContent>>;

/** Groups, users, their API keys and login tokens. */
async function readPeople(rows: Rows) {
  const groups = await rows<{ name: string }>('SELECT name FROM groups ORDER BY id');
  const users = await rows<UserRow>(`SELECT ${USER_COLUMNS} FROM profiles p ORDER BY p.userid`);
  const keys = await rows<{ sha256: string; user_id: number; revoked: boolean }>(
    'SELECT sha256, user_id, revoked FROM bzc_api_key_hashes ORDER BY sha256',
  );
  const tokens = await rows<{ sha256: string; user_id: number; ip_addr: string | null; last_used: string }>(
    'SELECT sha256, user_id, ip_addr, last_used FROM bzc_login_tokens ORDER BY sha256',
  );
  const offers = await rows<{ email: string; issued: string }>(
    `SELECT eventdata AS email, ${OUR_SQL.epochSeconds('issuedate')} AS issued FROM tokens
     WHERE tokentype = 'account' ORDER BY issuedate, token`,
  );
  return { groups, users, keys, tokens, offers };
}

/** Bugs with their activity and comments, the audit log, and the visits in write order. */
async function readContent(rows: Rows) {
  const bugs = await rows<BugRow>(`SELECT ${BUG_COLUMNS} FROM bugs b ORDER BY b.bug_id`);
  const activity = await rows<ActivityRow & { bug_id: number }>(
    `SELECT bug_id, who, ${OUR_SQL.epochSeconds('bug_when')} AS bug_when, bzc_change_set, bzc_field_name,
       removed, added, comment_id, attach_id FROM bugs_activity ORDER BY bug_id, bzc_change_set, id`,
  );
  const comments = await rows<CommentRow>(`SELECT ${COMMENT_COLUMNS} FROM longdescs l ORDER BY l.comment_id`);
  const audit = await rows<{
    class: string;
    object_id: number;
    field: string;
    removed: string | null;
    added: string | null;
    at_time: string;
    user_id: number | null;
  }>(
    `SELECT class, object_id, field, removed, added, ${OUR_SQL.epochSeconds('at_time')} AS at_time, user_id
     FROM audit_log ORDER BY at_time`,
  );
  const visits = await rows<{ user_id: number; bug_ids: number[]; stamps: string[] }>(
    `SELECT user_id, array_agg(bug_id ORDER BY bzc_write_seq) AS bug_ids,
       array_agg(${OUR_SQL.epochSeconds('last_visit_ts')} ORDER BY bzc_write_seq) AS stamps
     FROM bug_user_last_visit GROUP BY user_id ORDER BY user_id`,
  );
  return { bugs, activity, comments, audit, visits };
}

function snapshotOf(
  instance: NonNullable<Awaited<ReturnType<typeof readInstance>>>,
  { groups, users, keys, tokens, offers }: People,
  { bugs, activity, comments, audit, visits }: Content,
): StoreSnapshot {
  const activityOf = new Map<number, ActivityRow[]>();
  for (const row of activity) {
    const rows = activityOf.get(row.bug_id);
    if (rows) rows.push(row);
    else activityOf.set(row.bug_id, [row]);
  }
  return {
    format: SNAPSHOT_FORMAT,
    format_version: SNAPSHOT_FORMAT_VERSION,
    journal_position: 0,
    instance: {
      version: instance.version,
      ...(instance.profile === undefined ? {} : { profile: instance.profile }),
      extensions: instance.extensions,
      parameters: instance.parameters,
      strict_involvement: instance.strictInvolvement,
      visit_retention: instance.visitRetention,
      db_time_offset_seconds: instance.dbTimeOffsetSeconds,
    },
    groups: groups.map((g) => g.name),
    users: users.map(userFromRow).map((user) => ({
      ...userRecord(user),
      api_keys: keys.filter((k) => k.user_id === user.id).map((k) => ({ sha256: k.sha256, revoked: k.revoked })),
    })),
    bugs: bugs.map(bugFromRow).map((bug) => snapshotBug(bug, changeSetsFromRows(activityOf.get(bug.id) ?? []))),
    audit_log: audit.map((e) => ({
      class: e.class,
      object_id: e.object_id,
      field: e.field,
      removed: e.removed ?? '',
      added: e.added ?? '',
      at_time: formatBugzillaTime(Number(e.at_time) * 1000),
      user_id: e.user_id,
    })),
    last_visits: visits.map((v) => ({ user_id: v.user_id, bug_ids: v.bug_ids, last_visit_ts: v.stamps.map(Number) })),
    login_tokens: tokens.map((t) => ({
      sha256: t.sha256,
      user_id: t.user_id,
      ip_addr: t.ip_addr,
      last_used: Number(t.last_used),
    })),
    ...(offers.length > 0 ? { account_offers: offers.map((o) => ({ email: o.email, issued: Number(o.issued) })) } : {}),
    comments: comments.map(commentFromRow).map(snapshotComment),
  };
}

/** Attachments with their bytes (by SHA-256), so the snapshot stands alone. */
async function addAttachments(rows: Rows, snapshot: StoreSnapshot): Promise<void> {
  const attachments = await rows<AttachmentRow & { thedata: Buffer }>(
    `SELECT ${attachmentColumns(OUR_SQL, OUR_ATTACHMENT_FLAGS)}, d.thedata FROM attachments a
     JOIN attach_data d ON d.id = a.attach_id ORDER BY a.attach_id`,
  );
  const data: Record<string, string> = {};
  snapshot.attachments = attachments.map((row) => {
    const sha256 = snapshotSha256(row.thedata);
    data[sha256] = row.thedata.toString('base64');
    return snapshotAttachment({ ...attachmentFromRow(row), dataSha256: sha256 });
  });
  snapshot.attachment_data = data;
}

/** Each user's own tags of bugs, in the order added. */
async function personalTagRows(rows: Rows): Promise<NonNullable<StoreSnapshot['personal_tags']>> {
  return rows<{ user_id: number; bug_id: number; tags: string[] }>(
    `SELECT t.user_id, b.bug_id, array_agg(t.name ORDER BY b.bzc_seq) AS tags FROM bug_tag b JOIN tag t ON t.id = b.tag_id
     GROUP BY t.user_id, b.bug_id ORDER BY t.user_id, b.bug_id`,
  );
}
