import type { GroupDefinition, Product } from '../catalogue/types.js';
import { isMember } from '../group/membership.js';
import { CONTROL, controlOf, groupIsSettable, groupIsValid, groupsMandatory } from '../product/product-groups.js';
import type { UpdateContext } from './update-context.js';
import { type AddRemoveSet, texts } from './update-params.js';
import { listDiff, type WorkingBug } from './working-bug.js';
import { writeErrors } from './write-errors.js';

/** The bug's groups' add and remove (5.2's `_add_remove` of groups: add_group, remove_group, in that order). */
export function setGroups(plan: UpdateContext, working: WorkingBug, form: AddRemoveSet): void {
  const groups = [...working.bug.groups];
  for (const name of texts(form.add)) addGroup(plan, working, groups, name);
  for (const name of texts(form.remove)) removeGroup(plan, working, groups, name);
  applyGroups(plan, working, groups, true);
}

/** A move (5.2's `_set_product`): out of the groups the new product does not allow, into its Mandatory ones. */
export function moveGroups(plan: UpdateContext, working: WorkingBug, product: Product): void {
  const { catalogue, actor } = plan.command;
  // A product with no group controls at all (a data set without them) keeps the bug's groups as they are.
  if (product.groupControls.length === 0) return;
  const groups = working.bug.groups.filter((name) => {
    const group = catalogue.group(name);
    return group !== undefined && groupIsValid(product, group);
  });
  for (const group of groupsMandatory(catalogue, product, actor)) addGroup(plan, working, groups, group.name);
  applyGroups(plan, working, groups, false);
}

/** 5.2's add_group: a group that exists (120, named as given), that the product lets this user set, and, for a non-member, only on a move and not NA for others. */
function addGroup(plan: UpdateContext, working: WorkingBug, groups: string[], name: string): void {
  const { catalogue, actor } = plan.command;
  const { bug } = working;
  const refuse = () => writeErrors.groupRestrictionNotAllowed(bug.id, name, bug.fields.product);
  const group = catalogue.group(name);
  if (!group) throw refuse();
  if (groups.includes(group.name)) return;
  const product = catalogue.product(bug.fields.product);
  if (!product || !settable(plan, product, group)) throw refuse();
  if (product.groupControls.length > 0 && !isMember(actor, group)) {
    if (!moved(working) || controlOf(product, group)?.otherControl === CONTROL.NA) throw refuse();
  }
  groups.push(group.name);
}

/** 5.2's remove_group: a group the bug is in (120); never a Mandatory one, and for a non-member only on a move and not Mandatory or NA for others. */
function removeGroup(plan: UpdateContext, working: WorkingBug, groups: string[], name: string): void {
  const { catalogue, actor } = plan.command;
  const { bug } = working;
  const refuse = () => writeErrors.groupInvalidRemoval(bug.id, name, bug.fields.product);
  const group = catalogue.group(name);
  if (!group || !groups.includes(group.name)) throw refuse();
  const product = catalogue.product(bug.fields.product);
  if (product && product.groupControls.length === 0 && !settable(plan, product, group)) throw refuse();
  if (product && groupIsValid(product, group)) {
    const control = controlOf(product, group);
    if (control?.memberControl === CONTROL.MANDATORY && group.isActive) throw refuse();
    const other = control?.otherControl;
    if (!isMember(actor, group) && (!moved(working) || other === CONTROL.MANDATORY || other === CONTROL.NA)) {
      throw refuse();
    }
  }
  groups.splice(groups.indexOf(group.name), 1);
}

/** Whether the user may set the group on the product's bugs (a product without controls: members, any active bug group). */
function settable(plan: UpdateContext, product: Product, group: GroupDefinition): boolean {
  const { catalogue, actor } = plan.command;
  if (product.groupControls.length === 0) return group.isBugGroup && group.isActive && isMember(actor, group);
  return groupIsSettable(catalogue, product, group, actor);
}

const moved = (working: WorkingBug) => working.bug.fields.product !== working.original.fields.product;

/** The bug's groups become `groups`, one history row for the whole write (from its groups before it). */
function applyGroups(plan: UpdateContext, working: WorkingBug, groups: string[], checked: boolean): void {
  groups.sort();
  const { removed, added } = listDiff(working.bug.groups, groups);
  if (removed.length + added.length === 0) return;
  if (checked) plan.checkChange(working, 'bug_group', removed.join(', '), added.join(', '));
  working.bug.groups = groups;
  const all = listDiff(working.original.groups, groups);
  working.changes.delete('bug_group');
  if (all.removed.length + all.added.length > 0) {
    working.record('bug_group', all.removed.join(', '), all.added.join(', '));
  }
}
