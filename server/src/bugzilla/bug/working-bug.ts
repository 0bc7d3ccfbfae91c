import { apiFieldName } from '../field/bug-fields.js';
import type { Bug, FieldChange } from '../types.js';

/**
 * A bug being changed by one write: a copy of the stored one, with the changes made so far as
 * 5.2's `Bug->update` reports them (field → [removed, added], Bugzilla's field names, in order).
 */
export class WorkingBug {
  readonly bug: Bug;
  readonly original: Bug;
  readonly changes = new Map<string, { removed: string; added: string }>();
  /** A comment was added: the bug changes (its last_change_time moves) even without a field change. */
  commented = false;
  /** History rows that 5.2's answer leaves out of `changes` (work_time, written with the comment). */
  readonly activityOnly: FieldChange[] = [];

  constructor(original: Bug) {
    this.original = original;
    this.bug = {
      ...original,
      aliases: [...original.aliases],
      cc: [...original.cc],
      groups: [...original.groups],
      fields: {
        ...original.fields,
        keywords: [...original.fields.keywords],
        see_also: [...original.fields.see_also],
        blocks: [...original.fields.blocks],
        depends_on: [...original.fields.depends_on],
        flags: original.fields.flags.map((flag) => ({ ...flag })),
      },
    };
  }

  get id(): number {
    return this.bug.id;
  }

  /** Records a change of `field` (Bugzilla's name); a later change of the same field keeps the first `removed`. */
  record(field: string, removed: string, added: string): void {
    const earlier = this.changes.get(field);
    if (earlier) {
      if (earlier.removed === added) this.changes.delete(field);
      else earlier.added = added;
      return;
    }
    if (removed !== added) this.changes.set(field, { removed, added });
  }

  get changed(): boolean {
    return this.changes.size > 0 || this.commented || this.activityOnly.length > 0;
  }

  /** The history rows of the changes, with the API's field names (as Bug.history answers them). */
  activity(): FieldChange[] {
    const rows: FieldChange[] = [];
    for (const [field, { removed, added }] of this.changes) {
      // Bug->update reports a new duplicate in its changes but logs no activity for it (the
      // duplicates table changes after bugs_activity is written): Bug.history has none.
      if (field !== 'dup_id') rows.push({ field_name: apiFieldName(field), removed, added });
    }
    return [...rows, ...this.activityOnly];
  }

  /** The `changes` of Bug.update's answer. */
  answerChanges(): Record<string, { removed: string; added: string }> {
    const answer: Record<string, { removed: string; added: string }> = {};
    for (const [field, change] of this.changes)
      answer[apiFieldName(field)] = { removed: change.removed, added: change.added };
    return answer;
  }
}

/** 5.2's `diff_arrays` over ids or names: what `a` has that `b` lacks, and what `b` adds. */
export function listDiff<T>(a: readonly T[], b: readonly T[]): { removed: T[]; added: T[] } {
  return { removed: a.filter((item) => !b.includes(item)), added: b.filter((item) => !a.includes(item)) };
}
