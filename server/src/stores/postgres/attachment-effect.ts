import type pg from 'pg';
import type { Attachment } from '../../bugzilla/attachment/attachment.js';
import type { AttachmentWrite } from '../../bugzilla/bug/effect.js';
import { isStorableId } from '../../bugzilla/ids.js';
import { type AttachmentRow, attachmentColumns, attachmentFromRow } from './attachment-rows.js';
import { OUR_ATTACHMENT_FLAGS } from './flag-sql.js';
import { writeAttachmentFlagRows } from './flag-writes.js';
import { OUR_SQL } from './rows.js';

const COLUMNS = attachmentColumns(OUR_SQL, OUR_ATTACHMENT_FLAGS);
const AT = (param: string) => OUR_SQL.timestamp(`${param}::bigint`);

/** The bugs' attachments, by id; their bugs are locked by the write already, so they are what the plan sees. */
export async function loadAttachments(
  client: pg.PoolClient,
  bugIds: readonly number[],
  into: Map<number, Attachment[]>,
): Promise<void> {
  const wanted = bugIds.filter((id) => !into.has(id));
  if (wanted.length === 0) return;
  for (const id of wanted) into.set(id, []);
  const { rows } = await client.query<AttachmentRow>(
    `SELECT ${COLUMNS} FROM attachments a WHERE a.bug_id = ANY ($1::integer[]) ORDER BY a.attach_id`,
    [wanted.filter((id) => isStorableId(id))],
  );
  for (const row of rows) into.get(row.bug_id)?.push(attachmentFromRow(row));
}

/** New attachment ids from the table's sequence, so instances never share one (taken for good, as 5.2's). */
export async function takeAttachmentIds(client: pg.PoolClient, ids: number[], wanted: number): Promise<void> {
  if (ids.length >= wanted) return;
  const { rows } = await client.query<{ id: string }>(
    "SELECT nextval(pg_get_serial_sequence('attachments', 'attach_id')) AS id FROM generate_series(1, $1::integer)",
    [wanted - ids.length],
  );
  ids.push(...rows.map((row) => Number(row.id)));
}

/**
 * Attachments a bug write adds (row, bytes in `attach_data`) or changes (its columns), and their
 * flags in `flags` (new ones numbered from `bzc_flag_ids`, the one flag sequence, after the bugs').
 */
export async function writeAttachments(client: pg.PoolClient, writes: readonly AttachmentWrite[]): Promise<void> {
  const fresh = writes.reduce((n, { attachment }) => n + attachment.flags.filter((flag) => flag.id === 0).length, 0);
  if (fresh > 0) {
    const { rows } = await client.query<{ id: string }>(
      "SELECT nextval('bzc_flag_ids') AS id FROM generate_series(1, $1::integer)",
      [fresh],
    );
    const ids = rows.map((row) => Number(row.id));
    for (const { attachment } of writes) {
      attachment.flags = attachment.flags.map((flag) =>
        flag.id === 0 ? { ...flag, id: ids.shift() as number } : flag,
      );
    }
  }
  for (const { attachment, bytes } of writes) {
    const values = [
      attachment.id,
      attachment.bugId,
      attachment.creationTime,
      attachment.modificationTime,
      attachment.description,
      attachment.contentType,
      attachment.isPatch ? 1 : 0,
      attachment.fileName,
      attachment.creator,
      attachment.isObsolete ? 1 : 0,
      attachment.isPrivate ? 1 : 0,
    ];
    if (bytes) {
      await client.query(
        `INSERT INTO attachments (attach_id, bug_id, creation_ts, modification_time, description, mimetype, ispatch,
           filename, submitter_id, isobsolete, isprivate)
         VALUES ($1, $2, ${AT('$3')}, ${AT('$4')}, $5, $6, $7, $8, $9, $10, $11)`,
        values,
      );
      await client.query('INSERT INTO attach_data (id, thedata) VALUES ($1, $2)', [attachment.id, bytes]);
    } else {
      await client.query(
        `UPDATE attachments SET bug_id = $2, creation_ts = ${AT('$3')}, modification_time = ${AT('$4')},
           description = $5, mimetype = $6, ispatch = $7, filename = $8, submitter_id = $9, isobsolete = $10,
           isprivate = $11
         WHERE attach_id = $1`,
        values,
      );
    }
    await writeAttachmentFlagRows(client, attachment, attachment.flags);
  }
}
