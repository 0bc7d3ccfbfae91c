import { chmod, mkdir, open, readFile, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type AttachmentData, attachmentSha256 } from '../attachment-data.js';

const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/**
 * Attachment bytes as files beside the data file (`<data>.attachments/<sha256>`), each written
 * to a temporary name, synced and renamed, and the directory synced, before the journal entry
 * that names it: a crash leaves either no file or a whole one, never a journal entry without
 * its bytes. A file that is already there (the same bytes) is not written again.
 * The folder is its owner's only (0700) and each file 0600, as the data file and its journal: a
 * file's name is its content's SHA-256, so a folder others could list would tell them whether a
 * file they know is stored.
 */
export class FileAttachmentData implements AttachmentData {
  readonly #dir: string;
  #made = false;

  private constructor(dataPath: string) {
    this.#dir = `${dataPath}.attachments`;
  }

  /** The attachments beside `dataPath`; a folder an older version left readable by others (0755) is narrowed. */
  static async open(dataPath: string): Promise<FileAttachmentData> {
    const data = new FileAttachmentData(dataPath);
    await chmod(data.#dir, DIR_MODE).then(
      () => {
        data.#made = true;
      },
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      },
    );
    return data;
  }

  async put(bytes: Buffer): Promise<string> {
    const sha256 = attachmentSha256(bytes);
    const path = join(this.#dir, sha256);
    if (await exists(path)) return sha256;
    if (!this.#made) {
      await mkdir(this.#dir, { recursive: true, mode: DIR_MODE });
      // mkdir's mode passes through the umask, and does nothing to a folder already there.
      await chmod(this.#dir, DIR_MODE);
      this.#made = true;
    }
    const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    const file = await open(temp, 'wx', FILE_MODE);
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
