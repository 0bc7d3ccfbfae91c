import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordingState } from '@bz-companion/shared';
import { leftoverSecret, type Recording } from '../import/recordings/recording.js';

/** A recording that still holds a credential: never written, and named so the user can see which. */
export class CredentialLeftError extends Error {
  override readonly name = 'CredentialLeftError';
}

/**
 * Writes one file per exchange into a directory (`0001-GET-rest-bug-1.json`), numbered after
 * any already there so a second session adds to the first. A recording is refused, and named,
 * when a credential the request carried is still in it after its removal.
 */
export class Recorder {
  #dir: string | null = null;
  #next = 1;
  #written: string[] = [];
  #refused: Array<{ file: string; reason: string }> = [];
  readonly #log: (line: string) => void;

  constructor(log: (line: string) => void = (line) => console.error(line)) {
    this.#log = log;
  }

  get active(): boolean {
    return this.#dir !== null;
  }

  start(dir: string): Omit<RecordingState, 'proxy'> {
    mkdirSync(dir, { recursive: true });
    const numbers = readdirSync(dir)
      .map((name) => /^(\d+)-.*\.json$/.exec(name)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number);
    this.#next = Math.max(0, ...numbers) + 1;
    this.#dir = dir;
    this.#written = [];
    this.#refused = [];
    return this.state();
  }

  stop(): Omit<RecordingState, 'proxy'> {
    const state = this.state();
    this.#dir = null;
    return { ...state, recording: false };
  }

  state(): Omit<RecordingState, 'proxy'> {
    return { recording: this.#dir !== null, dir: this.#dir, written: [...this.#written], refused: [...this.#refused] };
  }

  /** Writes the exchange (returns its file name), or refuses it (CredentialLeftError naming the file). */
  write(recording: Recording, secrets: ReadonlySet<string>, label: string): string {
    if (this.#dir === null) throw new Error('not recording');
    const file = `${String(this.#next++).padStart(4, '0')}-${slug(recording.request.method, label)}.json`;
    const secret = leftoverSecret(recording, secrets);
    if (secret !== undefined) {
      const reason = `a credential the request carried (${secret.slice(0, 3)}…) is still in it`;
      this.#refused.push({ file, reason });
      this.#log(`bz-companion: recording ${file} refused: ${reason}`);
      throw new CredentialLeftError(`recording ${file} refused: ${reason}`);
    }
    writeFileSync(join(this.#dir, file), `${JSON.stringify(recording, null, 2)}\n`);
    this.#written.push(file);
    return file;
  }
}

/** `GET` + `/rest/bug/1` → `GET-rest-bug-1`; an RPC call is named by its method (`POST-xmlrpc-Bug.get`). */
function slug(method: string, label: string): string {
  const words = label
    .replace(/[^A-Za-z0-9._]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${method}-${words || 'root'}`;
}
