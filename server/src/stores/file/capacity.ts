import { totalmem } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import type { SectionCounts } from '../../bugzilla/store/snapshot-stream.js';

/**
 * What the file store holds on this machine. It keeps every record in the V8 heap (the model),
 * and a fold builds a second model on its worker thread; so a data set is refused when its model
 * would take more than half of the heap (the other half is the request path's and the collector's
 * room), or when the two models would take more than half of the machine's memory. Bytes per
 * record are measured (npm run bench:scale, model heap after a full collection, docs/benchmarks.md):
 * a bug with its history, CC and fields ~2,000 B, a comment ~300 B, a visit ~40 B, a user ~600 B.
 */
const BYTES_PER: Partial<Record<keyof SectionCounts, number>> = {
  bugs: 2000,
  comments: 300,
  users: 600,
  attachments: 400,
  audit_log: 200,
  personal_tags: 100,
  flag_activity: 150,
};
/** A user's visits are one record holding many; each visit takes about this much. */
const BYTES_PER_VISIT_RECORD = 40 * 20;

export interface FileStoreCapacity {
  /** Bytes the model may take here. */
  modelBytes: number;
  heapBytes: number;
}

function fileStoreCapacity(): FileStoreCapacity {
  const heapBytes = getHeapStatistics().heap_size_limit;
  return { modelBytes: Math.min(heapBytes / 2, totalmem() / 4), heapBytes };
}

/** The model's size for a data set of these counts, estimated from the bytes per record above. */
function estimatedModelBytes(counts: SectionCounts): number {
  let bytes = (counts.last_visits ?? 0) * BYTES_PER_VISIT_RECORD;
  for (const [section, size] of Object.entries(BYTES_PER))
    bytes += (counts[section as keyof SectionCounts] ?? 0) * size;
  return bytes;
}

/** A data set the file store should not hold on this machine; the message is one line, naming the limit and --database. */
class TooLargeForFileStoreError extends Error {
  override readonly name = 'TooLargeForFileStoreError';
}

/** Refuses (before anything is loaded or written) a data set past what the file store holds here. */
export function checkFileStoreHolds(
  counts: SectionCounts,
  what: string,
  capacity: FileStoreCapacity = fileStoreCapacity(),
): void {
  const needed = estimatedModelBytes(counts);
  if (needed <= capacity.modelBytes) return;
  const perTypicalBug = (BYTES_PER.bugs ?? 0) + 6 * (BYTES_PER.comments ?? 0);
  const bugsHeld = Math.floor(capacity.modelBytes / perTypicalBug / 10_000) * 10_000;
  throw new TooLargeForFileStoreError(
    `${what} holds ${describe(counts)}, more than the file store holds on this machine (about ` +
      `${bugsHeld.toLocaleString('en')} bugs of 6 comments: ${gb(needed)} of records where it has ` +
      `${gb(capacity.modelBytes)}, half of its ${gb(capacity.heapBytes)} heap); keep it in PostgreSQL instead: --database postgres://…`,
  );
}

function describe(counts: SectionCounts): string {
  return `${(counts.bugs ?? 0).toLocaleString('en')} bugs and ${(counts.comments ?? 0).toLocaleString('en')} comments`;
}

const gb = (bytes: number) => `${(bytes / 1e9).toFixed(1)} GB`;
