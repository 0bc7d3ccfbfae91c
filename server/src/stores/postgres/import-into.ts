import type { SnapshotStream } from '../../bugzilla/store/snapshot-stream.js';
import { Database } from './database.js';
import { DatabaseUnavailableError, isUnavailableError } from './errors.js';
import { importStream } from './import-snapshot.js';
import { migrate } from './migrate.js';

/**
 * `import --database URL`: the schema migrated (an empty database made ours), then the content
 * replaced by the stream in one transaction (importStream); instances serving the database hear of
 * it (bzc_instance's trigger) and see the old content or the new, never a mix.
 */
export async function importIntoDatabase(url: string, stream: SnapshotStream): Promise<void> {
  await migrate(url).catch((error: unknown) => {
    throw isUnavailableError(error) ? new DatabaseUnavailableError(error) : error;
  });
  const db = new Database(url, { maxConnections: 1 });
  try {
    await importStream(db, stream);
  } finally {
    await db.close();
  }
}
