import { createHash } from 'node:crypto';

/** The SHA-256 of an attachment's bytes, hex: the name its bytes are kept under. */
export function attachmentSha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Where a store that keeps its data in this process puts attachment bytes: apart from the
 * journal and the snapshot, by SHA-256, so a write of a large attachment costs its own
 * write and nothing in the path every other change takes (the journal line names the hash).
 * Bytes are never removed: two attachments with the same bytes share them, and a reset may
 * bring back an attachment whose bytes it does not carry.
 */
export interface AttachmentData {
  /** Stores the bytes durably (before the journal entry that names them is written); resolves to their hash. */
  put(bytes: Buffer): Promise<string>;
  get(sha256: string): Promise<Buffer | undefined>;
}

/** Attachment bytes in memory (`--in-memory` and tests). */
export class MemoryAttachmentData implements AttachmentData {
  readonly #bytes = new Map<string, Buffer>();

  async put(bytes: Buffer): Promise<string> {
    const sha256 = attachmentSha256(bytes);
    this.#bytes.set(sha256, bytes);
    return sha256;
  }

  async get(sha256: string): Promise<Buffer | undefined> {
    return this.#bytes.get(sha256);
  }
}
