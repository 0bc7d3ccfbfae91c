import type { BugFlag } from '../types.js';

/** An attachment as the routes read it (5.2's `attachments` row); its bytes are kept apart (see AttachmentData). */
export interface Attachment {
  id: number;
  bugId: number;
  fileName: string;
  /** Bugzilla's `description`, which the API calls `summary`. */
  description: string;
  contentType: string;
  /** Bytes. */
  size: number;
  creator: number;
  /** Epoch seconds. */
  creationTime: number;
  /** Epoch seconds. */
  modificationTime: number;
  isPatch: boolean;
  isObsolete: boolean;
  isPrivate: boolean;
  flags: readonly BugFlag[];
  /** SHA-256 (hex) of the bytes: where the store finds them. */
  dataSha256: string;
}

/** The fields Bug.update_attachment may change, by 5.2's column names (the names bugs_activity records). */
export interface AttachmentFieldValues {
  description: string;
  filename: string;
  mimetype: string;
  ispatch: boolean;
  isobsolete: boolean;
  isprivate: boolean;
}

export type AttachmentColumn = keyof AttachmentFieldValues;

/** An attachment's updatable fields as its columns name them. */
export function columnsOf(attachment: Attachment): AttachmentFieldValues {
  return {
    description: attachment.description,
    filename: attachment.fileName,
    mimetype: attachment.contentType,
    ispatch: attachment.isPatch,
    isobsolete: attachment.isObsolete,
    isprivate: attachment.isPrivate,
  };
}

/** The API's name of each column (5.2's ATTACHMENT_MAPPED_RETURNS). */
export const API_NAME_OF_COLUMN: Readonly<Record<AttachmentColumn, string>> = {
  description: 'summary',
  filename: 'file_name',
  mimetype: 'content_type',
  ispatch: 'is_patch',
  isobsolete: 'is_obsolete',
  isprivate: 'is_private',
};

/** A column's value as bugs_activity and the answer's `changes` write it: booleans as 0/1. */
function columnText(value: string | boolean): string {
  return typeof value === 'boolean' ? (value ? '1' : '0') : value;
}

/**
 * What changing an attachment's columns to `wanted` changes, in 5.2's order of columns
 * (Bugzilla::Object::update walks UPDATE_COLUMNS): one history row each. Used when the change
 * is applied, against the attachment as it is then, so concurrent updates both land in history.
 */
export function attachmentChanges(
  current: AttachmentFieldValues,
  wanted: Partial<AttachmentFieldValues>,
): Array<{ column: AttachmentColumn; removed: string; added: string }> {
  const changes: Array<{ column: AttachmentColumn; removed: string; added: string }> = [];
  for (const column of UPDATE_COLUMNS) {
    const value = wanted[column];
    if (value === undefined || value === current[column]) continue;
    changes.push({ column, removed: columnText(current[column]), added: columnText(value) });
  }
  return changes;
}

const UPDATE_COLUMNS: readonly AttachmentColumn[] = [
  'description',
  'filename',
  'isobsolete',
  'ispatch',
  'isprivate',
  'mimetype',
];

/** Bugzilla's comment types for attachments (Bugzilla::Constants CMT_ATTACHMENT_*). */
export const CMT_ATTACHMENT_CREATED = 5;
export const CMT_ATTACHMENT_UPDATED = 6;

/**
 * The text Bug.comments shows for an attachment's comment: 5.2 renders it when read, with the
 * attachment's summary as it is now, then the comment given, if any.
 */
export function attachmentCommentText(type: number, attachmentId: number, summary: string, text: string): string {
  const head = type === CMT_ATTACHMENT_CREATED ? 'Created attachment' : 'Comment on attachment';
  return `${head} ${attachmentId}\n${summary}${text === '' ? '' : `\n\n${text}`}`;
}
