import type { SnapshotUser } from '../../bugzilla/store/snapshot.js';
import { hashApiKey } from '../../bugzilla/user/api-keys.js';
import { flag, groupBy, type IdRange, num, text } from './rows.js';
import type { BugzillaSource } from './source.js';

export interface ReadUsersOptions {
  /** Keep profiles.cryptpassword (Bugzilla's bz_crypt hashes, which the store verifies): off unless asked. */
  withPasswords: boolean;
}

/** The groups, and how they imply one another: small, read once, what every batch of users needs. */
export interface BugzillaGroups {
  /** Every group's name, by id, in Bugzilla's order (by name). */
  groupNames: Map<number, string>;
  implied: (group: number) => number[];
  blessGrantedBy: Map<number, number[]>;
}

export async function readBugzillaGroups(source: BugzillaSource): Promise<BugzillaGroups> {
  const [groups, grants, blessGrants] = await Promise.all([
    source.select('SELECT id, name FROM groups ORDER BY name'),
    source.select('SELECT member_id, grantor_id FROM group_group_map WHERE grant_type = 0'),
    source.select('SELECT member_id, grantor_id FROM group_group_map WHERE grant_type = 1'),
  ]);
  return {
    groupNames: new Map(groups.map((row) => [num(row.id), text(row.name)])),
    implied: impliedGroups(grants),
    blessGrantedBy: groupBy(blessGrants, 'member_id', (row) => num(row.grantor_id)),
  };
}

/**
 * The profiles of a range of user ids, with their groups and API keys. A user's groups are Bugzilla::User::groups': the
 * user_group_map rows that are memberships (not bless rights; regexp grants are rows too), closed
 * over group_group_map's membership grants; bless rights likewise (isbless rows, and bless grants). Keys stay the keys Bugzilla knows (only their SHA-256
 * is kept, as for every key of the store), revoked ones revoked.
 */
export async function readBugzillaUsers(
  source: BugzillaSource,
  { groupNames, implied, blessGrantedBy }: BugzillaGroups,
  options: ReadUsersOptions,
  range: IdRange,
): Promise<SnapshotUser[]> {
  const within = (column: string) => `${column} BETWEEN ${range.from} AND ${range.to}`;
  const [memberships, blessRights, keys, profiles] = await Promise.all([
    source.select(
      `SELECT user_id, group_id FROM user_group_map WHERE isbless = 0 AND ${within('user_id')} ORDER BY user_id, group_id`,
    ),
    source.select(
      `SELECT user_id, group_id FROM user_group_map WHERE isbless = 1 AND ${within('user_id')} ORDER BY user_id, group_id`,
    ),
    source.select(`SELECT user_id, api_key, revoked FROM user_api_keys WHERE ${within('user_id')} ORDER BY id`),
    source.select(
      `SELECT userid, login_name, realname, disabledtext, is_enabled, disable_mail${options.withPasswords ? ', cryptpassword' : ''}
       FROM profiles WHERE ${within('userid')} ORDER BY userid`,
    ),
  ]);
  const groupsOf = groupBy(memberships, 'user_id', (row) => num(row.group_id));
  const blessOf = groupBy(blessRights, 'user_id', (row) => num(row.group_id));
  const keysOf = groupBy(keys, 'user_id', (row) => ({
    sha256: hashApiKey(text(row.api_key)),
    revoked: flag(row.revoked),
  }));
  return profiles.map((row): SnapshotUser => {
    const id = num(row.userid);
    const ids = new Set<number>();
    for (const direct of groupsOf.get(id) ?? []) for (const group of implied(direct)) ids.add(group);
    const names = [...ids].flatMap((group) => groupNames.get(group) ?? []).sort();
    // Bugzilla::User::bless_groups: direct bless rights and those the user's groups grant.
    const bless = new Set(blessOf.get(id) ?? []);
    for (const group of ids) for (const granted of blessGrantedBy.get(group) ?? []) bless.add(granted);
    const blessNames = [...bless].flatMap((group) => groupNames.get(group) ?? []).sort();
    const disabledText = text(row.disabledtext);
    const user: SnapshotUser = {
      id,
      login: text(row.login_name),
      real_name: text(row.realname),
      groups: names,
      api_keys: keysOf.get(id) ?? [],
      disabled: !flag(row.is_enabled),
      disabled_text: disabledText === '' ? null : disabledText,
    };
    if (flag(row.disable_mail)) user.email_enabled = false;
    if (blessNames.length > 0) user.bless_groups = blessNames;
    const password = text(row.cryptpassword);
    if (options.withPasswords && password !== '' && password !== '*') user.password_hash = password;
    return user;
  });
}

/** A group and every group its members are thereby members of (group_group_map, followed to the end). */
function impliedGroups(grants: ReadonlyArray<Record<string, unknown>>): (group: number) => number[] {
  const grantors = groupBy(grants, 'member_id', (row) => num(row.grantor_id));
  const memo = new Map<number, number[]>();
  return (group) => {
    const known = memo.get(group);
    if (known) return known;
    const seen = new Set([group]);
    const stack = [group];
    while (stack.length > 0) {
      for (const next of grantors.get(stack.pop() as number) ?? []) {
        if (!seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
      }
    }
    const all = [...seen];
    memo.set(group, all);
    return all;
  };
}
