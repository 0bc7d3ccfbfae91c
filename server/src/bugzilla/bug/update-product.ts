import { checkComponent, checkMilestone, checkVersion, scalarText } from './field-values.js';
import type { UpdateContext } from './update-context.js';
import { has } from './update-params.js';
import type { WorkingBug } from './working-bug.js';
import { writeErrors } from './write-errors.js';

/**
 * Product and component, with the version and milestone they bring (5.2's set_product and
 * set_component): a move checks the version and milestone against the new product, keeping the
 * bug's own only where the product stays.
 */
export function setProduct(plan: UpdateContext, working: WorkingBug): void {
  const { catalogue, params } = plan.command;
  const { fields } = working.bug;
  const productName = scalarText(params.product) ?? fields.product;
  const product = catalogue.product(productName);
  if (!product) {
    throw writeErrors.noSuchValue('product', productName);
  }
  const moved = product.name !== fields.product;
  const component = checkComponent(catalogue, product, scalarText(params.component) ?? fields.component);
  const version = checkVersion(
    catalogue,
    product,
    scalarText(params.version) ?? fields.version,
    moved ? undefined : fields.version,
  );
  const milestone = checkMilestone(
    catalogue,
    product,
    scalarText(params.target_milestone) ?? (moved ? product.defaultMilestone : fields.target_milestone),
    moved ? undefined : fields.target_milestone,
  );
  for (const [field, name, value] of [
    ['product', 'product', product.name],
    ['component', 'component', component],
    ['version', 'version', version],
    ['target_milestone', 'target_milestone', milestone],
  ] as const) {
    plan.checkChange(working, field, fields[name], value);
    working.record(field, fields[name], value);
    fields[name] = value;
  }
  fields.classification = catalogue.classificationById(product.classificationId)?.name ?? fields.classification;
}

/** Version and milestone within the bug's product (5.2's set_version, set_target_milestone); a move sets them in setProduct. */
export function setVersionAndMilestone(plan: UpdateContext, working: WorkingBug): void {
  const { params, catalogue } = plan.command;
  const { fields } = working.bug;
  if (has(params, 'product')) return;
  const product = catalogue.product(fields.product);
  if (product && has(params, 'version')) {
    const value = checkVersion(catalogue, product, scalarText(params.version) ?? '', fields.version);
    plan.checkChange(working, 'version', fields.version, value);
    working.record('version', fields.version, value);
    fields.version = value;
  }
  if (product && has(params, 'target_milestone')) {
    const value = checkMilestone(
      catalogue,
      product,
      scalarText(params.target_milestone) ?? '',
      fields.target_milestone,
    );
    plan.checkChange(working, 'target_milestone', fields.target_milestone, value);
    working.record('target_milestone', fields.target_milestone, value);
    fields.target_milestone = value;
  }
}
