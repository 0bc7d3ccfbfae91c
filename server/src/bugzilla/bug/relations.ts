import type { Bug } from '../types.js';
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
