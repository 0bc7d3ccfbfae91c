import type { CustomField, CustomValue, CustomValues } from '../../bugzilla/field/custom-field.js';
import { FIELD_TYPE } from '../../bugzilla/field/custom-field.js';
import { withCustomValue } from '../../bugzilla/field/custom-values.js';
import { groupBy, nullableNum, num, type Row, text } from './rows.js';
import type { BugzillaSource } from './source.js';

/** A `bugs` column of a custom field, as the value a bug keeps: times as epoch seconds, dates as text. */
function columnOf(source: BugzillaSource, field: CustomField): string {
  if (field.type === FIELD_TYPE.datetime) return `${source.epoch(field.name)} AS ${field.name}`;
  if (field.type === FIELD_TYPE.date) return `${source.dateText(field.name)} AS ${field.name}`;
  return field.name;
}

function storedValue(field: CustomField, value: unknown): CustomValue {
  switch (field.type) {
    case FIELD_TYPE.datetime:
    case FIELD_TYPE.bugId:
      return nullableNum(value);
    case FIELD_TYPE.date:
      return value === null || value === undefined ? null : text(value);
    case FIELD_TYPE.integer:
      return num(value ?? 0);
    default:
      return text(value);
  }
}

/**
 * The custom values of the bugs `within` picks, obsolete fields' too (Bugzilla keeps them): the fields' `bugs.cf_…`
 * columns in one query, each multiple-selection's `bug_cf_…` table in one of its own; by bug id,
 * bugs whose every value is a default left out.
 */
export async function readBugzillaCustomValues(
  source: BugzillaSource,
  fields: readonly CustomField[],
  within: (column: string) => string,
): Promise<Map<number, CustomValues>> {
  const inColumns = fields.filter((field) => field.type !== FIELD_TYPE.multiSelect);
  const inTables = fields.filter((field) => field.type === FIELD_TYPE.multiSelect);
  const [rows, ...tables] = await Promise.all([
    inColumns.length === 0
      ? Promise.resolve([] as Row[])
      : source.select(
          `SELECT bug_id, ${inColumns.map((field) => columnOf(source, field)).join(', ')} FROM bugs WHERE ${within('bug_id')} ORDER BY bug_id`,
        ),
    ...inTables.map((field) =>
      source.select(`SELECT bug_id, value FROM bug_${field.name} WHERE ${within('bug_id')} ORDER BY bug_id, value`),
    ),
  ]);
  const values = new Map<number, CustomValues>();
  const set = (bugId: number, field: CustomField, value: CustomValue) => {
    const next = withCustomValue(values.get(bugId), field, value);
    if (next) values.set(bugId, next);
  };
  for (const row of rows)
    for (const field of inColumns) set(num(row.bug_id), field, storedValue(field, row[field.name]));
  inTables.forEach((field, index) => {
    for (const [bugId, chosen] of groupBy(tables[index] ?? [], 'bug_id', (row) => text(row.value))) {
      set(bugId, field, chosen);
    }
  });
  return values;
}
