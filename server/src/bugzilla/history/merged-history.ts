import type { ChangeSet, FieldChange } from '../types.js';

/** Fields whose list entries 5.2 joins with ", " (join_activity_entries), by the API's names; `url` with nothing. */
const COMMA_JOINED = new Set(['depends_on', 'blocks', 'see_also']);

/** 5.2's join_activity_entries: two texts of one field's consecutive rows as one. */
function joinEntries(field: string, current: string, next: string): string {
  if (current === '') return next;
  if (next.startsWith(',') || next.startsWith(' ')) return current + next;
  if (COMMA_JOINED.has(field)) return `${current}, ${next}`;
  if (field === 'url') return current + next;
  return `${current} ${next}`;
}

/**
 * A bug's change sets as 5.2's `Bug->get_activity` groups its activity rows: one set per (who,
 * second), whichever writes made them, and consecutive rows of one field (and comment) in a set
 * joined into one change, texts joined as join_activity_entries does.
 */
export function mergedHistory(sets: readonly ChangeSet[]): ChangeSet[] {
  const merged: ChangeSet[] = [];
  for (const set of sets) {
    let current = merged[merged.length - 1];
    if (!current || current.who !== set.who || current.when !== set.when) {
      current = { who: set.who, when: set.when, changes: [] };
      merged.push(current);
    }
    for (const change of set.changes) {
      const last: FieldChange | undefined = current.changes[current.changes.length - 1];
      if (last && last.field_name === change.field_name && (last.comment_id ?? 0) === (change.comment_id ?? 0)) {
        current.changes[current.changes.length - 1] = {
          ...last,
          removed: joinEntries(change.field_name, last.removed, change.removed),
          added: joinEntries(change.field_name, last.added, change.added),
        };
      } else current.changes.push(change);
    }
  }
  return merged;
}
