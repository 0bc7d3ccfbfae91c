import { readFile, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../testing/cli-server.js';
import { readDataFile } from '../../../testing/data-file.js';
import { snapshotFromFixture } from '../../import/fixture/fixture.js';
import { Model } from '../model/model.js';
import { modelRecords, modelSnapshot } from '../model/model-records.js';
import { streamOfSnapshot } from '../snapshot-parts.js';
import { checkFileStoreHolds } from './capacity.js';
import { openFileStore } from './file-store.js';
import { readRecordFileCounts } from './record-file-reader.js';
import { writeRecordFile } from './record-file-writer.js';

/** Enough bugs and comments that the file spans several reads and parts (4 MiB, 2,000 records). */
const fixture = () =>
  snapshotFromFixture({
    users: [
      { login: 'a@example.com', api_keys: ['KeyA0123456789abcdefghijklmnopqrstuvwxy'] },
      { login: 'b@example.com' },
    ],
    bugs: Array.from({ length: 3000 }, (_, i) => ({
      id: i + 1,
      summary: `Bug ${i + 1} — ünïcode ✓ ${'x'.repeat(i % 200)}`,
      reporter: 'a@example.com',
      cc: ['b@example.com'],
      comments: [
        { author: 'a@example.com', time: '2026-01-01T00:00:00Z', text: `first of ${i + 1} ${'y'.repeat(1000)}` },
        { author: 'b@example.com', time: '2026-01-02T00:00:00Z', text: 'second' },
      ],
    })),
    last_visits: [{ user: 'a@example.com', bug_id: 7, last_visit_ts: '2026-01-03T00:00:00Z' }],
  });

describe('the data file as records', () => {
  it('reads back what it wrote, record for record, over many reads of the file', async () => {
    const path = join(await tempDir(), 'data.json');
    const snapshot = fixture();
    const counts = await writeRecordFile(path, streamOfSnapshot(snapshot));
    expect(counts).toMatchObject({ users: 2, bugs: 3000, comments: 6000, last_visits: 1 });
    expect((await stat(path)).size).toBeGreaterThan(4 * 1024 * 1024);
    expect(await readDataFile(path)).toEqual(modelSnapshot(Model.fromSnapshot(snapshot)));
    expect(await readRecordFileCounts(path)).toEqual(counts);
  });

  it('writes a model and loads it again unchanged', async () => {
    const path = join(await tempDir(), 'data.json');
    const model = Model.fromSnapshot(fixture());
    await writeRecordFile(path, modelRecords(model));
    expect(modelSnapshot(Model.fromSnapshot(await readDataFile(path)))).toEqual(modelSnapshot(model));
  });

  it('refuses a file cut short or changed, and never loads it in part', async () => {
    const dir = await tempDir();
    const path = join(dir, 'data.json');
    await writeRecordFile(path, streamOfSnapshot(fixture()));
    const whole = await readFile(path);
    await truncate(path, whole.length - 10);
    await expect(openFileStore(path)).rejects.toThrow(/cannot be used: .*(cut short|trailer)/);
    await truncate(path, Math.floor(whole.length / 2));
    await expect(openFileStore(path)).rejects.toThrow(/cannot be used: it ends before its trailer/);
    const changed = Buffer.from(whole);
    changed[whole.indexOf('Bug 1500 ') + 4] = '7'.charCodeAt(0);
    await writeFile(path, changed);
    await expect(openFileStore(path)).rejects.toThrow(/cannot be used: its content does not match its checksum/);
    expect((await readFile(path)).equals(changed)).toBe(true);
  });

  it('opens a data file of before unchanged, and writes it as records at its next write', async () => {
    const path = join(await tempDir(), 'data.json');
    const snapshot = fixture();
    const legacy = JSON.stringify(snapshot);
    await writeFile(path, legacy);
    const opened = await openFileStore(path);
    expect((await opened.store.bugById(3000))?.fields.summary).toMatch(/^Bug 3000/);
    expect(await readFile(path, 'utf8')).toBe(legacy);
    await opened.store.recordVisits(1, [9], 1_800_000_000);
    await opened.store.close();
    expect((await readFile(path, 'utf8')).startsWith('{"layout":"records",')).toBe(true);
    const reopened = await openFileStore(path);
    expect(await reopened.store.lastVisit(1, 9)).toBe(1_800_000_000);
    expect(await reopened.store.commentsOf(2999)).toHaveLength(2);
    await reopened.store.close();
  });

  it('refuses a data set past what the file store holds here, in one line naming the limit and --database', async () => {
    const path = join(await tempDir(), 'data.json');
    await writeRecordFile(path, streamOfSnapshot(fixture()));
    const counts = (await readRecordFileCounts(path)) ?? {};
    const small = { modelBytes: 1_000_000, heapBytes: 2_000_000 };
    expect(() => checkFileStoreHolds(counts, `data file ${path}`, small)).toThrow(
      /^data file .* holds 3,000 bugs and 6,000 comments, more than the file store holds on this machine \(about .*\); keep it in PostgreSQL instead: --database postgres:\/\/…$/,
    );
    expect(() => checkFileStoreHolds(counts, 'it')).not.toThrow();
  });
});
