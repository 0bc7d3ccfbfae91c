import { type CustomField, FIELD_TYPE } from '../field/custom-field.js';
import { customValue, customValueText, putCustomValue } from '../field/custom-values.js';
import { isTrackingFlag } from '../field/tracking-flag.js';
import { requiredPrivileges } from './can-change.js';
import { checkCustomValue, checkMandatory, diffArrays, hasRepeat } from './custom-field-value.js';
import type { UpdateContext } from './update-context.js';
import { has } from './update-params.js';
import { setTrackingFlag } from './update-tracking-flags.js';
import type { WorkingBug } from './working-bug.js';
import { writeErrors } from './write-errors.js';

/**
 * Bug.pm's set_all for custom fields: each active one the request names, in Bugzilla's order
 * (sortkey, then name), through set_custom_field (one value of a list where the field takes one),
 * its type's validator, check_can_change_field (115) and the mandatory check on the bug as it is
 * by then (a product moved already). An obsolete field, or a name no field has, is ignored.
 */
export function setCustomFields(plan: UpdateContext, working: WorkingBug): void {
  const { params, catalogue } = plan.command;
  for (const field of catalogue.activeCustomFields()) {
    if (!has(params, field.name)) continue;
    if (isTrackingFlag(field)) setTrackingFlag(plan, working, field, params[field.name]);
    else setCustomField(plan, working, field, params[field.name]);
  }
}

function setCustomField(plan: UpdateContext, working: WorkingBug, field: CustomField, raw: unknown): void {
  const { actor, parameters, catalogue } = plan.command;
  const given = Array.isArray(raw) && field.type !== FIELD_TYPE.multiSelect ? raw[0] : raw;
  const checked = checkCustomValue(field, given, { view: plan.view, actor, parameters }, working.id);
  const { fields } = working.bug;
  const old = customValue(fields, field);
  let removed: string;
  let added: string;
  if (field.type === FIELD_TYPE.multiSelect) {
    // Bug::update's diff_arrays of the stored values (sorted) and the given ones (in the order given).
    const diff = diffArrays(old as readonly string[], checked.value as readonly string[]);
    removed = diff.removed.join(', ');
    added = diff.added.join(', ');
  } else {
    // Object::update compares the column's text with the validated one, as given (a date written otherwise differs).
    removed = customValueText(field, old);
    added = checked.text;
  }
  const changed = field.type === FIELD_TYPE.multiSelect ? removed !== '' || added !== '' : removed !== added;
  if (changed) {
    const privileges = requiredPrivileges(actor, working.original, field.name, removed, added, {
      parameters,
      isOpen: (status) => catalogue.isOpen(status),
    });
    if (privileges) throw writeErrors.illegalChange(field.description, removed, added, privileges);
  }
  checkMandatory(catalogue, field, checked.value, fields);
  if (!changed) return;
  if (Array.isArray(checked.value) && hasRepeat(checked.value)) {
    throw writeErrors.wrongShape(
      `DBD::Pg::db do failed: ERROR:  duplicate key value violates unique constraint "bug_${field.name}_bug_id_idx"\n`,
      field.name,
      'a list of distinct values',
    );
  }
  working.record(field.name, removed, added);
  putCustomValue(fields, field, checked.value);
}
