import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The Biome plugin that keeps object spreads out of per-request code (see the .grit file for why).
const root = resolve(import.meta.dirname, '..');
const plugin = join(root, 'biome', 'no-spread-per-request.grit');
const biome = join(root, 'node_modules', '.bin', 'biome');
const work = mkdtempSync(join(tmpdir(), 'bzc-spread-rule-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Lints `source` with only the plugin on; returns Biome's output and whether it failed. */
function lint(source: string): { failed: boolean; output: string } {
  writeFileSync(
    join(work, 'biome.json'),
    JSON.stringify({ plugins: [plugin], linter: { rules: { recommended: false } } }),
  );
  writeFileSync(join(work, 'probe.ts'), source);
  try {
    const output = execFileSync(biome, ['lint', '--config-path', work, join(work, 'probe.ts')], {
      cwd: work,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { failed: false, output };
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return { failed: true, output: stdout + stderr };
  }
}

describe('the no-spread-per-request rule', () => {
  it('flags an object spread inside a function and an arrow', () => {
    for (const source of [
      'export function f(d: object) { return { ...d, ip: 1 }; }\n',
      'export const f = (d: object) => ({ ...d, ip: 1 });\n',
    ]) {
      const { failed, output } = lint(source);
      expect(failed, output).toBe(true);
      expect(output).toContain('Object spread in per-request code');
    }
  });

  it('leaves module-level tables and array spreads alone', () => {
    const { failed, output } = lint(
      'const a = { x: 1 };\nexport const table = { ...a, y: 2 };\nexport const f = (d: number[]) => [...d];\n',
    );
    expect(failed, output).toBe(false);
  });

  it('is applied to the request path in biome.json', () => {
    const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8')) as {
      overrides: { includes: string[]; plugins?: string[] }[];
    };
    const scoped = config.overrides.find((override) =>
      override.plugins?.includes('./biome/no-spread-per-request.grit'),
    );
    expect(scoped?.includes).toEqual(
      expect.arrayContaining([
        'server/src/webservice/**',
        'server/src/http/**',
        'server/src/login/**',
        'server/src/pages/**',
        'server/src/bugzilla/access.ts',
      ]),
    );
  });
});
