import type { Product } from '../catalogue/types.js';
import { checkCanEnterProduct } from '../product/product-entry.js';
import { checkComponent, checkMilestone, checkVersion, scalarText } from './field-values.js';
import type { UpdateContext } from './update-context.js';
import { moveGroups } from './update-groups.js';
import { has } from './update-params.js';
import { applyCc } from './update-people.js';
import type { WorkingBug } from './working-bug.js';
import { writeErrors } from './write-errors.js';

/**
 * 5.2's `_set_product` (set_all calls it first, when product is given): the product by
 * `_check_product` (the bug's own in any letter case, else one the user may enter bugs into: 106),
 * then component, version and milestone against it (an empty component or version is the bug's
 * own; a move resets the milestone to the product's default unless one is given), and on a move
 * the groups the new product does not allow out and its Mandatory groups in.
 */
export function setProduct(plan: UpdateContext, working: WorkingBug): void {
  const { catalogue, params, actor, parameters } = plan.command;
  const { fields } = working.bug;
  const name = scalarText(params.product) ?? '';
  const own = catalogue.product(fields.product);
  const product =
    own && name.toLowerCase() === own.name.toLowerCase()
      ? own
      : checkCanEnterProduct(catalogue, name, actor, parameters.or_groups === '1');
  const moved = product.name !== fields.product;
  const component = checkComponent(catalogue, product, scalarText(params.component) || fields.component);
  const version = checkVersion(
    catalogue,
    product,
    scalarText(params.version) || fields.version,
    moved ? undefined : fields.version,
  );
  const milestoneGiven = scalarText(params.target_milestone);
  if (milestoneGiven === '') throw writeErrors.required('milestone');
  const milestone = checkMilestone(
    catalogue,
    product,
    milestoneGiven ?? (moved ? product.defaultMilestone : fields.target_milestone),
    moved ? undefined : fields.target_milestone,
  );
  for (const [field, value] of [
    ['product', product.name],
    ['component', component],
    ['version', version],
    ['target_milestone', milestone],
  ] as const) {
    plan.checkChange(working, field, fields[field], value);
    working.record(field, fields[field], value);
    fields[field] = value;
  }
  fields.classification = catalogue.classificationById(product.classificationId)?.name ?? fields.classification;
  addComponentCc(plan, working, product);
  if (moved) moveGroups(plan, working, product);
}

/** Component within the bug's product (5.2's set_component): required (105). */
export function setComponent(plan: UpdateContext, working: WorkingBug): void {
  const { catalogue, params } = plan.command;
  const { fields } = working.bug;
  const product = catalogue.product(fields.product);
  const name = scalarText(params.component) ?? '';
  if (name === '') throw writeErrors.requireComponent();
  if (!product) return;
  const component = checkComponent(catalogue, product, name);
  plan.checkChange(working, 'component', fields.component, component);
  working.record('component', fields.component, component);
  fields.component = component;
  addComponentCc(plan, working, product);
}

/** A bug moved to another component gets that component's default CC (5.2's set_component). */
function addComponentCc(plan: UpdateContext, working: WorkingBug, product: Product): void {
  if (working.bug.fields.component === working.original.fields.component) return;
  const component = plan.command.catalogue.component(product, working.bug.fields.component);
  const cc = [...working.bug.cc];
  for (const id of component?.defaultCc ?? []) if (!cc.includes(id)) cc.push(id);
  if (cc.length !== working.bug.cc.length) applyCc(plan, working, cc);
}

/** Version and milestone within the bug's product (5.2's set_version, set_target_milestone): required (50). */
export function setVersionAndMilestone(plan: UpdateContext, working: WorkingBug): void {
  const { params, catalogue } = plan.command;
  const { fields } = working.bug;
  if (has(params, 'product')) return;
  const product = catalogue.product(fields.product);
  if (product && has(params, 'version')) {
    const name = scalarText(params.version) ?? '';
    if (name === '') throw writeErrors.required('version');
    const value = checkVersion(catalogue, product, name, fields.version);
    plan.checkChange(working, 'version', fields.version, value);
    working.record('version', fields.version, value);
    fields.version = value;
  }
  if (product && has(params, 'target_milestone')) {
    const name = scalarText(params.target_milestone) ?? '';
    if (name === '') throw writeErrors.required('milestone');
    const value = checkMilestone(catalogue, product, name, fields.target_milestone);
    plan.checkChange(working, 'target_milestone', fields.target_milestone, value);
    working.record('target_milestone', fields.target_milestone, value);
    fields.target_milestone = value;
  }
}
