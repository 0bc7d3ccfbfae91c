import { expect, it } from 'vitest';
import { editable, nextIdOf } from '../../src/bugzilla/catalogue/catalogue-change.js';
import { searchBugs } from '../../src/bugzilla/search/search.js';
import type { Store } from '../../src/bugzilla/store/store.js';
import type { User } from '../../src/bugzilla/types.js';
import { owned } from '../owned.js';
import { updateBugs } from './bug-write-contract.js';

const ADMIN = 1;
const T0 = Date.parse('2026-11-27T23:00:00Z') / 1000;

/**
 * Bug.search over what each store keeps of a bug's multi-valued fields (CCs, keywords,
 * dependencies), run by store-contract.test.ts on every store, after its other writes: the
 * recorded 5.2 data set has user@ on the CC list of 2, 6 and 8 (12 gets everyone's there), and 10
 * depending on 11.
 */
export function searchContract(store: () => Store, readOnly: boolean): void {
  const ids = async (query: string) => {
    const admin = (await store().userById(ADMIN)) as User;
    return (await searchBugs(store(), admin, new URLSearchParams(query))).map((bug) => bug.id);
  };

  it('searches by CC and by dependencies, as parameters and as charts', async () => {
    expect(await ids('cc=user&f1=bug_id&o1=lessthan&v1=12')).toEqual([2, 6, 8]);
    expect(await ids('f1=cc&o1=notequals&v1=user@example.com&id=1,2,8,10')).toEqual([1, 10]);
    expect(await ids('f1=cc&o1=isempty&id=1,2,8,10')).toEqual([1]);
    expect(await ids('depends_on=11')).toEqual([10]);
    expect(await ids('f1=blocked&o1=equals&v1=10')).toEqual([11]);
    expect(await ids('f1=dependson&o1=isnotempty')).toEqual([10]);
    await expect(ids('f1=dependson&o1=equals&v1=abc')).rejects.toMatchObject({ code: 52 });
  });

  it('searches by keywords: allwords by default, nowords, isempty', async () => {
    if (!readOnly) {
      await owned(store()).changeCatalogue((current) => {
        const next = editable(current);
        for (const name of ['crash', 'perf']) {
          if (current.data.keywords.some((keyword) => keyword.name === name)) continue;
          next.keywords.push({ id: nextIdOf(next.keywords), name, description: name, isActive: true });
        }
        return { next, answer: null };
      });
      await updateBugs(store(), ADMIN, [3], { keywords: { set: ['crash', 'perf'] } }, T0);
      await updateBugs(store(), ADMIN, [5], { keywords: { set: ['crash'] } }, T0);
      expect(await ids('keywords=crash')).toEqual([3, 5]);
      expect(await ids('keywords=perf,crash')).toEqual([3]);
      expect(await ids('keywords=perf&keywords_type=nowords&id=3,5')).toEqual([5]);
      expect(await ids('f1=keywords&o1=isnotempty')).toEqual([3, 5]);
      return;
    }
    expect(await ids('keywords=crash')).toEqual([]);
    expect(await ids('keywords=crash&keywords_type=nowords&id=3,5')).toEqual([3, 5]);
  });

  it('finds a bug by what its last write gave it, and no longer by what the writes took away', async () => {
    if (readOnly) return;
    await updateBugs(store(), ADMIN, [4], { whiteboard: '[contract-alpha]' }, T0);
    expect(await ids('whiteboard=contract-alpha')).toEqual([4]);
    // Two writes with no search between: the indexes see only where the bug ended up.
    await updateBugs(store(), ADMIN, [4], { whiteboard: '[contract-beta]' }, T0 + 1);
    await updateBugs(store(), ADMIN, [4], { whiteboard: '[contract-gamma]' }, T0 + 2);
    expect(await ids('whiteboard=contract-alpha')).toEqual([]);
    expect(await ids('whiteboard=contract-beta')).toEqual([]);
    expect(await ids('whiteboard=contract-gamma')).toEqual([4]);
  });
}
