import { CorruptDataError, Model } from '../model/model.js';
import { modelRecords } from '../model/model-records.js';
import type { SnapshotFile } from './data-file.js';
import { replayJournalFile } from './replay-journal.js';

/**
 * Folds a set-aside journal into the data file from what is on disk only: the snapshot as it
 * was written, the journal's entries replayed over it, the result written back record by record (its
 * journal_position then the journal's last entry). It never reads the live model, so it can run
 * on another thread while writes go on; the caller removes the journal once this resolves.
 */
export async function foldJournal(snapshotFile: SnapshotFile, journalPath: string): Promise<void> {
  const stream = await snapshotFile.read();
  if (stream === null) throw new CorruptDataError('the data file to fold the journal into is missing');
  const model = await Model.fromStream(stream);
  await replayJournalFile(model, journalPath);
  await snapshotFile.write(modelRecords(model));
}
