import { readFile } from 'node:fs/promises';
import { FixtureError } from './fixture.js';

/** A fixture file's parsed JSON (not yet validated); FixtureError names the file when it cannot be. */
export async function readFixtureFile(fixturePath: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(fixturePath, 'utf8');
  } catch (error) {
    throw new FixtureError(`fixture ${fixturePath} cannot be read (${(error as NodeJS.ErrnoException).code ?? error})`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new FixtureError(`fixture ${fixturePath} is not valid JSON (${(error as Error).message})`);
  }
}
