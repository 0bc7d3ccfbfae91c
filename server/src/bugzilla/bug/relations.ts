import type { Catalogue } from '../catalogue/catalogue.js';
import type { Product } from '../catalogue/types.js';
import type { Bug, User } from '../types.js';
import { writeErrors } from './write-errors.js';

/**
 * 5.2's dependency loop check (Bug::ValidateDependencies): the bugs reachable through `depends_on`
 * from the new dependencies and through `blocks` from the new blockers, following the links
 * stored now (this bug's own links aside, as they are being replaced); a bug in both is a loop.
 */
export function checkDependencyLoops(
  id: number,
  dependsOn: readonly number[],
  blocks: readonly number[],
  bug: (id: number) => Bug | undefined,
): void {
  if (dependsOn.includes(id) || blocks.includes(id)) throw writeErrors.dependencyLoopSingle();
  const reach = (start: readonly number[], next: (other: Bug) => readonly number[]) => {
    const seen = new Set<number>(start);
    const stack = [...start];
    while (stack.length > 0) {
      const other = bug(stack.shift() as number);
      if (!other) continue;
      for (const linked of next(other)) {
        if (linked !== id && !seen.has(linked)) {
          seen.add(linked);
          stack.push(linked);
        }
      }
    }
    return seen;
  };
  const below = reach(dependsOn, (other) => other.fields.depends_on);
  const above = reach(blocks, (other) => other.fields.blocks);
  const both = [...below].filter((other) => above.has(other)).sort((a, b) => a - b);
  if (both.length > 0) throw writeErrors.dependencyLoopMulti(both);
}

/**
 * Whether `user` may put a bug of `product` in the group (5.2's group controls): an active bug group
 * the product lets members (or, for others, everyone) use. A product with no controls at all (a data
 * set without a catalogue) lets members use any bug group.
 */
export function canUseGroup(catalogue: Catalogue, product: Product | undefined, name: string, user: User): boolean {
  const group = catalogue.group(name);
  if (!(group?.isBugGroup && group.isActive)) return false;
  const member = user.groups.includes(group.name);
  if (!product || product.groupControls.length === 0) return member;
  const control = product.groupControls.find((candidate) => candidate.groupId === group.id);
  if (!control) return false;
  return member ? control.memberControl !== 0 : control.otherControl !== 0;
}
