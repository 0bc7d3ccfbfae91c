import { type FileHandle, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../testing/cli-server.js';
import { snapshotFromFixture } from '../../import/fixture/fixture.js';
import { StoreWriteError } from '../committer.js';
import { Model } from '../model/model.js';
import { FileCommitter } from './file-committer.js';
import { foldJournal } from './fold-journal.js';
import { openJournalForWriting } from './journal-file.js';
import { RecordFile } from './record-file.js';

/** A real journal file whose writes fail with ENOSPC while `full` is set, as on a full disk. */
function failingWhenFull(handle: FileHandle, state: { full: boolean; syncs: number }): FileHandle {
  return new Proxy(handle, {
    get(target, property, receiver) {
      if (property === 'write' && state.full) {
        return () => Promise.reject(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
      }
      if (property === 'datasync') {
        return () => {
          state.syncs++;
          return target.datasync();
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function setup() {
  const dir = await tempDir();
  const dataPath = join(dir, 'data.json');
  const journalPath = `${dataPath}.journal`;
  const model = Model.fromSnapshot(
    snapshotFromFixture({ users: [{ login: 'a@example.com' }], bugs: [{ id: 1 }, { id: 2 }] }),
  );
  const state = { full: false, syncs: 0 };
  const errors: string[] = [];
  const snapshotFile = new RecordFile(dataPath);
  const committer = new FileCommitter({
    model,
    snapshotFile,
    journalPath,
    journal: failingWhenFull(await openJournalForWriting(journalPath), state),
    journalLength: 0,
    foldingJournalPath: `${journalPath}.folding`,
    folding: false,
    compactAfterBytes: 1024 * 1024,
    fold: (foldingPath) => foldJournal(snapshotFile, foldingPath),
    foldAtClose: () => true,
    onError: (message) => errors.push(message),
    release: () => {},
  });
  return { model, committer, state, journalPath };
}

describe('FileCommitter', () => {
  it('batches concurrent commits into far fewer syncs than commits (group commit)', async () => {
    const { model, committer, state } = await setup();
    await Promise.all(
      Array.from({ length: 100 }, (_, i) => committer.commit({ op: 'visit', user: 1, bugs: [1], ts: i })),
    );
    expect(model.lastVisit(1, 1)).toBe(99);
    expect(state.syncs).toBeLessThanOrEqual(2);
    await committer.close();
  });

  it('applies a change only after it is on disk, and in commit order', async () => {
    const { model, committer, journalPath } = await setup();
    const pending = committer.commit({ op: 'visit', user: 1, bugs: [2], ts: 7 });
    expect(model.lastVisit(1, 2)).toBeUndefined();
    await pending;
    expect(model.lastVisit(1, 2)).toBe(7);
    expect(await readFile(journalPath, 'utf8')).toBe('{"n":1,"op":"visit","user":1,"bugs":[2],"ts":7}\n');
    await committer.close();
  });

  it('rejects writes on a full disk, changes nothing, and recovers when space returns', async () => {
    const { model, committer, state, journalPath } = await setup();
    await committer.commit({ op: 'visit', user: 1, bugs: [1], ts: 1 });
    state.full = true;
    const failed = committer.commit({ op: 'visit', user: 1, bugs: [2], ts: 2 });
    await expect(failed).rejects.toThrow(StoreWriteError);
    await expect(failed).rejects.toThrow(/disk is full/);
    expect(model.lastVisit(1, 2)).toBeUndefined();
    state.full = false;
    await committer.commit({ op: 'visit', user: 1, bugs: [2], ts: 3 });
    expect(model.lastVisit(1, 2)).toBe(3);
    const lines = (await readFile(journalPath, 'utf8')).trim().split('\n');
    expect(lines.map((line) => JSON.parse(line).n)).toEqual([1, 2]);
    await committer.close();
  });
});
