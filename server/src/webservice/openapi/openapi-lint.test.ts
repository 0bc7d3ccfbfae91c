import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../testing/cli-server.js';
import { REPO_ROOT } from '../../../testing/server-root.js';
import { PROFILE_NAMES } from '../../profiles/profile.js';
import { PROFILES } from '../../profiles/profiles.js';
import { openApiDocument } from './openapi-document.js';

/**
 * Every profile's description passes Redocly's recommended rules (redocly.yaml says why the two
 * that are off are off): no error and no warning, as `npx redocly lint` reports them.
 */
describe('the OpenAPI description under @redocly/cli lint (recommended rules)', () => {
  it('lints clean under every profile', async () => {
    const dir = await tempDir();
    const files: string[] = [];
    for (const name of PROFILE_NAMES) {
      const file = join(dir, `${name}.json`);
      await writeFile(file, JSON.stringify(openApiDocument(PROFILES[name], '0.0.0')));
      files.push(file);
    }
    const result = await promisify(execFile)(
      join(REPO_ROOT, 'node_modules/.bin/redocly'),
      ['lint', '--config', join(REPO_ROOT, 'redocly.yaml'), '--format', 'summary', ...files],
      { cwd: REPO_ROOT, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((error: { stdout?: string; stderr?: string }) => ({
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }));
    const output = `${result.stdout}\n${result.stderr}`;
    expect(output, output).not.toMatch(/^(error|warning) /m);
    expect(output, output).toContain('Woohoo! Your API descriptions are valid.');
    expect(output.match(/: validated in /g), output).toHaveLength(files.length);
  }, 120_000);
});
