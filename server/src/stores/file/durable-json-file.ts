import { randomBytes } from 'node:crypto';
import { open, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';
import { CorruptDataError } from '../model/model.js';

/**
 * A lowdb adapter whose write survives a crash at any moment: the JSON goes to
 * a uniquely named temp file beside the target, is fsynced, renamed over the
 * target, and the directory is fsynced so the rename itself is durable.
 * (lowdb's own TextFile writes through steno, which renames but never fsyncs.)
 */
export class DurableJsonFile<T> implements Adapter<T> {
  constructor(readonly path: string) {}

  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new CorruptDataError(`it is not valid JSON (${(error as Error).message})`);
    }
  }

  async write(data: T): Promise<void> {
    await writeFileDurably(this.path, JSON.stringify(data));
  }
}

/** The temp-file names this module creates for `path`, so stale ones can be found after a crash. */
export function tempFilePattern(path: string): RegExp {
  const escaped = basename(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\.${escaped}\\.\\d+\\.[0-9a-f]+\\.tmp$`);
}

export async function writeFileDurably(path: string, text: string): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
  await syncDirectory(dirname(path));
}

export async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
