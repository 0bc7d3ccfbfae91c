import { appendFile, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../testing/cli-server.js';
import { readDataFile } from '../../../testing/data-file.js';
import type { Store } from '../../bugzilla/store/store.js';
import { snapshotFromFixture } from '../../import/fixture/fixture.js';
import { foldingJournalPathFor, journalPathFor } from './data-file.js';
import { type OpenFileStoreOptions, openFileStore } from './file-store.js';
import { foldInWorker } from './fold-in-worker.js';
import { replaceFileStore } from './replace-file-store.js';

/*
 * Compaction beside the writes: a full journal is set aside (`.journal.folding`) and folded
 * into the data file on a worker thread while new writes go to a fresh journal. Whatever
 * moment a crash comes at, every acknowledged write is there after a restart, once.
 */

const BUGS = 40;
const fixture = () =>
  snapshotFromFixture({
    users: [{ login: 'a@example.com', api_keys: ['key-a'] }],
    bugs: Array.from({ length: BUGS }, (_, i) => ({ id: i + 1 })),
  });

/** A promise and the function that settles it, to hold a fold at one step. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Visit `count` bugs one after another (user 1, bug k at time k): each acknowledged before the next. */
async function visitEach(store: Store, from: number, count: number): Promise<void> {
  for (let k = from; k < from + count; k++) await store.recordVisits(1, [1 + (k % BUGS)], k);
}

/** What a store holds of those visits: bug → last visit time. */
function visitsOf(store: Store): Promise<Array<number | undefined>> {
  return Promise.all(Array.from({ length: BUGS }, (_, i) => store.lastVisit(1, i + 1)));
}

/** As after kill -9: no close, the dead process's lock left behind. */
async function reopenAfterCrash(path: string, options: OpenFileStoreOptions = {}) {
  await writeFile(`${path}.lock`, '999999999\n');
  return openFileStore(path, options);
}

async function lineCount(path: string): Promise<number> {
  return (await readFile(path, 'utf8')).split('\n').filter((line) => line.endsWith('}')).length;
}

describe('folding a set-aside journal beside the writes', () => {
  it('keeps every write acknowledged while a fold runs, through close and reopen', async () => {
    const path = join(await tempDir(), 'data.json');
    const hold = gate();
    const { store, foldSettled } = await openFileStore(path, {
      create: fixture,
      compactAfterBytes: 300,
      fold: async (folding) => {
        await hold.opened;
        await foldInWorker(path, folding);
      },
    });
    await visitEach(store, 0, 10);
    expect(await exists(foldingJournalPathFor(path))).toBe(true);
    // The fold is held: writes go on into the fresh journal, past the threshold, without a second rotation.
    await visitEach(store, 10, 30);
    expect((await stat(journalPathFor(path))).size).toBeGreaterThan(300);
    const expected = await visitsOf(store);
    hold.open();
    await foldSettled();
    expect(await exists(foldingJournalPathFor(path))).toBe(false);
    expect((await readDataFile(path)).journal_position).toBeGreaterThan(0);
    await store.close();
    const reopened = await openFileStore(path);
    expect(reopened.replayed).toBe(0);
    expect(await visitsOf(reopened.store)).toEqual(expected);
    await reopened.store.close();
  });

  it('loses nothing after a crash between setting the journal aside and folding it, torn tails too', async () => {
    const path = join(await tempDir(), 'data.json');
    const { store } = await openFileStore(path, {
      create: fixture,
      compactAfterBytes: 300,
      fold: () => new Promise(() => {}), // the crash comes before the fold ends
    });
    await visitEach(store, 0, 30);
    const expected = await visitsOf(store);
    const entries = (await lineCount(foldingJournalPathFor(path))) + (await lineCount(journalPathFor(path)));
    expect(entries).toBe(30);
    // Writes cut off by the crash, in either journal (only the last can be torn in a real crash).
    await appendFile(foldingJournalPathFor(path), '{"n":9999,"op":"visit","us');
    await appendFile(journalPathFor(path), '{"n":31,"op":"visit","user":1,"bu');
    const reopened = await reopenAfterCrash(path);
    expect(reopened.replayed).toBe(30);
    expect(await visitsOf(reopened.store)).toEqual(expected);
    // The set-aside journal found at start is folded at once, beside new writes.
    await visitEach(reopened.store, 30, 5);
    await reopened.foldSettled();
    expect(await exists(foldingJournalPathFor(path))).toBe(false);
    const after = await visitsOf(reopened.store);
    await reopened.store.close();
    const third = await openFileStore(path);
    expect(await visitsOf(third.store)).toEqual(after);
    await third.store.close();
  });

  it('applies nothing twice after a crash between the fold’s snapshot and the removal of the set-aside journal', async () => {
    const path = join(await tempDir(), 'data.json');
    const folded = gate();
    const { store } = await openFileStore(path, {
      create: fixture,
      compactAfterBytes: 300,
      fold: async (folding) => {
        await foldInWorker(path, folding);
        folded.open();
        await new Promise(() => {}); // the crash comes before the set-aside journal is removed
      },
    });
    await visitEach(store, 0, 10);
    await folded.opened;
    await visitEach(store, 10, 7);
    const expected = await visitsOf(store);
    const setAside = await lineCount(foldingJournalPathFor(path));
    expect((await readDataFile(path)).journal_position).toBe(setAside);
    const reopened = await reopenAfterCrash(path, { compactAfterBytes: 1024 * 1024 });
    // Only the fresh journal's entries: the set-aside ones are in the snapshot already.
    expect(reopened.replayed).toBe(17 - setAside);
    expect(await visitsOf(reopened.store)).toEqual(expected);
    await reopened.foldSettled();
    await reopened.store.close();
    const third = await openFileStore(path);
    expect(third.replayed).toBe(0);
    expect(await visitsOf(third.store)).toEqual(expected);
    await third.store.close();
  });

  it('keeps both journals when a fold fails, keeps writing, and folds them on a later try', async () => {
    const path = join(await tempDir(), 'data.json');
    const errors: string[] = [];
    let tries = 0;
    const { store, foldSettled } = await openFileStore(path, {
      create: fixture,
      compactAfterBytes: 300,
      onError: (message) => errors.push(message),
      fold: async (folding) => {
        tries++;
        if (tries === 1) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
        await foldInWorker(path, folding);
      },
    });
    await visitEach(store, 0, 8);
    await foldSettled();
    expect(errors).toEqual(['compaction failed; the journals keep every change']);
    expect(await exists(foldingJournalPathFor(path))).toBe(true);
    expect((await readDataFile(path)).journal_position).toBe(0);
    // Writes go on, and after another threshold's worth the fold is tried again.
    await visitEach(store, 8, 20);
    await foldSettled();
    expect(tries).toBe(2);
    expect(await exists(foldingJournalPathFor(path))).toBe(false);
    const expected = await visitsOf(store);
    const crashed = await reopenAfterCrash(path);
    expect(await visitsOf(crashed.store)).toEqual(expected);
    await crashed.store.close();
  });

  it('leaves nothing of a set-aside journal to replay after an import replaced the data', async () => {
    const path = join(await tempDir(), 'data.json');
    const { store } = await openFileStore(path, {
      create: fixture,
      compactAfterBytes: 300,
      fold: () => new Promise(() => {}),
    });
    await visitEach(store, 0, 20);
    expect(await exists(foldingJournalPathFor(path))).toBe(true);
    await writeFile(`${path}.lock`, '999999999\n');
    await replaceFileStore(path, fixture());
    expect(await exists(foldingJournalPathFor(path))).toBe(false);
    expect(await exists(journalPathFor(path))).toBe(false);
    const reopened = await openFileStore(path);
    expect(reopened.replayed).toBe(0);
    expect((await visitsOf(reopened.store)).every((visit) => visit === undefined)).toBe(true);
    await reopened.store.recordVisits(1, [1], 5);
    await reopened.store.close();
    const third = await openFileStore(path);
    expect(await third.store.lastVisit(1, 1)).toBe(5);
    await third.store.close();
  });

  it('reports a fold that fails in the worker with its reason', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'data.json.journal.folding'), '');
    await expect(foldInWorker(join(dir, 'data.json'), join(dir, 'data.json.journal.folding'))).rejects.toThrow(
      /data file to fold the journal into is missing/,
    );
  });
});
