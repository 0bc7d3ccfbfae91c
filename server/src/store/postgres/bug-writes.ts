import type pg from 'pg';
import type { Attachment } from '../../domain/attachments/attachment.js';
import { type BugView, type BugWrite, type BugWriteEffect, NeedRows } from '../../domain/bug-writes/effect.js';
import { isStorableId } from '../../domain/ids.js';
import type { Bug, User } from '../../domain/types.js';
import { loadAttachments, takeAttachmentIds, writeAttachments } from './attachment-effect.js';
import { writeBugRelations } from './bug-relation-writes.js';
import { writeBugFlags } from './flag-writes.js';
import {
  BUG_COLUMNS,
  type BugRow,
  bugFromRow,
  fieldsJson,
  OUR_SQL,
  USER_COLUMNS,
  type UserRow,
  userFromRow,
} from './rows.js';
import { UPSERT_VISITS } from './visit-statements.js';
import { visitRows } from './visit-writes.js';

/**
 * A bug write on PostgreSQL, in the caller's transaction: the bugs it reads are locked
 * (`FOR UPDATE`, in id order) before the plan runs, so concurrent writes of one bug take turns
 * and each plans against what the other wrote. A plan that needs a bug not loaded yet asks for
 * it (NeedBugs), and is planned again with it.
 */
export async function runBugWrite<R>(client: pg.PoolClient, write: BugWrite<R>): Promise<R> {
  const bugs = new Map<number, Bug | undefined>();
  const users = new Map<number, User | undefined>();
  const logins = new Map<string, User | undefined>();
  const owners = new Map<string, number>();
  if (write.aliases.length > 0) {
    const rows = await client.query<{ alias: string; bug_id: number }>(
      'SELECT lower(alias) AS alias, bug_id FROM bugs_aliases WHERE lower(alias) = ANY ($1::text[])',
      [write.aliases.map((alias) => alias.toLowerCase())],
    );
    for (const row of rows.rows) owners.set(row.alias, row.bug_id);
  }
  const comments = new Map<number, Array<{ id: number; isPrivate: boolean }>>();
  const attachments = new Map<number, Attachment[]>();
  const attachmentIds: number[] = [];
  let newBugId: number | undefined;
  let need: NeedRows['rows'] = { bugs: write.bugIds, logins: write.logins };
  const loaded = () =>
    bugs.size + users.size + logins.size + comments.size + attachments.size + attachmentIds.length + (newBugId === undefined ? 0 : 1);
  // Each round loads what the plan asked for; a write of many bugs needs as many rounds as it
  // names rows one at a time, so rounds are not counted, only one that loads nothing new (a plan
  // asking again for what it has would never end).
  for (let round = 0; ; round++) {
    const before = loaded();
    await loadBugs(client, need.bugs ?? [], bugs);
    await loadComments(client, need.comments ?? [], comments);
    await loadUsers(client, need.users ?? [], need.logins ?? [], users, logins);
    // One bug's attachments asked for: those of every bug the write holds, in one query.
    if (need.attachments) await loadAttachments(client, [...need.attachments, ...bugs.keys()], attachments);
    if (need.attachmentIds) {
      await takeAttachmentIds(client, attachmentIds, Math.max(need.attachmentIds, write.newAttachments ?? 0));
    }
    if (need.newBugId && newBugId === undefined) newBugId = await nextBugId(client);
    if (round > 0 && loaded() === before) throw new Error('a bug write asked again for rows it was given');
    let attachmentIdsTaken = 0;
    const view: BugView = {
      bug: (id) => {
        if (!bugs.has(id)) throw new NeedRows({ bugs: [id] });
        return bugs.get(id);
      },
      aliasOwner: (alias) => owners.get(alias.toLowerCase()),
      newBugId: () => {
        if (newBugId === undefined) throw new NeedRows({ newBugId: true });
        return newBugId;
      },
      attachments: (bugId) => {
        const list = attachments.get(bugId);
        if (!list) throw new NeedRows({ attachments: [bugId] });
        return list;
      },
      newAttachmentId: () => {
        if (attachmentIdsTaken >= attachmentIds.length) throw new NeedRows({ attachmentIds: attachmentIdsTaken + 1 });
        return attachmentIds[attachmentIdsTaken++] as number;
      },
      user: (id) => {
        if (!users.has(id)) throw new NeedRows({ users: [id] });
        return users.get(id);
      },
      userByLogin: (login) => {
        const key = login.toLowerCase();
        if (!logins.has(key)) throw new NeedRows({ logins: [login] });
        return logins.get(key);
      },
      comments: (bugId) => {
        const list = comments.get(bugId);
        if (!list) throw new NeedRows({ comments: [bugId] });
        return list;
      },
    };
    let planned: ReturnType<BugWrite<R>['plan']>;
    try {
      planned = write.plan(view);
    } catch (error) {
      if (!(error instanceof NeedRows)) throw error;
      need = error.rows;
      continue;
    }
    await writeEffect(client, planned.effect, bugs);
    return planned.result;
  }
}

async function loadUsers(
  client: pg.PoolClient,
  ids: readonly number[],
  wantedLogins: readonly string[],
  users: Map<number, User | undefined>,
  logins: Map<string, User | undefined>,
): Promise<void> {
  const newIds = ids.filter((id) => !users.has(id));
  const newLogins = wantedLogins.map((login) => login.toLowerCase()).filter((login) => !logins.has(login));
  if (newIds.length === 0 && newLogins.length === 0) return;
  for (const id of newIds) users.set(id, undefined);
  for (const login of newLogins) logins.set(login, undefined);
  const rows = await client.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM profiles p WHERE p.userid = ANY ($1::integer[]) OR lower(p.login_name) = ANY ($2::text[])`,
    [newIds.filter((id) => isStorableId(id)), newLogins],
  );
  for (const row of rows.rows) {
    const user = userFromRow(row);
    users.set(user.id, user);
    logins.set(user.login.toLowerCase(), user);
  }
}

/** The bugs' comments (ids and privacy), oldest first, as Bugzilla orders them. */
async function loadComments(
  client: pg.PoolClient,
  bugIds: readonly number[],
  into: Map<number, Array<{ id: number; isPrivate: boolean }>>,
): Promise<void> {
  const wanted = bugIds.filter((id) => !into.has(id));
  if (wanted.length === 0) return;
  for (const id of wanted) into.set(id, []);
  const { rows } = await client.query<{ comment_id: number; bug_id: number; isprivate: number }>(
    `SELECT comment_id, bug_id, isprivate FROM longdescs WHERE bug_id = ANY ($1::integer[])
     ORDER BY bug_when, comment_id`,
    [wanted.filter((id) => isStorableId(id))],
  );
  for (const row of rows) into.get(row.bug_id)?.push({ id: row.comment_id, isPrivate: row.isprivate !== 0 });
}

/** Taken for good, as 5.2's: a refused create still uses its id up. */
async function nextBugId(client: pg.PoolClient): Promise<number> {
  const result = await client.query<{ id: string }>("SELECT nextval(pg_get_serial_sequence('bugs', 'bug_id')) AS id");
  return Number(result.rows[0]?.id);
}

async function loadBugs(
  client: pg.PoolClient,
  ids: readonly number[],
  into: Map<number, Bug | undefined>,
): Promise<void> {
  const wanted = ids.filter((id) => !into.has(id) && isStorableId(id));
  for (const id of ids) if (!into.has(id)) into.set(id, undefined);
  if (wanted.length === 0) return;
  // Locked first, then read by a statement of its own: in READ COMMITTED a statement that waited for
  // the lock sees the bug's row anew but its subqueries (cc, aliases, groups) as they were before.
  await client.query('SELECT bug_id FROM bugs WHERE bug_id = ANY ($1::integer[]) ORDER BY bug_id FOR UPDATE', [wanted]);
  const rows = await client.query<BugRow>(`SELECT ${BUG_COLUMNS} FROM bugs b WHERE b.bug_id = ANY ($1::integer[])`, [
    wanted,
  ]);
  for (const row of rows.rows) into.set(row.bug_id, bugFromRow(row));
}

async function writeEffect(
  client: pg.PoolClient,
  effect: BugWriteEffect,
  before: ReadonlyMap<number, Bug | undefined>,
): Promise<void> {
  const newFlags = effect.bugs.reduce((count, bug) => count + bug.fields.flags.filter((f) => f.id === 0).length, 0);
  if (newFlags > 0) {
    const ids = await client.query<{ id: string }>(
      "SELECT nextval('bzc_flag_ids') AS id FROM generate_series(1, $1::integer)",
      [newFlags],
    );
    const next = ids.rows.map((row) => Number(row.id));
    for (const bug of effect.bugs)
      for (const flag of bug.fields.flags) if (flag.id === 0) flag.id = next.shift() as number;
  }
  for (const bug of effect.bugs) await writeBug(client, bug, before.get(bug.id) !== undefined);
  await writeBugRelations(client, effect.bugs, before);
  await writeBugFlags(client, effect.bugs, (id) => before.get(id)?.fields.flags ?? []);
  await writeAttachments(client, effect.attachments ?? []);
  for (const { bugId, set } of effect.history) {
    await client.query(
      `INSERT INTO bugs_activity (bug_id, who, bug_when, bzc_change_set, fieldid, bzc_field_name, removed, added, comment_id,
         attach_id)
       SELECT $1, $2, ${OUR_SQL.timestamp('$3::bigint')},
         (SELECT coalesce(max(bzc_change_set) + 1, 0) FROM bugs_activity WHERE bug_id = $1), 0, f, r, a, c, t
       FROM unnest($4::text[], $5::text[], $6::text[], $7::integer[], $8::integer[]) WITH ORDINALITY AS h(f, r, a, c, t, ord)
       ORDER BY ord`,
      [
        bugId,
        set.who,
        set.when,
        set.changes.map((change) => change.field_name),
        set.changes.map((change) => change.removed),
        set.changes.map((change) => change.added),
        set.changes.map((change) => change.comment_id ?? null),
        set.changes.map((change) => change.attachment_id ?? null),
      ],
    );
  }
  await writeCommentPrivacy(client, effect.commentPrivacy ?? []);
  for (const comment of effect.comments) {
    await client.query(
      `INSERT INTO longdescs (bug_id, who, bug_when, thetext, isprivate, type, extra_data)
       VALUES ($1, $2, ${OUR_SQL.timestamp('$3::bigint')}, $4, $5, $6, $7)`,
      [
        comment.bugId,
        comment.author,
        comment.time,
        comment.text,
        comment.isPrivate ? 1 : 0,
        comment.type ?? 0,
        comment.extraData ?? null,
      ],
    );
  }
  for (const visit of effect.visits) {
    if (visit.setFor.length > 0) {
      await client.query(
        UPSERT_VISITS,
        visitRows(visit.setFor.map((userId) => ({ userId, bugIds: [visit.bugId], ts: visit.ts }))),
      );
    }
    if (visit.forget.length > 0) {
      await client.query('DELETE FROM bug_user_last_visit WHERE bug_id = $1 AND user_id = ANY ($2::integer[])', [
        visit.bugId,
        visit.forget,
      ]);
    }
  }
}

async function writeCommentPrivacy(
  client: pg.PoolClient,
  changes: NonNullable<BugWriteEffect['commentPrivacy']>,
): Promise<void> {
  for (const change of changes) {
    await client.query('UPDATE longdescs SET isprivate = $2 WHERE comment_id = $1', [
      change.commentId,
      change.isPrivate ? 1 : 0,
    ]);
  }
}

async function writeBug(client: pg.PoolClient, bug: Bug, exists: boolean): Promise<void> {
  const { fields } = bug;
  const values = [
    bug.id,
    bug.reporter,
    bug.assignedTo,
    bug.qaContact,
    bug.reporterAccessible ? 1 : 0,
    bug.cclistAccessible ? 1 : 0,
    fields.summary,
    fields.status,
    fields.resolution,
    fields.creation_time,
    fields.last_change_time,
    fieldsJson(fields),
  ];
  if (exists) {
    await client.query(
      `UPDATE bugs SET reporter = $2, assigned_to = $3, qa_contact = $4, reporter_accessible = $5,
         cclist_accessible = $6, short_desc = $7, bug_status = $8, resolution = $9,
         creation_ts = ${OUR_SQL.timestamp('$10::bigint')}, delta_ts = ${OUR_SQL.timestamp('$11::bigint')},
         bzc_fields = $12::jsonb
       WHERE bug_id = $1`,
      values,
    );
    return;
  }
  await client.query(
    `INSERT INTO bugs (bug_id, reporter, assigned_to, qa_contact, reporter_accessible, cclist_accessible,
       short_desc, bug_status, resolution, creation_ts, delta_ts, bzc_fields)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, ${OUR_SQL.timestamp('$10::bigint')},
       ${OUR_SQL.timestamp('$11::bigint')}, $12::jsonb)`,
    values,
  );
}
