import { canSeeBug } from '../access.js';
import { perlTrue } from '../perl-truth.js';
import { checkAliasText, checkSelectValue, checkSummary, SELECT_FIELDS, scalarText } from './field-values.js';
import type { UpdateContext } from './update-context.js';
import { addRemoveOrSet, has, texts } from './update-params.js';
import { listDiff, type WorkingBug } from './working-bug.js';
import { writeErrors } from './write-errors.js';

type PlainField = 'summary' | 'url' | 'whiteboard' | keyof typeof SELECT_FIELDS;

/** The select fields (priority, severity, OS, platform), then summary, URL and whiteboard, each validated and checked against the user's rights (115). */
export function setPlainFields(plan: UpdateContext, working: WorkingBug): void {
  const { params, catalogue } = plan.command;
  const { fields } = working.bug;
  const set = (field: string, name: PlainField, value: string) => {
    plan.checkChange(working, field, fields[name], value);
    working.record(field, fields[name], value);
    fields[name] = value;
  };
  for (const name of Object.keys(SELECT_FIELDS) as Array<keyof typeof SELECT_FIELDS>) {
    if (!has(params, name)) continue;
    // An empty or null value is object_not_specified (50), as Field::Choice->check has it.
    const given = scalarText(params[name]) ?? '';
    if (given === '') throw writeErrors.required(SELECT_FIELDS[name].kind);
    set(SELECT_FIELDS[name].bugzilla, name, checkSelectValue(catalogue, name, given));
  }
  if (has(params, 'summary')) set('short_desc', 'summary', checkSummary(params.summary));
  if (has(params, 'url')) set('bug_file_loc', 'url', scalarText(params.url) ?? '');
  if (has(params, 'whiteboard')) set('status_whiteboard', 'whiteboard', scalarText(params.whiteboard) ?? '');
}

/** is_cc_accessible and is_creator_accessible (5.2's set_cclist_accessible, set_reporter_accessible). */
export function setAccessibility(plan: UpdateContext, working: WorkingBug): void {
  const { params } = plan.command;
  for (const [name, field, key] of [
    ['is_cc_accessible', 'cclist_accessible', 'cclistAccessible'],
    ['is_creator_accessible', 'reporter_accessible', 'reporterAccessible'],
  ] as const) {
    if (!has(params, name)) continue;
    const value = perlTrue(params[name]);
    const old = working.bug[key] ? '1' : '0';
    plan.checkChange(working, field, old, value ? '1' : '0');
    working.record(field, old, value ? '1' : '0');
    working.bug[key] = value;
  }
}

/** Aliases' add, remove or set (5.2's set_alias, add_alias, remove_alias): each unused, or this bug's. */
export function setAliases(plan: UpdateContext, working: WorkingBug): void {
  const form = addRemoveOrSet(plan.command.params.alias, 'alias');
  const { bug } = working;
  let aliases = [...bug.aliases];
  let add = texts(form.add);
  let remove = texts(form.remove);
  if (form.set) {
    const wanted = texts(form.set).filter((alias) => alias !== '');
    add = wanted.filter((alias) => !aliases.includes(alias));
    remove = aliases.filter((alias) => !wanted.includes(alias));
  }
  for (const alias of add) {
    const text = checkAliasText(alias);
    const owner = plan.view.aliasOwner(text);
    if (owner !== undefined && owner !== bug.id) {
      const other = plan.view.bug(owner);
      const shown = other && canSeeBug(plan.command.actor, other, plan.command.parameters) ? owner : null;
      throw writeErrors.aliasInUse(text, shown);
    }
    if (!aliases.includes(text)) aliases.push(text);
  }
  aliases = aliases.filter((alias) => !remove.includes(alias)).sort();
  const { removed, added } = listDiff(bug.aliases, aliases);
  if (removed.length + added.length === 0) return;
  plan.checkChange(working, 'alias', removed.join(', '), added.join(', '));
  working.record('alias', removed.join(', '), added.join(', '));
  bug.aliases = aliases;
}
