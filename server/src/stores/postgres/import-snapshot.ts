import { parseBugzillaTime } from '@bz-companion/shared';
import type pg from 'pg';
import { DEFAULT_BUG_TIME, defaultBugFields } from '../../bugzilla/bug/bug-defaults.js';
import { activityRows } from '../../bugzilla/history/activity-rows.js';
import {
  type SnapshotAttachment,
  type SnapshotAuditEvent,
  type SnapshotBug,
  type SnapshotComment,
  type SnapshotLoginToken,
  type SnapshotPersonalTags,
  type SnapshotUser,
  type SnapshotUserVisits,
  type StoreSnapshot,
  snapshotAliases,
} from '../../bugzilla/store/snapshot.js';
import type { SnapshotPart, SnapshotStream } from '../../bugzilla/store/snapshot-stream.js';
import { generateTokenSecret } from '../../bugzilla/user/login-tokens.js';
import { normalizeAuditClass } from '../model/model.js';
import { streamOfSnapshot } from '../snapshot-parts.js';
import {
  attachmentFlagRows,
  bugFlagRows,
  importBugRelations,
  importFlags,
  writeKeywordDefs,
} from './bug-relation-import.js';
import type { Database } from './database.js';
import { importFlagActivity } from './flag-activity-sql.js';
import { NEXT_FLAG_ID } from './flag-id-sequence.js';
import { INSERT_INSTANCE, instanceValues } from './instance-row.js';
import { fieldsJson, OUR_SQL } from './rows.js';
import { TABLES_REFERRING_FIRST } from './tables.js';

/** Rows a DELETE of the old content removes per statement: each statement short, whatever the table's size. */
const DELETE_SLICE = 50_000;

export interface ImportOptions {
  /** Write only if nothing was imported yet (instances seeding a new database together: the first one wins). */
  onlyIfEmpty?: boolean;
}

/** Replaces the database's content with a snapshot in hand (see importStream). */
export function importSnapshot(db: Database, snapshot: StoreSnapshot, options: ImportOptions = {}): Promise<boolean> {
  return importStream(db, streamOfSnapshot(snapshot), options);
}

/**
 * Replaces the database's content with a snapshot stream (validated already: a fixture's, a data
 * file's, a Bugzilla database's), in one transaction: readers see the old content or the new, never
 * a mix, and a failure leaves the old. The stream is written a batch at a time, each batch a few
 * statements, so memory is the batch's and no statement comes near the query timeout.
 * Resolves to whether it wrote (false: `onlyIfEmpty` and the database had data).
 */
export function importStream(db: Database, stream: SnapshotStream, options: ImportOptions = {}): Promise<boolean> {
  return db.transaction(async (client) => {
    // Instances importing or seeding at once take turns here.
    await client.query('LOCK TABLE bzc_instance IN ACCESS EXCLUSIVE MODE');
    if (options.onlyIfEmpty) {
      const existing = await client.query('SELECT 1 FROM bzc_instance');
      if (existing.rowCount) return false;
    }
    await deleteContent(client);
    await client.query(INSERT_INSTANCE, instanceValues(stream.head.instance, stream.head.catalogue));
    await writeGroups(client, stream.head.groups, false);
    await writeKeywordDefs(client, stream.head.catalogue);
    const deferred = new DeferredRows();
    for await (const part of stream.parts) await writePart(client, part, deferred);
    await deferred.write(client);
    for (const [table, column] of SERIAL_COLUMNS) {
      await client.query(
        `SELECT setval(pg_get_serial_sequence('${table}', '${column}'), coalesce(max(${column}), 0) + 1, false) FROM ${table}`,
      );
    }
    // Flags' ids come from one sequence (migration 0007), past the imported ones.
    await client.query(`SELECT setval('bzc_flag_ids', ${NEXT_FLAG_ID}, false)`);
    // The planner's statistics of the new content, before anyone searches it: without them a search
    // of a freshly imported tracker planned for 500 rows where 100,000 matched (a bitmap scan and a
    // sort, 118 ms, instead of walking the bugs in id order to the first 20, 0.7 ms) until
    // autovacuum came round.
    await client.query('ANALYZE');
    return true;
  });
}

const SERIAL_COLUMNS = [
  ['profiles', 'userid'],
  ['bugs', 'bug_id'],
  ['groups', 'id'],
  ['longdescs', 'comment_id'],
  ['attachments', 'attach_id'],
  ['bug_see_also', 'id'],
  ['flag_activity', 'id'],
] as const;

/**
 * DELETE, not TRUNCATE: TRUNCATE is not MVCC-safe, and a reader whose snapshot was taken before it
 * committed (each statement's, in READ COMMITTED) then finds the tables empty, not the old content.
 * A slice at a time, so that no statement of a large table's removal runs long.
 */
async function deleteContent(client: pg.PoolClient): Promise<void> {
  for (const table of TABLES_REFERRING_FIRST) {
    for (;;) {
      const deleted = await client.query(
        `DELETE FROM ${table} WHERE ctid = ANY (ARRAY(SELECT ctid FROM ${table} LIMIT ${DELETE_SLICE}))`,
      );
      if ((deleted.rowCount ?? 0) < DELETE_SLICE) break;
    }
  }
}

/** One batch of one section into its tables; what needs rows of later sections waits in `deferred`. */
async function writePart(client: pg.PoolClient, part: SnapshotPart, deferred: DeferredRows): Promise<void> {
  switch (part.section) {
    case 'users':
      await writeGroups(
        client,
        part.records.flatMap((user) => user.groups),
        false,
      );
      return writeUsers(client, part.records);
    case 'bugs':
      await writeGroups(
        client,
        part.records.flatMap((bug) => bug.groups),
        true,
      );
      await writeBugs(client, part.records);
      await importBugRelations(client, part.records, deferred.dependencies);
      await importFlags(client, bugFlagRows(part.records));
      return writeHistory(client, part.records, deferred.historyLater);
    case 'comments':
      return writeComments(client, part.records);
    case 'attachments':
      await writeAttachments(client, part.records, deferred.bytesWanted);
      return importFlags(client, attachmentFlagRows(part.records));
    case 'attachment_data':
      return writeAttachmentData(client, part.records, deferred.bytesWanted);
    case 'audit_log':
      return writeAuditLog(client, part.records);
    case 'last_visits':
      return writeVisits(client, part.records);
    case 'login_tokens':
      return writeLoginTokens(client, part.records);
    case 'account_offers':
      return writeAccountOffers(client, part.records);
    case 'personal_tags':
      return writePersonalTags(client, part.records);
    case 'flag_activity':
      return importFlagActivity(client, OUR_SQL, part.records);
    case 'write_counts':
      // The model's plan checks; PostgreSQL serialises writes by its row locks instead.
      return;
  }
}

/**
 * What an import writes only once every batch is in: dependencies (both bugs must be there, Bugzilla's
 * foreign keys), history naming comments or attachments, and the attachments whose bytes have not
 * come yet (a snapshot's bytes follow them).
 */
class DeferredRows {
  readonly dependencies: Array<[number, number]> = [];
  /** Attachment ids by the SHA-256 of the bytes they still lack. */
  readonly bytesWanted = new Map<string, number[]>();
  /** Bugs whose history names comments or attachments. */
  readonly historyLater: SnapshotBug[] = [];

  async write(client: pg.PoolClient): Promise<void> {
    await insertHistory(client, this.historyLater);
    for (const [sha256, ids] of this.bytesWanted) {
      throw new Error(`the bytes of attachment ${ids[0]} (${sha256}) are not in the snapshot`);
    }
    const pairs = this.dependencies;
    await client.query(
      // A bug that is not there (which no write lets happen) cannot be pointed at: Bugzilla's foreign keys.
      `INSERT INTO dependencies (blocked, dependson) SELECT DISTINCT d.blocked, d.dependson
       FROM unnest($1::integer[], $2::integer[]) AS d(blocked, dependson)
       JOIN bugs x ON x.bug_id = d.blocked JOIN bugs y ON y.bug_id = d.dependson`,
      [pairs.map(([blocked]) => blocked), pairs.map(([, dependson]) => dependson)],
    );
  }
}

/**
 * Groups into `groups` (declared ones first, in their order; then any a user or bug names). As in
 * Bugzilla, a group that restricts bugs is a bug group; the others (tweakparams, ...) are not.
 */
async function writeGroups(client: pg.PoolClient, names: readonly string[], bugGroups: boolean): Promise<void> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return;
  await client.query(
    `INSERT INTO groups (name, isbuggroup)
     SELECT name, $2 FROM unnest($1::text[]) WITH ORDINALITY AS g(name, ord) ORDER BY ord
     ON CONFLICT (name) DO ${bugGroups ? 'UPDATE SET isbuggroup = 1' : 'NOTHING'}`,
    [unique, bugGroups ? 1 : 0],
  );
}

async function writeUsers(client: pg.PoolClient, users: readonly SnapshotUser[]): Promise<void> {
  await client.query(
    `INSERT INTO profiles (userid, login_name, realname, is_enabled, disabledtext, cryptpassword, disable_mail, last_seen_date)
     SELECT u, l, r, e, d, c, m, ${OUR_SQL.timestamp('s')}
     FROM unnest($1::integer[], $2::text[], $3::text[], $4::smallint[], $5::text[], $6::text[], $7::smallint[], $8::bigint[])
       AS x(u, l, r, e, d, c, m, s)`,
    [
      users.map((u) => u.id),
      users.map((u) => u.login),
      users.map((u) => u.real_name),
      users.map((u) => (u.disabled ? 0 : 1)),
      users.map((u) => u.disabled_text ?? ''),
      users.map((u) => u.password_hash ?? null),
      users.map((u) => (u.email_enabled === false ? 1 : 0)),
      users.map((u) => u.last_seen_date ?? null),
    ],
  );
  const grants = users.flatMap((u) => [
    ...u.groups.map((group) => [u.id, group, 0] as const),
    ...(u.bless_groups ?? []).map((group) => [u.id, group, 1] as const),
  ]);
  await client.query(
    `INSERT INTO user_group_map (user_id, group_id, isbless)
     SELECT m.user_id, g.id, m.isbless FROM unnest($1::integer[], $2::text[], $3::smallint[]) AS m(user_id, name, isbless)
     JOIN groups g ON g.name = m.name`,
    [grants.map(([id]) => id), grants.map(([, group]) => group), grants.map(([, , isBless]) => isBless)],
  );
  const settings = users.flatMap((u) => Object.entries(u.settings ?? {}).map(([name, value]) => [u.id, name, value]));
  await client.query(
    `INSERT INTO profile_setting (user_id, setting_name, setting_value)
     SELECT * FROM unnest($1::integer[], $2::text[], $3::text[])`,
    [settings.map(([id]) => id), settings.map(([, name]) => name), settings.map(([, , value]) => value)],
  );
  const keys = users.flatMap((u) => u.api_keys.map((key) => ({ ...key, userId: u.id })));
  await client.query(
    `INSERT INTO bzc_api_key_hashes (sha256, user_id, revoked)
     SELECT * FROM unnest($1::text[], $2::integer[], $3::boolean[])`,
    [keys.map((k) => k.sha256), keys.map((k) => k.userId), keys.map((k) => k.revoked)],
  );
}

async function writeBugs(client: pg.PoolClient, bugs: readonly SnapshotBug[]): Promise<void> {
  const fields = bugs.map(
    (b) => b.fields ?? defaultBugFields({ creation: DEFAULT_BUG_TIME, lastChange: DEFAULT_BUG_TIME }),
  );
  await client.query(
    `INSERT INTO bugs (bug_id, reporter, assigned_to, qa_contact, reporter_accessible, cclist_accessible,
       short_desc, bug_status, resolution, creation_ts, delta_ts, bzc_fields)
     SELECT i, r, a, q, ra, ca, s, st, res, ${OUR_SQL.timestamp('ct')}, ${OUR_SQL.timestamp('lt')}, f
     FROM unnest($1::integer[], $2::integer[], $3::integer[], $4::integer[], $5::smallint[], $6::smallint[],
       $7::text[], $8::text[], $9::text[], $10::bigint[], $11::bigint[], $12::jsonb[])
       AS b(i, r, a, q, ra, ca, s, st, res, ct, lt, f)`,
    [
      bugs.map((b) => b.id),
      bugs.map((b) => b.reporter_id),
      bugs.map((b) => b.assigned_to_id),
      bugs.map((b) => b.qa_contact_id),
      bugs.map((b) => (b.reporter_accessible ? 1 : 0)),
      bugs.map((b) => (b.cclist_accessible ? 1 : 0)),
      fields.map((f) => f.summary),
      fields.map((f) => f.status),
      fields.map((f) => f.resolution),
      fields.map((f) => f.creation_time),
      fields.map((f) => f.last_change_time),
      fields.map(fieldsJson),
    ],
  );
  // A bug may have several aliases (5.1+), one row each.
  const aliased = bugs.flatMap((b) => snapshotAliases(b.alias).map((alias) => ({ alias, id: b.id })));
  await client.query('INSERT INTO bugs_aliases (alias, bug_id) SELECT * FROM unnest($1::text[], $2::integer[])', [
    aliased.map((b) => b.alias),
    aliased.map((b) => b.id),
  ]);
  const cc = bugs.flatMap((b) => [...new Set(b.cc_ids)].map((who) => [b.id, who] as const));
  await client.query('INSERT INTO cc (bug_id, who) SELECT * FROM unnest($1::integer[], $2::integer[])', [
    cc.map(([bug]) => bug),
    cc.map(([, who]) => who),
  ]);
  const groups = bugs.flatMap((b) => b.groups.map((group) => [b.id, group] as const));
  await client.query(
    `INSERT INTO bug_group_map (bug_id, group_id)
     SELECT m.bug_id, g.id FROM unnest($1::integer[], $2::text[]) AS m(bug_id, name) JOIN groups g ON g.name = m.name`,
    [groups.map(([bug]) => bug), groups.map(([, group]) => group)],
  );
}

async function writeComments(client: pg.PoolClient, comments: readonly SnapshotComment[]): Promise<void> {
  await client.query(
    `INSERT INTO longdescs (comment_id, bug_id, who, bug_when, thetext, isprivate, type, extra_data)
     SELECT i, b, w, ${OUR_SQL.timestamp('t')}, x, p, y, e
     FROM unnest($1::integer[], $2::integer[], $3::integer[], $4::bigint[], $5::text[], $6::smallint[],
       $7::integer[], $8::text[]) AS c(i, b, w, t, x, p, y, e)`,
    [
      comments.map((c) => c.id),
      comments.map((c) => c.bug_id),
      comments.map((c) => c.author_id),
      comments.map((c) => c.time),
      comments.map((c) => c.text),
      comments.map((c) => (c.is_private ? 1 : 0)),
      comments.map((c) => c.type ?? 0),
      comments.map((c) => c.extra_data ?? null),
    ],
  );
  const tags = comments.flatMap((c) => (c.tags ?? []).map((tag) => [c.id, tag] as const));
  await client.query('INSERT INTO longdescs_tags (comment_id, tag) SELECT * FROM unnest($1::integer[], $2::text[])', [
    tags.map(([id]) => id),
    tags.map(([, tag]) => tag),
  ]);
  const reactions = comments.flatMap((c) =>
    (c.reactions ?? []).map(([user, reaction]) => [c.id, user, reaction] as const),
  );
  await client.query(
    `INSERT INTO longdescs_reactions (comment_id, user_id, reaction)
     SELECT c, u, r FROM unnest($1::integer[], $2::integer[], $3::text[]) WITH ORDINALITY AS x(c, u, r, ord) ORDER BY ord`,
    [reactions.map(([id]) => id), reactions.map(([, user]) => user), reactions.map(([, , reaction]) => reaction)],
  );
}

/** Each user's own tags of bugs: the tags, then which bugs carry them, in the order added. */
async function writePersonalTags(client: pg.PoolClient, personalTags: readonly SnapshotPersonalTags[]): Promise<void> {
  const rows = personalTags.flatMap((row) => row.tags.map((tag) => [row.user_id, row.bug_id, tag] as const));
  await client.query(
    `INSERT INTO tag (user_id, name) SELECT DISTINCT u, n FROM unnest($1::integer[], $2::text[]) AS t(u, n)`,
    [rows.map(([user]) => user), rows.map(([, , tag]) => tag)],
  );
  await client.query(
    `INSERT INTO bug_tag (bug_id, tag_id)
     SELECT r.b, t.id FROM unnest($1::integer[], $2::integer[], $3::text[]) WITH ORDINALITY AS r(u, b, n, o)
     JOIN tag t ON t.user_id = r.u AND t.name = r.n ORDER BY r.o`,
    [rows.map(([user]) => user), rows.map(([, bug]) => bug), rows.map(([, , tag]) => tag)],
  );
}

/** Attachments' rows; their bytes are written when they come (a snapshot's `attachment_data`, by SHA-256). */
async function writeAttachments(
  client: pg.PoolClient,
  attachments: readonly SnapshotAttachment[],
  bytesWanted: Map<string, number[]>,
): Promise<void> {
  for (const a of attachments) {
    const ids = bytesWanted.get(a.data_sha256);
    if (ids) ids.push(a.id);
    else bytesWanted.set(a.data_sha256, [a.id]);
  }
  await client.query(
    `INSERT INTO attachments (attach_id, bug_id, creation_ts, modification_time, description, mimetype, ispatch,
       filename, submitter_id, isobsolete, isprivate)
     SELECT i, b, ${OUR_SQL.timestamp('c')}, ${OUR_SQL.timestamp('m')}, d, t, p, f, s, o, v
     FROM unnest($1::integer[], $2::integer[], $3::bigint[], $4::bigint[], $5::text[], $6::text[], $7::smallint[],
       $8::text[], $9::integer[], $10::smallint[], $11::smallint[]) AS a(i, b, c, m, d, t, p, f, s, o, v)`,
    [
      attachments.map((a) => a.id),
      attachments.map((a) => a.bug_id),
      attachments.map((a) => a.creation_time),
      attachments.map((a) => a.modification_time),
      attachments.map((a) => a.description),
      attachments.map((a) => a.content_type),
      attachments.map((a) => (a.is_patch ? 1 : 0)),
      attachments.map((a) => a.file_name),
      attachments.map((a) => a.creator_id),
      attachments.map((a) => (a.is_obsolete ? 1 : 0)),
      attachments.map((a) => (a.is_private ? 1 : 0)),
    ],
  );
}

async function writeAttachmentData(
  client: pg.PoolClient,
  data: ReadonlyArray<{ sha256: string; base64: string }>,
  bytesWanted: Map<string, number[]>,
): Promise<void> {
  for (const { sha256, base64 } of data) {
    const ids = bytesWanted.get(sha256);
    if (!ids) continue; // Bytes no attachment names: nothing to keep.
    bytesWanted.delete(sha256);
    const bytes = Buffer.from(base64, 'base64');
    for (const id of ids) await client.query('INSERT INTO attach_data (id, thedata) VALUES ($1, $2)', [id, bytes]);
  }
}

/** One row per change; bzc_change_set numbers a bug's sets in time order (stable, as the file store sorts them). */
type ActivityRow = [number, number, number, number, string, string, string, number | null, number | null];

/**
 * A batch of bugs' history, one row per change. A bug whose history names a comment or an attachment
 * (Bugzilla's foreign keys: they come later in the stream) waits in `later` and goes in whole at the
 * end, so a bug's rows stay in their order.
 */
async function writeHistory(client: pg.PoolClient, bugs: readonly SnapshotBug[], later: SnapshotBug[]): Promise<void> {
  const now = bugs.filter((bug) => {
    const refers = (bug.history ?? []).some((set) =>
      set.changes.some((change) => change.comment_id !== undefined || change.attachment_id !== undefined),
    );
    if (refers) later.push(bug);
    return !refers;
  });
  await insertHistory(client, now);
}

async function insertHistory(client: pg.PoolClient, bugs: readonly SnapshotBug[]): Promise<void> {
  const rows: ActivityRow[] = [];
  for (const bug of bugs) {
    const sets = [...(bug.history ?? [])].sort((a, b) => a.when - b.when);
    sets.forEach((set, index) => {
      for (const change of activityRows(set.changes)) {
        rows.push([
          bug.id,
          set.who_id,
          set.when,
          index,
          change.field_name,
          change.removed,
          change.added,
          change.comment_id ?? null,
          change.attachment_id ?? null,
        ]);
      }
    });
  }
  await client.query(
    `INSERT INTO bugs_activity (bug_id, who, bug_when, bzc_change_set, fieldid, bzc_field_name, removed, added, comment_id,
       attach_id)
     SELECT b, w, ${OUR_SQL.timestamp('t')}, s, 0, f, r, a, c, x
     FROM unnest($1::integer[], $2::integer[], $3::bigint[], $4::integer[], $5::text[], $6::text[], $7::text[],
       $8::integer[], $9::integer[]) AS h(b, w, t, s, f, r, a, c, x)`,
    [0, 1, 2, 3, 4, 5, 6, 7, 8].map((column) => rows.map((row) => row[column])),
  );
}

async function writeLoginTokens(client: pg.PoolClient, tokens: readonly SnapshotLoginToken[]): Promise<void> {
  await client.query(
    `INSERT INTO bzc_login_tokens (sha256, user_id, ip_addr, last_used)
     SELECT * FROM unnest($1::text[], $2::integer[], $3::text[], $4::bigint[])`,
    [
      tokens.map((t) => t.sha256),
      tokens.map((t) => t.user_id),
      tokens.map((t) => t.ip_addr),
      tokens.map((t) => t.last_used),
    ],
  );
}

async function writeAccountOffers(
  client: pg.PoolClient,
  offers: ReadonlyArray<{ email: string; issued: number }>,
): Promise<void> {
  await client.query(
    `INSERT INTO tokens (issuedate, token, tokentype, eventdata)
     SELECT ${OUR_SQL.timestamp('o.issued')}, o.token, 'account', o.email
     FROM unnest($1::bigint[], $2::text[], $3::text[]) AS o(issued, token, email)`,
    [offers.map((o) => o.issued), offers.map(() => generateTokenSecret()), offers.map((o) => o.email)],
  );
}

async function writeAuditLog(client: pg.PoolClient, events: readonly SnapshotAuditEvent[]): Promise<void> {
  await client.query(
    `INSERT INTO audit_log (class, object_id, field, removed, added, at_time, user_id)
     SELECT c, o, f, r, a, ${OUR_SQL.timestamp('t')}, u
     FROM unnest($1::text[], $2::integer[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::integer[])
       AS e(c, o, f, r, a, t, u)`,
    [
      events.map((e) => normalizeAuditClass(e.class)),
      events.map((e) => e.object_id),
      events.map((e) => e.field),
      events.map((e) => e.removed),
      events.map((e) => e.added),
      events.map((e) => parseBugzillaTime(e.at_time) / 1000),
      events.map((e) => e.user_id),
    ],
  );
}

async function writeVisits(client: pg.PoolClient, visits: readonly SnapshotUserVisits[]): Promise<void> {
  const users: number[] = [];
  const bugs: number[] = [];
  const stamps: number[] = [];
  const lastWrites: number[] = [];
  let base = 0;
  for (const { user_id, bug_ids, last_visit_ts } of visits) {
    // A row keeps the place of its first write (Bugzilla's row id, as the file store numbers it);
    // a later write of the same bug gives its time and its place in the write order.
    const rows = new Map<number, { ts: number; last: number }>();
    bug_ids.forEach((bug, i) => {
      const row = rows.get(bug);
      if (row) Object.assign(row, { ts: last_visit_ts[i] as number, last: i });
      else rows.set(bug, { ts: last_visit_ts[i] as number, last: i });
    });
    for (const [bug, { ts, last }] of rows) {
      users.push(user_id);
      bugs.push(bug);
      stamps.push(ts);
      lastWrites.push(base + last);
    }
    base += bug_ids.length;
  }
  // nextval runs after each subquery's ORDER BY: ids follow the first writes, bzc_write_seq the last.
  await client.query(
    `INSERT INTO bug_user_last_visit (id, user_id, bug_id, last_visit_ts, bzc_write_seq)
     SELECT w.id, w.u, w.b, ${OUR_SQL.timestamp('w.t')}, nextval('bzc_visit_write_seq')
     FROM (
       SELECT nextval(pg_get_serial_sequence('bug_user_last_visit', 'id')) AS id, v.u, v.b, v.t, v.last
       FROM unnest($1::integer[], $2::integer[], $3::bigint[], $4::integer[]) WITH ORDINALITY AS v(u, b, t, last, ord)
       ORDER BY v.ord
     ) AS w
     ORDER BY w.last`,
    [users, bugs, stamps, lastWrites],
  );
}
