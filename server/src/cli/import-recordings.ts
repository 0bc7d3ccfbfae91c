import { writeFileSync } from 'node:fs';
import { fixtureFromRecordings } from '../import/recordings/fixture-from-recordings.js';
import { loadRecordings } from '../import/recordings/load-recordings.js';
import { type ImportTarget, importFixtureObject } from './import-fixture.js';

/**
 * `import --from-recordings DIR [--write-fixture FILE]`: what a recorded session saw, as a
 * fixture (written to FILE when asked), imported into the store as `import` does.
 */
export async function importRecordings(
  dir: string,
  fixtureFile: string | undefined,
  target: ImportTarget,
): Promise<string> {
  const fixture = fixtureFromRecordings(loadRecordings(dir).map(({ recording }) => recording));
  const done = await importFixtureObject(fixture, `the recordings in ${dir}`, target);
  if (fixtureFile === undefined) return done;
  writeFileSync(fixtureFile, `${JSON.stringify(fixture, null, 2)}\n`);
  return `${done}\nfixture written to ${fixtureFile}`;
}
