import { readBugzillaSnapshot } from '../import/bugzilla-db/read-bugzilla.js';
import { openBugzillaSource } from '../import/bugzilla-db/source.js';
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
 * `import --from-bugzilla URL`: the whole Bugzilla database read first (its schema checked before
 * anything else), then the store's content replaced in one go, as a fixture import does.
 */
export async function importBugzilla(options: BugzillaImportOptions, target: ImportTarget): Promise<string> {
  const where = redactDatabaseUrl(options.from);
  const source = await openBugzillaSource(options.from);
  let snapshot: Awaited<ReturnType<typeof readBugzillaSnapshot>>;
  try {
    snapshot = await readBugzillaSnapshot(source, {
      where,
      bugzillaDir: options.bugzillaDir,
      withPasswords: options.withPasswords,
      progress: options.progress,
    });
  } finally {
    await source.close();
  }
  const started = Date.now();
  const into = await writeImport(snapshot, target);
  options.progress(`wrote ${into} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return importSummary(where, into, snapshot);
}
