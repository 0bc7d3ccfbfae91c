import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bugzilla52ExtendedSnapshot } from '../../../testing/bugzilla-5.2-extended.js';
import { tempDir } from '../../../testing/cli-server.js';
import { updateBugs } from '../../../testing/contract/bug-write-contract.js';
import { owned } from '../../../testing/owned.js';
import { openFileStore } from './file-store.js';

const DEV = 5; // dev@example.com, who may change bug 4
const T0 = Date.parse('2026-11-27T11:00:00Z') / 1000;

/*
 * A bug write is applied only if the bugs it read are as its plan found them; its journal line
 * says so by counts. After a fold the data file is the start the journal is replayed from, so
 * those counts must start there too: a write acknowledged after a fold is there after a crash.
 */
describe('bug writes across a fold and a crash', () => {
  it('keeps every acknowledged update of one bug, before and after folds', async () => {
    const path = join(await tempDir(), 'data.json');
    const { store, foldSettled } = await openFileStore(path, {
      create: bugzilla52ExtendedSnapshot,
      compactAfterBytes: 1,
    });
    for (let i = 1; i <= 6; i++) {
      await updateBugs(store, DEV, [4], { summary: `Summary ${i}` }, T0 + i);
      // Let the fold started by this write finish, so the next write lands in a fresh journal.
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect((await store.bugById(4))?.fields.summary).toBe('Summary 6');
    // kill -9: no close; the dead process's lock is left behind.
    await writeFile(`${path}.lock`, '999999999\n');
    const reopened = await openFileStore(path);
    expect((await reopened.store.bugById(4))?.fields.summary).toBe('Summary 6');
    await reopened.store.close();
    // The "killed" store's fold worker lives on in this process: let it end before the folder goes.
    await foldSettled();
  });

  it('keeps the updates made after a reset, folded and not', async () => {
    const path = join(await tempDir(), 'data.json');
    const { store, foldSettled } = await openFileStore(path, {
      create: bugzilla52ExtendedSnapshot,
      compactAfterBytes: 1,
    });
    await updateBugs(store, DEV, [4], { summary: 'Before the reset' }, T0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // A reset starts a new generation: plans made before it plan again.
    await owned(store).replaceAll(bugzilla52ExtendedSnapshot());
    for (let i = 1; i <= 3; i++) {
      await updateBugs(store, DEV, [4], { summary: `After ${i}` }, T0 + i);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await writeFile(`${path}.lock`, '999999999\n');
    const reopened = await openFileStore(path);
    expect((await reopened.store.bugById(4))?.fields.summary).toBe('After 3');
    await reopened.store.close();
    await foldSettled();
  });
});
