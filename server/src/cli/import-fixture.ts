import { FixtureError, snapshotFromFixture } from '../import/fixture/fixture.js';
import { readFixtureFile } from '../import/fixture/fixture-file.js';
import { type ImportTarget, importSummary, writeImport } from './import-target.js';

export type { ImportTarget } from './import-target.js';

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
  const { into, counts } = await writeImport(snapshot, target);
  return importSummary(fixturePath, into, counts);
}
