import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { snapshotFromFixture } from '../store/fixture/fixture.js';

const read = (path: string) => readFile(new URL(path, import.meta.url), 'utf8');

describe('the docs (docs/test-double.md)', () => {
  it('shows the Vitest example exactly as it runs here', async () => {
    const readme = await read('../../../docs/test-double.md');
    const example = await read('./vitest-example.test.ts');
    expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``);
  });

  it('shows the Playwright example exactly as it runs here (server/e2e/)', async () => {
    const readme = await read('../../../docs/test-double.md');
    const example = await read('../../e2e/readme-playwright-example.spec.ts');
    expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``);
  });

  it('shows the python-bugzilla example exactly as it runs here', async () => {
    const readme = await read('../../../docs/test-double.md');
    const example = await read('./python-bugzilla-example.py');
    expect(readme).toContain(`\`\`\`python\n${example}\`\`\``);
  });
});

describe('the docs (docs/api.md)', () => {
  it('shows the python-bugzilla XML-RPC example exactly as it runs here', async () => {
    const docs = await read('../../../docs/api.md');
    const example = await read('./python-bugzilla-xmlrpc.py');
    expect(docs).toContain(`\`\`\`python\n${example}\`\`\``);
  });
});

describe('the docs (docs/fixtures.md)', () => {
  it('shows a fixture import, startServer and a reset take: its every key is one they know', async () => {
    const docs = await read('../../../docs/fixtures.md');
    const json = /```json\n([\s\S]*?)```/.exec(docs)?.[1] as string;
    const snapshot = snapshotFromFixture(JSON.parse(json));
    expect(snapshot.bugs.map((bug) => bug.id)).toEqual([1]);
    expect(snapshot.users.map((user) => user.login)).toEqual(['admin@example.com']);
  });
});
