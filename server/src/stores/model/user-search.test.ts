import { describe, expect, it } from 'vitest';
import { testUser } from '../../../testing/test-user.js';
import type { User } from '../../bugzilla/types.js';
import { UserSearch } from './user-search.js';

const user = (id: number, login: string, realName: string, disabled = false): User =>
  testUser({ id, login, realName, disabled });

describe('the user search index', () => {
  const users = [
    user(3, 'carol@example.com', 'Carol Dana'),
    user(1, 'dana@example.com', 'Dana One'),
    user(2, 'off@example.com', 'Dana Gone', true),
  ];
  const search = new UserSearch(users);
  const ids = (found: User[]) => found.map((found) => found.id);

  it('finds a substring of a login or a real name, each user once, by id', () => {
    expect(ids(search.containing('dana', () => true, null))).toEqual([1, 2, 3]);
    expect(ids(search.containing('carol', () => true, null))).toEqual([3]);
    expect(ids(search.containing('zzz', () => true, null))).toEqual([]);
  });

  it('leaves out whom the caller does not accept, and stops at the limit', () => {
    expect(ids(search.containing('dana', (found) => !found.disabled, null))).toEqual([1, 3]);
    expect(ids(search.containing('example', () => true, 2))).toEqual([1, 2]);
  });

  it('never matches across two fields or two users', () => {
    expect(ids(search.containing('com\tcarol', () => true, null))).toEqual([]);
    expect(ids(search.containing('one\ncarol', () => true, null))).toEqual([]);
  });

  it('checks the whole needle, not only its pieces, and reads short needles by a scan', () => {
    // Both trigrams of "danone" are in user 1's fields ("dan", "ana", "one"), but not the whole of it.
    expect(ids(search.containing('danone', () => true, null))).toEqual([]);
    expect(ids(search.containing('a o', () => true, null))).toEqual([1]);
    expect(ids(search.containing('ca', () => true, null))).toEqual([3]);
    expect(ids(search.containing('g', () => true, null))).toEqual([2]);
  });

  it('finds what a scan of every user finds, over many users with shared pieces', () => {
    const many = Array.from({ length: 3000 }, (_, i) =>
      user(i + 1, `person${i + 1}@example.com`, `Person Nümber ${(i * 7) % 1000}`, i % 5 === 0),
    );
    const index = new UserSearch(many.slice().reverse());
    for (const needle of ['number 99', 'nümber 99', 'son12', '@example', '2@ex', 'zzz', 'ber 1', 'r 7']) {
      const scanned = many.filter(
        (one) => one.login.toLowerCase().includes(needle) || one.realName.toLowerCase().includes(needle),
      );
      expect(ids(index.containing(needle, () => true, null))).toEqual(ids(scanned));
      expect(ids(index.containing(needle, (one) => !one.disabled, 10))).toEqual(
        ids(scanned.filter((one) => !one.disabled).slice(0, 10)),
      );
    }
  });
});
