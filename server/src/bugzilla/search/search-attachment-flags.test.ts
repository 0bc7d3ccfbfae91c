import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bugzilla52ExtendedSnapshot } from '../../../testing/bugzilla-5.2-extended.js';
import { attachmentFlagsOf, everyBug } from '../../../testing/every-bug.js';
import { openStore } from '../../stores/open/open-store.js';
import type { Store } from '../store/store.js';
import type { User } from '../types.js';
import { searchBugs } from './search.js';

/*
 * 5.2's flag charts join `flags` on the bug id, so a bug is found by its attachments' flags too:
 * in the recorded data set, bug 8 has review+ (set by admin) and its attachment 1 approval? (set by dev).
 */
let store: Store;
let admin: User;
beforeAll(async () => {
  store = (await openStore({ kind: 'memory', snapshot: bugzilla52ExtendedSnapshot() })).store;
  admin = (await store.userById(1)) as User;
});
afterAll(() => store.close());

async function found(query: string): Promise<number[]> {
  return (await searchBugs(store, admin, new URLSearchParams(query))).map((bug) => bug.id);
}

describe("Bug.search by an attachment's flags", () => {
  it('finds the bug by its attachment flag type, setter and status', async () => {
    expect(await found('f1=flagtypes.name&o1=equals&v1=approval?')).toEqual([8]);
    expect(await found('f1=flagtypes.name&o1=substring&v1=approval')).toEqual([8]);
    expect(await found('f1=setters.login_name&o1=equals&v1=dev@example.com')).toEqual([8]);
    // PostgreSQL's = on login_name, as 5.2 writes it, minds the letter case.
    expect(await found('f1=setters.login_name&o1=equals&v1=DEV@example.com')).toEqual([]);
  });

  it('negates over all of the bug’s flags, its attachments’ included', async () => {
    const notApproval = await found('f1=flagtypes.name&o1=notequals&v1=approval?');
    expect(notApproval).not.toContain(8);
    expect(notApproval).toContain(1);
    expect(await found('f1=setters.login_name&o1=notequals&v1=dev@example.com')).not.toContain(8);
  });

  it('reads the data set’s one attachment flag with bug 8’s attachments', async () => {
    const withFlags: Array<[number, unknown[]]> = [];
    for (const bug of await everyBug(store)) {
      const flags = await attachmentFlagsOf(store, bug.id);
      if (flags.length > 0) withFlags.push([bug.id, flags]);
    }
    expect(withFlags).toEqual([
      [8, [expect.objectContaining({ name: 'approval', status: '?', setter: 'dev@example.com' })]],
    ]);
  });
});
