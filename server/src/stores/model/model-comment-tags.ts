import { changedTags } from '../../bugzilla/comment/comment-tags.js';
import type { JournalOp } from '../../bugzilla/store/snapshot.js';
import type { BugThreads } from './bug-threads.js';

/**
 * How many comments carry each tag (5.2's longdescs_tags_weights), kept as tags change, so a
 * tag search reads no comment. Comments hold their own tags.
 */
export class ModelCommentTags {
  readonly weights = new Map<string, number>();

  clear(): void {
    this.weights.clear();
  }

  /** Counts the tags of comments loaded from a snapshot. */
  count(comments: Iterable<{ tags?: readonly string[] }>): void {
    for (const comment of comments) for (const tag of comment.tags ?? []) this.#add(tag, 1);
  }

  /** Changes a comment's tags (a missing comment: nothing); the resulting list is written into the entry. */
  apply({ change }: Extract<JournalOp, { op: 'comment_tags' }>, threads: BugThreads): void {
    const comment = threads.comment(change.comment_id);
    if (!comment) {
      change.tags = [];
      return;
    }
    const before = comment.tags ?? [];
    const after = changedTags(before, change.add, change.remove);
    for (const tag of before) this.#add(tag, -1);
    for (const tag of after) this.#add(tag, 1);
    if (after.length > 0) comment.tags = after;
    else delete comment.tags;
    change.tags = after;
  }

  #add(tag: string, by: number): void {
    const weight = (this.weights.get(tag) ?? 0) + by;
    if (weight > 0) this.weights.set(tag, weight);
    else this.weights.delete(tag);
  }
}
