import { mkdir, open, readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type AttachmentData, attachmentSha256 } from '../attachment-data.js';

/**
 * Attachment bytes as files beside the data file (`<data>.attachments/<sha256>`), each written
 * to a temporary name, synced and renamed, and the directory synced, before the journal entry
 * that names it: a crash leaves either no file or a whole one, never a journal entry without
 * its bytes. A file that is already there (the same bytes) is not written again.
 */
export class FileAttachmentData implements AttachmentData {
  readonly #dir: string;
  #made = false;

  constructor(dataPath: string) {
    this.#dir = `${dataPath}.attachments`;
  }

  async put(bytes: Buffer): Promise<string> {
    const sha256 = attachmentSha256(bytes);
    const path = join(this.#dir, sha256);
    if (await exists(path)) return sha256;
    if (!this.#made) {
      await mkdir(this.#dir, { recursive: true });
      this.#made = true;
    }
    const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    const file = await open(temp, 'w');
    try {
      await file.writeFile(bytes);
      await file.datasync();
    } finally {
      await file.close();
    }
    await rename(temp, path);
    const dir = await open(this.#dir, 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
    return sha256;
  }

  async get(sha256: string): Promise<Buffer | undefined> {
    if (!/^[0-9a-f]{64}$/.test(sha256)) return undefined;
    return readFile(join(this.#dir, sha256)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
