import type { SnapshotUser } from '../bugzilla/store/snapshot.js';
import type { User } from '../bugzilla/types.js';

/** A user as a snapshot or journal entry holds it (API keys apart); defaults are left out. */
export function userRecord(user: User): Omit<SnapshotUser, 'api_keys'> {
  const record: Omit<SnapshotUser, 'api_keys'> = {
    id: user.id,
    login: user.login,
    real_name: user.realName,
    groups: [...user.groups],
    disabled: user.disabled,
    disabled_text: user.disabledText,
    password_hash: user.passwordHash,
  };
  if (!user.emailEnabled) record.email_enabled = false;
  if (user.blessGroups.length > 0) record.bless_groups = [...user.blessGroups];
  if (user.settings && Object.keys(user.settings).length > 0) record.settings = { ...user.settings };
  if (user.lastSeenDate !== undefined) record.last_seen_date = user.lastSeenDate;
  return record;
}

/** A user from the record a snapshot or journal entry holds (its groups sorted). */
export function userOfRecord(record: Omit<SnapshotUser, 'api_keys'>): User {
  return {
    id: record.id,
    login: record.login,
    realName: record.real_name,
    groups: [...record.groups].sort(),
    disabled: record.disabled,
    disabledText: record.disabled_text,
    passwordHash: record.password_hash ?? null,
    emailEnabled: record.email_enabled ?? true,
    blessGroups: [...(record.bless_groups ?? [])].sort(),
    ...(record.settings && Object.keys(record.settings).length > 0 ? { settings: { ...record.settings } } : {}),
    ...(record.last_seen_date === undefined ? {} : { lastSeenDate: record.last_seen_date }),
  };
}
