import type { CustomField } from '../field/custom-field.js';
import { customValue, putCustomValue } from '../field/custom-values.js';
import { canSetTrackingValue, trackingFlagShownOn } from '../field/tracking-flag.js';
import type { TrackingFlag } from '../field/tracking-flag-type.js';
import { scalarOf } from './custom-field-checks.js';
import type { UpdateContext } from './update-context.js';
import type { WorkingBug } from './working-bug.js';
import { writeErrors } from './write-errors.js';

/** What a bug holds for a tracking flag it has no row of (tracking_flags_bugs): the accessor's '---'. */
const UNSET = '---';

type TrackingField = CustomField & { tracking: TrackingFlag };

/**
 * BMO's object_end_of_set_all for one tracking flag the request names (on any product: who sees
 * it is decided at the end, clearTrackingFlagsOfMove): one value of a list, trimmed as
 * _check_default_field does, and a change only by a member of the new value's setter group —
 * the TrackingFlags hook on check_can_change_field answers for it, in place of 5.2's rules, and
 * anyone else is told to be empowered (115).
 */
export function setTrackingFlag(plan: UpdateContext, working: WorkingBug, field: TrackingField, raw: unknown): void {
  const { actor, catalogue } = plan.command;
  const given = Array.isArray(raw) ? raw[0] : raw;
  const value = (scalarOf(field, given) ?? '').trim();
  const old = String(customValue(working.bug.fields, field) ?? UNSET);
  if (value === old) return;
  if (!canSetTrackingValue(field.tracking, value, actor, catalogue)) {
    throw writeErrors.illegalChange(field.description, old, value, 'empowered');
  }
  working.record(field.name, old, value);
  putCustomValue(working.bug.fields, field, value);
}

/**
 * BMO's bug_end_of_update: a tracking flag the bug held before this write and that its product
 * and component (as they are now) no longer show is cleared, with a history row from the value it
 * has to '---' (the row replaces one this write made for the flag, as BMO's `$changes` does).
 */
export function clearTrackingFlagsOfMove(plan: UpdateContext, working: WorkingBug): void {
  const { catalogue } = plan.command;
  for (const field of catalogue.activeCustomFields()) {
    if (!field.tracking || customValue(working.original.fields, field) === UNSET) continue;
    if (trackingFlagShownOn(field.tracking, catalogue, working.bug.fields)) continue;
    const current = String(customValue(working.bug.fields, field) ?? UNSET);
    working.changes.delete(field.name);
    working.record(field.name, current, UNSET);
    putCustomValue(working.bug.fields, field, UNSET);
  }
}
