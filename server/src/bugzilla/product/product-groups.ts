import type { Catalogue } from '../catalogue/catalogue.js';
import type { GroupControl, GroupDefinition, Product } from '../catalogue/types.js';
import { isMember } from '../group/membership.js';
import type { User } from '../types.js';

/** Bugzilla::Constants CONTROLMAP*: how a product's bugs are put in a group. */
export const CONTROL = { NA: 0, SHOWN: 1, DEFAULT: 2, MANDATORY: 3 } as const;

/** A group a product's bug may be in, and whether a new bug is put in it unasked (CONTROLMAPDEFAULT). */
export interface AvailableGroup {
  group: GroupDefinition;
  isDefault: boolean;
}

function controlled(catalogue: Catalogue, product: Product): Array<{ control: GroupControl; group: GroupDefinition }> {
  const found: Array<{ control: GroupControl; group: GroupDefinition }> = [];
  for (const control of product.groupControls) {
    const group = catalogue.groupById(control.groupId);
    if (group) found.push({ control, group });
  }
  return found;
}

/**
 * 5.2's Product::groups_mandatory: the active groups every bug of the product is in, for this user
 * (Mandatory for members is Mandatory for everyone; Mandatory for others only for non-members).
 */
export function groupsMandatory(catalogue: Catalogue, product: Product, user: User): GroupDefinition[] {
  return controlled(catalogue, product)
    .filter(
      ({ control, group }) =>
        group.isActive &&
        (control.memberControl === CONTROL.MANDATORY ||
          (control.otherControl === CONTROL.MANDATORY && !isMember(user, group))),
    )
    .map(({ group }) => group);
}

/**
 * 5.2's Product::groups_available: the active bug groups the user may choose for the product's bugs,
 * Shown or Default by the member control where the user is a member, else by the other control.
 */
export function groupsAvailable(catalogue: Catalogue, product: Product, user: User): AvailableGroup[] {
  const offered = (value: number) => value === CONTROL.SHOWN || value === CONTROL.DEFAULT;
  const available: AvailableGroup[] = [];
  for (const { control, group } of controlled(catalogue, product)) {
    if (!(group.isBugGroup && group.isActive)) continue;
    const value =
      isMember(user, group) && offered(control.memberControl) ? control.memberControl : control.otherControl;
    if (offered(value)) available.push({ group, isDefault: value === CONTROL.DEFAULT });
  }
  return available;
}

/** 5.2's Product::group_is_settable: an active bug group that is Mandatory or available to this user. */
export function groupIsSettable(catalogue: Catalogue, product: Product, group: GroupDefinition, user: User): boolean {
  if (!(group.isActive && group.isBugGroup)) return false;
  return (
    groupsMandatory(catalogue, product, user).some((other) => other.id === group.id) ||
    groupsAvailable(catalogue, product, user).some((other) => other.group.id === group.id)
  );
}

/** 5.2's Product::group_is_valid: a bug group the product's member control does not make NA. */
export function groupIsValid(product: Product, group: GroupDefinition): boolean {
  return (
    group.isBugGroup &&
    product.groupControls.some((control) => control.groupId === group.id && control.memberControl !== CONTROL.NA)
  );
}

/** The product's control of the group (5.2's group_controls->{id}), if it has one. */
export function controlOf(product: Product, group: GroupDefinition): GroupControl | undefined {
  return product.groupControls.find((control) => control.groupId === group.id);
}
