import { replaceFileStore } from '../store/file/replace-file-store.js';
import { FixtureError, snapshotFromFixture } from '../store/fixture/fixture.js';
import { readFixtureFile } from '../store/fixture/fixture-file.js';
import { openStore } from '../store/open-store.js';
import { ownedData } from '../store/store.js';
import { redactDatabaseUrl } from './open-serve-store.js';

export interface ImportTarget {
  data: string;
  /** PostgreSQL URL: import there (migrating an empty database first) instead of the data file. */
  database: string | undefined;
}

/** `import FIXTURE --data FILE | --database URL`: validate the whole fixture first; only a good one replaces the store. */
export async function importFixture(fixturePath: string, target: ImportTarget): Promise<string> {
  return importFixtureObject(await readFixtureFile(fixturePath), fixturePath, target);
}

/** The same for a fixture already in hand (`import --from-recordings`); `source` names it in messages. */
export async function importFixtureObject(parsed: unknown, source: string, target: ImportTarget): Promise<string> {
  const fixturePath = source;
  let snapshot: ReturnType<typeof snapshotFromFixture>;
  try {
    snapshot = snapshotFromFixture(parsed);
  } catch (error) {
    if (error instanceof FixtureError) throw new FixtureError(`fixture ${fixturePath}: ${error.message}`);
    throw error;
  }
  let into: string;
  if (target.database === undefined) {
    await replaceFileStore(target.data, snapshot);
    into = target.data;
  } else {
    // One transaction: instances serving the database see the old content or the new, never a mix.
    const { store, created } = await openStore({ kind: 'postgres', url: target.database, seed: snapshot });
    try {
      if (!created) await ownedData(store, 'replacing the content (import)').replaceAll(snapshot);
    } finally {
      await store.close();
    }
    into = redactDatabaseUrl(target.database);
  }
  return (
    `imported ${fixturePath} into ${into}: ${snapshot.users.length} users, ${snapshot.bugs.length} bugs, ` +
    `${snapshot.last_visits.reduce((sum, user) => sum + user.bug_ids.length, 0)} visits, ` +
    `${snapshot.audit_log.length} audit events`
  );
}
