/**
 * BMO's TrackingFlags extension (mozilla-bteam/bmo extensions/TrackingFlags): a tracking flag
 * (`cf_status_firefox120`, `cf_tracking_…`) is a drop-down shown only on the products and
 * components its `tracking_flags_visibility` rows name, each of its values settable only by the
 * members of that value's setter group. It is kept as a custom field with these rules beside it.
 */
export interface TrackingFlag {
  /** BMO's flag type (`tracking`, `status`, `project`, …): how the bug page groups them. */
  kind: string;
  /** The products it shows on; a component of null: every component of the product. */
  visibility: Array<{ productId: number; componentId: number | null }>;
  /** The group whose members may set each value (tracking_flags_values.setter_group_id); a value not listed: nobody. */
  setterGroupIds: Record<string, number>;
}

/** Extension.pm's field type for what lives outside Bugzilla's own columns (Bug.fields' `type` of a tracking flag). */
export const FIELD_TYPE_EXTENSION = 99;
