import { describe, expect, it } from 'vitest';
import { defaultBugFields } from '../../bugzilla/bug/bug-defaults.js';
import type { Bug } from '../../bugzilla/types.js';
import { BugIndexes } from './bug-indexes.js';

const bug = (id: number, change: Partial<Bug['fields']> = {}, people: Partial<Bug> = {}): Bug => ({
  id,
  aliases: [],
  reporter: 1,
  assignedTo: 1,
  qaContact: null,
  cc: [],
  groups: [],
  reporterAccessible: true,
  cclistAccessible: true,
  ...people,
  fields: Object.assign(defaultBugFields({ creation: 0, lastChange: 0 }), change),
});

const under = (index: ReadonlyMap<string | number, { ids(): ArrayLike<number> }>, key: string | number) =>
  Array.from(index.get(key)?.ids() ?? []);

/** A bug put again leaves the keys it lost and joins those it gained; the others keep it. */
describe('BugIndexes.put', () => {
  it('moves a changed value, row key and word, and keeps the unchanged ones', () => {
    const indexes = new BugIndexes();
    for (const id of [1, 2, 3]) indexes.put(bug(id, { priority: 'P3', summary: 'crash on start' }, { cc: [7] }), []);
    indexes.put(bug(2, { priority: 'P1', summary: 'crash on exit' }, { cc: [8] }), []);

    expect(under(indexes.values('priority'), 'P3')).toEqual([1, 3]);
    expect(under(indexes.values('priority'), 'P1')).toEqual([2]);
    expect(under(indexes.rowKeys('cc'), 7)).toEqual([1, 3]);
    expect(under(indexes.rowKeys('cc'), 8)).toEqual([2]);
    expect(Array.from(indexes.text('short_desc').candidates('start') ?? [])).toEqual([1, 3]);
    expect(Array.from(indexes.text('short_desc').candidates('exit') ?? [])).toEqual([2]);
    expect(Array.from(indexes.text('short_desc').candidates('crash') ?? [])).toEqual([1, 2, 3]);
    expect(Array.from(indexes.all.ids())).toEqual([1, 2, 3]);
  });

  it('takes a value back to where it was, and a value cleared out of its key', () => {
    const indexes = new BugIndexes();
    indexes.put(bug(5, { priority: 'P3' }, { qaContact: 4 }), []);
    indexes.put(bug(5, { priority: 'P1' }, { qaContact: null }), []);
    indexes.put(bug(5, { priority: 'P3' }, { qaContact: null }), []);

    expect(under(indexes.values('priority'), 'P3')).toEqual([5]);
    expect(under(indexes.values('priority'), 'P1')).toEqual([]);
    expect(under(indexes.values('qa_contact'), 4)).toEqual([]);
  });

  it("keeps each bug's duplicates as bugs are marked, moved and reopened", () => {
    const indexes = new BugIndexes();
    for (const id of [3, 1, 2]) indexes.put(bug(id, { dupe_of: 9 }), []);
    indexes.put(bug(4, { dupe_of: 8 }), []);
    expect(indexes.duplicatesOf(9)).toEqual([1, 2, 3]);
    indexes.put(bug(2, { dupe_of: 8 }), []);
    indexes.put(bug(3, { dupe_of: null }), []);

    expect(indexes.duplicatesOf(9)).toEqual([1]);
    expect(indexes.duplicatesOf(8)).toEqual([2, 4]);
    expect(indexes.duplicatesOf(7)).toEqual([]);
    indexes.clear();
    expect(indexes.duplicatesOf(8)).toEqual([]);
  });
});
