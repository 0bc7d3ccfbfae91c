import type pg from 'pg';
import { changedPersonalTags } from '../../bugzilla/bug/personal-tags.js';
import type { Database } from './database.js';

/** A user's tags of a bug, in the order `order` (over bug_tag `b`) gives: ours `b.bzc_seq`, Bugzilla's `b.ctid`. */
const tagsOf = (order: string) => `SELECT t.name FROM bug_tag b JOIN tag t ON t.id = b.tag_id
  WHERE b.bug_id = $2 AND t.user_id = $1 ORDER BY ${order}`;
const TAGS_OF = tagsOf('b.bzc_seq');

export async function personalTags(db: Database, userId: number, bugId: number, order: string): Promise<string[]> {
  return (await db.query<{ name: string }>(tagsOf(order), [userId, bugId])).map((row) => row.name);
}

export async function bugsTagged(db: Database, userId: number, tags: readonly string[]): Promise<number[]> {
  const rows = await db.query<{ bug_id: number }>(
    `SELECT DISTINCT b.bug_id FROM bug_tag b JOIN tag t ON t.id = b.tag_id
     WHERE t.user_id = $1 AND t.name = ANY ($2::text[]) ORDER BY b.bug_id`,
    [userId, [...tags]],
  );
  return rows.map((row) => row.bug_id);
}

/**
 * One transaction: per bug, the user's tags as bugzilla/bug/personal-tags.ts changes them; a tag no bug
 * carries any more is deleted, as 5.2's remove_tag does. The bugs' rows are locked in id order.
 */
export function updatePersonalTags(
  db: Database,
  userId: number,
  changes: ReadonlyArray<{ bugId: number; add: readonly string[]; remove: readonly string[] }>,
): Promise<Array<{ bugId: number; removed: string[]; added: string[] }>> {
  return db.transaction(async (client) => {
    await client.query('SELECT 1 FROM bugs WHERE bug_id = ANY ($1::integer[]) ORDER BY bug_id FOR UPDATE', [
      [...new Set(changes.map((change) => change.bugId))],
    ]);
    const results: Array<{ bugId: number; removed: string[]; added: string[] }> = [];
    for (const change of changes) {
      const current = (await client.query<{ name: string }>(TAGS_OF, [userId, change.bugId])).rows.map((r) => r.name);
      const { removed, added } = changedPersonalTags(current, change.add, change.remove);
      await writeTags(client, userId, change.bugId, removed, added);
      results.push({ bugId: change.bugId, removed, added });
    }
    await client.query(
      'DELETE FROM tag t WHERE t.user_id = $1 AND NOT EXISTS (SELECT 1 FROM bug_tag b WHERE b.tag_id = t.id)',
      [userId],
    );
    return results;
  });
}

async function writeTags(client: pg.PoolClient, userId: number, bugId: number, removed: string[], added: string[]) {
  await client.query(
    'DELETE FROM bug_tag b USING tag t WHERE b.tag_id = t.id AND b.bug_id = $1 AND t.user_id = $2 AND t.name = ANY ($3::text[])',
    [bugId, userId, removed],
  );
  await client.query(
    'INSERT INTO tag (user_id, name) SELECT $1, unnest($2::text[]) ON CONFLICT (user_id, name) DO NOTHING',
    [userId, added],
  );
  for (const name of added) {
    await client.query('INSERT INTO bug_tag (bug_id, tag_id) SELECT $1, id FROM tag WHERE user_id = $2 AND name = $3', [
      bugId,
      userId,
      name,
    ]);
  }
}
