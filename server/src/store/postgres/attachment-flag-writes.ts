import type pg from 'pg';
import type { AttachmentFlagChange } from '../../domain/attachments/attachment-flags.js';
import type { Bug } from '../../domain/types.js';
import { BUG_COLUMNS, type BugRow, bugFromRow } from './rows.js';

const AT = (param: string) => `to_timestamp(${param}::bigint) AT TIME ZONE 'UTC'`;

/** A bug as it is in this transaction (its row locked by the caller), for planning its attachments' flags. */
export async function bugInTransaction(client: pg.PoolClient, bugId: number): Promise<Bug | undefined> {
  const { rows } = await client.query<BugRow>(`SELECT ${BUG_COLUMNS} FROM bugs b WHERE b.bug_id = $1`, [bugId]);
  return rows[0] && bugFromRow(rows[0]);
}

/** The bug's change set for `who` at `time`: the last one when it is theirs at that second, else a new one. */
export async function changeSetOf(client: pg.PoolClient, bugId: number, who: number, time: number): Promise<number> {
  const { rows } = await client.query<{ bzc_change_set: number; who: number; t: string }>(
    `SELECT bzc_change_set, who, extract(epoch FROM bug_when)::bigint AS t FROM bugs_activity WHERE bug_id = $1
     ORDER BY bzc_change_set DESC, id DESC LIMIT 1`,
    [bugId],
  );
  const last = rows[0];
  if (!last) return 0;
  return last.who === who && Number(last.t) === time ? last.bzc_change_set : last.bzc_change_set + 1;
}

/**
 * Writes an attachment's planned flags (new ones numbered from `bzc_flag_ids`, the one flag
 * sequence), its `flagtypes.name` history row naming it, and the requestees added to the bug's CC
 * (a `cc` row), as 5.2's Attachment->update and Bug->update do; returns whether history changed.
 */
export async function writeAttachmentFlags(
  client: pg.PoolClient,
  attachment: { id: number; bugId: number },
  plan: AttachmentFlagChange,
  who: number,
  time: number,
): Promise<boolean> {
  const fresh = plan.flags.filter((flag) => flag.id === 0).length;
  if (fresh > 0) {
    const { rows } = await client.query<{ id: string }>(
      "SELECT nextval('bzc_flag_ids') AS id FROM generate_series(1, $1::integer)",
      [fresh],
    );
    const ids = rows.map((row) => Number(row.id));
    for (const flag of plan.flags) if (flag.id === 0) flag.id = ids.shift() as number;
  }
  await client.query('UPDATE attachments SET bzc_flags = $2::jsonb WHERE attach_id = $1', [
    attachment.id,
    JSON.stringify(plan.flags),
  ]);
  if (!plan.change) return false;
  const rows: Array<{ field: string; removed: string; added: string; attachId: number | null }> = [
    { field: 'flagtypes.name', ...plan.change, attachId: attachment.id },
  ];
  const added = await client.query<{ who: number; login_name: string }>(
    `INSERT INTO cc (bug_id, who) SELECT $1, u FROM unnest($2::integer[]) AS u ON CONFLICT DO NOTHING
     RETURNING who, (SELECT login_name FROM profiles WHERE userid = who) AS login_name`,
    [attachment.bugId, plan.addCc],
  );
  if (added.rows.length > 0) {
    const logins = plan.addCc.flatMap((id) => added.rows.filter((row) => row.who === id).map((row) => row.login_name));
    rows.push({ field: 'cc', removed: '', added: logins.join(', '), attachId: null });
  }
  const changeSet = await changeSetOf(client, attachment.bugId, who, time);
  for (const row of rows) {
    await client.query(
      `INSERT INTO bugs_activity (bug_id, attach_id, who, bug_when, fieldid, bzc_field_name, bzc_change_set,
         removed, added) VALUES ($1, $2, $3, ${AT('$4')}, 0, $5, $6, $7, $8)`,
      [attachment.bugId, row.attachId, who, time, row.field, changeSet, row.removed, row.added],
    );
  }
  await client.query(`UPDATE attachments SET modification_time = ${AT('$2')} WHERE attach_id = $1`, [
    attachment.id,
    time,
  ]);
  await client.query(`UPDATE bugs SET delta_ts = ${AT('$2')} WHERE bug_id = $1`, [attachment.bugId, time]);
  return true;
}
