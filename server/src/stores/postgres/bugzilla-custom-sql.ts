import { type CustomField, FIELD_TYPE } from '../../bugzilla/field/custom-field.js';

/** json(b)_build_object takes at most 100 arguments: 50 pairs. */
const PAIRS_PER_OBJECT = 50;

/**
 * A custom field's value over `b` (Bugzilla's bugs), NULL where it is the field's default, so that
 * jsonb_strip_nulls leaves the bug's values in the one form every store keeps (custom-values.ts):
 * date/times as epoch seconds (the dialect's reading of a wall time), dates as text, a multiple-selection's `bug_cf_…` rows in code-unit order.
 */
function valueSql(field: CustomField, epochSeconds: (column: string) => string): string {
  const column = `b.${field.name}`;
  switch (field.type) {
    case FIELD_TYPE.multiSelect:
      return `(SELECT jsonb_agg(m.value ORDER BY m.value COLLATE "C") FROM bug_${field.name} m WHERE m.bug_id = b.bug_id)`;
    case FIELD_TYPE.singleSelect:
      return `NULLIF(${column}, '---')`;
    case FIELD_TYPE.datetime:
      return epochSeconds(column);
    case FIELD_TYPE.date:
      return `to_char(${column}, 'YYYY-MM-DD')`;
    case FIELD_TYPE.integer:
      return `NULLIF(${column}, 0)`;
    case FIELD_TYPE.bugId:
      return column;
    default:
      return `NULLIF(${column}, '')`;
  }
}

/**
 * A BMO tracking flag's value of `b`: its tracking_flags_bugs row's (NULL where the bug has none: BMO
 * then shows '---'). `name` is a catalogue's field name, which only Field.pm's shape reaches
 * (stores/bugzilla-db/bugzilla-tracking-flags.ts), so safe as SQL.
 */
export function trackingFlagValueSql(name: string, b: string): string {
  return `(SELECT tb.value FROM tracking_flags_bugs tb JOIN tracking_flags t ON t.id = tb.tracking_flag_id
     WHERE tb.bug_id = ${b}.bug_id AND t.name = '${name}')`;
}

/**
 * Every custom field's value of a bug in a Bugzilla database, as one jsonb over `b` (in slices of
 * 50 fields, joined), obsolete fields' too; NULL when the tracker has none. Built from the
 * catalogue's fields: their names are those Field.pm allows (bugzilla-custom-fields.ts), so safe as SQL.
 * A BMO database's tracking flags (hundreds of them there) are read with one sub-select for all of
 * the bug's rows, not one a flag.
 */
export function bugzillaCustomValuesSql(
  fields: readonly CustomField[],
  epochSeconds: (column: string) => string,
): string {
  const columns = fields.filter((field) => !field.tracking);
  const tracking = fields.filter((field) => field.tracking);
  const parts: string[] = [];
  for (let start = 0; start < columns.length; start += PAIRS_PER_OBJECT) {
    const pairs = columns
      .slice(start, start + PAIRS_PER_OBJECT)
      .map((field) => `'${field.name}', ${valueSql(field, epochSeconds)}`);
    parts.push(`jsonb_build_object(${pairs.join(', ')})`);
  }
  if (tracking.length > 0) parts.push(trackingValuesSql(tracking));
  if (parts.length === 0) return 'NULL';
  return `NULLIF(jsonb_strip_nulls(${parts.join(' || ')}), '{}'::jsonb)`;
}

/** The bug's tracking flags' values that are not '---' (BMO's no value), of the catalogue's flags only. */
function trackingValuesSql(flags: readonly CustomField[]): string {
  const names = flags.map((field) => `'${field.name}'`).join(', ');
  return `COALESCE((SELECT jsonb_object_agg(t.name, tb.value) FROM tracking_flags_bugs tb
     JOIN tracking_flags t ON t.id = tb.tracking_flag_id
     WHERE tb.bug_id = b.bug_id AND tb.value <> '---' AND t.name IN (${names})), '{}'::jsonb)`;
}
