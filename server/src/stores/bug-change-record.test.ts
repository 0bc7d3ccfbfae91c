import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../testing/cli-server.js';
import type { JournalOp } from '../bugzilla/store/snapshot.js';
import { ownedData, type Store } from '../bugzilla/store/store.js';
import type { Bug } from '../bugzilla/types.js';
import { snapshotFromFixture } from '../import/fixture/fixture.js';
import { bugChangeRecord, sameValue } from './bug-change-record.js';
import { journalPathFor } from './file/data-file.js';
import { openFileStore } from './file/file-store.js';
import { Model } from './model/model.js';
import { snapshotBugRecord } from './snapshot-records.js';

const fixture = () =>
  snapshotFromFixture({
    users: [
      { login: 'a@example.com', api_keys: ['key-a'] },
      { login: 'b@example.com', api_keys: ['key-b'] },
    ],
    bugs: [
      { id: 1, summary: 'One', alias: ['one'], cc: ['a@example.com'], keywords: ['k1'] },
      { id: 2, summary: 'Two' },
    ],
  });

/** A planned version of `stored`: several members and fields changed, one field dropped, a new flag. */
function planned(stored: Bug): Bug {
  const fields = { ...stored.fields, keywords: [], whiteboard: 'changed', last_change_time: 1_800_000_000 };
  fields.flags = [
    {
      id: 0,
      name: 'review',
      type_id: 1,
      status: '?',
      setter: 'a@example.com',
      creation_date: '',
      modification_date: '',
    },
  ] as unknown as Bug['fields']['flags'];
  delete (fields as Partial<Bug['fields']>).deadline;
  return { ...stored, aliases: ['uno'], cc: [...stored.cc, 2], assignedTo: 2, fields };
}

const writeOp = (bug: Bug | ReturnType<typeof bugChangeRecord>): Extract<JournalOp, { op: 'bug_write' }> => ({
  op: 'bug_write',
  effect: {
    bugs: ['change' in bug ? bug : snapshotBugRecord(bug as Bug)] as never,
    history: [],
    comments: [],
    visits: [],
  },
  expect: { generation: 0, bugs: [[1, 0]] },
});

describe('a bug write that records only what changed', () => {
  it('compares lists and flat objects by content', () => {
    expect(sameValue([1, 2], [1, 2])).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue({ a: 'x' }, { a: 'x' })).toBe(true);
    expect(sameValue({ a: 'x' }, { a: 'x', b: 'y' })).toBe(false);
    expect(sameValue({ a: 'x', b: 'y' }, { a: 'x' })).toBe(false);
    expect(sameValue([], {})).toBe(false);
    expect(sameValue(null, [])).toBe(false);
    expect(sameValue(0, false)).toBe(false);
  });

  it('names only the changed members and fields, and rebuilds the same bug as the whole record, replayed too', () => {
    const whole = Model.fromSnapshot(fixture());
    const stored = whole.bugs.get(1) as Bug;
    stored.fields.deadline = '2026-12-01';
    const next = planned(stored);
    const change = bugChangeRecord(stored, next);
    expect(Object.keys(change).sort()).toEqual([
      'alias',
      'assigned_to_id',
      'cc_ids',
      'change',
      'fields',
      'id',
      'unset_fields',
    ]);
    expect(Object.keys(change.fields ?? {}).sort()).toEqual(['flags', 'keywords', 'last_change_time', 'whiteboard']);
    expect(change.unset_fields).toEqual(['deadline']);

    const byChange = Model.fromSnapshot(fixture());
    (byChange.bugs.get(1) as Bug).fields.deadline = '2026-12-01';
    const replayed = Model.fromSnapshot(fixture());
    (replayed.bugs.get(1) as Bug).fields.deadline = '2026-12-01';
    whole.apply(writeOp(next));
    byChange.apply(writeOp(change));
    replayed.apply(JSON.parse(JSON.stringify(writeOp(change))));
    const wholeBug = whole.bugs.get(1);
    expect(wholeBug?.fields.flags[0]?.id).toBe(1);
    expect(wholeBug?.fields.deadline).toBeUndefined();
    expect(byChange.bugs.get(1)).toEqual(wholeBug);
    expect(replayed.bugs.get(1)).toEqual(wholeBug);
    expect(byChange.bugsByAlias.get('uno')?.id).toBe(1);
    expect(byChange.bugsByAlias.has('one')).toBe(false);
    // The model owns its copy: the plan's lists are not the stored ones.
    expect(byChange.bugs.get(1)?.cc).not.toBe(next.cc);
    expect(byChange.bugs.get(1)?.fields.flags).not.toBe(change.fields?.flags);
  });

  it('journals an update as its change, and a restart replays it', async () => {
    const path = join(await tempDir(), 'data.json');
    const { store } = await openFileStore(path, { create: fixture });
    const before = store.bugById(2) as Bug;
    const after: Bug = { ...before, fields: { ...before.fields, priority: 'High', last_change_time: 1_800_000_000 } };
    await update(store, after);
    const line = (await readFile(journalPathFor(path), 'utf8')).trim();
    expect(JSON.parse(line).effect.bugs).toEqual([
      { id: 2, change: true, fields: { priority: 'High', last_change_time: 1_800_000_000 } },
    ]);
    // No close(): as after kill -9, only the journal has the change. Drop the lock as a dead process would.
    await writeFile(`${path}.lock`, '999999999\n');
    const reopened = await openFileStore(path);
    expect(reopened.store.bugById(2)).toEqual(after);
    await reopened.store.close();
  });
});

function update(store: Store, bug: Bug): Promise<null> {
  return ownedData(store, 'the test').writeBugs({
    bugIds: [bug.id],
    aliases: [],
    logins: [],
    when: bug.fields.last_change_time,
    plan: (view) => {
      view.bug(bug.id);
      return { effect: { bugs: [bug], history: [], comments: [], visits: [] }, result: null };
    },
  });
}
