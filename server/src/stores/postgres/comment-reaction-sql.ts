import { changedReactions } from '../../bugzilla/comment/bmo-reactions.js';
import type { CommentReaction } from '../../bugzilla/types.js';
import type { Database } from './database.js';

/** A comment's reactions over longdescs `l` as `[user id, reaction]` pairs, by id (in the order made). */
export const COMMENT_REACTIONS_COLUMN = `COALESCE((SELECT json_agg(json_build_array(r.user_id, r.reaction) ORDER BY r.id)
  FROM longdescs_reactions r WHERE r.comment_id = l.comment_id), '[]'::json) AS reactions`;

/** One transaction: the comment's row locked, the user's reactions changed as bugzilla/comment/bmo-reactions.ts says. */
export function updateCommentReactions(
  db: Database,
  commentId: number,
  userId: number,
  add: readonly string[],
  remove: readonly string[],
): Promise<CommentReaction[]> {
  return db.transaction(async (client) => {
    const found = await client.query('SELECT 1 FROM longdescs WHERE comment_id = $1 FOR UPDATE', [commentId]);
    if (!found.rowCount) return [];
    const read = async () =>
      (
        await client.query<{ user_id: number; reaction: string }>(
          'SELECT user_id, reaction FROM longdescs_reactions WHERE comment_id = $1 ORDER BY id',
          [commentId],
        )
      ).rows.map((row) => ({ userId: row.user_id, reaction: row.reaction }));
    const before = await read();
    const after = changedReactions(before, userId, add, remove);
    const kept = (list: readonly CommentReaction[], one: CommentReaction) =>
      list.some((other) => other.userId === one.userId && other.reaction === one.reaction);
    const gone = before.filter((one) => !kept(after, one)).map((one) => one.reaction);
    const added = after.filter((one) => !kept(before, one)).map((one) => one.reaction);
    await client.query(
      'DELETE FROM longdescs_reactions WHERE comment_id = $1 AND user_id = $2 AND reaction = ANY ($3::text[])',
      [commentId, userId, gone],
    );
    await client.query(
      `INSERT INTO longdescs_reactions (comment_id, user_id, reaction)
       SELECT $1, $2, r FROM unnest($3::text[]) WITH ORDINALITY AS u(r, ord) ORDER BY ord`,
      [commentId, userId, added],
    );
    return read();
  });
}
