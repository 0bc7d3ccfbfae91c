import type { BugzillaAttachment, BugzillaClient } from '@bz-companion/shared';
import type { FlagRequest, NewAttachment } from '../common/inbox-state.js';
import { chunks } from './batched-reads.js';
import { pendingRequests } from './flags.js';

/**
 * At most this many bugs' attachments are read in one refresh (Bug.attachments takes one bug at a
 * time): a review asked on a patch lives on the attachment, not the bug. The rest wait for the next
 * refresh; a bug unchanged since its attachments were read keeps what was read then.
 */
const MAX_ATTACHMENT_READS = 12;

const FIELDS = ['id', 'file_name', 'summary', 'content_type', 'is_patch', 'is_obsolete', 'creator', 'flags'];

/** The requests on an attachment's flags (an obsolete attachment's ask nothing any more). */
const requestsOn = (attachment: BugzillaAttachment): FlagRequest[] =>
  attachment.is_obsolete || attachment.id === undefined
    ? []
    : pendingRequests(attachment.flags, {
        id: attachment.id,
        name: attachment.file_name ?? `attachment ${attachment.id}`,
      });

/** One refresh's reads of attachments: each bug's at most once, and no more bugs than the cap. */
export class AttachmentReads {
  readonly #client: BugzillaClient;
  readonly #read = new Map<number, Promise<FlagRequest[] | null>>();
  #left = MAX_ATTACHMENT_READS;

  constructor(client: BugzillaClient) {
    this.#client = client;
  }

  /** The requests on a bug's attachments, or null when they could not be read in this refresh. */
  requests(bug: number): Promise<FlagRequest[] | null> {
    const known = this.#read.get(bug);
    if (known) return known;
    if (this.#left === 0) return Promise.resolve(null);
    this.#left--;
    const read = this.#client.attachments
      .ofBug(bug, { includeFields: FIELDS })
      .then((answer) => (answer.bugs[String(bug)] ?? []).flatMap(requestsOn))
      .catch(() => null);
    this.#read.set(bug, read);
    return read;
  }
}

/** The attachments with these ids (those added since a visit), as the row names them: one request per 200. */
export async function newAttachments(
  client: BugzillaClient,
  ids: readonly number[],
): Promise<Map<number, NewAttachment>> {
  const found = new Map<number, NewAttachment>();
  for (const batch of chunks(ids)) {
    const answer = await client.attachments.get(batch, { includeFields: FIELDS }).catch(() => null);
    for (const attachment of Object.values(answer?.attachments ?? {})) {
      if (attachment.id === undefined) continue;
      found.set(attachment.id, {
        id: attachment.id,
        name: attachment.file_name ?? `attachment ${attachment.id}`,
        description: attachment.summary ?? '',
        isPatch: Boolean(attachment.is_patch),
        contentType: attachment.content_type ?? '',
        by: attachment.creator ?? '',
      });
    }
  }
  return found;
}
