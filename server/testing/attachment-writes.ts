import type { AttachmentFieldValues } from '../src/bugzilla/attachment/attachment.js';
import type { CheckedAttachment } from '../src/bugzilla/attachment/attachment-rules.js';
import {
  type AttachmentFlagPlanner,
  type AttachmentUpdateResult,
  addAttachmentsWrite,
  updateAttachmentsWrite,
} from '../src/bugzilla/attachment/attachment-write-plan.js';
import type { Store } from '../src/bugzilla/store/store.js';
import { owned } from './owned.js';

/** Adds attachments through the store's bug write, one write each, as Bug.add_attachment does; their ids. */
export async function addAttachments(
  store: Store,
  input: {
    who: number;
    time: number;
    attachments: ReadonlyArray<CheckedAttachment & { bugId: number; flags?: AttachmentFlagPlanner | undefined }>;
  },
): Promise<number[]> {
  const ids: number[] = [];
  for (const { bugId, flags, ...attachment } of input.attachments) {
    const write = addAttachmentsWrite({
      who: input.who,
      when: input.time,
      bugIds: [bugId],
      attachment,
      flags,
      visits: [],
    });
    ids.push(...(await owned(store).writeBugs(write)));
  }
  return ids;
}

/** Changes attachments through the store's bug write, as Bug.update_attachment does; what changed. */
export async function updateAttachments(
  store: Store,
  input: {
    who: number;
    time: number;
    updates: ReadonlyArray<{
      id: number;
      set: Partial<AttachmentFieldValues>;
      comment: string;
      flags?: AttachmentFlagPlanner | undefined;
    }>;
  },
): Promise<AttachmentUpdateResult[]> {
  const updates = [];
  for (const update of input.updates) {
    const bugId = (await store.attachmentById(update.id))?.bugId ?? 0;
    updates.push({ ...update, bugId, flags: update.flags });
  }
  return owned(store).writeBugs(updateAttachmentsWrite({ who: input.who, when: input.time, updates, visits: [] }));
}
