import { changedPersonalTags } from '../../bugzilla/bug/personal-tags.js';
import type { JournalOp, SnapshotPersonalTags } from '../../bugzilla/store/snapshot.js';

/** Each user's own tags of bugs (5.2's `tag` and `bug_tag`), by user then bug, in the order added. */
export class ModelPersonalTags {
  readonly #byUser = new Map<number, Map<number, string[]>>();

  clear(): void {
    this.#byUser.clear();
  }

  load(rows: readonly SnapshotPersonalTags[]): void {
    for (const row of rows) if (row.tags.length > 0) this.#of(row.user_id).set(row.bug_id, [...row.tags]);
  }

  tagsOf(userId: number, bugId: number): readonly string[] {
    return this.#byUser.get(userId)?.get(bugId) ?? [];
  }

  /** Every user's tags of the bug (5.2's bug_tag rows of it), by user. */
  *taggersOf(bugId: number): Iterable<[number, readonly string[]]> {
    for (const [userId, bugs] of this.#byUser) {
      const tags = bugs.get(bugId);
      if (tags !== undefined) yield [userId, tags];
    }
  }

  /** The bugs the user tagged with any of `tags`, by id. */
  bugsTagged(userId: number, tags: readonly string[]): number[] {
    const found: number[] = [];
    for (const [bugId, own] of this.#byUser.get(userId) ?? [])
      if (own.some((tag) => tags.includes(tag))) found.push(bugId);
    return found.sort((a, b) => a - b);
  }

  /** Applies the changes (checked already), writing what changed into each. */
  apply({ user, changes }: Extract<JournalOp, { op: 'personal_tags' }>): void {
    for (const change of changes) {
      const { tags, removed, added } = changedPersonalTags(this.tagsOf(user, change.bug_id), change.add, change.remove);
      if (tags.length > 0) this.#of(user).set(change.bug_id, tags);
      else this.#byUser.get(user)?.delete(change.bug_id);
      change.result = { removed, added };
    }
  }

  snapshotRows(): SnapshotPersonalTags[] {
    const rows: SnapshotPersonalTags[] = [];
    for (const [userId, bugs] of this.#byUser) {
      for (const [bugId, tags] of bugs) rows.push({ user_id: userId, bug_id: bugId, tags: [...tags] });
    }
    return rows;
  }

  #of(userId: number): Map<number, string[]> {
    let bugs = this.#byUser.get(userId);
    if (!bugs) {
      bugs = new Map();
      this.#byUser.set(userId, bugs);
    }
    return bugs;
  }
}
