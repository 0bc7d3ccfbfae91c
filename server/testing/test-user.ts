import type { User } from '../src/bugzilla/types.js';

/** A user row for unit tests: an enabled account with no password, no groups and mail on, unless told. */
export function testUser(fields: Pick<User, 'id' | 'login'> & Partial<User>): User {
  return {
    realName: '',
    groups: [],
    disabled: false,
    disabledText: null,
    passwordHash: null,
    emailEnabled: true,
    blessGroups: [],
    ...fields,
  };
}
