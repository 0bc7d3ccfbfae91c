import { z } from 'zod';
import { bugRefSchema } from './requests.js';
import { bugzillaTimestamp } from './schemas.js';

/*
 * The attachment methods (Bug.attachments, Bug.add_attachment, Bug.update_attachment): what
 * they take and answer, as 5.2 does. `is_patch`, `is_obsolete` and `is_private` are numbers 0/1
 * in 5.2's answers (it types them as ints) and booleans in 5.1's, booleans or numbers in requests.
 */

export const attachmentIdPathSchema = z.object({ id: z.number().int() });

export const attachmentsQuerySchema = z.object({
  ids: z.array(bugRefSchema).optional(),
  attachment_ids: z.array(z.number().int()).optional(),
  include_fields: z.array(z.string()).optional(),
  exclude_fields: z.array(z.string()).optional(),
});

const flagRequestSchema = z.looseObject({
  id: z.number().int().optional(),
  name: z.string().optional(),
  type_id: z.number().int().optional(),
  status: z.string(),
  requestee: z.string().optional(),
  new: z.boolean().optional(),
});

const perlBoolean = z.union([z.boolean(), z.literal(0), z.literal(1)]);

/** Bug.add_attachment; `data` is base64 (REST, JSON-RPC). `ids` in the body replace the path's bug. */
export const addAttachmentBodySchema = z.object({
  ids: z.array(bugRefSchema).optional(),
  data: z.string(),
  file_name: z.string(),
  summary: z.string(),
  content_type: z.string(),
  comment: z.string().optional(),
  is_patch: perlBoolean.optional(),
  is_private: perlBoolean.optional(),
  flags: z.array(flagRequestSchema).optional(),
});

/** Bug.update_attachment; `ids` in the body replace the path's attachment. */
export const updateAttachmentBodySchema = z.object({
  ids: z.array(z.number().int()).optional(),
  file_name: z.string().optional(),
  summary: z.string().optional(),
  content_type: z.string().optional(),
  comment: z.string().optional(),
  is_patch: perlBoolean.optional(),
  is_private: perlBoolean.optional(),
  is_obsolete: perlBoolean.optional(),
  flags: z.array(flagRequestSchema).optional(),
});

export const attachmentFlagSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  type_id: z.number().int(),
  creation_date: bugzillaTimestamp,
  modification_date: bugzillaTimestamp,
  status: z.string(),
  setter: z.string(),
  requestee: z.string().optional(),
});

/** One attachment; every field optional because include_fields narrows it. `data` is base64. */
export const attachmentSchema = z.looseObject({
  id: z.number().int().optional(),
  bug_id: z.number().int().optional(),
  file_name: z.string().optional(),
  summary: z.string().optional(),
  content_type: z.string().optional(),
  size: z.number().int().optional(),
  creator: z.string().optional(),
  creation_time: bugzillaTimestamp.optional(),
  last_change_time: bugzillaTimestamp.optional(),
  // 0/1 from 5.2 and most trackers, true/false from 5.1 (its as_boolean): a client reads either.
  is_patch: perlBoolean.optional(),
  is_obsolete: perlBoolean.optional(),
  is_private: perlBoolean.optional(),
  flags: z.array(attachmentFlagSchema).optional(),
  data: z.string().optional(),
});

/** Bug.attachments: a bug's attachments by bug id and attachments by id; the one not asked for is `{}`. */
export const bugAttachmentsSchema = z.object({
  bugs: z.record(z.string(), z.array(attachmentSchema)),
  attachments: z.record(z.string(), attachmentSchema),
});

/** Bug.add_attachment: the new attachments' ids, one per bug. */
export const addAttachmentSchema = z.object({ ids: z.array(z.number().int()) });

/** Bug.update_attachment: per attachment, what changed (`{}` when nothing did). */
export const updateAttachmentSchema = z.object({
  attachments: z.array(
    z.object({
      id: z.number().int(),
      last_change_time: bugzillaTimestamp,
      changes: z.record(z.string(), z.object({ removed: z.string(), added: z.string() })),
    }),
  ),
});

export type BugzillaAttachment = z.infer<typeof attachmentSchema>;
export type BugAttachmentsResult = z.infer<typeof bugAttachmentsSchema>;
export type AddAttachmentResult = z.infer<typeof addAttachmentSchema>;
export type UpdateAttachmentResult = z.infer<typeof updateAttachmentSchema>;
export type AddAttachmentBody = z.input<typeof addAttachmentBodySchema>;
export type UpdateAttachmentBody = z.input<typeof updateAttachmentBodySchema>;
