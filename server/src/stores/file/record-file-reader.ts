import { type FileHandle, open, readFile } from 'node:fs/promises';
import type { StoreSnapshot } from '../../bugzilla/store/snapshot.js';
import type {
  SectionCounts,
  SnapshotHead,
  SnapshotPart,
  SnapshotStream,
} from '../../bugzilla/store/snapshot-stream.js';
import { CorruptDataError, checkSnapshotShape } from '../model/model.js';
import { streamOfSnapshot } from '../snapshot-parts.js';
import { END_MARKER, isSection, isTrailer, RECORDS_LAYOUT } from './record-file-format.js';
import { LineBlocks } from './record-lines.js';

/** Records per part handed on: the reader holds one part's records at a time. */
const BATCH = 2000;

/**
 * Opens a data file as a snapshot stream (null: there is none). A file of records is read a chunk
 * at a time as its records are taken, its bytes checked against the trailer's SHA-256 at the end:
 * a reader that takes every part has read a whole, unchanged file, or gets a CorruptDataError
 * (and must drop what it built). A data file of before (one JSON object) is read whole.
 */
export async function readRecordFile(path: string): Promise<SnapshotStream | null> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  try {
    const prefix = Buffer.alloc(RECORDS_PREFIX.length);
    await handle.read(prefix, 0, prefix.length, 0);
    if (!prefix.equals(RECORDS_PREFIX)) {
      await close();
      return legacyStream(path);
    }
    const reader = new LineBlocks(handle);
    const blocks = reader[Symbol.asyncIterator]();
    const first = await blocks.next();
    const lines = first.done ? [] : first.value;
    const head = parseHead(lines[0] ?? '');
    return { head, parts: recordParts(reader, blocks, lines, close), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** How a file of records begins (the writer puts "layout" first): anything else is a data file of before. */
const RECORDS_PREFIX = Buffer.from(`{"layout":${JSON.stringify(RECORDS_LAYOUT)},`);

function parseHead(line: string): SnapshotHead {
  const { layout: _, ...head } = parseLine(line, 1) as SnapshotHead & { layout: string };
  return head;
}

async function legacyStream(path: string): Promise<SnapshotStream> {
  const text = await readFile(path, 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CorruptDataError(`it is not valid JSON (${(error as Error).message})`);
  }
  checkSnapshotShape(parsed);
  return streamOfSnapshot(parsed as StoreSnapshot);
}

async function* recordParts(
  reader: LineBlocks,
  blocks: AsyncIterator<string[]>,
  firstLines: string[],
  close: () => Promise<void>,
): AsyncIterable<SnapshotPart> {
  try {
    let section: SnapshotPart['section'] | undefined;
    let records: unknown[] = [];
    let lineNumber = 1;
    let lines = firstLines.slice(1);
    let trailer: unknown;
    let ended = false;
    for (;;) {
      for (const text of lines) {
        lineNumber++;
        const value = parseLine(text, lineNumber);
        if (ended) {
          if (trailer !== undefined) throw new CorruptDataError('it goes on past its trailer');
          trailer = value;
        } else if (typeof value === 'string') {
          if (section && records.length > 0) yield { section, records } as SnapshotPart;
          records = [];
          if (value === END_MARKER) ended = true;
          else if (isSection(value)) section = value;
          else throw new CorruptDataError(`line ${lineNumber} names no section: ${value}`);
        } else if (section === undefined) {
          throw new CorruptDataError(`line ${lineNumber} is a record before any section`);
        } else {
          records.push(value);
          if (records.length >= BATCH) {
            yield { section, records } as SnapshotPart;
            records = [];
          }
        }
      }
      const next = await blocks.next();
      if (next.done) break;
      lines = next.value;
    }
    if (reader.tornBytes > 0 || !ended) throw new CorruptDataError('it ends before its trailer: it was cut short');
    if (!isTrailer(trailer)) throw new CorruptDataError('its trailer is missing: it was cut short');
    if (trailer.sha256 !== reader.digestBeforeLastLine()) {
      throw new CorruptDataError('its content does not match its checksum');
    }
  } finally {
    await close();
  }
}

function parseLine(text: string, lineNumber: number): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CorruptDataError(`line ${lineNumber} is not valid JSON (${(error as Error).message})`);
  }
}

/** Bytes read from a file's end to find its trailer: far more than a trailer's line. */
const TAIL_BYTES = 64 * 1024;

/**
 * The counts a file of records says it holds (its trailer), read from its end alone: what `serve`
 * checks before loading anything. Null for a data file of before, or one whose end is not a trailer
 * (opening it then says what is wrong).
 */
export async function readRecordFileCounts(path: string): Promise<SectionCounts | null> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const prefix = Buffer.alloc(RECORDS_PREFIX.length);
    await handle.read(prefix, 0, prefix.length, 0);
    if (!prefix.equals(RECORDS_PREFIX)) return null;
    const { size } = await handle.stat();
    const tail = Buffer.alloc(Math.min(size, TAIL_BYTES));
    await handle.read(tail, 0, tail.length, size - tail.length);
    const lines = tail.toString('utf8').trimEnd().split('\n');
    try {
      const trailer: unknown = JSON.parse(lines[lines.length - 1] ?? '');
      return isTrailer(trailer) ? trailer.counts : null;
    } catch {
      return null;
    }
  } finally {
    await handle.close();
  }
}
