import { formatBugzillaTime } from '@bz-companion/shared';
import type { Attachment } from '../../bugzilla/attachment/attachment.js';
import type { Store } from '../../bugzilla/store/store.js';
import type { User } from '../../bugzilla/types.js';
import type { Profile } from '../../profiles/profile.js';
import type { FieldSelection } from '../method/field-selection.js';

/**
 * An attachment as 5.2's Bug.attachments answers it (_attachment_to_hash): the flags as numbers
 * 0/1 (5.1's API: booleans), `data` base64 (XML-RPC sends that member as `<base64>`), include/exclude_fields applied.
 */
export async function attachmentJson(
  attachment: Attachment,
  store: Store,
  fields: FieldSelection,
  flags: Profile['attachmentFlags'] = 'numbers',
): Promise<Record<string, unknown>> {
  const flag = (value: boolean) => (flags === 'booleans' ? value : value ? 1 : 0);
  const json: Record<string, unknown> = {};
  const put = (name: string, value: () => unknown) => {
    if (fields.wants(name)) json[name] = value();
  };
  put('creation_time', () => formatBugzillaTime(attachment.creationTime * 1000));
  put('last_change_time', () => formatBugzillaTime(attachment.modificationTime * 1000));
  put('id', () => attachment.id);
  put('bug_id', () => attachment.bugId);
  put('file_name', () => attachment.fileName);
  put('summary', () => attachment.description);
  put('content_type', () => attachment.contentType);
  put('is_private', () => flag(attachment.isPrivate));
  put('is_obsolete', () => flag(attachment.isObsolete));
  put('is_patch', () => flag(attachment.isPatch));
  if (fields.wants('creator')) json.creator = (await store.userById(attachment.creator))?.login ?? '';
  if (fields.wants('data'))
    json.data = ((await store.attachmentData(attachment)) ?? Buffer.alloc(0)).toString('base64');
  put('size', () => attachment.size);
  put('flags', () => attachment.flags.map((flag) => ({ ...flag })));
  return json;
}

/**
 * An attachment as BMO's `_attachment_to_hash` gives it: 5.2's, with `description` (the summary
 * again), `attacher` (the creator again) and `creator_detail`.
 */
export async function bmoAttachmentJson(
  attachment: Attachment,
  store: Store,
  fields: FieldSelection,
  detail: (user: User, prefix: string) => Record<string, unknown>,
  flags: Profile['attachmentFlags'] = 'numbers',
): Promise<Record<string, unknown>> {
  const json = await attachmentJson(attachment, store, fields, flags);
  if (fields.wants('description')) json.description = attachment.description;
  const creator =
    fields.wants('attacher') || fields.wants('creator') ? await store.userById(attachment.creator) : undefined;
  if (fields.wants('attacher')) json.attacher = creator?.login ?? '';
  if (fields.wants('creator') && creator) json.creator_detail = detail(creator, 'creator');
  return json;
}
