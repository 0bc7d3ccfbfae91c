import type pg from 'pg';
import {
  API_NAME_OF_COLUMN,
  type Attachment,
  attachmentChanges,
  CMT_ATTACHMENT_CREATED,
  CMT_ATTACHMENT_UPDATED,
  columnsOf,
} from '../../domain/attachments/attachment.js';
import type { AttachmentUpdateResult, AttachmentUpdates, BugVisitChange, NewAttachments } from '../store.js';
import { bugInTransaction, changeSetOf, writeAttachmentFlags } from './attachment-flag-writes.js';
import { type AttachmentRow, attachmentColumns, attachmentFromRow } from './attachment-rows.js';
import type { Database } from './database.js';
import { OUR_SQL } from './rows.js';
import { UPSERT_VISITS } from './visit-statements.js';
import { visitRows } from './visit-writes.js';

const AT = (param: string) => OUR_SQL.timestamp(`${param}::bigint`);

/** Locks the bugs' rows (in id order, so two writers never wait on each other crosswise); the ids that exist. */
async function lockBugs(client: pg.PoolClient, bugIds: readonly number[]): Promise<Set<number>> {
  const { rows } = await client.query<{ bug_id: number }>(
    'SELECT bug_id FROM bugs WHERE bug_id = ANY ($1::integer[]) ORDER BY bug_id FOR UPDATE',
    [[...new Set(bugIds)]],
  );
  return new Set(rows.map((row) => row.bug_id));
}

async function addComment(
  client: pg.PoolClient,
  bugId: number,
  who: number,
  time: number,
  text: string,
  isPrivate: boolean,
  type: number,
  attachmentId: number,
): Promise<void> {
  await client.query(
    `INSERT INTO longdescs (bug_id, who, bug_when, thetext, isprivate, type, extra_data)
     VALUES ($1, $2, ${AT('$3')}, $4, $5, $6, $7)`,
    [bugId, who, time, text, isPrivate ? 1 : 0, type, String(attachmentId)],
  );
}

async function touchBug(client: pg.PoolClient, bugId: number, time: number): Promise<void> {
  await client.query(`UPDATE bugs SET delta_ts = ${AT('$2')} WHERE bug_id = $1`, [bugId, time]);
}

async function applyVisits(client: pg.PoolClient, visits: readonly BugVisitChange[], who: number, time: number) {
  const authorBugs = visits.filter((visit) => visit.authorVisit).map((visit) => visit.bugId);
  if (authorBugs.length > 0)
    await client.query(UPSERT_VISITS, visitRows([{ userId: who, bugIds: authorBugs, ts: time }]));
  for (const visit of visits) {
    if (visit.forgetVisitsOf.length === 0) continue;
    await client.query('DELETE FROM bug_user_last_visit WHERE bug_id = $1 AND user_id = ANY ($2::integer[])', [
      visit.bugId,
      [...visit.forgetVisitsOf],
    ]);
  }
}

/**
 * Bug.add_attachment in one transaction: per attachment its `attachments` row (the id from the
 * table's sequence, so instances never share one), its bytes in `attach_data`, its comment
 * (type 5, naming it), the bug's delta_ts; then the visit side effects.
 */
export function addAttachments(db: Database, input: NewAttachments): Promise<number[]> {
  return db.transaction(async (client) => {
    const present = await lockBugs(
      client,
      input.attachments.map((attachment) => attachment.bugId),
    );
    const ids: number[] = [];
    for (const attachment of input.attachments) {
      if (!present.has(attachment.bugId)) {
        throw new Error(`bug ${attachment.bugId} was removed while the attachment was being saved`);
      }
      const inserted = await client.query<{ attach_id: number }>(
        `INSERT INTO attachments (bug_id, creation_ts, modification_time, description, mimetype, ispatch, filename,
           submitter_id, isobsolete, isprivate)
         VALUES ($1, ${AT('$2')}, ${AT('$2')}, $3, $4, $5, $6, $7, 0, $8) RETURNING attach_id`,
        [
          attachment.bugId,
          input.time,
          attachment.description,
          attachment.contentType,
          attachment.isPatch ? 1 : 0,
          attachment.fileName,
          input.who,
          attachment.isPrivate ? 1 : 0,
        ],
      );
      const id = (inserted.rows[0] as { attach_id: number }).attach_id;
      await client.query('INSERT INTO attach_data (id, thedata) VALUES ($1, $2)', [id, attachment.bytes]);
      await addComment(
        client,
        attachment.bugId,
        input.who,
        input.time,
        attachment.comment,
        attachment.isPrivate,
        CMT_ATTACHMENT_CREATED,
        id,
      );
      await touchBug(client, attachment.bugId, input.time);
      if (attachment.flags) {
        const bug = await bugInTransaction(client, attachment.bugId);
        if (!bug) throw new Error(`bug ${attachment.bugId} was removed while the attachment was being saved`);
        const plan = attachment.flags({ id, isPrivate: attachment.isPrivate, flags: [] }, bug);
        await writeAttachmentFlags(client, { id, bugId: attachment.bugId }, plan, input.who, input.time);
      }
      ids.push(id);
    }
    await applyVisits(client, input.visits, input.who, input.time);
    return ids;
  });
}

const COLUMNS = attachmentColumns(OUR_SQL, 'a.bzc_flags');

/**
 * Bug.update_attachment in one transaction: the attachments' rows locked, each compared with what
 * was asked (domain/attachments' attachmentChanges, as the file store compares), a history row per
 * changed column in the bug's change set of this moment, a comment (type 6) where given.
 */
export function updateAttachments(db: Database, input: AttachmentUpdates): Promise<AttachmentUpdateResult[]> {
  return db.transaction(async (client) => {
    const { rows } = await client.query<AttachmentRow>(
      `SELECT ${COLUMNS} FROM attachments a WHERE a.attach_id = ANY ($1::integer[]) ORDER BY a.attach_id FOR UPDATE`,
      [input.updates.map((update) => update.id)],
    );
    const found = new Map(rows.map((row) => [row.attach_id, attachmentFromRow(row)]));
    const results: AttachmentUpdateResult[] = [];
    for (const update of input.updates) {
      const attachment = found.get(update.id);
      if (!attachment) throw new Error(`attachment ${update.id} was removed while it was being changed`);
      results.push(await updateOne(client, attachment, update, input));
    }
    await applyVisits(client, input.visits, input.who, input.time);
    return results;
  });
}

async function updateOne(
  client: pg.PoolClient,
  attachment: Attachment,
  update: AttachmentUpdates['updates'][number],
  input: AttachmentUpdates,
): Promise<AttachmentUpdateResult> {
  const changes = attachmentChanges(columnsOf(attachment), update.set);
  if (changes.length > 0) {
    const values = { ...columnsOf(attachment), ...update.set };
    await client.query(
      `UPDATE attachments SET description = $2, filename = $3, mimetype = $4, ispatch = $5, isobsolete = $6,
         isprivate = $7, modification_time = ${AT('$8')} WHERE attach_id = $1`,
      [
        attachment.id,
        values.description,
        values.filename,
        values.mimetype,
        values.ispatch ? 1 : 0,
        values.isobsolete ? 1 : 0,
        values.isprivate ? 1 : 0,
        input.time,
      ],
    );
    attachment.isPrivate = values.isprivate;
    attachment.modificationTime = input.time;
    await touchBug(client, attachment.bugId, input.time);
    await logChanges(client, attachment, changes, input);
  }
  const answer = changes.map((change) => ({
    field: API_NAME_OF_COLUMN[change.column] as string,
    removed: change.removed,
    added: change.added,
  }));
  if (update.flags) {
    const bug = await bugInTransaction(client, attachment.bugId);
    if (!bug) throw new Error(`bug ${attachment.bugId} was removed while its attachment was being changed`);
    const plan = update.flags(attachment, bug);
    if (await writeAttachmentFlags(client, attachment, plan, input.who, input.time)) {
      attachment.modificationTime = input.time;
      if (plan.change) answer.push({ field: 'flagtypes.name', ...plan.change });
    }
  }
  if (update.comment !== '') {
    const { bugId, id, isPrivate } = attachment;
    await addComment(client, bugId, input.who, input.time, update.comment, isPrivate, CMT_ATTACHMENT_UPDATED, id);
    await touchBug(client, attachment.bugId, input.time);
  }
  return { id: attachment.id, modificationTime: attachment.modificationTime, changes: answer };
}

/** bugs_activity rows (`attachments.<column>`, naming the attachment) in the bug's change set of this moment. */
async function logChanges(
  client: pg.PoolClient,
  attachment: Attachment,
  changes: ReturnType<typeof attachmentChanges>,
  input: AttachmentUpdates,
): Promise<void> {
  const changeSet = await changeSetOf(client, attachment.bugId, input.who, input.time);
  for (const change of changes) {
    await client.query(
      `INSERT INTO bugs_activity (bug_id, attach_id, who, bug_when, fieldid, bzc_field_name, bzc_change_set,
         removed, added) VALUES ($1, $2, $3, ${AT('$4')}, 0, $5, $6, $7, $8)`,
      [
        attachment.bugId,
        attachment.id,
        input.who,
        input.time,
        `attachments.${change.column}`,
        changeSet,
        change.removed,
        change.added,
      ],
    );
  }
}
