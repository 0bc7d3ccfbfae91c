import { open } from 'node:fs/promises';
import { basename } from 'node:path';

/**
 * What every durable replace of a file here shares (the data file's records, record-file-writer.ts):
 * a uniquely named temp file beside the target, fsynced, renamed over it, and the directory fsynced
 * so the rename itself is durable; the temp names are known, so a crash's leftovers can be removed.
 */

/** The temp-file names made for `path`, so stale ones can be found after a crash. */
export function tempFilePattern(path: string): RegExp {
  const escaped = basename(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\.${escaped}\\.\\d+\\.[0-9a-f]+\\.tmp$`);
}

export async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
