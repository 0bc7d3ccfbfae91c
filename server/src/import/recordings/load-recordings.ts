import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Recording } from './recording.js';

/** A directory that holds no readable recording, or a file in it that is not one. */
class RecordingsError extends Error {
  override readonly name = 'RecordingsError';
}

/** Reads every `*.json` recording of a directory, in file-name order (the order they were made in). */
export function loadRecordings(dir: string): Array<{ file: string; recording: Recording }> {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort();
  } catch (error) {
    throw new RecordingsError(`recordings ${dir}: ${(error as Error).message}`);
  }
  return names.map((file) => {
    let recording: Recording;
    try {
      recording = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Recording;
    } catch (error) {
      throw new RecordingsError(`recording ${join(dir, file)}: not JSON (${(error as Error).message})`);
    }
    if (!recording?.request?.method || typeof recording.response?.status !== 'number') {
      throw new RecordingsError(`recording ${join(dir, file)}: not a recording (no request.method or response.status)`);
    }
    return { file, recording };
  });
}
