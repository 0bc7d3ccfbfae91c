import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, type ListeningProcess, spawnListening, tempDir } from '../cli-server.js';
import { freePort } from '../free-port.js';

/**
 * docs/test-double.md's record → replay → import walk-through, its `bash` blocks run in order as one
 * script, as written but for: `npx bz-companion` is this build's CLI, the ports 3081-3083 are free
 * ones, and "your tracker" is a companion under --profile bugzilla-5.2 with its printed key. Each
 * `# => …` line must be what the command above it printed (`...` any text, Bugzilla times any time).
 */
const DOCS = new URL('../../../docs/test-double.md', import.meta.url);
const MARK = '@@@walkthrough@@@';

interface Step {
  command: string;
  expected: string[];
}

function steps(docs: string): Step[] {
  const section = docs.slice(docs.indexOf('## Record a tracker'), docs.indexOf('## Latency'));
  const found: Step[] = [];
  for (const [, block] of section.matchAll(/```bash\n([\s\S]*?)```/g)) {
    let pending = '';
    for (const line of (block as string).split('\n')) {
      if (line.endsWith('\\')) {
        pending += `${line}\n`;
        continue;
      }
      const text = pending + line;
      pending = '';
      if (text.startsWith('# => ')) found.at(-1)?.expected.push(text.slice('# => '.length));
      else if (text.trim() !== '') found.push({ command: text, expected: [] });
    }
  }
  return found;
}

function matcher(expected: string): RegExp {
  const parts = expected
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g, '...')
    .split('...')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[\\s\\S]*')}$`);
}

describe("docs/test-double.md's record → replay → import walk-through", () => {
  let tracker: ListeningProcess;
  beforeAll(async () => {
    tracker = await spawnListening([CLI, 'serve', '--in-memory', '--profile', 'bugzilla-5.2', '--port', '0']);
  });
  afterAll(() => tracker?.stop());

  it('runs as written, each command printing what the docs show', async () => {
    const all = steps(await readFile(DOCS, 'utf8'));
    expect(all.filter((step) => step.expected.length > 0).length).toBeGreaterThanOrEqual(10);
    const key = /^admin api key: (\S+)$/m.exec(tracker.stdout())?.[1] as string;
    const ports = new Map<string, string>();
    for (const port of ['3081', '3082', '3083']) ports.set(port, String(await freePort()));
    const script = all
      .map(({ command, expected }) => {
        let run = command.replaceAll('npx bz-companion', `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)}`);
        for (const [from, to] of ports)
          run = run.replaceAll(`127.0.0.1:${from}`, `127.0.0.1:${to}`).replaceAll(`--port ${from}`, `--port ${to}`);
        run = run.replace(/^TRACKER=\S+/, `TRACKER=${tracker.url}/`).replace(/^KEY=\S+/, `KEY=${key}`);
        return expected.length > 0 ? `${run}\necho; echo ${MARK}` : run;
      })
      .join('\n');
    const { stdout } = await promisify(execFile)('bash', ['-c', script], { cwd: await tempDir(), timeout: 120_000 });
    const outputs = stdout.split(`${MARK}\n`);
    const checked = all.filter((step) => step.expected.length > 0);
    expect(outputs).toHaveLength(checked.length + 1);
    checked.forEach((step, index) => {
      let printed = (outputs[index] as string).replace(/\n+$/, '');
      for (const [from, to] of ports) printed = printed.replaceAll(`:${to}`, `:${from}`);
      expect(printed, step.command).toMatch(matcher(step.expected.join('\n')));
    });
    // Three servers start and stop in turn, and the CLI runs four times: slow on a busy machine.
  }, 150_000);
});
