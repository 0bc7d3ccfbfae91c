import type { SnapshotBugChange } from '../bugzilla/store/snapshot.js';
import type { Bug, BugFields } from '../bugzilla/types.js';

/**
 * Values as a bug holds them (strings, numbers, booleans, null, lists and flat objects of those)
 * compared by content: a plan copies the lists it may change, so identity alone says too little.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let count = 0;
  for (const key in left) {
    if (!(key in right) || !sameValue(left[key], right[key])) return false;
    count++;
  }
  for (const _ in right) count--;
  return count === 0;
}

/** The bug's own members (not its fields) by the snapshot's names, beside the model's. */
const MEMBERS = [
  ['alias', 'aliases'],
  ['reporter_id', 'reporter'],
  ['assigned_to_id', 'assignedTo'],
  ['qa_contact_id', 'qaContact'],
  ['cc_ids', 'cc'],
  ['groups', 'groups'],
  ['reporter_accessible', 'reporterAccessible'],
  ['cclist_accessible', 'cclistAccessible'],
] as const;

/** What `planned` changes of `stored` (the same bug as its plan read it), as a journal entry records it. */
export function bugChangeRecord(stored: Bug, planned: Bug): SnapshotBugChange {
  const record: SnapshotBugChange = { id: planned.id, change: true };
  const members = record as Record<string, unknown>;
  for (const [name, key] of MEMBERS) if (!sameValue(stored[key], planned[key])) members[name] = planned[key];
  const fields: Record<string, unknown> = {};
  let changed = false;
  const before = stored.fields as unknown as Record<string, unknown>;
  const after = planned.fields as unknown as Record<string, unknown>;
  for (const key in after) {
    const value = after[key];
    // JSON leaves an undefined member out: such a field is one the bug no longer has (below).
    if (value === undefined || sameValue(before[key], value)) continue;
    fields[key] = value;
    changed = true;
  }
  if (changed) record.fields = fields as Partial<BugFields>;
  const unset: Array<keyof BugFields> = [];
  for (const key in before) {
    if (after[key] === undefined && before[key] !== undefined) unset.push(key as keyof BugFields);
  }
  if (unset.length > 0) record.unset_fields = unset;
  return record;
}
