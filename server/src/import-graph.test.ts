import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No import circle in the code we ship (tests aside): a circle makes the order modules
 * initialise in depend on which one is imported first, and hides which layer sits above which.
 */
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const PACKAGES = ['server/src', 'shared/src', 'extension/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Each file's relative imports (type-only ones too: they are still a dependency of the design). */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(
      /^(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gms,
    )) {
      const base = resolve(dirname(file), (specifier as string).replace(/\.js$/, ''));
      const target = [`${base}.ts`, `${base}.tsx`].find((candidate) => known.has(candidate));
      if (target) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected components of more than one file (Tarjan): each is an import circle. */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, counter);
    lowest.set(file, counter++);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!order.has(next)) visit(next);
      if (stack.includes(next)) lowest.set(file, Math.min(lowest.get(file) as number, lowest.get(next) as number));
    }
    if (lowest.get(file) !== order.get(file)) return;
    const component = stack.splice(stack.indexOf(file));
    if (component.length > 1) found.push(component.map((member) => relative(REPO, member)));
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return found;
}

describe('the import graph', () => {
  for (const dir of PACKAGES) {
    it(`has no import circle in ${dir}`, () => {
      expect(circles(importGraph(sourceFiles(join(REPO, dir))))).toEqual([]);
    });
  }

  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/c.ts']],
      ['/c.ts', ['/a.ts']],
      ['/d.ts', ['/a.ts']],
    ]);
    expect(circles(graph).map((circle) => circle.length)).toEqual([3]);
  });
});
