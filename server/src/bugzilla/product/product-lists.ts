import type { Catalogue } from '../catalogue/catalogue.js';
import type { GroupControl, Product } from '../catalogue/types.js';
import { isMember } from '../group/membership.js';
import type { User } from '../types.js';
import { canEnter } from './product-entry.js';

export type ProductListKind = 'accessible' | 'enterable' | 'selectable';

/**
 * Whether the controls that apply (`applies`) let the user in: with `or_groups`, membership
 * of any one of them (or there being none), else of all of them.
 */
function passes(
  user: User | undefined,
  product: Product,
  catalogue: Catalogue,
  applies: (control: GroupControl) => boolean,
  orGroups: boolean,
): boolean {
  const controls = product.groupControls.filter(applies);
  if (controls.length === 0) return true;
  const member = (control: GroupControl) => {
    const group = catalogue.groupById(control.groupId);
    return user !== undefined && group !== undefined && isMember(user, group);
  };
  return orGroups ? controls.some(member) : controls.every(member);
}

/** 5.2's get_selectable_products: no Mandatory group the user is outside of. */
function selectable(user: User | undefined, product: Product, catalogue: Catalogue, orGroups: boolean): boolean {
  return passes(user, product, catalogue, (control) => control.memberControl === 3, orGroups);
}

/** 5.2's User::can_access_product: the product is on the user's accessible list (selectable or enterable). */
export function canAccessProduct(
  user: User | undefined,
  product: Product,
  catalogue: Catalogue,
  orGroups: boolean,
): boolean {
  return selectable(user, product, catalogue, orGroups) || canEnter(catalogue, product, user, orGroups);
}

/** The products of one of 5.2's lists (accessible: selectable or enterable), in the order of their names. */
export function productsFor(
  kind: ProductListKind,
  user: User | undefined,
  catalogue: Catalogue,
  orGroups: boolean,
): Product[] {
  return catalogue.data.products
    .filter((product) => {
      if (kind === 'selectable') return selectable(user, product, catalogue, orGroups);
      if (kind === 'enterable') return canEnter(catalogue, product, user, orGroups);
      return canAccessProduct(user, product, catalogue, orGroups);
    })
    .sort((a, b) => byName(a.name, b.name));
}

/** Perl's `cmp`: by code unit, as 5.2 sorts names. */
export const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Bugzilla's vers_cmp, near enough: numbers inside names compare as numbers. */
export const versionOrder = (a: string, b: string) =>
  a.toLowerCase().localeCompare(b.toLowerCase(), 'en', { numeric: true });
