import type { SnapshotComment } from '../../bugzilla/store/snapshot.js';
import type { ChangeSet, Comment } from '../../bugzilla/types.js';
import { snapshotComment } from '../snapshot-records.js';

/**
 * Every bug's comments and history, indexed for the routes: comments by
 * global id and by bug (oldest first, so a comment's index is its `count`),
 * change sets by bug (oldest first).
 */
export class BugThreads {
  readonly #comments = new Map<number, Comment>();
  readonly #commentsByBug = new Map<number, Comment[]>();
  readonly #history = new Map<number, ChangeSet[]>();
  #maxCommentId = 0;
  /** Whether the comments were added in id order (a snapshot in any other order is written sorted). */
  #inIdOrder = true;

  /** Forgets everything (a reset). */
  clear(): void {
    this.#comments.clear();
    this.#commentsByBug.clear();
    this.#history.clear();
    this.#maxCommentId = 0;
    this.#inIdOrder = true;
  }

  get maxCommentId(): number {
    return this.#maxCommentId;
  }

  comment(id: number): Comment | undefined {
    return this.#comments.get(id);
  }

  /** Makes a comment private or public: its entry is replaced, so a reader holding the old one keeps it whole. */
  setPrivacy(id: number, isPrivate: boolean): void {
    const old = this.#comments.get(id);
    if (!old) return;
    const comment: Comment = { ...old, isPrivate };
    this.#comments.set(id, comment);
    const list = this.#commentsByBug.get(old.bugId);
    const at = list?.indexOf(old) ?? -1;
    if (list && at >= 0) list[at] = comment;
  }

  commentsOf(bugId: number): readonly Comment[] {
    return this.#commentsByBug.get(bugId) ?? [];
  }

  historyOf(bugId: number): readonly ChangeSet[] {
    return this.#history.get(bugId) ?? [];
  }

  addComment(row: SnapshotComment): Comment {
    if (this.#comments.has(row.id)) throw new Error(`comment ${row.id} exists twice`);
    const comment: Comment = {
      id: row.id,
      bugId: row.bug_id,
      author: row.author_id,
      time: row.time,
      text: row.text,
      isPrivate: row.is_private,
    };
    if (row.type !== undefined && row.type !== 0) comment.type = row.type;
    if (row.extra_data !== undefined) comment.extraData = row.extra_data;
    if (row.tags !== undefined && row.tags.length > 0) comment.tags = row.tags;
    if (row.reactions !== undefined && row.reactions.length > 0) {
      comment.reactions = row.reactions.map(([userId, reaction]) => ({ userId, reaction }));
    }
    this.#comments.set(comment.id, comment);
    let list = this.#commentsByBug.get(comment.bugId);
    if (!list) {
      list = [];
      this.#commentsByBug.set(comment.bugId, list);
    }
    // Bugzilla orders a bug's comments by time, then id; new ones arrive last.
    let at = list.length;
    while (at > 0 && compareComments(list[at - 1] as Comment, comment) > 0) at--;
    list.splice(at, 0, comment);
    if (comment.id < this.#maxCommentId) this.#inIdOrder = false;
    this.#maxCommentId = Math.max(this.#maxCommentId, comment.id);
    return comment;
  }

  /** Adds changes to a bug's history: to its last change set when that is the same person's at the same second, as 5.2 shows them. */
  addChanges(bugId: number, who: number, when: number, changes: ChangeSet['changes']): void {
    let sets = this.#history.get(bugId);
    if (!sets) {
      sets = [];
      this.#history.set(bugId, sets);
    }
    const last = sets[sets.length - 1];
    if (last && last.who === who && last.when === when) last.changes.push(...changes);
    else sets.push({ who, when, changes: [...changes] });
  }

  setHistory(bugId: number, sets: ChangeSet[]): void {
    this.#history.set(
      bugId,
      [...sets].sort((a, b) => a.when - b.when),
    );
  }

  /** A new change set of a bug: the newest, so it goes last. */
  addChangeSet(bugId: number, set: ChangeSet): void {
    const sets = this.#history.get(bugId);
    if (sets) sets.push(set);
    else this.#history.set(bugId, [set]);
  }

  /** Every comment as a snapshot record, in the order they were added (by id, as every source gives them). */
  *snapshotComments(): IterableIterator<SnapshotComment> {
    const comments = this.#inIdOrder
      ? this.#comments.values()
      : [...this.#comments.values()].sort((a, b) => a.id - b.id);
    for (const comment of comments) yield snapshotComment(comment);
  }

  /** How many comments there are. */
  get commentCount(): number {
    return this.#comments.size;
  }
}

function compareComments(a: Comment, b: Comment): number {
  return a.time - b.time || a.id - b.id;
}
