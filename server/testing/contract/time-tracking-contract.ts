import { expect, it } from 'vitest';
import type { Store } from '../../src/bugzilla/store/store.js';
import { updateBugs } from './bug-write-contract.js';

const DEV = 5; // dev@example.com, in editbugs: a time tracker (timetrackinggroup's default)
const T0 = Date.parse('2026-11-27T12:00:00Z') / 1000;

/**
 * Time tracking every store keeps alike (run by store-contract.test.ts on each store that owns its
 * data): hours worked lower what is left as Bug.pm's add_comment does, `max(remaining - work_time, 0)`
 * with the hours as given, shown as Perl prints that number and stored rounded (qa-causes #127, #128).
 */
export function timeTrackingContract(store: () => Store, readOnly: boolean): void {
  it('lowers the hours left by the hours worked, shown as 5.2 computed them and stored rounded', async () => {
    if (readOnly) return;
    const work = (work_time: number, when: number) =>
      updateBugs(store(), DEV, [5], { work_time, comment: { body: `worked ${work_time}` } }, when);
    await updateBugs(store(), DEV, [5], { remaining_time: 0 }, T0);
    const backedOut = await work(-5, T0 + 1);
    expect(backedOut.bugs[0]?.changes.remaining_time).toEqual({ removed: '0.00', added: '5' });
    expect((await store().historyOf(5)).at(-1)?.changes).toContainEqual({
      field_name: 'remaining_time',
      removed: '0.00',
      added: '5',
    });
    const worked = await work(1.5, T0 + 2);
    expect(worked.bugs[0]?.changes.remaining_time).toEqual({ removed: '5.00', added: '3.5' });
    expect((await store().bugById(5))?.fields.remaining_time).toBe(3.5);
    const almost = await work(3.4, T0 + 3); // 3.5 - 3.4 is 0.10000000000000009 in a double: Perl prints 0.1
    expect(almost.bugs[0]?.changes.remaining_time).toEqual({ removed: '3.50', added: '0.1' });
    expect((await store().bugById(5))?.fields.remaining_time).toBe(0.1);
    const beyond = await work(1, T0 + 4);
    expect(beyond.bugs[0]?.changes.remaining_time).toEqual({ removed: '0.10', added: '0' });
    expect((await store().bugById(5))?.fields.remaining_time).toBe(0);
    const none = await work(1, T0 + 5);
    expect(none.bugs[0]?.changes).toEqual({});
  });
}
