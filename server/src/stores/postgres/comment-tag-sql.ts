import { changedTags, matchingTags } from '../../bugzilla/comment/comment-tags.js';
import type { Database } from './database.js';

/** A comment's tags over longdescs `l`, as a column of its row. */
export const COMMENT_TAGS_COLUMN =
  'ARRAY(SELECT t.tag FROM longdescs_tags t WHERE t.comment_id = l.comment_id) AS tags';

/** Tags in use containing `query`, most used first: counted from longdescs_tags. */
export async function searchCommentTags(db: Database, query: string, limit: number): Promise<string[]> {
  const rows = await db.query<{ tag: string; weight: string }>(
    `SELECT tag, count(*) AS weight FROM longdescs_tags WHERE strpos(lower(tag), lower($1)) > 0 GROUP BY tag`,
    [query],
  );
  return matchingTags(new Map(rows.map((row) => [row.tag, Number(row.weight)])), query, limit);
}

/** One transaction: the comment's row locked, its tags changed as bugzilla/comment/comment-tags.ts says. */
export function updateCommentTags(
  db: Database,
  commentId: number,
  add: readonly string[],
  remove: readonly string[],
): Promise<string[]> {
  return db.transaction(async (client) => {
    const found = await client.query('SELECT 1 FROM longdescs WHERE comment_id = $1 FOR UPDATE', [commentId]);
    if (!found.rowCount) return [];
    const current = await client.query<{ tag: string }>('SELECT tag FROM longdescs_tags WHERE comment_id = $1', [
      commentId,
    ]);
    const before = current.rows.map((row) => row.tag);
    const after = changedTags(before, add, remove);
    const gone = before.filter((tag) => !after.includes(tag));
    const added = after.filter((tag) => !before.includes(tag));
    await client.query('DELETE FROM longdescs_tags WHERE comment_id = $1 AND tag = ANY ($2::text[])', [
      commentId,
      gone,
    ]);
    await client.query('INSERT INTO longdescs_tags (comment_id, tag) SELECT $1, unnest($2::text[])', [
      commentId,
      added,
    ]);
    return after;
  });
}
