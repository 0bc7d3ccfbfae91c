/**
 * A value of a select field: a row of its own table (`priority`, `bug_severity`, `op_sys`,
 * `rep_platform`, `resolution`, `bug_status`, and each custom drop-down's and multiple-selection's).
 */
export interface FieldValue {
  id: number;
  value: string;
  sortkey: number;
  isActive: boolean;
  /** The value of the field's `value_field` this value is shown for (null: always). */
  visibilityValueId: number | null;
}
