import type { GroupDefinition } from '../catalogue/types.js';
import { byName } from '../product/product-lists.js';

/** Bugzilla::Group's order: system groups, then bug groups, each by name. */
export const groupOrder = (a: GroupDefinition, b: GroupDefinition) =>
  Number(a.isBugGroup) - Number(b.isBugGroup) || byName(a.name, b.name);
