import { CorruptDataError, type Model } from '../model/model.js';
import { type ReadJournal, readJournal } from './journal-file.js';

/**
 * Replays a journal file over a model: the one replay that opening a data file and folding a
 * journal into it both use. Entries the model already holds (up to its journal_position) are
 * skipped, so a snapshot written just before its journal was removed is never applied twice;
 * a gap in the numbering is refused, as it means entries were lost.
 */
export async function replayJournalFile(
  model: Model,
  journalPath: string,
): Promise<{ journal: ReadJournal; replayed: number }> {
  const journal = await readJournal(journalPath);
  let replayed = 0;
  for (const entry of journal.entries) {
    if (entry.n <= model.journalPosition) continue; // Already in the snapshot.
    if (entry.n !== model.journalPosition + 1) {
      throw new CorruptDataError(
        `journal ${journalPath} jumps from entry ${model.journalPosition} to ${entry.n}; entries are missing`,
      );
    }
    model.apply(entry);
    model.journalPosition = entry.n;
    replayed++;
  }
  return { journal, replayed };
}
