import { type AccessParameters, canSeeBug } from '../access.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import { BugzillaError, errors } from '../errors.js';
import { type CustomField, FIELD_TYPE } from '../field/custom-field.js';
import { customValue } from '../field/custom-values.js';
import { isStorableId, isStorableText } from '../ids.js';
import type { User } from '../types.js';
import { readBugRef } from './bug-ref.js';
import type { CheckedCustomValue } from './custom-field-checks.js';
import type { BugView } from './effect.js';
import { writeErrors } from './write-errors.js';

/** Who asks, over which rows: what Bug->check and the loop check read. */
export interface BugIdContext {
  view: BugView;
  actor: User;
  parameters: AccessParameters;
}

/** Perl's falsehood of a bug id field's value: no bug. */
const isEmpty = (given: unknown) =>
  given === undefined || given === null || given === '' || given === '0' || given === 0 || given === false;

/**
 * Bug::_check_bugid_field: nothing is NULL; else Bugzilla::Bug->check of a number or an alias (100,
 * 101, 102 naming it as given); on a bug that exists (`self`), no loop through the field
 * (_check_relationship_loop, 32000).
 */
export function checkBugIdValue(
  field: CustomField,
  given: unknown,
  context: BugIdContext,
  self?: number,
): CheckedCustomValue {
  if (isEmpty(given)) return { value: null, text: '' };
  if (typeof given === 'object') throw writeErrors.wrongShape(`${field.name} is not a scalar.\n`, field.name, 'a bug');
  const ref = readBugRef(given);
  if (ref.kind === 'none') return { value: null, text: '' };
  const { view, actor, parameters } = context;
  let id: number;
  if (ref.kind === 'number') {
    const bug = isStorableId(ref.id) ? view.bug(ref.id) : undefined;
    if (!bug) throw errors.bugDoesNotExist(ref.digits);
    id = bug.id;
  } else {
    const owner = view.aliasOwner(ref.text);
    if (owner === undefined) throw errors.invalidBugId(ref.text);
    id = owner;
  }
  const bug = view.bug(id);
  if (!bug) throw errors.bugDoesNotExist(id);
  if (!canSeeBug(actor, bug, parameters)) throw errors.bugAccessDenied(ref.kind === 'number' ? ref.digits : ref.text);
  if (self !== undefined) checkNoLoop(field, self, id, view);
  return { value: id, text: String(id) };
}

/**
 * _check_relationship_loop: follows the field from the bug it would point at, as stored; reaching a
 * bug already seen on the way (the bug itself first) is a loop, named where it closes.
 */
function checkNoLoop(field: CustomField, self: number, target: number, view: BugView): void {
  const seen = new Set<number>();
  let from = self;
  let to: number | null = target;
  while (to !== null) {
    seen.add(from);
    if (seen.has(to)) {
      throw new BugzillaError(32000, `${field.description} for bug ${from} has a circular dependency on bug ${to}.`);
    }
    const next = view.bug(to);
    from = to;
    to = next ? (customValue(next.fields, field) as number | null) : null;
  }
}

/** The bugs a write's bug id fields name (numbers and aliases), for the store to load with the write. */
export function customBugRefs(
  catalogue: Catalogue,
  params: Readonly<Record<string, unknown>>,
): { ids: number[]; aliases: string[] } {
  const ids: number[] = [];
  const aliases: string[] = [];
  for (const field of catalogue.activeCustomFields()) {
    if (field.type !== FIELD_TYPE.bugId || !Object.hasOwn(params, field.name)) continue;
    const ref = readBugRef(params[field.name]);
    if (ref.kind === 'number' && isStorableId(ref.id)) ids.push(ref.id);
    // Text no column can hold names no bug (the plan refuses it: checkStorableText).
    else if (ref.kind === 'alias' && isStorableText(ref.text)) aliases.push(ref.text);
  }
  return { ids, aliases };
}
