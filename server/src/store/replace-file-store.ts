import { mkdir, unlink } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { Low } from 'lowdb';
import { DurableJsonFile } from './durable-json-file.js';
import { journalPathFor } from './file-store.js';
import { readJournal } from './journal-file.js';
import { acquireLock } from './lock-file.js';
import type { StoreSnapshot } from './snapshot.js';

/**
 * Replaces a data file's whole content (fixture import). The new snapshot's
 * journal_position is past every entry of the old journal, so a crash before
 * the old journal is removed can never replay old changes onto new data.
 */
export async function replaceFileStore(path: string, snapshot: StoreSnapshot): Promise<void> {
  const dataPath = resolve(path);
  await mkdir(dirname(dataPath), { recursive: true });
  const release = acquireLock(dataPath);
  try {
    const db = new Low<StoreSnapshot | null>(new DurableJsonFile(dataPath), null);
    let position = 0;
    try {
      await db.read();
      position = Math.max(position, Number(db.data?.journal_position) || 0);
    } catch {
      // An unreadable old file is exactly what an import may replace.
    }
    try {
      const journal = await readJournal(journalPathFor(dataPath));
      for (const entry of journal.entries) position = Math.max(position, entry.n);
    } catch {
      // Same for an unreadable journal: nothing of it survives the import.
    }
    db.data = { ...snapshot, journal_position: position };
    await db.write();
    await unlink(journalPathFor(dataPath)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  } finally {
    release();
  }
}
