import { type FileHandle, open, readFile } from 'node:fs/promises';
import type { JournalEntry } from '../../bugzilla/store/snapshot.js';
import { CorruptDataError } from '../model/model.js';

/**
 * The journal: one JSON entry per line, appended and fsynced before a write is
 * acknowledged. A line without its newline is a write that was cut off by a
 * crash before it was acknowledged; it is dropped on open.
 */
export interface ReadJournal {
  entries: JournalEntry[];
  /** Bytes up to the end of the last complete line. */
  validLength: number;
  /** Bytes of torn tail that will be cut off. */
  tornBytes: number;
}

export async function readJournal(path: string): Promise<ReadJournal> {
  let buffer: Buffer;
  try {
    buffer = await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], validLength: 0, tornBytes: 0 };
    throw error;
  }
  const validLength = buffer.lastIndexOf(0x0a) + 1;
  const entries: JournalEntry[] = [];
  const text = buffer.subarray(0, validLength).toString('utf8');
  let lineNumber = 0;
  for (const line of text.split('\n')) {
    lineNumber++;
    if (line === '') continue;
    let entry: JournalEntry;
    try {
      entry = JSON.parse(line) as JournalEntry;
    } catch (error) {
      throw new CorruptDataError(`journal ${path} line ${lineNumber} is not valid JSON (${(error as Error).message})`);
    }
    if (typeof entry !== 'object' || entry === null || !Number.isInteger(entry.n)) {
      throw new CorruptDataError(`journal ${path} line ${lineNumber} is not a journal entry`);
    }
    entries.push(entry);
  }
  return { entries, validLength, tornBytes: buffer.length - validLength };
}

/**
 * Opens the journal for writing at explicit offsets (not O_APPEND, so a failed write can be cut back).
 * Readable by the owner only, like the data file: it holds password, key and token hashes, visits,
 * and after a reset a whole snapshot. A journal an older version left world-readable is narrowed.
 */
export async function openJournalForWriting(path: string): Promise<FileHandle> {
  const created = await open(path, 'a', 0o600);
  await created.close();
  const journal = await open(path, 'r+');
  await journal.chmod(0o600);
  return journal;
}
