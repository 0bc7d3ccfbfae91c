import type { Catalogue } from '../catalogue/catalogue.js';
import type { Product } from '../catalogue/types.js';
import { BugzillaError } from '../errors.js';
import { isMember } from '../group/membership.js';
import type { User } from '../types.js';

/** 5.2's Product::user_has_access: the user is in every group the product requires for entry. */
function userHasAccess(catalogue: Catalogue, product: Product, user: User): boolean {
  return product.groupControls.every((control) => {
    if (!control.entry) return true;
    const group = catalogue.groupById(control.groupId);
    return group !== undefined && isMember(user, group);
  });
}

/** 5.2's get_enterable_products test for one product: entry groups (any one with or_groups), open, an active component and version. */
export function canEnter(catalogue: Catalogue, product: Product, user: User | undefined, orGroups: boolean): boolean {
  const entry = product.groupControls.filter((control) => control.entry);
  const member = (groupId: number) => {
    const group = catalogue.groupById(groupId);
    return user !== undefined && group !== undefined && isMember(user, group);
  };
  const admitted =
    entry.length === 0 ||
    (orGroups ? entry.some((control) => member(control.groupId)) : entry.every((control) => member(control.groupId)));
  return (
    admitted &&
    product.isActive &&
    product.components.some((component) => component.isActive) &&
    product.versions.some((version) => version.isActive)
  );
}

/**
 * 5.2's User::can_enter_product with THROW_ERROR: the product a bug may be filed in (or moved to) by
 * this user, else why not: none named (50), none such or no entry right (106, the name as given, so a
 * hidden product's spelling is not disclosed), closed for entry (106), no active component or version.
 */
export function checkCanEnterProduct(catalogue: Catalogue, name: string, user: User, orGroups: boolean): Product {
  const given = name.trim();
  if (given === '') throw new BugzillaError(50, 'You must select/enter a product.');
  const product = catalogue.product(given);
  if (product && canEnter(catalogue, product, user, orGroups)) return product;
  if (!product || !userHasAccess(catalogue, product, user)) {
    throw new BugzillaError(
      106,
      `Sorry, either the product ${given} does not exist or you aren't authorized to enter a bug into it.`,
      { status: 401 },
    );
  }
  if (!product.isActive) {
    throw new BugzillaError(106, `Sorry, entering a bug into the product ${product.name} has been disabled.`, {
      status: 401,
    });
  }
  const what = product.components.some((component) => component.isActive) ? 'version' : 'component';
  throw new BugzillaError(
    32000,
    `Sorry, the product ${product.name} has to have at least one active ${what} in order for you to enter a bug into it.`,
  );
}
