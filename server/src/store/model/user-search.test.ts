import { describe, expect, it } from 'vitest';
import type { User } from '../../domain/types.js';
import { UserSearch } from './user-search.js';

const user = (id: number, login: string, realName: string, disabled = false): User => ({
  id,
  login,
  realName,
  groups: [],
  disabled,
  disabledText: null,
  passwordHash: null,
  emailEnabled: true,
  blessGroups: [],
});

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
});
