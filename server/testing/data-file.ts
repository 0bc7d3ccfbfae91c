import type { StoreSnapshot } from '../src/bugzilla/store/snapshot.js';
import { readRecordFile } from '../src/stores/file/record-file-reader.js';
import { collectSnapshot } from '../src/stores/snapshot-parts.js';

/** A data file's whole content as one snapshot, read the way the store reads it (checksum checked). */
export async function readDataFile(path: string): Promise<StoreSnapshot> {
  const stream = await readRecordFile(path);
  if (stream === null) throw new Error(`there is no data file ${path}`);
  return collectSnapshot(stream);
}
