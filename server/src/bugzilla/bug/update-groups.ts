import { canUseGroup } from './relations.js';
import type { UpdateContext } from './update-context.js';
import { type AddRemoveSet, texts } from './update-params.js';
import { listDiff, type WorkingBug } from './working-bug.js';
import { writeErrors } from './write-errors.js';

/** The bug's groups' add and remove (5.2's add_group, remove_group), each a group the product lets the user use. */
export function setGroups(plan: UpdateContext, working: WorkingBug, form: AddRemoveSet): void {
  const { catalogue, actor } = plan.command;
  const { bug } = working;
  const product = catalogue.product(bug.fields.product);
  const groups = [...bug.groups];
  for (const name of texts(form.add)) {
    if (!canUseGroup(catalogue, product, name, actor)) {
      throw writeErrors.groupRestrictionNotAllowed(bug.id, name, bug.fields.product);
    }
    const spelled = catalogue.group(name)?.name ?? name;
    if (!groups.includes(spelled)) groups.push(spelled);
  }
  for (const name of texts(form.remove)) {
    const spelled = catalogue.group(name)?.name ?? name;
    if (!groups.includes(spelled)) continue;
    if (!canUseGroup(catalogue, product, name, actor))
      throw writeErrors.groupInvalidRemoval(bug.id, name, bug.fields.product);
    groups.splice(groups.indexOf(spelled), 1);
  }
  groups.sort();
  const { removed, added } = listDiff(bug.groups, groups);
  if (removed.length + added.length === 0) return;
  plan.checkChange(working, 'bug_group', removed.join(', '), added.join(', '));
  working.record('bug_group', removed.join(', '), added.join(', '));
  bug.groups = groups;
}
