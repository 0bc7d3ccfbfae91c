import { changedReactions } from '../../bugzilla/comment/bmo-reactions.js';
import type { JournalOp } from '../../bugzilla/store/snapshot.js';
import type { BugThreads } from './bug-threads.js';

/**
 * Changes one user's reactions to a comment (a missing comment: nothing); the comment's reactions
 * after are written into the entry, which is what the write answers.
 */
export function applyCommentReactions(
  { change }: Extract<JournalOp, { op: 'comment_reactions' }>,
  threads: BugThreads,
): void {
  const comment = threads.comment(change.comment_id);
  if (!comment) {
    change.reactions = [];
    return;
  }
  const after = changedReactions(comment.reactions ?? [], change.user_id, change.add, change.remove);
  if (after.length > 0) comment.reactions = after;
  else delete comment.reactions;
  change.reactions = after.map(({ userId, reaction }) => [userId, reaction]);
}
