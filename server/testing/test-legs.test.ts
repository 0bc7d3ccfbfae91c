import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './server-root.js';

const LEGS = join(REPO_ROOT, '.ci/test-legs.mjs');
const run = (...legs: string[]) => spawnSync(process.execPath, [LEGS, ...legs], { encoding: 'utf8' });

describe("npm test's legs (.ci/test-legs.mjs)", () => {
  it('runs every leg after one that failed, reports each, and fails the run', () => {
    const result = run('build=true', 'unit=exit 3', 'bench=echo bench ran', 'browsers=true');
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('bench ran');
    const summary = result.stderr.slice(result.stderr.indexOf('=== npm test: every leg ==='));
    expect(summary).toMatch(/build +\d+m\d\ds +passed/);
    expect(summary).toMatch(/unit +\d+m\d\ds +FAILED \(exit 3\)/);
    expect(summary).toMatch(/bench +\d+m\d\ds +passed/);
    expect(summary).toMatch(/browsers +\d+m\d\ds +passed/);
    expect(summary).toContain('npm test: 3 of 4 legs passed');
  });

  it('runs nothing after a failed build (it would test the build before), and says so', () => {
    const result = run('build=exit 2', 'unit=echo unit ran');
    expect(result.status).toBe(1);
    expect(result.stdout).not.toContain('unit ran');
    expect(result.stderr).toMatch(/unit +not run \(build failed\)/);
  });

  it('passes when every leg passes', () => {
    expect(run('build=true', 'lint=true').status).toBe(0);
  });

  it('is what npm test runs', async () => {
    const manifest = (await import(join(REPO_ROOT, 'package.json'), { with: { type: 'json' } })) as {
      default: { scripts: { test: string } };
    };
    expect(manifest.default.scripts.test).toBe('node .ci/test-legs.mjs');
  });
});
