import type { FieldChange } from '../types.js';

/** 5.2's MAX_LINE_LENGTH: the most characters one activity row keeps of a removed or added text. */
export const MAX_ACTIVITY_LINE = 254;

/**
 * A change set's changes as 5.2's LogActivityEntry stores them: a removed or added text longer
 * than 254 characters (many CCs, dependencies or See Also links at once) goes into several
 * consecutive rows of the field, cut where find_wrap_point cuts, so every store keeps the rows
 * 5.2 would (bugs_activity's columns hold 255) and Bug.history joins them back as 5.2 does.
 * The changes are returned as given when none is that long.
 */
export function activityRows(changes: FieldChange[]): FieldChange[] {
  if (!changes.some(isLong)) return changes;
  const rows: FieldChange[] = [];
  for (const change of changes) {
    if (!isLong(change)) {
      rows.push(change);
      continue;
    }
    let removed = [...change.removed];
    let added = [...change.added];
    while (removed.length > 0 || added.length > 0) {
      const [removedPart, removedRest] = cut(removed);
      const [addedPart, addedRest] = cut(added);
      rows.push({ ...change, removed: removedPart, added: addedPart });
      removed = removedRest;
      added = addedRest;
    }
  }
  return rows;
}

function isLong(change: FieldChange): boolean {
  // Characters, as 5.2 (and the column) count them; a string's length counts UTF-16 units, never fewer.
  return (
    (change.removed.length > MAX_ACTIVITY_LINE && [...change.removed].length > MAX_ACTIVITY_LINE) ||
    (change.added.length > MAX_ACTIVITY_LINE && [...change.added].length > MAX_ACTIVITY_LINE)
  );
}

/** This row's part of a text (its characters) and what is left for the next row. */
function cut(characters: string[]): [string, string[]] {
  if (characters.length <= MAX_ACTIVITY_LINE) return [characters.join(''), []];
  const at = wrapPoint(characters);
  return [characters.slice(0, at).join(''), characters.slice(at)];
}

/** 5.2's find_wrap_point: the last comma at or before the limit, else space, else after a hyphen, else the limit. */
function wrapPoint(characters: readonly string[]): number {
  const comma = characters.lastIndexOf(',', MAX_ACTIVITY_LINE);
  if (comma > 0) return comma;
  const space = characters.lastIndexOf(' ', MAX_ACTIVITY_LINE);
  if (space > 0) return space;
  const hyphen = characters.lastIndexOf('-', MAX_ACTIVITY_LINE);
  if (hyphen > 0) return hyphen + 1;
  return MAX_ACTIVITY_LINE;
}
