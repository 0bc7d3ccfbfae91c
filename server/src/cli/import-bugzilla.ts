import type { SectionCounts } from '../bugzilla/store/snapshot-stream.js';
import { BUGZILLA_TABLES } from '../import/bugzilla-db/bugzilla-tables.js';
import { readBugzillaStream } from '../import/bugzilla-db/read-bugzilla.js';
import { num } from '../import/bugzilla-db/rows.js';
import { type BugzillaSource, openBugzillaSource } from '../import/bugzilla-db/source.js';
import { checkFileStoreHolds } from '../stores/file/capacity.js';
import { type ImportTarget, importSummary, writeImport } from './import-target.js';
import { redactDatabaseUrl } from './open-serve-store.js';

export interface BugzillaImportOptions {
  /** The Bugzilla's database: mysql://… (MySQL, MariaDB) or postgres://…. */
  from: string;
  bugzillaDir: string | undefined;
  withPasswords: boolean;
  /** Where progress lines go (the terminal's stderr). */
  progress: (line: string) => void;
}

/**
 * `import --from-bugzilla URL`: the Bugzilla database streamed into the store table by table, a
 * batch at a time (its schema checked before anything else), the store's content replaced all or
 * nothing, as a fixture import does. Into a data file, a tracker past what the file store holds
 * here is refused before anything is read.
 */
export async function importBugzilla(options: BugzillaImportOptions, target: ImportTarget): Promise<string> {
  const where = redactDatabaseUrl(options.from);
  const source = await openBugzillaSource(options.from);
  try {
    const stream = await readBugzillaStream(source, {
      where,
      bugzillaDir: options.bugzillaDir,
      withPasswords: options.withPasswords,
      progress: options.progress,
    });
    if (target.database === undefined) checkFileStoreHolds(await countRows(source), where);
    const started = Date.now();
    const { into, counts } = await writeImport(stream, target);
    options.progress(`wrote ${into} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return importSummary(where, into, counts);
  } finally {
    await source.close();
  }
}

/** How many rows each table the import reads holds, by the section they become. */
async function countRows(source: BugzillaSource): Promise<SectionCounts> {
  const counts: SectionCounts = {};
  for (const table of BUGZILLA_TABLES) {
    // A user's visits are one record of the snapshot.
    const what = table.section === 'last_visits' ? `count(DISTINCT ${table.id})` : 'count(*)';
    const [row] = await source.select(`SELECT ${what} AS n FROM ${table.table}`);
    counts[table.section] = num(row?.n ?? 0);
  }
  return counts;
}
