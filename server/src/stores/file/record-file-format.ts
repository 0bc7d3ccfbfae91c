import { SECTIONS, type SectionCounts, type SnapshotSection } from '../../bugzilla/store/snapshot-stream.js';

/**
 * The data file's layout since the file store holds millions of records: one JSON value a line,
 * never one JSON string (a JavaScript string holds at most ~512 MiB: about 220,000 bugs).
 *
 *   {"format":"bz-companion-store","format_version":1,"layout":"records",...the head}
 *   "bugs"                                   a section's name, as a JSON string, then its records
 *   {"id":1,...}                             one record a line
 *   "end"
 *   {"counts":{"bugs":1,...},"sha256":"…"}   the trailer: the records' counts, and the SHA-256 of
 *                                            every byte before this line
 *
 * A file without its trailer, or whose bytes do not match it, was cut short or changed: it is
 * refused, never loaded in part. A data file of before (one JSON object) has no "layout" in its
 * first line; it is read whole as it always was, and written in this layout at its next write.
 */
export const RECORDS_LAYOUT = 'records';
export const END_MARKER = 'end';

export interface RecordFileTrailer {
  counts: SectionCounts;
  sha256: string;
}

const SECTION_NAMES = new Set<string>(SECTIONS);

export function isSection(name: string): name is SnapshotSection {
  return SECTION_NAMES.has(name);
}

export function isTrailer(value: unknown): value is RecordFileTrailer {
  const trailer = value as RecordFileTrailer | null;
  return (
    typeof trailer === 'object' &&
    trailer !== null &&
    typeof trailer.sha256 === 'string' &&
    typeof trailer.counts === 'object' &&
    trailer.counts !== null
  );
}
