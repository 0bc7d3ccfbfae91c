import { BugzillaError } from '../errors.js';
import type { CustomValues } from '../field/custom-field.js';
import { withCustomValue } from '../field/custom-values.js';
import { canSetTrackingValue, trackingFlagShownOn } from '../field/tracking-flag.js';
import type { CreateCommand } from './create-command.js';
import { perlText } from './custom-field-checks.js';

/**
 * BMO's bug_end_of_create: each tracking flag the request names and the new bug's product and
 * component show takes a value it lists other than '---' (no history row); a value it does not
 * list, or a flag not shown, is dropped without a word; a value the caller may not set refuses
 * the bug (its id is used up by then).
 */
export function newTrackingValues(
  command: CreateCommand,
  bug: { product: string; component: string },
  custom: CustomValues | undefined,
): CustomValues | undefined {
  const { params, catalogue, actor } = command;
  let values = custom;
  for (const field of catalogue.activeCustomFields()) {
    if (!field.tracking || !Object.hasOwn(params, field.name)) continue;
    // bug_end_of_create_validators keeps what _check_default_field made of it: trimmed text.
    const given = params[field.name];
    const value = (perlText(given !== null && typeof given === 'object' ? undefined : given) ?? '').trim();
    if (value === '' || value === '---' || !trackingFlagShownOn(field.tracking, catalogue, bug)) continue;
    if (!field.values.some((known) => known.value === value)) continue;
    if (!canSetTrackingValue(field.tracking, value, actor, catalogue)) throw trackingChangeDenied(field.name, value);
    values = withCustomValue(values, field, value);
  }
  return values;
}

/** extensions/TrackingFlags' user error, which the WebService knows no code for (32000). */
const trackingChangeDenied = (flag: string, value: string) =>
  new BugzillaError(
    32000,
    `You tried to update the status of the tracking flag '${flag}' to '${value}'. Only a user with the required permissions may make this change.`,
  );
