import type { Attachment } from '../../bugzilla/attachment/attachment.js';
import type { BugFlag } from '../../bugzilla/types.js';
import { attachmentSha256 } from '../attachment-data.js';
import type { Database } from './database.js';
import type { SqlDialect } from './rows.js';

/**
 * Attachments in Bugzilla's `attachments` and `attach_data`, read alike by both PostgreSQL
 * stores. The size is the bytes' length, read with the row (5.2's datasize); the bytes themselves
 * only when asked for. An attachment's flags are read from `flags` by the store's flag SQL
 * (flag-sql.ts, bugzilla-dialect.ts).
 */
export interface AttachmentRow {
  attach_id: number;
  bug_id: number;
  filename: string;
  description: string;
  mimetype: string;
  ispatch: number;
  isobsolete: number;
  isprivate: number;
  submitter_id: number;
  creation_ts: string;
  modification_time: string;
  size: number | null;
  flags: BugFlag[];
}

export function attachmentColumns(sql: SqlDialect, flags: string): string {
  return `a.attach_id, a.bug_id, a.filename, a.description, a.mimetype, a.ispatch, a.isobsolete, a.isprivate,
  a.submitter_id, ${sql.epochSeconds('a.creation_ts')} AS creation_ts,
  ${sql.epochSeconds('a.modification_time')} AS modification_time,
  (SELECT octet_length(d.thedata) FROM attach_data d WHERE d.id = a.attach_id) AS size, ${flags} AS flags`;
}

export function attachmentFromRow(row: AttachmentRow): Attachment {
  return {
    id: row.attach_id,
    bugId: row.bug_id,
    fileName: row.filename,
    description: row.description,
    contentType: row.mimetype,
    size: Number(row.size ?? 0),
    creator: row.submitter_id,
    creationTime: Number(row.creation_ts),
    modificationTime: Number(row.modification_time),
    isPatch: row.ispatch !== 0,
    isObsolete: row.isobsolete !== 0,
    isPrivate: row.isprivate !== 0,
    flags: row.flags ?? [],
    // The bytes are found by the attachment's id here; the hash is what a snapshot names them by.
    dataSha256: '',
  };
}

/** The reads of attachments both PostgreSQL stores make. */
export class AttachmentReads {
  readonly #db: Database;
  readonly #columns: string;

  constructor(db: Database, sql: SqlDialect, flags: string) {
    this.#db = db;
    this.#columns = attachmentColumns(sql, flags);
  }

  async byId(id: number): Promise<Attachment | undefined> {
    const [row] = await this.#db.query<AttachmentRow>(
      `SELECT ${this.#columns} FROM attachments a WHERE a.attach_id = $1`,
      [id],
    );
    return row && attachmentFromRow(row);
  }

  async ofBug(bugId: number): Promise<Attachment[]> {
    const rows = await this.#db.query<AttachmentRow>(
      `SELECT ${this.#columns} FROM attachments a WHERE a.bug_id = $1 ORDER BY a.attach_id`,
      [bugId],
    );
    return rows.map(attachmentFromRow);
  }

  async data(attachment: Attachment): Promise<Buffer | undefined> {
    const [row] = await this.#db.query<{ thedata: Buffer }>('SELECT thedata FROM attach_data WHERE id = $1', [
      attachment.id,
    ]);
    return row?.thedata;
  }
}

/** The hash a snapshot names an attachment's bytes by. */
export function snapshotSha256(bytes: Buffer): string {
  return attachmentSha256(bytes);
}
