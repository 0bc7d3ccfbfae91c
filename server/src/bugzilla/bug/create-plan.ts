import { newBugSeeAlso, type SeeAlsoList } from '../bug-url/see-also-change.js';
import type { CustomValues } from '../field/custom-field.js';
import { perlTrue } from '../perl-truth.js';
import type { Bug, BugFields } from '../types.js';
import { checkAliasesDistinct } from './create-aliases.js';
import { checkNewBug, type NewBugValues } from './create-checks.js';
import { type CreateCommand, list } from './create-command.js';
import { checkNewListsDistinct, takesCustomField } from './create-custom-fields.js';
import { linkOtherSides, mirrorSeeAlsoOnCreate, setNewFlags } from './create-links.js';
import { createParams, invalidCreateParam } from './create-params.js';
import { newTrackingValues } from './create-tracking-flags.js';
import type { BugView, BugWriteEffect, BugWritePlan } from './effect.js';
import { checkStorableText } from './storable-text.js';

export type { CreateCommand } from './create-command.js';

/**
 * 5.2's Bug.create (WebService/Bug.pm `create`, Bug.pm `create` and its validators), in 5.2's order
 * of checks: the new bug, its description as comment 0, the other side of its dependencies (each
 * with a history row), its flags (a history row on the new bug), and `{id}`.
 */
export function planCreate(given: CreateCommand, view: BugView): BugWritePlan<{ id: number }> {
  checkStorableText(given.params);
  const { params, invalid } = createParams(given.params, (name) => takesCustomField(given.catalogue, name));
  const command: CreateCommand = {
    actor: given.actor,
    when: given.when,
    params,
    catalogue: given.catalogue,
    parameters: given.parameters,
    urlbase: given.urlbase,
    blockedRequestees: given.blockedRequestees === true,
  };
  const checked = checkNewBug(command, view);
  // Bug->create's row takes only what the bugs table has (Object::insert_create_data), once all else is checked.
  if (invalid !== undefined) throw invalidCreateParam(invalid);
  // What 5.2 checks once the bug's row is in (a refusal from here on has used its id up).
  const id = view.newBugId();
  checkNewListsDistinct(checked.custom);
  const seeAlso = newBugSeeAlso(command.params.see_also, id, {
    actor: command.actor,
    parameters: command.parameters,
    urlbase: command.urlbase,
    bug: (other) => view.bug(other),
    aliasOwner: (alias) => view.aliasOwner(alias),
  });
  checkAliasesDistinct(list(command.params.alias));
  checked.custom.values = newTrackingValues(command, checked.values, checked.custom.values);
  const bug = newBug(command, id, checked, seeAlso.list);
  const { when, actor } = command;
  const effect: BugWriteEffect = {
    bugs: [bug],
    history: [],
    comments: [
      { bugId: id, author: actor.id, time: when, text: checked.comment.text, isPrivate: checked.comment.isPrivate },
    ],
    visits: [],
  };
  if (command.params.flags !== undefined) setNewFlags(command, view, bug, effect);
  linkOtherSides(command, view, bug, effect);
  for (const other of seeAlso.localBugs) mirrorSeeAlsoOnCreate(command, bug.id, other, effect);
  return { effect, result: { id } };
}

/** The new bug as Bug->create inserts it. */
function newBug(
  command: CreateCommand,
  id: number,
  checked: ReturnType<typeof checkNewBug>,
  seeAlso: SeeAlsoList,
): Bug {
  const { when, actor } = command;
  // Every property written out, not spread (also in newBugFields): built with spreads, V8 copied the
  // properties one by one at run time, and planning a create took about 130 µs instead of 10.
  return {
    id,
    aliases: checked.aliases,
    reporter: actor.id,
    assignedTo: checked.assignedTo,
    qaContact: checked.qaContact,
    cc: checked.cc,
    groups: checked.groups,
    // Bugzilla's own columns, taken as check_boolean takes them (a null is false); the table's default is true.
    reporterAccessible: Object.hasOwn(command.params, 'is_creator_accessible')
      ? perlTrue(command.params.is_creator_accessible)
      : true,
    cclistAccessible: Object.hasOwn(command.params, 'is_cc_accessible')
      ? perlTrue(command.params.is_cc_accessible)
      : true,
    fields: newBugFields(checked.values, {
      seeAlso,
      blocks: checked.links.blocks,
      dependsOn: checked.links.dependsOn,
      times: checked.times,
      when,
      custom: checked.custom.values,
    }),
  };
}

/** The new bug's fields, in the order Bug.get lists them. */
function newBugFields(
  values: NewBugValues,
  more: {
    seeAlso: SeeAlsoList;
    blocks: readonly number[];
    dependsOn: readonly number[];
    times: { estimated_time: number; remaining_time: number; deadline: string | null };
    when: number;
    custom: CustomValues | undefined;
  },
): BugFields {
  const fields: BugFields = {
    summary: values.summary,
    status: values.status,
    resolution: values.resolution,
    product: values.product,
    component: values.component,
    version: values.version,
    priority: values.priority,
    severity: values.severity,
    op_sys: values.op_sys,
    platform: values.platform,
    classification: values.classification,
    target_milestone: values.target_milestone,
    url: values.url,
    whiteboard: values.whiteboard,
    keywords: values.keywords,
    is_confirmed: values.is_confirmed,
    see_also: more.seeAlso.values,
    blocks: [...more.blocks].sort((a, b) => a - b),
    depends_on: [...more.dependsOn].sort((a, b) => a - b),
    dupe_of: null,
    flags: [],
    estimated_time: more.times.estimated_time,
    remaining_time: more.times.remaining_time,
    deadline: more.times.deadline,
    creation_time: more.when,
    last_change_time: more.when,
  };
  if (more.seeAlso.added.length > 0) fields.see_also_class = more.seeAlso.classes;
  if (more.custom) fields.custom = more.custom;
  return fields;
}
