import { createHash, randomBytes } from 'node:crypto';
import { type FileHandle, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { SnapshotPart, SnapshotSection, SnapshotStream } from '../../bugzilla/store/snapshot-stream.js';
import { countPart, type SectionCounts } from '../../bugzilla/store/snapshot-stream.js';
import { syncDirectory } from './durable-write.js';
import { END_MARKER, RECORDS_LAYOUT } from './record-file-format.js';

/** Bytes gathered before one write: few system calls, and a bounded string. */
const WRITE_BYTES = 4 * 1024 * 1024;

/**
 * Writes a snapshot stream as a data file of records (record-file-format.ts) and replaces `path`
 * with it atomically: a uniquely named temp file beside it, written a batch at a time, fsynced,
 * renamed over the target, and the directory fsynced so the rename is durable. A failure at any
 * point removes the temp file and leaves the target as it was. Resolves to the records' counts.
 */
export async function writeRecordFile(path: string, stream: SnapshotStream): Promise<SectionCounts> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let handle: FileHandle | undefined;
  try {
    handle = await open(temp, 'wx', 0o600);
    const counts = await writeRecords(handle, stream);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temp, path);
    await syncDirectory(dirname(path));
    return counts;
  } catch (error) {
    await handle?.close().catch(() => {});
    await unlink(temp).catch(() => {});
    throw error;
  }
}

async function writeRecords(handle: FileHandle, stream: SnapshotStream): Promise<SectionCounts> {
  const hash = createHash('sha256');
  let pending = '';
  const flush = async () => {
    const bytes = Buffer.from(pending, 'utf8');
    pending = '';
    hash.update(bytes);
    await writeAll(handle, bytes);
  };
  pending = `${JSON.stringify({ layout: RECORDS_LAYOUT, ...stream.head })}\n`;
  const counts: SectionCounts = {};
  let section: SnapshotSection | undefined;
  for await (const part of stream.parts as AsyncIterable<SnapshotPart>) {
    if (part.records.length === 0) continue;
    if (part.section !== section) {
      section = part.section;
      pending += `${JSON.stringify(section)}\n`;
    }
    for (const record of part.records) pending += `${JSON.stringify(record)}\n`;
    countPart(counts, part);
    if (pending.length >= WRITE_BYTES) await flush();
  }
  pending += `${JSON.stringify(END_MARKER)}\n`;
  await flush();
  await writeAll(handle, Buffer.from(`${JSON.stringify({ counts, sha256: hash.digest('hex') })}\n`, 'utf8'));
  return counts;
}

async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  let written = 0;
  while (written < bytes.length) written += (await handle.write(bytes, written)).bytesWritten;
}
