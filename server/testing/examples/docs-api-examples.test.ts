import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, type ListeningProcess, spawnListening } from '../cli-server.js';
import { examples } from './docs-api-commands.js';

/**
 * Every command of docs/api.md's `sh` blocks, run as written against `serve --in-memory` (the
 * demo data), in order (they build on each other), but for the port, with `KEY` and `PW` the key
 * and password it printed (as the docs say). An answer shown under or beside a command (a line
 * `# {…}`, `# […]` or `# /**​/…`) must match what it prints: `...` stands for any text, and Bugzilla
 * times and login tokens for any such value (a token the docs show is the one the login gave).
 */
const DOCS = new URL('../../../docs/api.md', import.meta.url);

const TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g;
const TOKEN = /\b\d+-[A-Za-z0-9]{10}\b/g;

function matcher(answer: string): RegExp {
  const normalized = answer.replace(TIME, '<time>').replace(TOKEN, '<token>');
  const parts = normalized.split('...').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[\\s\\S]*')}$`);
}

describe("docs/api.md's examples", () => {
  let server: ListeningProcess;
  beforeAll(async () => {
    server = await spawnListening([CLI, 'serve', '--in-memory', '--port', '0']);
  });
  afterAll(() => server?.stop());

  it('are there, and each answers as the docs show', async () => {
    const all = examples(await readFile(DOCS, 'utf8'));
    expect(all.filter((example) => example.answer !== undefined).length).toBeGreaterThanOrEqual(20);
    const origin = new URL(server.url).origin;
    const key = /^admin api key: (\S+)$/m.exec(server.stdout())?.[1] as string;
    const password = /^admin password: (\S+)/m.exec(server.stdout())?.[1] as string;
    const env = { ...process.env, B: `${origin}/rest`, KEY: key, PW: password, H: `X-BUGZILLA-API-KEY: ${key}` };
    let token: string | undefined;
    for (const { command, answer } of all) {
      let run = command.replaceAll('http://127.0.0.1:3080', origin);
      if (token) run = run.replace(TOKEN, token);
      const output = execFileSync('bash', ['-c', run], { encoding: 'utf8', env }).replaceAll(
        origin,
        'http://127.0.0.1:3080',
      );
      token ??= /"token":"(\d+-[A-Za-z0-9]{10})"/.exec(output)?.[1];
      if (answer === undefined) continue;
      expect(output.replace(TIME, '<time>').replace(TOKEN, '<token>'), command).toMatch(matcher(answer));
    }
  });
});
