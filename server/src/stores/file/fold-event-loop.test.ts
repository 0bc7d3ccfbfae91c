import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../testing/cli-server.js';
import { snapshotFromFixture } from '../../import/fixture/fixture.js';
import { foldingJournalPathFor } from './data-file.js';
import { openFileStore } from './file-store.js';
import { foldInWorker } from './fold-in-worker.js';
import { foldJournal } from './fold-journal.js';
import { RecordFile } from './record-file.js';

/** How many times a 1 ms interval fires on this thread while `work` runs. */
async function ticksDuring(work: () => Promise<void>): Promise<number> {
  let ticks = 0;
  const timer = setInterval(() => {
    ticks++;
  }, 1);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return ticks;
}

describe('a fold on the worker thread', () => {
  it('leaves this thread free: its timers keep firing, far more often than beside the same fold done here', async () => {
    const dir = await tempDir();
    const path = join(dir, 'data.json');
    const bugs = Array.from({ length: 30_000 }, (_, i) => ({ id: i + 1, summary: `Bug number ${i + 1}` }));
    const opened = await openFileStore(path, {
      create: () => snapshotFromFixture({ users: [{ login: 'a@example.com' }], bugs }),
      compactAfterBytes: 2000,
      fold: () => new Promise(() => {}), // held: the journal stays set aside for the folds below
    });
    for (let i = 0; i < 40; i++) await opened.store.recordVisits(1, [1 + i], 100 + i);
    const folding = foldingJournalPathFor(path);
    const dataCopy = join(dir, 'copy.json');
    await copyFile(path, dataCopy);

    const onWorker = await ticksDuring(() => foldInWorker(path, folding));
    const here = await ticksDuring(() => foldJournal(new RecordFile(dataCopy), folding));

    expect(onWorker).toBeGreaterThan(50);
    expect(onWorker).toBeGreaterThan(3 * here);
  });
});
