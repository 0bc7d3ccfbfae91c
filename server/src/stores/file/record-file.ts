import type { SectionCounts, SnapshotStream } from '../../bugzilla/store/snapshot-stream.js';
import { readRecordFile } from './record-file-reader.js';
import { writeRecordFile } from './record-file-writer.js';

/**
 * Where a data file's snapshot is read and written, as a stream (an adapter in lowdb's manner:
 * read and write, nothing else). RecordFile unless a test swaps it.
 */
export interface SnapshotFile {
  /** The snapshot's stream, or null when there is no file; its parts must be read through (or it stays open). */
  read(): Promise<SnapshotStream | null>;
  /** Replaces the file with the stream's content, atomically; resolves to the records' counts. */
  write(stream: SnapshotStream): Promise<SectionCounts>;
}

/** The data file as records (record-file-format.ts); a data file of before is read as it always was. */
export class RecordFile implements SnapshotFile {
  constructor(readonly path: string) {}

  read(): Promise<SnapshotStream | null> {
    return readRecordFile(this.path);
  }

  write(stream: SnapshotStream): Promise<SectionCounts> {
    return writeRecordFile(this.path, stream);
  }
}
