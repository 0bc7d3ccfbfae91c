import { unlink } from 'node:fs/promises';
import type { StoreSnapshot } from '../../bugzilla/store/snapshot.js';
import type { SnapshotPart, SnapshotStream } from '../../bugzilla/store/snapshot-stream.js';
import { streamOfSnapshot } from '../snapshot-parts.js';
import { lockDataFile, type SnapshotFile } from './data-file.js';
import { FileAttachmentData } from './file-attachment-data.js';
import { readJournal } from './journal-file.js';

/**
 * Replaces a data file's whole content (an import), streamed into a new file that replaces the old at once. The new snapshot's
 * journal_position is past every entry of the old journals (the journal and a
 * set-aside one), so a crash before they are removed can never replay old
 * changes onto new data.
 */
export async function replaceFileStore(
  path: string,
  snapshot: StoreSnapshot | SnapshotStream,
  options: { snapshotFile?: (dataPath: string) => SnapshotFile } = {},
): Promise<void> {
  const { dataPath, journalPath, foldingJournalPath, snapshotFile, release } = await lockDataFile(
    path,
    options.snapshotFile,
  );
  try {
    let position = 0;
    try {
      const old = await snapshotFile.read();
      position = Math.max(position, Number(old?.head.journal_position) || 0);
      await old?.close?.();
    } catch {
      // An unreadable old file is exactly what an import may replace.
    }
    for (const journalFile of [foldingJournalPath, journalPath]) {
      try {
        const journal = await readJournal(journalFile);
        for (const entry of journal.entries) position = Math.max(position, entry.n);
      } catch {
        // Same for an unreadable journal: nothing of it survives the import.
      }
    }
    const stream = 'parts' in snapshot ? snapshot : streamOfSnapshot(snapshot);
    const parts = bytesApart(stream.parts, new FileAttachmentData(dataPath));
    await snapshotFile.write({ head: { ...stream.head, journal_position: position }, parts });
    for (const journalFile of [foldingJournalPath, journalPath]) {
      await unlink(journalFile).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }
  } finally {
    release();
  }
}

/**
 * The stream without the attachment bytes it carries, which are kept beside the data file instead (as
 * the API's are: by SHA-256, each written before the data file that names it), so a tracker's
 * attachments never fill the data file or the model's memory.
 */
async function* bytesApart(parts: SnapshotStream['parts'], data: FileAttachmentData): AsyncIterable<SnapshotPart> {
  for await (const part of parts) {
    if (part.section !== 'attachment_data') {
      yield part;
      continue;
    }
    for (const { base64 } of part.records) await data.put(Buffer.from(base64, 'base64'));
  }
}
