import type pg from 'pg';
import type { NewUserRecord } from '../../bugzilla/store/store.js';
import type { User } from '../../bugzilla/types.js';
import { userWriteErrors } from '../../bugzilla/user/user-writes.js';
import type { Database } from './database.js';
import { OUR_SQL, USER_COLUMNS, type UserRow, userFromRow } from './rows.js';

const UNIQUE_VIOLATION = '23505';

/**
 * Gives the user exactly these direct grants of one kind (membership, isbless 0, or bless rights,
 * isbless 1, as 5.2 keeps both), creating any group not there yet.
 */
export async function setGroups(
  client: pg.PoolClient,
  userId: number,
  groups: readonly string[],
  isBless: 0 | 1 = 0,
): Promise<void> {
  await client.query('INSERT INTO groups (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING', [groups]);
  await client.query(
    `DELETE FROM user_group_map WHERE user_id = $1 AND isbless = $3${isBless ? ' AND grant_type = 0' : ''}
       AND group_id NOT IN (SELECT id FROM groups WHERE name = ANY ($2::text[]))`,
    [userId, groups, isBless],
  );
  await client.query(
    `INSERT INTO user_group_map (user_id, group_id, isbless)
     SELECT $1, g.id, $3 FROM groups g WHERE g.name = ANY ($2::text[])
     ON CONFLICT DO NOTHING`,
    [userId, groups, isBless],
  );
}

const takenOr = (login: string) => (error: { code?: string }) => {
  throw error.code === UNIQUE_VIOLATION ? userWriteErrors.loginTaken(login) : error;
};

/**
 * The row of a login no one has, or none: a taken login is found before the insert (as User.pm's
 * _check_login_name finds it), so it draws no userid from the sequence and the next user gets the id
 * 5.2 would give; the unique index on lower(login_name) still decides between instances adding at once.
 */
const INSERT_NEW_LOGIN = `INSERT INTO profiles (login_name, realname, cryptpassword)
  SELECT $1::text, $2::text, $3::text WHERE NOT EXISTS (SELECT 1 FROM profiles WHERE lower(login_name) = lower($1::text))
  RETURNING userid`;

/** User.create: one transaction. */
export async function createUserIn(db: Database, input: NewUserRecord): Promise<number> {
  return db.transaction(async (client) => {
    const created = await client
      .query<{ userid: number }>(INSERT_NEW_LOGIN, [input.login, input.realName, input.passwordHash])
      .catch(takenOr(input.login));
    const id = created.rows[0]?.userid;
    if (id === undefined) throw userWriteErrors.loginTaken(input.login);
    await setGroups(client, id, input.groups);
    return id;
  });
}

/** User.update: the users' rows locked, the plan made against them, their new records written. */
export async function updateUsersIn<T>(
  db: Database,
  ids: readonly number[],
  plan: (users: User[]) => { users: User[]; answer: T },
): Promise<T> {
  return db.transaction(async (client) => {
    const { rows } = await client.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM profiles p WHERE p.userid = ANY ($1::integer[]) ORDER BY p.userid FOR UPDATE`,
      [[...ids]],
    );
    const current = rows.map(userFromRow);
    const planned = plan(ids.map((id) => current.find((user) => user.id === id)).filter((u): u is User => !!u));
    for (const user of planned.users) {
      await client
        .query(
          `UPDATE profiles SET login_name = $2, realname = $3, cryptpassword = $4, disabledtext = $5, is_enabled = $6,
             disable_mail = $7, last_seen_date = ${OUR_SQL.timestamp('$8::bigint')}
           WHERE userid = $1`,
          [
            user.id,
            user.login,
            user.realName,
            user.passwordHash,
            user.disabledText ?? '',
            user.disabled ? 0 : 1,
            user.emailEnabled ? 0 : 1,
            user.lastSeenDate ?? null,
          ],
        )
        .catch(takenOr(user.login));
      await setGroups(client, user.id, user.groups);
      await setGroups(client, user.id, user.blessGroups, 1);
      const settings = Object.entries(user.settings ?? {});
      await client.query('DELETE FROM profile_setting WHERE user_id = $1', [user.id]);
      await client.query(
        `INSERT INTO profile_setting (user_id, setting_name, setting_value)
         SELECT $1, * FROM unnest($2::text[], $3::text[])`,
        [user.id, settings.map(([name]) => name), settings.map(([, value]) => value)],
      );
    }
    return planned.answer;
  });
}
