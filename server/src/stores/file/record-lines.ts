import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';

const CHUNK_BYTES = 4 * 1024 * 1024;
const NEWLINE = 0x0a;

/**
 * A file's lines a block at a time (each block: the complete lines of one read, without their
 * newlines), and the SHA-256 of every byte before the file's last line (a data file's trailer),
 * computed as the blocks go by. Lines are split on the newline byte before they are decoded, so a
 * character is never cut between two reads (UTF-8 never uses 0x0a inside a character).
 */
export class LineBlocks {
  readonly #handle: FileHandle;
  readonly #hash = createHash('sha256');
  /** The last complete line read so far: hashed only once a line follows it (it may be the trailer). */
  #held: Buffer = Buffer.alloc(0);
  /** Bytes after the last newline when the file ended (a line cut short), if any. */
  tornBytes = 0;

  constructor(handle: FileHandle) {
    this.#handle = handle;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<string[]> {
    let carry: Buffer = Buffer.alloc(0);
    let position = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
      const { bytesRead } = await this.#handle.read(chunk, 0, CHUNK_BYTES, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      const bytes =
        carry.length === 0 ? chunk.subarray(0, bytesRead) : Buffer.concat([carry, chunk.subarray(0, bytesRead)]);
      const end = bytes.lastIndexOf(NEWLINE) + 1;
      carry = Buffer.from(bytes.subarray(end));
      if (end === 0) continue;
      const complete = bytes.subarray(0, end);
      this.#holdLastLine(complete);
      yield complete.toString('utf8', 0, end - 1).split('\n');
    }
    this.tornBytes = carry.length;
  }

  /** Hashes what was held and every line of `complete` but its last, which is held in turn. */
  #holdLastLine(complete: Buffer): void {
    const lastStart = complete.lastIndexOf(NEWLINE, complete.length - 2) + 1;
    this.#hash.update(this.#held);
    this.#hash.update(complete.subarray(0, lastStart));
    this.#held = Buffer.from(complete.subarray(lastStart));
  }

  /** Once every block was read: the SHA-256 of the file but its last line. */
  digestBeforeLastLine(): string {
    return this.#hash.digest('hex');
  }
}
