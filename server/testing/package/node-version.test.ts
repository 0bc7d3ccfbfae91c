import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const read = async (path: string) => readFile(new URL(path, root), 'utf8');

type Version = [number, number, number];

const parse = (text: string): Version => {
  const [major = 0, minor = 0, patch = 0] = text.replace(/^v/, '').split('.').map(Number);
  return [major, minor, patch];
};
const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** The engines ranges packages declare (`^20.19.0 || >=22.12.0`, `>=18`, `>=14 <20`), as npm reads them. */
function satisfies(version: string, range: string): boolean {
  const v = parse(version);
  return range
    .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
    .split('||')
    .some((alternative) =>
      alternative
        .trim()
        .split(/\s+/)
        .filter((part) => part !== '' && part !== '*')
        .every((part) => {
          const [, op = '', text = ''] = /^(\^|~|>=|<=|>|<|=)?(.*)$/.exec(part) ?? [];
          const bound = parse(text);
          const order = compare(v, bound);
          if (op === '^') return order >= 0 && v[0] === bound[0];
          if (op === '~') return order >= 0 && v[0] === bound[0] && v[1] === bound[1];
          if (op === '>=') return order >= 0;
          if (op === '>') return order > 0;
          if (op === '<=') return order <= 0;
          if (op === '<') return order < 0;
          // A bare `20` or `20.19` is every version it starts.
          return text.split('.').every((part, index) => Number(part) === v[index]);
        }),
    );
}

/** npm warns EBADENGINE when the running Node is outside a package's engines: at the named minimum, none may. */
describe('the Node version the README names', () => {
  it("is the root package's engines and satisfies every installed package's engines", async () => {
    const named = /Node (\d+\.\d+) or newer/.exec(await read('README.md'))?.[1];
    expect(named).toBeDefined();
    const minimum = `>=${named}`;
    const pkg = JSON.parse(await read('package.json')) as { engines: { node: string } };
    expect(pkg.engines.node).toBe(minimum);
    const lock = JSON.parse(await read('package-lock.json')) as {
      packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
    };
    const refused = Object.entries(lock.packages)
      .filter(([, entry]) => !entry.optional && entry.engines && !Array.isArray(entry.engines) && entry.engines.node)
      .filter(([, entry]) => !satisfies(`${named}.0`, (entry.engines as { node: string }).node))
      .map(([path, entry]) => `${path}: ${(entry.engines as { node: string }).node}`);
    expect(refused).toEqual([]);
  });
});
