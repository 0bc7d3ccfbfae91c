import type pg from 'pg';
import type { Attachment } from '../../bugzilla/attachment/attachment.js';
import { type BugView, type BugWrite, type BugWriteEffect, NeedRows } from '../../bugzilla/bug/effect.js';
import type { FlagTarget } from '../../bugzilla/flag/bmo-flag-activity.js';
import { activityRows } from '../../bugzilla/history/activity-rows.js';
import { isStorableId } from '../../bugzilla/ids.js';
import type { Bug, User } from '../../bugzilla/types.js';
import { loadAttachments, takeAttachmentIds, writeAttachments } from './attachment-effect.js';
import { writeBugRelations } from './bug-relation-writes.js';
import { recordFlagActivity } from './flag-activity-sql.js';
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
 * and each plans against what the other wrote. A plan that needs a row not loaded yet asks for
 * it (NeedRows), and is planned again with it.
 */
export async function runBugWrite<R>(client: pg.PoolClient, write: BugWrite<R>): Promise<R> {
  const rows = new BugWriteRows(client, write);
  await rows.loadAliases(write.aliases);
  let need: NeedRows['rows'] = { bugs: write.bugIds, logins: write.logins };
  // A write of many bugs needs as many rounds as its plan names rows one at a time, so rounds
  // are not counted; only one that loads nothing new stops it (the plan would never end).
  for (let round = 0; ; round++) {
    if (!(await rows.load(need)) && round > 0) throw new Error('a bug write asked again for rows it was given');
    let planned: ReturnType<BugWrite<R>['plan']>;
    try {
      planned = write.plan(rows.view());
    } catch (error) {
      if (!(error instanceof NeedRows)) throw error;
      need = error.rows;
      continue;
    }
    await writeEffect(client, planned.effect, rows.bugs, (id) => rows.attachmentLoaded(id));
    return planned.result;
  }
}

/** The rows a bug write's plan has read so far, loaded (and its bugs locked) as it asks for them. */
class BugWriteRows {
  readonly bugs = new Map<number, Bug | undefined>();
  readonly #users = new Map<number, User | undefined>();
  readonly #logins = new Map<string, User | undefined>();
  readonly #owners = new Map<string, number>();
  readonly #comments = new Map<number, Array<{ id: number; isPrivate: boolean }>>();
  readonly #attachments = new Map<number, Attachment[]>();
  readonly #attachmentIds: number[] = [];
  #newBugId: number | undefined;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly write: BugWrite<unknown>,
  ) {}

  async loadAliases(aliases: readonly string[]): Promise<void> {
    if (aliases.length === 0) return;
    const rows = await this.client.query<{ alias: string; bug_id: number }>(
      'SELECT lower(alias) AS alias, bug_id FROM bugs_aliases WHERE lower(alias) = ANY ($1::text[])',
      [aliases.map((alias) => alias.toLowerCase())],
    );
    for (const row of rows.rows) this.#owners.set(row.alias, row.bug_id);
  }

  /** Loads what the plan asked for; false when all of it was loaded already. */
  async load(need: NeedRows['rows']): Promise<boolean> {
    const { client } = this;
    const before = this.#count();
    await loadBugs(client, need.bugs ?? [], this.bugs);
    await loadComments(client, need.comments ?? [], this.#comments);
    await loadUsers(client, need.users ?? [], need.logins ?? [], this.#users, this.#logins);
    // One bug's attachments asked for: those of every bug the write holds, in one query.
    if (need.attachments) await loadAttachments(client, [...need.attachments, ...this.bugs.keys()], this.#attachments);
    if (need.attachmentIds) {
      const wanted = Math.max(need.attachmentIds, this.write.newAttachments ?? 0);
      await takeAttachmentIds(client, this.#attachmentIds, wanted);
    }
    if (need.newBugId && this.#newBugId === undefined) this.#newBugId = await nextBugId(client);
    return this.#count() > before;
  }

  #count(): number {
    const loaded = this.bugs.size + this.#users.size + this.#logins.size + this.#comments.size;
    return loaded + this.#attachments.size + this.#attachmentIds.length + (this.#newBugId === undefined ? 0 : 1);
  }

  /** An attachment as the plan read it (one it changes was read: it is in its bug's list), or undefined for a new one. */
  attachmentLoaded(id: number): Attachment | undefined {
    for (const list of this.#attachments.values())
      for (const attachment of list) if (attachment.id === id) return attachment;
    return undefined;
  }

  /** What the plan reads; a row not loaded yet throws NeedRows naming it. */
  view(): BugView {
    const { bugs } = this;
    const users = this.#users;
    const logins = this.#logins;
    const comments = this.#comments;
    const attachments = this.#attachments;
    const attachmentIds = this.#attachmentIds;
    const newBugId = this.#newBugId;
    let attachmentIdsTaken = 0;
    return {
      bug: (id) => {
        if (!bugs.has(id)) throw new NeedRows({ bugs: [id] });
        return bugs.get(id);
      },
      aliasOwner: (alias) => this.#owners.get(alias.toLowerCase()),
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

/** One write's whole effect, a table at a time, in the order Bugzilla's foreign keys need. */
async function writeEffect(
  client: pg.PoolClient,
  effect: BugWriteEffect,
  before: ReadonlyMap<number, Bug | undefined>,
  attachmentBefore: (id: number) => Attachment | undefined,
): Promise<void> {
  await numberNewFlags(client, effect.bugs);
  for (const bug of effect.bugs) await writeBug(client, bug, before.get(bug.id) !== undefined);
  await writeBugRelations(client, effect.bugs, before);
  await writeBugFlags(client, effect.bugs, (id) => before.get(id)?.fields.flags ?? []);
  await writeAttachments(client, effect.attachments ?? []);
  await recordFlagActivity(client, OUR_SQL, flagTargetsOf(effect, before, attachmentBefore), effect.history);
  await writeHistory(client, effect.history);
  await writeCommentPrivacy(client, effect.commentPrivacy ?? []);
  await writeComments(client, effect.comments);
  await writeVisits(client, effect.visits);
}

/** Each bug's and attachment's flags before and after the write (their new flags numbered by now). */
function flagTargetsOf(
  effect: BugWriteEffect,
  before: ReadonlyMap<number, Bug | undefined>,
  attachmentBefore: (id: number) => Attachment | undefined,
): FlagTarget[] {
  const bugs = effect.bugs.map((bug) => ({
    bugId: bug.id,
    attachmentId: null,
    before: before.get(bug.id)?.fields.flags ?? [],
    after: bug.fields.flags,
    at: bug.fields.last_change_time,
  }));
  const attachments = (effect.attachments ?? []).map(({ attachment }) => ({
    bugId: attachment.bugId,
    attachmentId: attachment.id,
    before: attachmentBefore(attachment.id)?.flags ?? [],
    after: attachment.flags,
    at: attachment.modificationTime,
  }));
  return [...bugs, ...attachments];
}

/** New flags (id 0) take their ids from the sequence, all in one round trip. */
async function numberNewFlags(client: pg.PoolClient, bugs: BugWriteEffect['bugs']): Promise<void> {
  const newFlags = bugs.reduce((count, bug) => count + bug.fields.flags.filter((f) => f.id === 0).length, 0);
  if (newFlags === 0) return;
  const ids = await client.query<{ id: string }>(
    "SELECT nextval('bzc_flag_ids') AS id FROM generate_series(1, $1::integer)",
    [newFlags],
  );
  const next = ids.rows.map((row) => Number(row.id));
  for (const bug of bugs) for (const flag of bug.fields.flags) if (flag.id === 0) flag.id = next.shift() as number;
}

/** Each change set as bugs_activity rows, numbered after the bug's last set. */
async function writeHistory(client: pg.PoolClient, history: BugWriteEffect['history']): Promise<void> {
  for (const { bugId, set } of history) {
    const changes = activityRows(set.changes);
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
        changes.map((change) => change.field_name),
        changes.map((change) => change.removed),
        changes.map((change) => change.added),
        changes.map((change) => change.comment_id ?? null),
        changes.map((change) => change.attachment_id ?? null),
      ],
    );
  }
}

async function writeComments(client: pg.PoolClient, comments: BugWriteEffect['comments']): Promise<void> {
  for (const comment of comments) {
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
}

/** Visits a write records (the author's, when involved) and deletes (of users no longer involved, as 5.2 does). */
async function writeVisits(client: pg.PoolClient, visits: BugWriteEffect['visits']): Promise<void> {
  for (const visit of visits) {
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
