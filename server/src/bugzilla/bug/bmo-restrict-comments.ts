import type { Catalogue } from '../catalogue/catalogue.js';
import { inGroup } from '../group/membership.js';
import type { Bug, User } from '../types.js';

/**
 * BMO's RestrictComments extension (extensions/RestrictComments/Extension.pm): a bug with
 * `restrict_comments` set may be changed (and its comments reacted to) only by members of the
 * `restrict_comments_group` parameter's group.
 */
export function restrictedFrom(
  user: User,
  bug: Bug,
  parameters: Readonly<Record<string, string>>,
  catalogue: Catalogue,
): boolean {
  if (!bug.fields.restrict_comments) return false;
  const group = parameters.restrict_comments_group ?? '';
  return group === '' || !inGroup(user, group, catalogue);
}
