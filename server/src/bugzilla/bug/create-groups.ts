import type { Catalogue } from '../catalogue/catalogue.js';
import type { Product } from '../catalogue/types.js';
import { isMember } from '../group/membership.js';
import { groupIsSettable, groupsAvailable, groupsMandatory } from '../product/product-groups.js';
import type { User } from '../types.js';
import { writeErrors } from './write-errors.js';

/**
 * 5.2's `_check_groups` for a new bug: the groups asked for (a comma-separated text too), each one the
 * product lets this user set (120, the name as given, so a hidden group is not disclosed); none asked
 * for (absent or null): the product's Default groups; and always its Mandatory groups. Sorted by name.
 */
export function checkNewGroups(catalogue: Catalogue, product: Product, user: User, given: unknown): string[] {
  const groups = new Set<string>();
  if (given === undefined || given === null) {
    for (const { group, isDefault } of groupsAvailable(catalogue, product, user)) if (isDefault) groups.add(group.name);
  } else {
    const names = Array.isArray(given) ? given.map((name) => String(name).trim()) : String(given).split(',');
    for (const name of names.map((each) => each.trim())) {
      const group = catalogue.group(name);
      if (!group || !settable(catalogue, product, user, group.name)) {
        throw writeErrors.groupRestrictionNotAllowed(null, name, product.name);
      }
      groups.add(group.name);
    }
  }
  for (const group of groupsMandatory(catalogue, product, user)) groups.add(group.name);
  return [...groups].sort();
}

/**
 * Whether the user may put a bug of the product in the group. A product with no group controls at all
 * (a data set without a catalogue of them) lets members use any active bug group, as before controls existed.
 */
function settable(catalogue: Catalogue, product: Product, user: User, name: string): boolean {
  const group = catalogue.group(name);
  if (!group) return false;
  if (product.groupControls.length === 0) return group.isBugGroup && group.isActive && isMember(user, group);
  return groupIsSettable(catalogue, product, group, user);
}
