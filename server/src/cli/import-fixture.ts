import { readFile } from 'node:fs/promises';
import { FixtureError, snapshotFromFixture } from '../store/fixture.js';
import { replaceFileStore } from '../store/replace-file-store.js';

/** `import FIXTURE --data FILE`: validate the whole fixture first; only a good one replaces the store. */
export async function importFixture(fixturePath: string, dataPath: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(fixturePath, 'utf8');
  } catch (error) {
    throw new FixtureError(`fixture ${fixturePath} cannot be read (${(error as NodeJS.ErrnoException).code ?? error})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new FixtureError(`fixture ${fixturePath} is not valid JSON (${(error as Error).message})`);
  }
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
