import type { FieldValue } from './field-value.js';
import type { TrackingFlag } from './tracking-flag-type.js';

/** Bugzilla's field types (Bugzilla/Constants.pm FIELD_TYPE_*), as Bug.fields numbers them. */
export const FIELD_TYPE = {
  unknown: 0,
  freetext: 1,
  singleSelect: 2,
  multiSelect: 3,
  textarea: 4,
  datetime: 5,
  bugId: 6,
  bugUrls: 7,
  keywords: 8,
  date: 9,
  integer: 10,
} as const;

/**
 * The types a custom field can have: those 5.2 keeps in a `bugs` column (Bugzilla/Field.pm
 * SQL_DEFINITIONS), and the multiple-selection, kept in a table of its own (`bug_cf_…`).
 */
const CUSTOM_FIELD_TYPES = [1, 2, 3, 4, 5, 6, 9, 10] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const isCustomFieldType = (type: number): type is CustomFieldType =>
  (CUSTOM_FIELD_TYPES as readonly number[]).includes(type);

/**
 * A custom field (a `fielddefs` row with `custom = 1`), as Bugzilla::Field keeps it. Its
 * visibility and value controllers are named by field (`product`, `component`, `cf_…`) and their
 * values by id, as `fielddefs.visibility_field_id`, `field_visibility` and each value's
 * `visibility_value_id` point at them, so a renamed value keeps controlling.
 */
export interface CustomField {
  id: number;
  /** `cf_…`, lowercase (Bugzilla::Field::_check_name). */
  name: string;
  /** What Bug.fields calls `display_name`. */
  description: string;
  longDesc: string;
  type: CustomFieldType;
  sortkey: number;
  /** Not shown, not set, not in Bug.get (Bugzilla->active_custom_fields leaves it out). */
  obsolete: boolean;
  /** Shown when a bug is filed (`enter_bug`): Bug.fields' `is_on_bug_entry`. */
  enterBug: boolean;
  isMandatory: boolean;
  /** `mailhead`: in the mail of a new bug. */
  inNewBugmail: boolean;
  /** Offered as a column of bug lists. */
  buglist: boolean;
  isNumeric: boolean;
  /** A bug id field's name for the other direction (`reverse_desc`), or null. */
  reverseDesc: string | null;
  /** The select field whose value shows this field (Bugzilla's name), or null: always shown. */
  visibilityField: string | null;
  /** The ids of that field's values that show it (`field_visibility.value_id`). */
  visibilityValueIds: number[];
  /** The select field whose value decides which of this field's values apply, or null. */
  valueField: string | null;
  /** A select's legal values (its own table), with the value of `valueField` each is shown for. */
  values: FieldValue[];
  /** BMO's TrackingFlags rules, when the field is one of its tracking flags (tracking-flag.ts). */
  tracking?: TrackingFlag;
}

/**
 * A custom field's value on a bug, as the bug keeps it: text (free text, large text box,
 * drop-down), the names chosen (multiple-selection, sorted), epoch seconds (date/time), a
 * `YYYY-MM-DD` date, a bug id, an integer; null where Bugzilla's column is NULL.
 */
export type CustomValue = string | number | null | readonly string[];

/** A bug's custom values by field name; a field at its default value is left out. */
export type CustomValues = Readonly<Record<string, CustomValue>>;

/** What a bug holds for a field it never set: its column's DEFAULT (Field.pm SQL_DEFINITIONS), or no row. */
export function defaultCustomValue(type: CustomFieldType): CustomValue {
  switch (type) {
    case FIELD_TYPE.freetext:
    case FIELD_TYPE.textarea:
      return '';
    case FIELD_TYPE.singleSelect:
      return '---';
    case FIELD_TYPE.multiSelect:
      return [];
    case FIELD_TYPE.integer:
      return 0;
    default:
      return null;
  }
}

export const isSelectType = (type: number) => type === FIELD_TYPE.singleSelect || type === FIELD_TYPE.multiSelect;
