import { FixtureError, snapshotFromFixture } from '../store/fixture.js';
import { readFixtureFile } from '../store/fixture-file.js';
import { replaceFileStore } from '../store/replace-file-store.js';

/** `import FIXTURE --data FILE`: validate the whole fixture first; only a good one replaces the store. */
export async function importFixture(fixturePath: string, dataPath: string): Promise<string> {
  const parsed = await readFixtureFile(fixturePath);
  let snapshot: ReturnType<typeof snapshotFromFixture>;
  try {
    snapshot = snapshotFromFixture(parsed);
  } catch (error) {
    if (error instanceof FixtureError) throw new FixtureError(`fixture ${fixturePath}: ${error.message}`);
    throw error;
  }
  await replaceFileStore(dataPath, snapshot);
  return (
    `imported ${fixturePath} into ${dataPath}: ${snapshot.users.length} users, ${snapshot.bugs.length} bugs, ` +
    `${snapshot.last_visits.reduce((sum, user) => sum + user.bug_ids.length, 0)} visits, ` +
    `${snapshot.audit_log.length} audit events`
  );
}
