import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SnapshotAttachment } from '../../bugzilla/store/snapshot.js';
import { attachmentSha256 } from '../../stores/attachment-data.js';
import { bugFlag, flagsSelect } from './read-bugs.js';
import { flag, groupBy, type IdRange, num, text } from './rows.js';
import type { BugzillaSource } from './source.js';

/**
 * attachments with their flags and bytes. Bugzilla keeps the bytes in attach_data, or, for those
 * larger than its maxlocalattachment parameter, as files of its directory (data/attachments/group.NN/
 * attachment.ID, NN the id's last two digits): read from there when --bugzilla-dir is given. An
 * attachment whose bytes are in neither is imported empty.
 */
export async function readBugzillaAttachments(
  source: BugzillaSource,
  bugzillaDir: string | undefined,
  range: IdRange,
): Promise<{ attachments: SnapshotAttachment[]; attachment_data: Record<string, string> }> {
  const [rows, flags, data] = await Promise.all([
    source.select(
      `SELECT attach_id, bug_id, filename, description, mimetype, submitter_id, ispatch, isobsolete, isprivate,
         ${source.epoch('creation_ts')} AS created, ${source.epoch('modification_time')} AS modified
       FROM attachments WHERE attach_id BETWEEN ${range.from} AND ${range.to} ORDER BY attach_id`,
    ),
    source.select(
      `${flagsSelect(source)} WHERE f.attach_id BETWEEN ${range.from} AND ${range.to} ORDER BY f.attach_id, f.id`,
    ),
    source.select(`SELECT id, thedata FROM attach_data WHERE id BETWEEN ${range.from} AND ${range.to}`),
  ]);
  const bytesOf = new Map(data.map((row) => [num(row.id), row.thedata as Buffer]));
  const flagsOf = groupBy(flags, 'attach_id', (row) => bugFlag(row));
  const attachmentData: Record<string, string> = {};
  const attachments = rows.map((row): SnapshotAttachment => {
    const id = num(row.attach_id);
    const bytes = bytesOf.get(id) ?? localFile(bugzillaDir, id);
    const sha256 = attachmentSha256(bytes);
    attachmentData[sha256] = Buffer.from(bytes).toString('base64');
    return {
      id,
      bug_id: num(row.bug_id),
      file_name: text(row.filename),
      description: text(row.description),
      content_type: text(row.mimetype),
      size: bytes.length,
      creator_id: num(row.submitter_id),
      creation_time: num(row.created),
      modification_time: num(row.modified),
      is_patch: flag(row.ispatch),
      is_obsolete: flag(row.isobsolete),
      is_private: flag(row.isprivate),
      flags: flagsOf.get(id) ?? [],
      data_sha256: sha256,
    };
  });
  return { attachments, attachment_data: attachmentData };
}

/** Bugzilla::Attachment's local file of an attachment, or no bytes. */
function localFile(dir: string | undefined, id: number): Buffer {
  if (dir === undefined) return Buffer.alloc(0);
  const path = join(dir, 'data', 'attachments', `group.${String(id % 100).padStart(2, '0')}`, `attachment.${id}`);
  return existsSync(path) ? readFileSync(path) : Buffer.alloc(0);
}
