import type { CustomField, CustomValues } from '../../bugzilla/field/custom-field.js';
import { withCustomValue } from '../../bugzilla/field/custom-values.js';
import { num, text } from './rows.js';
import type { BugzillaSource } from './source.js';

/*
 * bugzilla.mozilla.org's tracking flags' values: a bug's value is a `tracking_flags_bugs` row (none:
 * '---'). The flags themselves are the catalogue's (stores/bugzilla-db/bugzilla-tracking-flags.ts).
 */

/** The tracking flags' values of the bugs `within` picks, over the custom values read from `bugs`. */
export async function addTrackingValues(
  source: BugzillaSource,
  flags: readonly CustomField[],
  within: (column: string) => string,
  values: Map<number, CustomValues>,
): Promise<void> {
  if (flags.length === 0) return;
  const byName = new Map(flags.map((field) => [field.name, field]));
  const rows = await source.select(
    `SELECT b.bug_id, t.name, b.value FROM tracking_flags_bugs b JOIN tracking_flags t ON t.id = b.tracking_flag_id
     WHERE ${within('b.bug_id')} ORDER BY b.bug_id, t.name`,
  );
  for (const row of rows) {
    const field = byName.get(text(row.name));
    if (!field) continue;
    const bugId = num(row.bug_id);
    const next = withCustomValue(values.get(bugId), field, text(row.value));
    if (next) values.set(bugId, next);
    else values.delete(bugId);
  }
}
